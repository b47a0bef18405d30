-- The record a game was imported from (`POST /api/games` with `pgn` or `pcn`), as PCN JSON with
-- everything it held (tags, comments, NAGs, variations, clock times), and how many of its plies
-- the game played: the exports write them back, then the moves played on the server.
CREATE TABLE records (
    game_id TEXT PRIMARY KEY,
    pcn TEXT NOT NULL,
    plies BIGINT NOT NULL
);
