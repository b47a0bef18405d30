-- Where players meet: each seat's display name, the seat a game offers in the lobby, and the
-- rematch of a finished game. One row per game that has any of these (older games have none).
-- Portable SQL: the same file runs on SQLite and PostgreSQL.
--
-- open_token is the free seat's token while the seat is offered to anyone in the lobby (the
-- token's hash is the game's, as for any seat): the lobby gives it to the first visitor who
-- takes the seat, and the same statement clears it (NULL: taken, or never offered). open_ms is
-- when the seat was offered, NULL once taken: the lobby lists the newest through its index.
CREATE TABLE seats (
    game_id TEXT PRIMARY KEY,
    first_name TEXT,
    second_name TEXT,
    open_seat TEXT,
    open_token TEXT,
    open_ms BIGINT,
    rematch_offer TEXT,
    rematch_id TEXT
);
CREATE INDEX seats_open ON seats (open_ms);
