//! The `MessagePort` interface (HTML §9.4.4).
//!
//! Invariants:
//! - A port's channel state ([`PortState`]: entanglement, port message queue, enabled and
//!   detached flags) is separate from its JS object. The state lives in one agent; transferring
//!   a port turns it into a [`TransferredPort`] record (plain data, `Send`) and leaves the old
//!   object detached; receiving the record makes a new state and object wherever it arrives.
//! - A port's partner is in the same agent ([`Entangled::Local`], a direct reference) or named by
//!   a [`PortId`] through the process's port directory ([`Entangled::Remote`]): a message for a
//!   remote port is mail to whichever agent holds it, or waits in the directory while the port
//!   travels. Once a port has been shipped, it and its partner are addressed by id for good.
//! - A port with an id is held by its agent's [`PortRegistry`] (so its owner can be found when
//!   mail comes) until it is closed or its partner is: a port another thread can still post to
//!   stays alive, as HTML §9.4.6 asks of entangled ports.
//! - A message posted to a port whose queue is enabled is a task on the posted message task
//!   source at once (ordered against timers by when it was posted); while the queue is disabled
//!   it waits in the port's queue and keeps nothing alive. Only queued tasks keep the event loop
//!   running, so an idle port never does.
//! - A delivery task of a port that was shipped since it was queued forwards its message to
//!   where the port went.
//! - A port's messages fire at its owner object: the MessagePort object, or for the implicit
//!   ports of workers, the `Worker` object and the worker's global.

use boa_engine::js_string;
use std::cell::{Cell, RefCell};
use std::collections::{HashMap, VecDeque};
use std::rc::Rc;

use boa_engine::{Context, JsData, JsObject, JsResult, JsValue, NativeFunction};
use boa_gc::{Finalize, Gc, GcRefCell, Trace};

use crate::agent::host::{Host, agent_data};
use crate::agent::process::{Delivery, PortId};
use crate::engine::webidl::type_error;
use crate::event_loop::HostSource;
use crate::web::dom::dispatch::fire_event;
use crate::web::dom::dom_exception::dom_exception_error;
use crate::web::dom::event_target::{EventTargetState, IsEventTarget, register_event_target_brand};
use crate::web::dom::interface::{
    InterfaceSpec, arguments_required, define_interface, dictionary, illegal_invocation, member,
    prototype_of, sequence, this_object,
};
use crate::web::html::event_handler::{event_handler_attribute, event_handler_attribute_with};
use crate::web::html::message_event::create_message_event;
use crate::web::html::structured_clone::{
    Serialized, deserialize_with_transfer, serialize_with_transfer,
};

