//! The game's [`Meet`](crate::meet::Meet) as its task changes it: names, the free seat taken
//! from the lobby, rematch offers. Each change is stored first, then every client gets the
//! whole state (no event is stored: the game's record is unchanged).

use super::*;
use crate::meet::{self, RematchPlan};

/// What a meeting asks of a game's task.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MeetAsk {
    /// A seat sets its name (`None`: no name).
    Name(Side, Option<String>),
    /// A visitor takes the free seat, with its name.
    Join(Option<String>),
    /// A seat offers, accepts or declines a rematch.
    Rematch(Side, Offer),
}

/// The answer of a [`MeetAsk`].
#[derive(Debug, Clone)]
pub enum MeetDone {
    /// The game's whole state after it (JSON).
    State(Arc<str>),
    /// The seat taken and its token.
    Joined(Side, String),
}

impl GameHandle {
    /// Asks the game's task for a meeting's change.
    ///
    /// # Errors
    /// The change's typed refusal.
    pub async fn meet(&self, ask: MeetAsk) -> Result<MeetDone, ApiError> {
        self.ask(|reply| Cmd::Meet { ask, reply }).await?
    }
}

impl GameHandle {
    /// Tells the task that another process changed the game's seats.
    pub fn meet_reload(&self) {
        let _ = self.tx.try_send(Cmd::MeetReload);
    }
}

impl Game {
    /// Handles a [`MeetAsk`].
    pub(super) async fn meet(&mut self, ask: MeetAsk) -> Result<MeetDone, ApiError> {
        match ask {
            MeetAsk::Name(side, name) => {
                if self.meet.names[side.index()] != name {
                    meet::set_name(&self.store, &self.row.id, side, name.as_deref()).await?;
                    self.meet.names[side.index()] = name;
                    self.meet.stored = true;
                }
                Ok(MeetDone::State(self.meet_changed()))
            }
            MeetAsk::Join(name) => self.join(name).await,
            MeetAsk::Rematch(side, offer) => self.rematch(side, offer).await,
        }
    }

    async fn join(&mut self, name: Option<String>) -> Result<MeetDone, ApiError> {
        let Some(seat) = self.meet.open_seat else {
            return Err(ApiError::conflict(
                "NotOpen",
                "this game was not offered in the lobby: ask its players for an invite link",
            ));
        };
        let Some(token) = self.meet.open_token.clone() else {
            return Err(meet::seat_taken());
        };
        if let Some(o) = self.m.outcome() {
            return Err(ApiError::conflict(
                "GameOver",
                format!("the game is over: {o}"),
            ));
        }
        if self
            .meet
            .open_ms
            .is_some_and(|t| now_ms() - t >= meet::OPEN_FOR_MS)
        {
            return Err(meet::seat_expired());
        }
        let taken =
            meet::take_open(&self.store, &self.row.id, seat, &token, name.as_deref()).await?;
        if !taken {
            // Another process gave the seat away: read what it stored.
            if let Ok(m) = meet::load(&self.store, &self.row.id).await {
                self.meet = m;
            }
            self.meet_changed();
            return Err(meet::seat_taken());
        }
        self.meet.open_token = None;
        self.meet.open_ms = None;
        self.meet.names[seat.index()] = name;
        self.meet_changed();
        Ok(MeetDone::Joined(seat, token))
    }

    async fn rematch(&mut self, side: Side, offer: Offer) -> Result<MeetDone, ApiError> {
        if self.m.outcome().is_none() {
            return Err(ApiError::conflict(
                "GameNotOver",
                "a rematch is offered once the game is over",
            ));
        }
        if self.meet.rematch_id.is_some() {
            return Ok(MeetDone::State(self.meet_changed()));
        }
        if self.meet.open_seat.is_some() && self.meet.waiting() {
            return Err(ApiError::conflict(
                "NoOpponent",
                "no one took the other seat: there is no one to play a rematch with",
            ));
        }
        let opp = side.flip();
        let pending = self.meet.rematch_offer;
        let against_engine = self.engine.is_some();
        let make = match offer {
            _ if against_engine && offer != Offer::Decline => true,
            Offer::Offer | Offer::Accept if pending == Some(opp) => true,
            Offer::Offer if pending == Some(side) => {
                return Err(ApiError::conflict(
                    "OfferPending",
                    "your rematch offer is still pending: wait for the answer",
                ))
            }
            Offer::Offer => {
                meet::set_rematch_offer(&self.store, &self.row.id, Some(side)).await?;
                self.meet.rematch_offer = Some(side);
                false
            }
            Offer::Accept => {
                return Err(ApiError::conflict(
                    "NoOffer",
                    "the opponent has not offered a rematch",
                ))
            }
            Offer::Decline => {
                if pending.is_none() {
                    return Err(ApiError::conflict(
                        "NoOffer",
                        "there is no pending rematch offer to decline",
                    ));
                }
                meet::set_rematch_offer(&self.store, &self.row.id, None).await?;
                self.meet.rematch_offer = None;
                false
            }
        };
        if make {
            let plan = RematchPlan {
                row: (*self.row).clone(),
                names: self.meet.names.clone(),
            };
            let id = plan.store(&self.store).await?;
            if !meet::set_rematch(&self.store, &self.row.id, &id).await? {
                // Another process made the rematch first: its game is the one.
                if let Ok(m) = meet::load(&self.store, &self.row.id).await {
                    self.meet = m;
                }
            } else {
                self.meet.rematch_id = Some(id);
                self.meet.rematch_offer = None;
            }
        }
        Ok(MeetDone::State(self.meet_changed()))
    }

    /// After a change of the game's [`Meet`](crate::meet::Meet): the state message is written
    /// again and sent to every client of the update stream, whatever event it last had (the
    /// state has the same event number: it is sent even to a client that has that number).
    /// Returns the whole state.
    pub(super) fn meet_changed(&mut self) -> Arc<str> {
        {
            let mut snap = self.shared.snap();
            snap.state = None;
        }
        let message = self.state_message();
        if let Some(out) = self.shared.listened(Feed::Updates) {
            let _ = out.send(Outgoing {
                seq: i64::MAX,
                text: message,
            });
        }
        Arc::from(self.whole())
    }
}
