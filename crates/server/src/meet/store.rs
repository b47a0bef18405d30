//! The `seats` table: each game's names, its free seat's waiting token, its rematch, and the
//! lobby's query. Only the game's task writes a game's row (see [`super`]).

use super::*;

/// The `NOTIFY` payload's tail (`ID:seats`) that tells the other processes on PostgreSQL that a
/// game's seats changed (names, the free seat, the rematch): each reads them again and sends
/// its clients the state.
pub const NOTIFY: &str = "seats";

/// On PostgreSQL, tells the other processes that the game's seats changed.
pub(super) async fn notify(store: &Store, id: &str) -> Result<(), StoreError> {
    if store.is_postgres() {
        sqlx::query("SELECT COUNT(*) FROM (SELECT pg_notify($1, $2)) AS n")
            .bind(crate::store::CHANNEL)
            .bind(format!("{id}:{NOTIFY}"))
            .execute(store.pool())
            .await
            .map_err(ctx("notifying"))?;
    }
    Ok(())
}

pub(super) fn ctx(what: &'static str) -> impl FnOnce(sqlx::Error) -> StoreError {
    move |source| StoreError::new(what, source)
}

/// The column of a side's name.
pub(super) fn name_column(side: Side) -> &'static str {
    match side {
        Side::First => "first_name",
        Side::Second => "second_name",
    }
}

/// Reads a game's [`Meet`] (the default, not stored, when it has no row).
///
/// # Errors
/// Database errors.
pub async fn load(store: &Store, id: &str) -> Result<Meet, StoreError> {
    let row = sqlx::query(
        "SELECT first_name, second_name, open_seat, open_token, open_ms, rematch_offer, \
         rematch_id FROM seats WHERE game_id = $1",
    )
    .bind(id)
    .fetch_optional(store.pool())
    .await
    .map_err(ctx("reading a game's seats"))?;
    let Some(r) = row else {
        return Ok(Meet::default());
    };
    let side = |s: Option<String>| s.as_deref().and_then(side_from);
    let read = || -> Result<Meet, sqlx::Error> {
        Ok(Meet {
            stored: true,
            names: [r.try_get(0)?, r.try_get(1)?],
            open_seat: side(r.try_get(2)?),
            open_token: r.try_get(3)?,
            open_ms: r.try_get(4)?,
            rematch_offer: side(r.try_get(5)?),
            rematch_id: r.try_get(6)?,
        })
    };
    read().map_err(ctx("reading a game's seats"))
}

/// Stores a new game's [`Meet`].
///
/// # Errors
/// Database errors.
pub async fn insert(store: &Store, id: &str, m: &Meet) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO seats (game_id, first_name, second_name, open_seat, open_token, open_ms, \
         rematch_offer, rematch_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(id)
    .bind(&m.names[0])
    .bind(&m.names[1])
    .bind(m.open_seat.map(side_name))
    .bind(&m.open_token)
    .bind(m.open_ms)
    .bind(m.rematch_offer.map(side_name))
    .bind(&m.rematch_id)
    .execute(store.pool())
    .await
    .map_err(ctx("storing a game's seats"))?;
    Ok(())
}

/// Makes sure the game has a `seats` row (a game stored before names existed has none).
pub(super) async fn ensure(store: &Store, id: &str) -> Result<(), StoreError> {
    sqlx::query("INSERT INTO seats (game_id) VALUES ($1) ON CONFLICT DO NOTHING")
        .bind(id)
        .execute(store.pool())
        .await
        .map_err(ctx("storing a game's seats"))?;
    Ok(())
}

/// Sets a seat's name.
///
/// # Errors
/// Database errors.
pub async fn set_name(
    store: &Store,
    id: &str,
    side: Side,
    name: Option<&str>,
) -> Result<(), StoreError> {
    ensure(store, id).await?;
    let sql = format!(
        "UPDATE seats SET {} = $1 WHERE game_id = $2",
        name_column(side)
    );
    sqlx::query(&sql)
        .bind(name)
        .bind(id)
        .execute(store.pool())
        .await
        .map_err(ctx("storing a name"))?;
    notify(store, id).await
}

/// Takes the free seat whose token is `token` for a visitor named `name`: `true` for exactly
/// one caller (the statement that clears the token), `false` when it was taken already.
///
/// # Errors
/// Database errors.
pub async fn take_open(
    store: &Store,
    id: &str,
    side: Side,
    token: &str,
    name: Option<&str>,
) -> Result<bool, StoreError> {
    let sql = format!(
        "UPDATE seats SET open_token = NULL, open_ms = NULL, {} = $1 \
         WHERE game_id = $2 AND open_token = $3",
        name_column(side)
    );
    let done = sqlx::query(&sql)
        .bind(name)
        .bind(id)
        .bind(token)
        .execute(store.pool())
        .await
        .map_err(ctx("taking a seat"))?;
    let taken = done.rows_affected() == 1;
    if taken {
        notify(store, id).await?;
    }
    Ok(taken)
}

