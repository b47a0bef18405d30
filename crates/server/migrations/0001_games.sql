-- Games and their numbered events (the event log is the source of truth: a game is rebuilt by
-- replaying its events). Portable SQL: the same file runs on SQLite and PostgreSQL.
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    rules TEXT NOT NULL,
    start_feen TEXT NOT NULL,
    periods TEXT,
    engine_side TEXT,
    engine_level BIGINT,
    first_hash TEXT,
    second_hash TEXT,
    created_ms BIGINT NOT NULL,
    finished BIGINT NOT NULL
);

CREATE TABLE events (
    game_id TEXT NOT NULL,
    seq BIGINT NOT NULL,
    kind TEXT NOT NULL,
    data TEXT NOT NULL,
    at_ms BIGINT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
