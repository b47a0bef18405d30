//! What a seat may do, judged by the game's match: a move (checked, timed, stored, then
//! published), a resignation, draw and take-back offers and their answers, and the loss on
//! time found when an action comes after the flag fell. Every accepted action is stored as an
//! event before anyone is told.

use super::*;

impl Game {
    pub(super) async fn act(
        &mut self,
        side: Side,
        action: Action,
        whole: bool,
    ) -> Result<Acked, ApiError> {
        if self.store.is_postgres() {
            // Other processes may have stored events whose notification is still on its way.
            self.catch_up().await?;
        }
        for _ in 0..5 {
            match self.try_act(side, &action, whole).await? {
                Some(v) => {
                    self.maybe_engine();
                    return Ok(v);
                }
                // Another process stored an event first: read it and judge again.
                None => self.catch_up().await?,
            }
        }
        Err(ApiError::conflict(
            "Busy",
            "the game changed too often; try again",
        ))
    }

    /// `Ok(None)` when another process took the event's number.
    async fn try_act(
        &mut self,
        side: Side,
        action: &Action,
        whole: bool,
    ) -> Result<Option<Acked>, ApiError> {
        if let Some(o) = self.m.outcome() {
            return Err(ApiError::conflict(
                "GameOver",
                format!("the game is over: {o}"),
            ));
        }
        let opp = side.flip();
        // `applied`: the action already changed the match (a move, or a fallen flag).
        let (event, applied) = match action {
            Action::Move(_) | Action::Play(_) | Action::Recorded(..) => {
                if self.m.side_to_move() != side {
                    return Err(ApiError::conflict(
                        "NotYourTurn",
                        format!("it is {}'s turn", side_name(opp)),
                    ));
                }
                if matches!(action, Action::Move(text) | Action::Recorded(text, _) if text.len() > 64)
                {
                    return Err(ApiError::unprocessable(
                        "InvalidPmn",
                        "a move has at most 64 bytes",
                    ));
                }
                // A ply of an imported record takes the record's time (none when it has
                // none), not the moment of the import; the game's first ply has none either
                // (no turn began before it). A ply without time counts 0 ms on a clock.
                let elapsed = match (action, self.turn_start) {
                    (Action::Recorded(_, ms), _) => *ms,
                    (_, Some(t)) => Some((now_ms() - t).max(0) as u64),
                    (_, None) => None,
                };
                let before = self.m.ply_count();
                // Played on the match itself (no copy per move): when its event cannot be
                // stored, the match is built again from the database. A typed move is read
                // once, a move given as a value not at all; either is written in PMN (and
                // SAN) for the event and the move list.
                let played = match action {
                    Action::Play(mv) => self.m.play_move(mv, elapsed),
                    Action::Move(text) | Action::Recorded(text, _) => {
                        self.m.play_written(text, elapsed)
                    }
                    Action::Resign | Action::Draw(_) | Action::Takeback(_) | Action::Ended(_) => {
                        unreachable!("a move")
                    }
                };
                match played {
                    Ok(_) if self.m.ply_count() == before => {
                        // The flag fell during the ply: the move is not played.
                        (StoredEvent::Timeout(SideEvent { side }), true)
                    }
                    Ok((_, written)) => {
                        let entry =
                            crate::view::move_entry(&written.pmn, written.san.as_deref().map(Some));
                        let pmn = written.pmn;
                        self.played = Some((self.seq + 1, pmn.clone(), entry));
                        let event = StoredEvent::Move(MoveEvent {
                            side,
                            pmn,
                            elapsed_ms: elapsed,
                        });
                        (event, true)
                    }
                    Err(e @ MatchError::Forfeit { .. }) => {
                        // Ōgi: the illegal move loses; stored as submitted (a move given as
                        // a value: as the match wrote it), replayed alike.
                        let pmn = match action {
                            Action::Move(text) | Action::Recorded(text, _) => text.clone(),
                            _ => e
                                .move_error()
                                .map_or_else(String::new, |m| m.text().to_string()),
                        };
                        let event = StoredEvent::Move(MoveEvent {
                            side,
                            pmn,
                            elapsed_ms: elapsed,
                        });
                        match self.store_event(&event).await {
                            Ok(true) => {}
                            Ok(false) => {
                                self.reload().await;
                                return Ok(None);
                            }
                            Err(err) => {
                                self.reload().await;
                                return Err(err);
                            }
                        }
                        self.finished().await;
                        self.publish();
                        return Err(ApiError::unprocessable(e.kind(), e.to_string()));
                    }
                    Err(MatchError::Finished(o)) => {
                        return Err(ApiError::conflict(
                            "GameOver",
                            format!("the game is over: {o}"),
                        ))
                    }
                    Err(e) => return Err(ApiError::unprocessable(e.kind(), e.to_string())),
                }
            }
            Action::Resign => (StoredEvent::Resign(SideEvent { side }), false),
            Action::Ended(o) => {
                let result = match o.decision {
                    Decision::Win(s) => side_name(s),
                    Decision::Draw => "draw",
                };
                let event = StoredEvent::Ended(EndedEvent {
                    side,
                    result: result.to_string(),
                    statuses: o.statuses.to_string(),
                });
                (event, false)
            }
            Action::Draw(o) => {
                let action = self.judge_offer(side, *o, DRAW)?;
                (StoredEvent::Draw(OfferEvent { side, action }), false)
            }
            Action::Takeback(o) => {
                let action = self.judge_offer(side, *o, TAKEBACK)?;
                let plies = match action {
                    Offer::Offer => {
                        if self.plies_to_take_back(side) == 0 {
                            return Err(ApiError::conflict(
                                "NothingToTakeBack",
                                "no move of yours to take back",
                            ));
                        }
                        None
                    }
                    Offer::Accept => Some(self.plies_to_take_back(opp)),
                    Offer::Decline => None,
                };
                let event = StoredEvent::Takeback(TakebackEvent {
                    side,
                    action,
                    plies,
                });
                (event, false)
            }
        };
        let e = EventRow {
            seq: self.seq + 1,
            kind: event.kind().to_string(),
            data: event
                .data()
                .map_err(|err| ApiError::internal(err.to_string()))?,
            at_ms: now_ms(),
        };
        match self.append(&e).await {
            Ok(Append::Stored) => {}
            Ok(Append::Conflict) => {
                if applied {
                    self.reload().await;
                }
                return Ok(None);
            }
            Err(err) => {
                if applied {
                    self.reload().await;
                }
                return Err(err);
            }
        }
        let timeout = matches!(event, StoredEvent::Timeout(_));
        if applied {
            self.seq = e.seq;
            if let StoredEvent::Move(_) = event {
                // The move's PMN, as the match wrote it when it was played.
                let moved = self
                    .played
                    .as_ref()
                    .filter(|(seq, _, _)| *seq == e.seq)
                    .map(|(_, pmn, _)| pmn.clone());
                self.log_event(&e, moved);
                self.turn_start = Some(e.at_ms);
                self.draw_offer = self.draw_offer.filter(|&s| s == self.m.side_to_move());
                self.takeback_offer = None;
            } else {
                self.log_event(&e, None);
            }
        } else {
            self.apply_event(&event, &e)?;
        }
        self.finished().await;
        let state = self.publish_with(whole);
        if timeout {
            return Err(ApiError::conflict(
                "GameOver",
                "the flag fell before the move: the game is lost on time",
            ));
        }
        Ok(Some(state))
    }