/// Whom a port is entangled with.
#[derive(Trace, Finalize)]
pub enum Entangled {
    None,
    /// A port of the same agent.
    Local(Gc<PortState>),
    /// A port addressed through the process's port directory.
    Remote(#[unsafe_ignore_trace] PortId),
}

/// A port of a channel: what survives a transfer within its agent.
#[derive(Trace, Finalize)]
pub struct PortState {
    /// The object its messages fire at (a MessagePort, or a worker's `Worker` object / global).
    object: GcRefCell<Option<JsObject>>,
    entangled: GcRefCell<Entangled>,
    /// The port message queue's messages while it is disabled.
    #[unsafe_ignore_trace]
    queue: RefCell<VecDeque<(Box<Serialized>, Option<u64>)>>,
    enabled: Cell<bool>,
    detached: Cell<bool>,
    /// Imitating Chromium's message delivery (`Deviations::one_message_per_task`): whether a
    /// delivery task of this port is queued, and the messages held back until it has run.
    delivering: Cell<bool>,
    #[unsafe_ignore_trace]
    held: RefCell<VecDeque<(Box<Serialized>, Option<u64>)>>,
    /// Its directory id, once it can be addressed from another agent.
    #[unsafe_ignore_trace]
    id: Cell<Option<PortId>>,
    /// Set when the port was shipped: where its delivery tasks forward their messages.
    #[unsafe_ignore_trace]
    moved_to: Cell<Option<PortId>>,
}

impl PortState {
    fn new() -> Gc<Self> {
        Gc::new(Self {
            object: GcRefCell::new(None),
            entangled: GcRefCell::new(Entangled::None),
            queue: RefCell::new(VecDeque::new()),
            enabled: Cell::new(false),
            detached: Cell::new(false),
            delivering: Cell::new(false),
            held: RefCell::new(VecDeque::new()),
            id: Cell::new(None),
            moved_to: Cell::new(None),
        })
    }
}

/// A shipped port: what a message carries to the agent that receives it (plain data).
pub struct TransferredPort {
    id: PortId,
    partner: Option<PortId>,
    /// Messages that were waiting in its (disabled) queue, with their trace flows.
    queue: Vec<(Box<Serialized>, Option<u64>)>,
}

/// The ports of this agent that have a directory id, by id.
#[derive(Default)]
struct PortRegistry(RefCell<HashMap<PortId, Gc<PortState>>>);

fn registry(context: &mut Context) -> Rc<PortRegistry> {
    agent_data(context)
}

/// Give `state` a directory id held by this agent (if it has none yet), and keep it in this
/// agent's registry.
fn address(state: &Gc<PortState>, context: &mut Context) -> JsResult<PortId> {
    if let Some(id) = state.id.get() {
        return Ok(id);
    }
    let link = Host::agent_link(context)?;
    let id = link.process.new_port_id();
    state.id.set(Some(id));
    // (Nothing can have been posted to a new id.)
    let _ = link.process.port_arrived(id, link.id());
    registry(context).0.borrow_mut().insert(id, state.clone());
    Ok(id)
}

/// The native data of `MessagePort` objects.
#[derive(Trace, Finalize, JsData)]
pub struct MessagePortData {
    target: Gc<EventTargetState>,
    port: GcRefCell<Gc<PortState>>,
}

impl IsEventTarget for MessagePortData {
    fn event_target_state(&self) -> Gc<EventTargetState> {
        self.target.clone()
    }
}

/// The port state of `object`, if it is a MessagePort.
#[must_use]
pub fn port_state(object: &JsObject) -> Option<Gc<PortState>> {
    object
        .downcast_ref::<MessagePortData>()
        .map(|d| d.port.borrow().clone())
}

fn new_port_object(state: Gc<PortState>, context: &mut Context) -> JsResult<JsObject> {
    let proto = prototype_of(context, "MessagePort")?;
    let object = JsObject::from_proto_and_data(
        proto,
        MessagePortData {
            target: EventTargetState::new(),
            port: GcRefCell::new(state.clone()),
        },
    );
    *state.object.borrow_mut() = Some(object.clone());
    Ok(object)
}

/// Create a new pair of entangled ports (for `new MessageChannel()`).
pub fn new_entangled_pair(context: &mut Context) -> JsResult<(JsObject, JsObject)> {
    let (a, b) = (PortState::new(), PortState::new());
    // Entangle: associate the two ports to be entangled.
    *a.entangled.borrow_mut() = Entangled::Local(b.clone());
    *b.entangled.borrow_mut() = Entangled::Local(a.clone());
    Ok((new_port_object(a, context)?, new_port_object(b, context)?))
}

/// An implicit port of a worker (HTML's "outside port" and "inside port"): its messages fire at
/// `owner` (the worker's global, or the `Worker` object, set later with [`set_owner`] when the
/// object needs the port first), its partner is `partner` (in the other agent), and its own id
/// is `id` (created by whoever made the pair). `enabled`: whether its queue starts enabled.
pub fn new_implicit_port(
    owner: Option<&JsObject>,
    id: PortId,
    partner: PortId,
    enabled: bool,
    context: &mut Context,
) -> JsResult<Gc<PortState>> {
    let state = PortState::new();
    *state.object.borrow_mut() = owner.cloned();
    *state.entangled.borrow_mut() = Entangled::Remote(partner);
    state.enabled.set(enabled);
    state.id.set(Some(id));
    registry(context).0.borrow_mut().insert(id, state.clone());
    let link = Host::agent_link(context)?;
    for waiting in link.process.port_arrived(id, link.id()) {
        waiting(context);
    }
    Ok(state)
}

/// Make `owner` the object an implicit port's messages fire at.
pub fn set_owner(state: &Gc<PortState>, owner: &JsObject) {
    *state.object.borrow_mut() = Some(owner.clone());
}

/// The transfer steps of a MessagePort: move its state out of `object`, which becomes a
/// detached port, into a record another agent (or this one) can receive. `None` if it is
/// already detached.
pub fn transfer(object: &JsObject, context: &mut Context) -> JsResult<Option<TransferredPort>> {
    let Some(data) = object.downcast_ref::<MessagePortData>() else {
        return Ok(None);
    };
    let state = data.port.borrow().clone();
    drop(data);
    if state.detached.get() {
        return Ok(None);
    }
    let link = Host::agent_link(context)?;
    // Both ends become addressable: the partner stays here and now names this port by id.
    let id = address(&state, context)?;
    let entangled = std::mem::replace(&mut *state.entangled.borrow_mut(), Entangled::None);
    let partner = match &entangled {
        Entangled::None => None,
        Entangled::Remote(partner) => Some(*partner),
        Entangled::Local(partner) => {
            let partner_id = address(partner, context)?;
            *partner.entangled.borrow_mut() = Entangled::Remote(id);
            Some(partner_id)
        }
    };
    registry(context).0.borrow_mut().remove(&id);
    link.process.port_departed(id);
    // 1. Set value's [[Detached]] to true. (The old object keeps a detached state of its own.)
    let detached = PortState::new();
    detached.detached.set(true);
    if let Some(data) = object.downcast_ref::<MessagePortData>() {
        *data.port.borrow_mut() = detached;
    }
    state.detached.set(true);
    state.moved_to.set(Some(id));
    *state.object.borrow_mut() = None;
    // The moved queue starts disabled again (transfer-receiving step 3: "leaving the port
    // message queue in its initial disabled state").
    let queue = state.queue.borrow_mut().drain(..).collect();
    Ok(Some(TransferredPort { id, partner, queue }))
}

/// The transfer-receiving steps: a new MessagePort object in this agent owning the port.
pub fn receive(port: &mut TransferredPort, context: &mut Context) -> JsResult<JsObject> {
    let state = PortState::new();
    state.id.set(Some(port.id));
    if let Some(partner) = port.partner {
        *state.entangled.borrow_mut() = Entangled::Remote(partner);
    }
    state.queue.borrow_mut().extend(port.queue.drain(..));
    let object = new_port_object(state.clone(), context)?;
    registry(context).0.borrow_mut().insert(port.id, state);
    // What was posted to it while it travelled, in order.
    let link = Host::agent_link(context)?;
    for waiting in link.process.port_arrived(port.id, link.id()) {
        waiting(context);
    }
    Ok(object)
}

/// Disentangle a port (and its partner).
fn disentangle(state: &Gc<PortState>, context: &mut Context) {
    let entangled = std::mem::replace(&mut *state.entangled.borrow_mut(), Entangled::None);
    match &entangled {
        Entangled::None => {}
        Entangled::Local(other) => *other.entangled.borrow_mut() = Entangled::None,
        &Entangled::Remote(other) => {
            if let Ok(link) = Host::agent_link(context) {
                link.process.post_to_port(
                    other,
                    Box::new(move |context| {
                        let state = registry(context).0.borrow_mut().remove(&other);
                        if let Some(state) = state {
                            *state.entangled.borrow_mut() = Entangled::None;
                        }
                    }),
                );
            }
        }
    }
    if let Some(id) = state.id.get() {
        registry(context).0.borrow_mut().remove(&id);
        if let Ok(link) = Host::agent_link(context) {
            link.process.port_closed(id);
        }
    }
}

/// Forget the port `id` of this agent (its partner's agent ended).
pub fn forget(id: PortId, context: &mut Context) {
    let state = registry(context).0.borrow_mut().remove(&id);
    if let Some(state) = state {
        *state.entangled.borrow_mut() = Entangled::None;
    }
}

/// Post a message to `target` (a port of this agent, or one named in the directory).
fn post_to(target: &Entangled, message: Box<Serialized>, context: &mut Context) -> JsResult<()> {
    match target {
        Entangled::None => Ok(()),
        Entangled::Local(port) => enqueue(port, message, context),
        Entangled::Remote(id) => {
            post_remote(*id, message, context)?;
            Ok(())
        }
    }
}

/// Mail `message` to the port `id`, wherever it is (dropped if it is closed or gone).
fn post_remote(id: PortId, message: Box<Serialized>, context: &Context) -> JsResult<()> {
    let link = Host::agent_link(context)?;
    // The trace's flow from this task to the delivery task, across threads.
    let flow = Host::from_context(context)?.trace_departing();
    link.process.post_to_port(id, mail(id, message, flow));
    Ok(())
}

/// The delivery of `message` to the port `id` in the agent that holds it: into the port's
/// message queue. The message port post message steps add the delivery to targetPort's port
/// message queue (step 7), and that queue travels with the port:
///   MessagePort transfer steps, 2. Set dataHolder.[[PortMessageQueue]] to value's port
///      message queue.
///   Transfer-receiving steps, 3. Move all the tasks that are to fire message events in
///      dataHolder.[[PortMessageQueue]] to the port message queue of value, if any.
/// A delivery mailed here before the port was shipped on (while it was in this agent) but run
/// after it left therefore follows it, landing after the messages that travelled with it;
/// dropping it would lose a message that was already in the port's queue.
fn mail(id: PortId, message: Box<Serialized>, flow: Option<u64>) -> Delivery {
    Box::new(move |context| {
        let state = registry(context).0.borrow().get(&id).cloned();
        if let Some(state) = state {
            let _ = enqueue_from(&state, message, flow, context);
        } else if let Ok(link) = Host::agent_link(context) {
            link.process
                .forward_to_port(id, link.id(), mail(id, message, flow));
        }
    })
}

/// Queue the delivery of `message` to `target`'s port message queue.
fn enqueue(
    target: &Gc<PortState>,
    message: Box<Serialized>,
    context: &mut Context,
) -> JsResult<()> {
    enqueue_from(target, message, None, context)
}

/// [`enqueue`] of a message that came from another thread (`flow`: the trace's flow from the
/// task that posted it).
fn enqueue_from(
    target: &Gc<PortState>,
    message: Box<Serialized>,
    flow: Option<u64>,
    context: &mut Context,
) -> JsResult<()> {
    if let Some(id) = target.moved_to.get() {
        return post_remote(id, message, context);
    }
    if !target.enabled.get() {
        target.queue.borrow_mut().push_back((message, flow));
        return Ok(());
    }
    let host = Host::from_context(context)?;
    // Imitating Chromium: a port has one delivery task queued at a time; the next message's
    // task is queued when that one has run (see `release_held`).
    let one_per_task = host.deviations().one_message_per_task;
    if one_per_task && target.delivering.replace(true) {
        target.held.borrow_mut().push_back((message, flow));
        return Ok(());
    }
    let port = target.clone();
    let posted = match flow {
        Some(_) => host.trace_arrived("message", flow),
        None => host.trace_post(context, "message", None),
    };
    host.queue_task_posted(
        HostSource::PostedMessage,
        context.realm().clone(),
        Box::new(move |context| {
            let delivered = deliver(&port, message, context);
            if one_per_task {
                release_held(&port, context);
            }
            delivered
        }),
        posted,
    );
    Ok(())
}

/// Imitating Chromium (`Deviations::one_message_per_task`), at the end of a port's delivery
/// task: queue the delivery of the next held message, runnable from now, or note that none is
/// queued. The specs queue every message's task when it is posted (message port post message
/// steps, step 7), and leave which task queue runs next to the user agent.
fn release_held(port: &Gc<PortState>, context: &mut Context) {
    let next = port.held.borrow_mut().pop_front();
    port.delivering.set(false);
    if let Some((message, flow)) = next {
        let _ = enqueue_from(port, message, flow, context);
    }
}

/// The delivery task (message port post message steps, step 7).
fn deliver(
    port: &Gc<PortState>,
    mut message: Box<Serialized>,
    context: &mut Context,
) -> JsResult<()> {
    if port.moved_to.get().is_some() {
        // The port was shipped since: the message follows it.
        return enqueue(port, message, context);
    }
    // 7.1. Let finalTargetPort be the MessagePort in whose port message queue the task now
    //      finds itself.
    let target = port.object.borrow().clone();
    let Some(target) = target else {
        return Ok(());
    };
    if port.detached.get() {
        return Ok(());
    }
    // 7.2–7.3. Let deserializeRecord be StructuredDeserializeWithTransfer(…, targetRealm). If
    //      this throws an exception, catch it, fire an event named messageerror at
    //      finalTargetPort, using MessageEvent, and then return.
    let record = match deserialize_with_transfer(&mut message, context) {
        Ok(record) => record,
        Err(_) => {
            let event = create_message_event("messageerror", JsValue::null(), Vec::new(), context)?;
            fire_event(&target, &event, context)?;
            return Ok(());
        }
    };
    // 7.4–7.5. Let messageClone be deserializeRecord.[[Deserialized]]; let newPorts be a new
    //      frozen array of the transferred MessagePorts, in order.
    // 7.6. Fire an event named message at finalTargetPort, using MessageEvent, with the data
    //      attribute initialized to messageClone and the ports attribute to newPorts.
    let event = create_message_event("message", record.value, record.ports, context)?;
    fire_event(&target, &event, context)?;
    Ok(())
}

/// The message port post message steps for an implicit port (`Worker.postMessage`,
/// `DedicatedWorkerGlobalScope.postMessage`): serialize with `transfer`, then post to its
/// partner.
pub fn post_message_steps(
    state: &Gc<PortState>,
    message: &JsValue,
    transfer: &[JsValue],
    context: &mut Context,
) -> JsResult<()> {
    let serialized = serialize_with_transfer(message, transfer, context)?;
    let target = match &*state.entangled.borrow() {
        Entangled::None => return Ok(()),
        Entangled::Local(port) => Entangled::Local(port.clone()),
        Entangled::Remote(id) => Entangled::Remote(*id),
    };
    post_to(&target, Box::new(serialized), context)
}

/// Enable an implicit port's queue (a worker's inside port, once its script has run).
pub fn enable(state: &Gc<PortState>, context: &mut Context) -> JsResult<()> {
    if state.enabled.replace(true) || state.detached.get() {
        return Ok(());
    }
    let pending: Vec<_> = state.queue.borrow_mut().drain(..).collect();
    for (message, flow) in pending {
        enqueue_from(state, message, flow, context)?;
    }
    Ok(())
}

/// Disentangle an implicit port (its worker ended): nothing more can be posted to or from it;
/// what was delivered to it already still fires.
pub fn disentangle_port(state: &Gc<PortState>, context: &mut Context) {
    disentangle(state, context);
}

/// Close a port: nothing more is delivered to or from it.
pub fn close_port(state: &Gc<PortState>, context: &mut Context) {
    state.detached.set(true);
    state.queue.borrow_mut().clear();
    state.held.borrow_mut().clear();
    disentangle(state, context);
}

/// The transfer list of `postMessage(message, transfer)` / `postMessage(message, options)`:
/// an iterable object is `sequence<object> transfer`; undefined, null or another object is
/// `StructuredSerializeOptions`.
pub fn transfer_argument(
    second: &JsValue,
    context: &mut Context,
    err: impl Fn(&str) -> boa_engine::JsError + Copy,
) -> JsResult<Vec<JsValue>> {
    let iterable = match second.as_object() {
        Some(o) => !o
            .get(boa_engine::JsSymbol::iterator(), context)?
            .is_undefined(),
        None => false,
    };
    if iterable {
        return sequence(second, context, err);
    }
    let options = dictionary(Some(second), err, "StructuredSerializeOptions")?;
    let transfer = member(options.as_ref(), js_string!("transfer"), context)?;
    if transfer.is_undefined() {
        Ok(Vec::new())
    } else {
        sequence(&transfer, context, err)
    }
}

fn this_port(this: &JsValue, context: &Context) -> JsResult<(JsObject, Gc<PortState>)> {
    let object = this_object(this, context)?;
    let state = port_state(&object).ok_or_else(illegal_invocation)?;
    Ok((object, state))
}

/// `postMessage(message, transfer)` / `postMessage(message, options)`.
fn post_message(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let (object, state) = this_port(this, context)?;
    let err = |m: &str| type_error("MessagePort", "postMessage", m);
    let Some(message) = args.first() else {
        return Err(err(&arguments_required(1, 0)));
    };
    let transfer = transfer_argument(&args.get(1).cloned().unwrap_or_default(), context, err)?;
    // Message port post message steps:
    // 1. Let targetPort be the port with which sourcePort is entangled, if any; otherwise null.
    let target = match &*state.entangled.borrow() {
        Entangled::None => None,
        Entangled::Local(port) => Some(Entangled::Local(port.clone())),
        Entangled::Remote(id) => Some(Entangled::Remote(*id)),
    };
    // 2. If transfer contains sourcePort, then throw a "DataCloneError" DOMException.
    if transfer
        .iter()
        .any(|t| t.as_object().is_some_and(|o| JsObject::equals(&o, &object)))
    {
        return Err(dom_exception_error(
            context,
            "Failed to execute 'postMessage' on 'MessagePort': Port at index 0 contains the \
             source port.",
            "DataCloneError",
        ));
    }
    // 3. Let doomed be false.
    // 4. If targetPort is not null and transfer contains targetPort, then set doomed to true.
    let doomed = target.as_ref().is_some_and(|t| {
        let Entangled::Local(t) = t else {
            return false;
        };
        let owner = t.object.borrow().clone();
        owner.is_some_and(|owner| {
            transfer
                .iter()
                .any(|v| v.as_object().is_some_and(|o| JsObject::equals(&o, &owner)))
        })
    });
    // 5. Let serializeWithTransferResult be StructuredSerializeWithTransfer(message, transfer).
    //    Rethrow any exceptions.
    let serialized = serialize_with_transfer(message, &transfer, context)?;
    // 6. If targetPort is null, or if doomed is true, then return.
    let Some(target) = target.filter(|_| !doomed) else {
        return Ok(JsValue::undefined());
    };
    // 7. Add a task that delivers the message to the port message queue of targetPort.
    post_to(&target, Box::new(serialized), context)?;
    Ok(JsValue::undefined())
}

/// `start()`: enable this's port message queue, if it is not already enabled.
pub fn start(object: &JsObject, context: &mut Context) -> JsResult<()> {
    let Some(state) = port_state(object) else {
        return Err(illegal_invocation());
    };
    enable(&state, context)
}

/// `close()`: 1. Set this's [[Detached]] to true. 2. If this is entangled, disentangle it.
fn close(this: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let (_, state) = this_port(this, context)?;
    close_port(&state, context);
    Ok(JsValue::undefined())
}

fn is_port(object: &JsObject, _: &Context) -> bool {
    port_state(object).is_some()
}

pub fn register(context: &mut Context) -> JsResult<()> {
    register_event_target_brand::<MessagePortData>(context);
    define_interface(
        context,
        InterfaceSpec {
            name: "MessagePort",
            parent: Some("EventTarget"),
            length: 0,
            constructor: None,
        },
        |m| {
            m.operation("postMessage", 1, NativeFunction::from_fn_ptr(post_message))
                .operation(
                    "start",
                    0,
                    NativeFunction::from_fn_ptr(|this, _, context| {
                        let (object, _) = this_port(this, context)?;
                        start(&object, context)?;
                        Ok(JsValue::undefined())
                    }),
                )
                .operation("close", 0, NativeFunction::from_fn_ptr(close));
            // The first time onmessage is set to a non-null value, the port message queue is
            // enabled, as if start() had been called (HTML §9.4.4).
            event_handler_attribute_with(
                m,
                "onmessage",
                is_port,
                Some(|object, value, context| {
                    if value.is_object() {
                        start(object, context)?;
                    }
                    Ok(())
                }),
            );
            event_handler_attribute(m, "onmessageerror", is_port);
        },
    )?;
    Ok(())
}
