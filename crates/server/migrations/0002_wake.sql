-- When the server must next act on an unfinished game with no client connected (its clock's
-- flag, or the engine's move): a lower bound, in ms since the epoch; NULL when never (an untimed
-- game between humans, or a finished one). The server keeps only active games in memory and
-- finds the games it must wake through this index. Games stored before this column existed
-- and that may need waking are woken at once.
ALTER TABLE games ADD COLUMN wake_ms BIGINT;
UPDATE games SET wake_ms = 0 WHERE finished = 0 AND (periods IS NOT NULL OR engine_side IS NOT NULL);
CREATE INDEX games_wake ON games (wake_ms, id);
