//! The port directory (see the parent module): where a message port that left the agent it was
//! created in is now, and what waits for it while it travels inside a message.

use std::sync::atomic::Ordering;

use std::collections::VecDeque;

use super::{AgentId, Delivery, Mail, PortId, PortPlace, Process, State};

impl Process {
    /// A new port id.
    #[must_use]
    pub fn new_port_id(&self) -> PortId {
        PortId(self.next_port.fetch_add(1, Ordering::Relaxed))
    }

    /// `port` is now held by `agent`; what was posted to it while it travelled, to run there.
    #[must_use]
    pub fn port_arrived(&self, port: PortId, agent: AgentId) -> Vec<Delivery> {
        let mut state = self.lock();
        match state.ports.insert(port, PortPlace::At(agent)) {
            Some(PortPlace::InTransit(waiting)) => waiting,
            _ => Vec::new(),
        }
    }

    /// `port` left its agent inside a message. Deliveries for it still waiting in that agent's
    /// mailbox go with it, in order, ahead of anything posted to it from now on: they were in
    /// the port's message queue before it left (HTML: the queue travels with the port).
    pub fn port_departed(&self, port: PortId) {
        let mut state = self.lock();
        let waiting = match state.ports.get(&port) {
            Some(PortPlace::InTransit(_)) => return,
            Some(PortPlace::At(agent)) => {
                let agent = *agent;
                Self::take_port_mail(&mut state, agent, port)
            }
            None => Vec::new(),
        };
        state.ports.insert(port, PortPlace::InTransit(waiting));
    }

    /// Take the deliveries for `port` out of `agent`'s mailbox (in order).
    fn take_port_mail(state: &mut State, agent: AgentId, port: PortId) -> Vec<Delivery> {
        let Some(entry) = state.agents.get_mut(&agent) else {
            return Vec::new();
        };
        if !entry.mail.iter().any(|m| m.port == Some(port)) {
            return Vec::new();
        }
        let (ours, others): (VecDeque<Mail>, VecDeque<Mail>) = std::mem::take(&mut entry.mail)
            .into_iter()
            .partition(|m| m.port == Some(port));
        entry.mail = others;
        entry
            .has_mail
            .store(!entry.mail.is_empty(), Ordering::Release);
        ours.into_iter().map(|m| m.delivery).collect()
    }

    /// `port` was closed (or its agent is gone): deliveries to it are dropped from now on.
    pub fn port_closed(&self, port: PortId) {
        self.lock().ports.remove(&port);
    }

    /// The agent holding `port`, if it is held (not travelling, not closed).
    #[cfg(test)]
    #[must_use]
    pub fn port_holder(&self, port: PortId) -> Option<AgentId> {
        match self.lock().ports.get(&port) {
            Some(PortPlace::At(agent)) => Some(*agent),
            _ => None,
        }
    }

    /// Post `delivery` again for `port`, which `from` no longer holds: the delivery reached
    /// `from` after the port left it inside a message, and follows it. False (and dropped) if
    /// the port is closed or gone, or if `from` holds it after all (nothing to follow).
    pub fn forward_to_port(&self, port: PortId, from: AgentId, delivery: Delivery) -> bool {
        let mut state = self.lock();
        match state.ports.get_mut(&port) {
            Some(PortPlace::InTransit(waiting)) => {
                waiting.push(delivery);
                true
            }
            Some(PortPlace::At(agent)) if *agent != from => {
                let agent = *agent;
                self.post_locked(&mut state, agent, Some(port), delivery)
            }
            _ => false,
        }
    }

    /// Post `delivery` for `port`, wherever it is; false (and dropped) if it is closed or gone.
    pub fn post_to_port(&self, port: PortId, delivery: Delivery) -> bool {
        let mut state = self.lock();
        match state.ports.get_mut(&port) {
            Some(PortPlace::InTransit(waiting)) => {
                waiting.push(delivery);
                true
            }
            Some(PortPlace::At(agent)) => {
                let agent = *agent;
                self.post_locked(&mut state, agent, Some(port), delivery)
            }
            None => false,
        }
    }
}
