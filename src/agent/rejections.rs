//! HTML's rejected-promise bookkeeping (§8.1.5.7): the about-to-be-notified list that
//! HostPromiseRejectionTracker fills, the promises whose "notify about rejected promises" task has
//! not yet looked at them, and the outstanding rejected promises weak set.
//!
//! Invariants:
//! - A promise is in at most one of the about-to-be-notified list and the awaiting list.
//! - A promise enters the awaiting list when its notification task is queued
//!   (`take_about_to_be_notified`) and leaves it when that task is done with it
//!   (`finish_notification`); a "handle" operation in between marks it handled.

use std::cell::RefCell;

use boa_engine::builtins::promise::PromiseState;
use boa_engine::object::builtins::{JsPromise, JsWeakSet};
use boa_engine::realm::Realm;
use boa_engine::{Context, JsObject, JsValue};

use crate::agent::host::Host;
use crate::event_loop::HostSource;

/// The rejected-promise lists of an event loop's globals (each promise tagged with its global's
/// realm).
#[derive(Default)]
pub struct RejectedPromises {
    /// HTML's "about-to-be-notified rejected promises list".
    /// Each promise with the realm whose global's list it is on (the realm current when it was
    /// rejected: HostPromiseRejectionTracker's settings object).
    about_to_be_notified: RefCell<Vec<(JsObject, Realm)>>,
    /// HTML's "outstanding rejected promises weak set" (created on first use).
    outstanding_rejected: RefCell<Option<JsWeakSet>>,
    /// Promises taken from the about-to-be-notified list whose "notify about rejected promises"
    /// task has not yet looked at them, each with whether it was handled since (its
    /// [[PromiseIsHandled]] became true): the task's step 4.1.1 and 4.1.4 read the flag.
    awaiting_notification: RefCell<Vec<(JsObject, bool)>>,
}

impl RejectedPromises {
    /// HostPromiseRejectionTracker, operation "reject": append to the about-to-be-notified list.
    pub fn track_rejection(&self, promise: JsObject, realm: Realm) {
        self.about_to_be_notified
            .borrow_mut()
            .push((promise, realm));
    }

    /// HostPromiseRejectionTracker, operation "handle" (HTML §8.1.5.7):
    /// 6.1. If global's about-to-be-notified rejected promises list contains promise, then
    ///      remove promise from that list and return.
    /// 6.2. If global's outstanding rejected promises weak set does not contain promise, then
    ///      return.
    /// 6.3. Remove promise from global's outstanding rejected promises weak set.
    /// 6.4. Queue a global task on the DOM manipulation task source given global to fire an
    ///      event named rejectionhandled at global, using PromiseRejectionEvent, with the
    ///      promise attribute initialized to promise, and the reason attribute initialized to
    ///      promise.[[PromiseResult]].
    pub fn track_handled(&self, host: &Host, promise: &JsObject, context: &mut Context) {
        {
            let mut list = self.about_to_be_notified.borrow_mut();
            let before = list.len();
            list.retain(|(p, _)| !JsObject::equals(p, promise));
            if list.len() != before {
                return;
            }
        }
        if let Some((_, handled)) = self
            .awaiting_notification
            .borrow_mut()
            .iter_mut()
            .find(|(p, _)| JsObject::equals(p, promise))
        {
            *handled = true;
        }
        let set = self.outstanding_rejected.borrow().clone();
        let Some(set) = set else {
            return;
        };
        if !set.delete(promise, context).unwrap_or(false) {
            return;
        }
        let promise = promise.clone();
        // (Given the global of the realm that handled the promise.)
        host.queue_task(
            HostSource::DomManipulation,
            context.realm().clone(),
            Box::new(move |context| {
                let reason = match JsPromise::from_object(promise.clone()).map(|p| p.state()) {
                    Ok(PromiseState::Rejected(reason)) => reason,
                    _ => JsValue::undefined(),
                };
                let host = Host::from_context(context)?;
                host.fire_promise_rejection_event(
                    "rejectionhandled",
                    &promise,
                    &reason,
                    false,
                    context,
                )
                .map(drop)
            }),
        );
    }

    /// Whether `promise`, awaiting its notification task, was handled since it was taken from
    /// the about-to-be-notified list.
    #[must_use]
    pub fn handled_since_notified(&self, promise: &JsObject) -> bool {
        self.awaiting_notification
            .borrow()
            .iter()
            .any(|(p, handled)| *handled && JsObject::equals(p, promise))
    }

    /// The notification task is done with `promise`: whether it was handled meanwhile.
    pub fn finish_notification(&self, promise: &JsObject) -> bool {
        let mut awaiting = self.awaiting_notification.borrow_mut();
        match awaiting
            .iter()
            .position(|(p, _)| JsObject::equals(p, promise))
        {
            Some(index) => awaiting.swap_remove(index).1,
            None => false,
        }
    }

    /// Append a promise to the outstanding rejected promises weak set.
    pub fn add_outstanding_rejected(&self, promise: &JsObject, context: &mut Context) {
        let set = self
            .outstanding_rejected
            .borrow_mut()
            .get_or_insert_with(|| JsWeakSet::new(context))
            .clone();
        let _ = set.add(promise, context);
    }

    /// Whether the about-to-be-notified list holds a promise.
    #[must_use]
    pub fn has_about_to_be_notified(&self) -> bool {
        !self.about_to_be_notified.borrow().is_empty()
    }

    /// Empty the about-to-be-notified list; its promises await their notification task.
    pub fn take_about_to_be_notified(&self) -> Vec<(JsObject, Realm)> {
        let list = std::mem::take(&mut *self.about_to_be_notified.borrow_mut());
        self.awaiting_notification
            .borrow_mut()
            .extend(list.iter().map(|(p, _)| (p.clone(), false)));
        list
    }
}
