//! The `MessagePort` interface (HTML §9.4.4).
//!
//! Invariants:
//! - A port's channel state ([`PortState`]: entanglement, port message queue, enabled and
//!   detached flags) is separate from its JS object, so transferring a port moves the state to
//!   a new object and leaves the old object detached.
//! - A message posted to a port whose queue is enabled is a task on the posted message task
//!   source at once (ordered against timers by when it was posted); while the queue is disabled
//!   it waits in the port's queue and keeps nothing alive. Only queued tasks keep the event loop
//!   running, so an idle port never does.
//! - A delivery task checks the port's epoch: if the port was shipped (transferred) since the
//!   task was queued, the message goes back to the port's queue for its new owner.

use std::cell::Cell;
use std::collections::VecDeque;

use boa_engine::{Context, JsData, JsObject, JsResult, JsValue, NativeFunction};
use boa_gc::{Finalize, Gc, GcRefCell, Trace};

use crate::agent::host::Host;
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

/// A port of a channel: what survives a transfer.
#[derive(Trace, Finalize)]
pub struct PortState {
    /// The MessagePort object that currently owns this port.
    object: GcRefCell<Option<JsObject>>,
    entangled: GcRefCell<Option<Gc<PortState>>>,
    /// The port message queue's messages while it is disabled.
    queue: GcRefCell<VecDeque<Gc<Serialized>>>,
    enabled: Cell<bool>,
    detached: Cell<bool>,
    /// Bumped when the port is shipped: tasks queued before then re-queue their message.
    #[unsafe_ignore_trace]
    epoch: Cell<u64>,
}

impl PortState {
    fn new() -> Gc<Self> {
        Gc::new(Self {
            object: GcRefCell::new(None),
            entangled: GcRefCell::new(None),
            queue: GcRefCell::new(VecDeque::new()),
            enabled: Cell::new(false),
            detached: Cell::new(false),
            epoch: Cell::new(0),
        })
    }
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

fn new_port_object(state: Gc<PortState>, context: &Context) -> JsResult<JsObject> {
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
pub fn new_entangled_pair(context: &Context) -> JsResult<(JsObject, JsObject)> {
    let (a, b) = (PortState::new(), PortState::new());
    // Entangle: associate the two ports to be entangled.
    *a.entangled.borrow_mut() = Some(b.clone());
    *b.entangled.borrow_mut() = Some(a.clone());
    Ok((new_port_object(a, context)?, new_port_object(b, context)?))
}

/// The transfer steps of a MessagePort: move its state out of `object`, which becomes a
/// detached port. `None` if it is already detached.
pub fn transfer(object: &JsObject) -> Option<Gc<PortState>> {
    let data = object.downcast_ref::<MessagePortData>()?;
    let state = data.port.borrow().clone();
    if state.detached.get() {
        return None;
    }
    // 1. Set value's [[Detached]] to true. (The old object keeps a detached state of its own.)
    let detached = PortState::new();
    detached.detached.set(true);
    *data.port.borrow_mut() = detached;
    // The moved queue starts disabled again (transfer-receiving step 3: "leaving the port
    // message queue in its initial disabled state").
    state.enabled.set(false);
    state.epoch.set(state.epoch.get() + 1);
    *state.object.borrow_mut() = None;
    Some(state)
}

/// The transfer-receiving steps: a new MessagePort object owning `state`.
pub fn receive(state: &Gc<PortState>, context: &mut Context) -> JsResult<JsObject> {
    new_port_object(state.clone(), context)
}

/// Disentangle a port (and its partner).
fn disentangle(state: &Gc<PortState>) {
    let other = state.entangled.borrow_mut().take();
    if let Some(other) = other {
        *other.entangled.borrow_mut() = None;
    }
}

/// Queue the delivery of `message` to `target`'s port message queue.
fn enqueue(target: &Gc<PortState>, message: Gc<Serialized>, context: &mut Context) -> JsResult<()> {
    if !target.enabled.get() {
        target.queue.borrow_mut().push_back(message);
        return Ok(());
    }
    let host = Host::from_context(context)?;
    let port = target.clone();
    let epoch = target.epoch.get();
    let posted = host.trace_post(context, "message", None);
    host.queue_task_posted(
        HostSource::PostedMessage,
        context.realm().clone(),
        Box::new(move |context| deliver(&port, epoch, message, context)),
        posted,
    );
    Ok(())
}

/// The delivery task (message port post message steps, step 7).
fn deliver(
    port: &Gc<PortState>,
    epoch: u64,
    message: Gc<Serialized>,
    context: &mut Context,
) -> JsResult<()> {
    if port.epoch.get() != epoch {
        // The port was shipped since: the message waits for its new owner.
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
    let record = match deserialize_with_transfer(&message, context) {
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
    // Overload resolution: an iterable object is `sequence<object> transfer`; undefined, null
    // or another object is `StructuredSerializeOptions`.
    let second = args.get(1).cloned().unwrap_or_default();
    let iterable = match second.as_object() {
        Some(o) => !o
            .get(boa_engine::JsSymbol::iterator(), context)?
            .is_undefined(),
        None => false,
    };
    let transfer = if iterable {
        sequence(&second, context, err)?
    } else {
        let options = dictionary(Some(&second), err, "StructuredSerializeOptions")?;
        let transfer = member(options.as_ref(), "transfer", context)?;
        if transfer.is_undefined() {
            Vec::new()
        } else {
            sequence(&transfer, context, err)?
        }
    };
    // Message port post message steps:
    // 1. Let targetPort be the port with which sourcePort is entangled, if any; otherwise null.
    let target = state.entangled.borrow().clone();
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
    enqueue(&target, Gc::new(serialized), context)?;
    Ok(JsValue::undefined())
}

/// `start()`: enable this's port message queue, if it is not already enabled.
pub fn start(object: &JsObject, context: &mut Context) -> JsResult<()> {
    let Some(state) = port_state(object) else {
        return Err(illegal_invocation());
    };
    if state.enabled.replace(true) || state.detached.get() {
        return Ok(());
    }
    let pending: Vec<_> = state.queue.borrow_mut().drain(..).collect();
    for message in pending {
        enqueue(&state, message, context)?;
    }
    Ok(())
}

/// `close()`: 1. Set this's [[Detached]] to true. 2. If this is entangled, disentangle it.
fn close(this: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let (_, state) = this_port(this, context)?;
    state.detached.set(true);
    state.queue.borrow_mut().clear();
    disentangle(&state);
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