/// Sets (or clears) the pending rematch offer.
///
/// # Errors
/// Database errors.
pub async fn set_rematch_offer(
    store: &Store,
    id: &str,
    offer: Option<Side>,
) -> Result<(), StoreError> {
    ensure(store, id).await?;
    sqlx::query("UPDATE seats SET rematch_offer = $1 WHERE game_id = $2")
        .bind(offer.map(side_name))
        .bind(id)
        .execute(store.pool())
        .await
        .map_err(ctx("storing a rematch offer"))?;
    notify(store, id).await
}

/// Records the rematch's game, unless one is recorded already: `true` when this call did.
///
/// # Errors
/// Database errors.
pub async fn set_rematch(store: &Store, id: &str, rematch: &str) -> Result<bool, StoreError> {
    ensure(store, id).await?;
    let done = sqlx::query(
        "UPDATE seats SET rematch_id = $1, rematch_offer = NULL \
         WHERE game_id = $2 AND rematch_id IS NULL",
    )
    .bind(rematch)
    .bind(id)
    .execute(store.pool())
    .await
    .map_err(ctx("storing a rematch"))?;
    let made = done.rows_affected() == 1;
    if made {
        notify(store, id).await?;
    }
    Ok(made)
}

/// One game of `GET /api/lobby`.
#[derive(Debug, Clone, Serialize)]
pub struct LobbyGame {
    /// The game's id.
    pub id: String,
    /// Its rule system's name.
    pub rules: String,
    /// Its clock's PCN periods (`null`: untimed).
    pub periods: Option<serde_json::Value>,
    /// The creator's display name (`null`: none).
    pub name: Option<String>,
    /// The seat the visitor takes (`first` or `second`).
    #[serde(with = "crate::wire::side")]
    pub seat: Side,
    /// The start position (FEEN).
    pub start_feen: String,
    /// Its players' styles (the start FEEN's last field: `C/o`, the first player leads Chess,
    /// the second Ōgi).
    pub styles: String,
    /// When it was offered (ms since the epoch).
    pub created_ms: i64,
}

/// `200` to `GET /api/lobby`.
#[derive(Debug, Clone, Serialize)]
pub struct Lobby {
    /// The open games, newest first, at most [`LOBBY_MAX`].
    pub games: Vec<LobbyGame>,
}

/// The open games: offered within [`OPEN_FOR_MS`], free seat not taken, game not finished,
/// newest first, at most [`LOBBY_MAX`].
///
/// # Errors
/// Database errors.
pub async fn lobby(store: &Store, now: i64) -> Result<Vec<LobbyGame>, StoreError> {
    let rows = sqlx::query(
        "SELECT s.game_id, g.rules, g.periods, s.first_name, s.second_name, s.open_seat, \
         g.start_feen, s.open_ms FROM seats s JOIN games g ON g.id = s.game_id \
         WHERE s.open_ms > $1 AND s.open_token IS NOT NULL AND g.finished = 0 \
         ORDER BY s.open_ms DESC, s.game_id LIMIT $2",
    )
    .bind(now - OPEN_FOR_MS)
    .bind(LOBBY_MAX)
    .fetch_all(store.pool())
    .await
    .map_err(ctx("listing the lobby"))?;
    let mut games = Vec::with_capacity(rows.len());
    for r in rows {
        let read = || -> Result<Option<LobbyGame>, sqlx::Error> {
            let periods: Option<String> = r.try_get(2)?;
            let names: [Option<String>; 2] = [r.try_get(3)?, r.try_get(4)?];
            let open: Option<String> = r.try_get(5)?;
            let Some(seat) = open.as_deref().and_then(side_from) else {
                return Ok(None);
            };
            let start_feen: String = r.try_get(6)?;
            Ok(Some(LobbyGame {
                id: r.try_get(0)?,
                rules: r.try_get(1)?,
                periods: periods.and_then(|p| serde_json::from_str(&p).ok()),
                name: names[seat.flip().index()].clone(),
                seat,
                styles: start_feen.rsplit(' ').next().unwrap_or("").to_string(),
                start_feen,
                created_ms: r.try_get(7)?,
            }))
        };
        if let Some(g) = read().map_err(ctx("listing the lobby"))? {
            games.push(g);
        }
    }
    Ok(games)
}