    /// `side`'s answer `o` to the offers of kind `which` ([`DRAW`] or [`TAKEBACK`]), judged
    /// against the pending one and the side's bound: an offer meets the opponent's pending one
    /// as an acceptance; a second offer while one's own is pending, an offer past the bound, an
    /// acceptance with no offer of the opponent's and a decline with nothing pending are
    /// refused (nothing is stored).
    fn judge_offer(&self, side: Side, o: Offer, which: usize) -> Result<Offer, ApiError> {
        let (pending, max, what) = if which == DRAW {
            (self.draw_offer, self.limits.max_draw_offers, "draw offers")
        } else {
            (
                self.takeback_offer,
                self.limits.max_takeback_offers,
                "take-back requests",
            )
        };
        let opp = side.flip();
        match o {
            Offer::Offer if pending == Some(opp) => Ok(Offer::Accept),
            Offer::Offer if pending == Some(side) => Err(ApiError::conflict(
                "OfferPending",
                "your offer is still pending: wait for the answer",
            )),
            Offer::Offer if self.offers[which][side.index()] >= max => Err(ApiError::conflict(
                "TooManyOffers",
                format!("a side may make at most {max} {what} in a game"),
            )),
            Offer::Accept if pending != Some(opp) => Err(ApiError::conflict(
                "NoOffer",
                if which == DRAW {
                    "the opponent has not offered a draw"
                } else {
                    "the opponent has not asked for a take-back"
                },
            )),
            Offer::Decline if pending.is_none() => Err(ApiError::conflict(
                "NoOffer",
                "there is no pending offer to decline",
            )),
            other => Ok(other),
        }
    }

    /// How many plies a take-back asked by `side` undoes: back to `side`'s last move.
    fn plies_to_take_back(&self, side: Side) -> u64 {
        let n = self.m.ply_count() as u64;
        let n_side = if self.m.side_to_move() == side { 2 } else { 1 };
        if n >= n_side {
            n_side
        } else {
            0
        }
    }
}
