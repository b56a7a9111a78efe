//! The realms of an agent's event loop: what HTML keeps per global object (per environment
//! settings object), as opposed to per event loop.
//!
//! An event loop (the [`Host`](crate::agent::host::Host)) owns the task queues, the timer heap, the
//! clock, the enqueue order, the microtask queue and the continuation state. Each realm (a window
//! global: the main one, or an iframe's) owns its web APIs' state: its `scheduler` and its queue
//! maps, its map of timer ids, its idle callbacks, its interface objects, its error reporting mode,
//! and whether its document is *fully active*. The web layer keeps each of those as *realm data*:
//! one value per Rust type per realm, found from the running code's current realm
//! ([`realm_data`]) or from a task's realm.
//!
//! Invariants:
//! - Every realm the runtime made has one [`RealmRecord`] (`install_realm`), and realm data is
//!   found only through the realm it was inserted in.
//! - A realm whose document stopped being fully active never becomes fully active again (a
//!   removed iframe's document is discarded), so its tasks and promise jobs can be dropped when
//!   they come up instead of being kept.

use rustc_hash::FxHashMap as HashMap;
use std::any::{Any, TypeId};
use std::cell::{Cell, RefCell};
use std::rc::Rc;

use boa_engine::realm::Realm;
use boa_engine::{Context, JsData, JsObject};
use boa_gc::{Finalize, Trace};

use crate::agent::host::Host;

/// What the agent knows of one realm.
#[derive(Debug)]
pub struct RealmRecord {
    /// How the trace and error reports name the realm: `main`, `iframe 1`, …
    pub name: String,
    /// HTML "fully active" of the realm's document (true for a global without a document).
    fully_active: Cell<bool>,
}

impl RealmRecord {
    #[must_use]
    pub fn is_fully_active(&self) -> bool {
        self.fully_active.get()
    }

    /// The document stopped being fully active (its browsing context was removed).
    pub fn deactivate(&self, host: &Host) {
        self.fully_active.set(false);
        host.note_detached_realm();
    }
}

/// A realm's data, one value per type. The values are `Rc`s of Rust state that may hold JS
/// objects; like the context's own data, they are roots of the collector while the realm lives.
#[derive(Trace, Finalize, JsData, Default)]
struct RealmSlots {
    #[unsafe_ignore_trace]
    slots: RefCell<HashMap<TypeId, Rc<dyn Any>>>,
}

fn with_slots<R>(realm: &Realm, f: impl FnOnce(&RealmSlots) -> R) -> R {
    {
        let defined = realm.host_defined();
        if let Some(slots) = defined.get::<RealmSlots>() {
            return f(slots);
        }
    }
    realm.host_defined_mut().insert(RealmSlots::default());
    let defined = realm.host_defined();
    match defined.get::<RealmSlots>() {
        Some(slots) => f(slots),
        None => f(&RealmSlots::default()),
    }
}

/// The value of type `T` of `realm`, if one was inserted.
#[must_use]
pub fn realm_data_of<T: Any>(realm: &Realm) -> Option<Rc<T>> {
    with_slots(realm, |s| s.slots.borrow().get(&TypeId::of::<T>()).cloned())
        .and_then(|value| value.downcast::<T>().ok())
}

/// The value of type `T` of the current realm (the realm of the running function, or the realm
/// a task entered), if one was inserted.
#[must_use]
pub fn realm_data<T: Any>(context: &Context) -> Option<Rc<T>> {
    realm_data_of(context.realm())
}

/// Insert (or replace) the current realm's value of type `T`.
pub fn insert_realm_data<T: Any>(context: &Context, value: Rc<T>) {
    with_slots(context.realm(), |s| {
        s.slots.borrow_mut().insert(TypeId::of::<T>(), value);
    });
}

/// Whether the current realm has a value of type `T`.
#[must_use]
pub fn has_realm_data<T: Any>(context: &Context) -> bool {
    with_slots(context.realm(), |s| {
        s.slots.borrow().contains_key(&TypeId::of::<T>())
    })
}

/// The agent's realms, by global object (context data: one list per agent).
#[derive(Default)]
struct RealmRegistry(RefCell<Vec<(JsObject, Realm)>>);

/// Record the current realm as one of the agent's, named `name` (its global object is the
/// current one).
pub fn install_realm(context: &mut Context, name: &str) -> Rc<RealmRecord> {
    let record = Rc::new(RealmRecord {
        name: name.to_owned(),
        fully_active: Cell::new(true),
    });
    insert_realm_data(context, record.clone());
    if !context.has_data::<Rc<RealmRegistry>>() {
        context.insert_data(Rc::new(RealmRegistry::default()));
    }
    let realm = context.realm().clone();
    if let Some(registry) = context.get_data::<Rc<RealmRegistry>>() {
        registry
            .0
            .borrow_mut()
            .push((context.global_object(), realm));
    }
    record
}

/// The realm whose global object is `global`, if the runtime made it.
#[must_use]
pub fn realm_of_global(context: &Context, global: &JsObject) -> Option<Realm> {
    let registry = context.get_data::<Rc<RealmRegistry>>()?;
    let list = registry.0.borrow();
    list.iter()
        .find(|(g, _)| JsObject::equals(g, global))
        .map(|(_, r)| r.clone())
}

/// The record of `realm` (none for a realm the runtime did not make).
#[must_use]
pub fn realm_record(realm: &Realm) -> Option<Rc<RealmRecord>> {
    realm_data_of::<RealmRecord>(realm)
}

/// Whether code of `realm` may run: HTML "check if we can run script" and the event loop's
/// "runnable" test of a task whose document is not fully active. (Every task and promise job asks:
/// until some realm of the agent was detached, the answer is yes without a look at the realm.)
#[must_use]
pub fn can_run(host: &Host, realm: &Realm) -> bool {
    !host.has_detached_realms() || realm_record(realm).is_none_or(|r| r.is_fully_active())
}

/// The realm of HTML's incumbent settings object, as taskhost approximates it: the realm of the
/// active script or module (the running author code's), else the current realm.
#[must_use]
pub fn incumbent_realm(context: &Context) -> Realm {
    use boa_engine::vm::ActiveRunnable;
    context.get_active_script_or_module().map_or_else(
        || context.realm().clone(),
        |runnable| match runnable {
            ActiveRunnable::Script(script) => script.realm().clone(),
            ActiveRunnable::Module(module) => module.realm().clone(),
        },
    )
}

/// Run `steps` with `realm` as the current realm (a task of that realm's global), then restore
/// the realm that was current.
pub fn in_realm<T>(
    context: &mut Context,
    realm: &Realm,
    steps: impl FnOnce(&mut Context) -> T,
) -> T {
    let previous = context.enter_realm(realm.clone());
    let result = steps(context);
    context.enter_realm(previous);
    result
}
