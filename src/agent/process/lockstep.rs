//! Lockstep turns under virtual time (see the parent module): one agent at a time holds the
//! turn, the turn passes in creation order, and a round in which nothing ran moves the shared
//! time line to the earliest timer or delayed delivery.

use super::{AgentId, Process, State, Wake};

impl Process {
    /// The agent after `me` in creation order (wrapping), if any agent is left.
    pub(super) fn after(state: &State, me: AgentId) -> Option<AgentId> {
        // A dormant worker (waiting for a place under the worker limit) takes no turns.
        state
            .agents
            .range(AgentId(me.0 + 1)..)
            .find(|(_, e)| !e.dormant)
            .or_else(|| state.agents.iter().find(|(_, e)| !e.dormant))
            .map(|(id, _)| *id)
    }

    /// Lockstep: wait for `me`'s turn.
    #[must_use]
    pub fn begin_turn(&self, me: AgentId) -> Wake {
        let mut state = self.lock();
        loop {
            if let Some(wake) = self.over(&state, me) {
                return wake;
            }
            let Some(wake) = state.agents.get(&me).map(|e| e.wake.clone()) else {
                return Wake::Stop;
            };
            if Self::take_pause(&mut state, me) {
                return Wake::Done;
            }
            if state.turn == Some(me) {
                return Wake::Go;
            }
            state = wake
                .wait(state)
                .unwrap_or_else(std::sync::PoisonError::into_inner);
        }
    }

    /// Lockstep: `me`'s turn is over; it `ran` something (a task, mail, a microtask) or not, and
    /// its next timer is due at `next_due` (ns on the shared time line). When a whole round ran
    /// nothing, the time line moves to the earliest timer or delayed delivery (the first of a
    /// mailbox is its first due); with neither anywhere, the process is finished.
    pub fn end_turn(&self, me: AgentId, ran: bool, next_due: Option<u64>) {
        let mut state = self.lock();
        if let Some(entry) = state.agents.get_mut(&me) {
            entry.next_due = next_due;
            entry.idle = !ran && next_due.is_none();
        }
        if ran {
            state.quiet = 0;
        } else {
            state.quiet += 1;
        }
        let turning = state.agents.values().filter(|e| !e.dormant).count();
        if state.quiet >= turning {
            state.quiet = 0;
            let now = self.mail_now_if_delayed(&state);
            let firsts = || {
                state
                    .agents
                    .values()
                    .filter(|e| !e.dormant)
                    .filter_map(|e| e.mail.front())
            };
            let has_mail = firsts().any(|m| m.due <= now);
            let earliest = state
                .agents
                .values()
                .filter_map(|e| e.next_due)
                .chain(firsts().map(|m| m.due))
                .min();
            match (has_mail, earliest, &self.time) {
                (true, _, _) => {}
                (false, Some(due), Some(time)) => time.advance_to(due),
                _ => {
                    if Self::reached_end(&mut state) {
                        return;
                    }
                    // The end is held: the holder's turn comes next, and tells it.
                    if let Some(holder) = state.holder {
                        state.turn = Some(holder);
                    }
                    return;
                }
            }
        }
        state.turn = Self::after(&state, me);
        if let Some(next) = state.turn
            && let Some(entry) = state.agents.get(&next)
        {
            entry.wake.notify_all();
        }
    }
}
