//! The `MutationObserver` interface (DOM §4.3) and the algorithms that feed it: "queue a
//! mutation record", "queue a tree mutation record", "queue a mutation observer microtask" and
//! "notify mutation observers".
//!
//! Mutations of the node tree taskhost has are observed: `attributes` (`setAttribute`,
//! `removeAttribute`, `id`), `characterData` (a text or comment node's `data`, `textContent`) and
//! `childList` (insertion and removal, `textContent` on elements).
//!
//! Deviations: no transient registered observers (a node removed from an observed subtree is
//! not observed any further for the rest of the microtask); attributes have no namespaces; no
//! slots (`slotchange`).
//!
//! Invariant: a node's registered observer list names each observer at most once, and the
//! observer's node list names each node it observes at most once.

use boa_engine::js_string;
use std::cell::{Cell, RefCell};

use boa_engine::object::builtins::JsArray;
use boa_engine::{Context, JsData, JsObject, JsResult, JsValue, NativeFunction};
use boa_gc::{Finalize, GcRefCell, Trace};

use crate::agent::host::{Host, agent_data};
use crate::engine::callback::{ExceptionBehavior, invoke_callback_function};
use crate::web::dom::interface::{
    InterfaceSpec, arguments_required, construct_error, define_interface, dictionary,
    illegal_invocation, member, prototype_from_new_target, sequence, this_object,
};
use crate::web::dom::mutation_record::{MutationType, RecordInit, new_mutation_record};
use crate::web::dom::node::node_state;

/// `MutationObserverInit`, after the `observe()` steps 1–2 filled in the implied members.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ObserverOptions {
    pub child_list: bool,
    pub attributes: bool,
    pub character_data: bool,
    pub subtree: bool,
    pub attribute_old_value: bool,
    pub character_data_old_value: bool,
    pub attribute_filter: Option<Vec<String>>,
}

/// A registered observer: an observer and its options, on a node's list.
#[derive(Trace, Finalize, Clone)]
pub struct RegisteredObserver {
    pub observer: JsObject,
    #[unsafe_ignore_trace]
    pub options: ObserverOptions,
}

/// The native data of `MutationObserver` objects.
#[derive(Trace, Finalize, JsData)]
pub struct MutationObserverData {
    callback: JsObject,
    /// The record queue.
    records: GcRefCell<Vec<JsObject>>,
    /// The node list: the nodes this observer is registered on (strong references here: a
    /// node stays alive while an observer observes it).
    nodes: GcRefCell<Vec<JsObject>>,
}

/// The surrounding agent's mutation observer state.
#[derive(Default)]
struct AgentObservers {
    /// The mutation observer microtask queued flag.
    microtask_queued: Cell<bool>,
    /// The pending mutation observers.
    pending: RefCell<Vec<JsObject>>,
}

fn observer_data<R>(object: &JsObject, f: impl FnOnce(&MutationObserverData) -> R) -> JsResult<R> {
    let data = object
        .downcast_ref::<MutationObserverData>()
        .ok_or_else(illegal_invocation)?;
    Ok(f(&data))
}

/// `new MutationObserver(callback)`: set this's callback to callback.
fn constructor(new_target: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let proto = prototype_from_new_target(new_target, "MutationObserver", context)?;
    let Some(first) = args.first() else {
        return Err(construct_error(
            "MutationObserver",
            &arguments_required(1, 0),
        ));
    };
    let Some(callback) = first.as_callable() else {
        return Err(construct_error(
            "MutationObserver",
            "parameter 1 is not of type 'MutationCallback'.",
        ));
    };
    Ok(JsObject::from_proto_and_data(
        proto,
        MutationObserverData {
            callback: callback.clone(),
            records: GcRefCell::new(Vec::new()),
            nodes: GcRefCell::new(Vec::new()),
        },
    )
    .into())
}

fn type_error(message: &str) -> boa_engine::JsError {
    crate::engine::webidl::type_error("MutationObserver", "observe", message)
}

/// Read `MutationObserverInit` (members in WebIDL's order): `None` for an absent optional
/// boolean.
fn read_options(dict: Option<&JsObject>, context: &mut Context) -> JsResult<ObserverOptions> {
    let optional_bool = |name: &str, context: &mut Context| -> JsResult<Option<bool>> {
        let v = member(dict, boa_engine::JsString::from(name), context)?;
        Ok((!v.is_undefined()).then(|| v.to_boolean()))
    };
    let filter = member(dict, js_string!("attributeFilter"), context)?;
    let attribute_filter = if filter.is_undefined() {
        None
    } else {
        let values = sequence(&filter, context, type_error)?;
        let mut names = Vec::with_capacity(values.len());
        for v in values {
            names.push(v.to_string(context)?.to_std_string_lossy());
        }
        Some(names)
    };
    let attribute_old_value = optional_bool("attributeOldValue", context)?;
    let attributes = optional_bool("attributes", context)?;
    let character_data = optional_bool("characterData", context)?;
    let character_data_old_value = optional_bool("characterDataOldValue", context)?;
    let child_list = optional_bool("childList", context)?.unwrap_or(false);
    let subtree = optional_bool("subtree", context)?.unwrap_or(false);
    // 1. If options["attributeOldValue"] or options["attributeFilter"] exists, and
    //    options["attributes"] does not exist, then set options["attributes"] to true.
    let attributes = attributes
        .or((attribute_old_value.is_some() || attribute_filter.is_some()).then_some(true));
    // 2. If options["characterDataOldValue"] exists and options["characterData"] does not
    //    exist, then set options["characterData"] to true.
    let character_data = character_data.or(character_data_old_value.map(|_| true));
    let options = ObserverOptions {
        child_list,
        attributes: attributes.unwrap_or(false),
        character_data: character_data.unwrap_or(false),
        subtree,
        attribute_old_value: attribute_old_value.unwrap_or(false),
        character_data_old_value: character_data_old_value.unwrap_or(false),
        attribute_filter,
    };
    // 3. If none of options["childList"], options["attributes"], and options["characterData"]
    //    is true, then throw a TypeError.
    if !(options.child_list || options.attributes || options.character_data) {
        return Err(type_error(
            "The options object must set at least one of 'attributes', 'characterData', or \
             'childList' to true.",
        ));
    }
    // 4. If options["attributeOldValue"] is true and options["attributes"] is false, then
    //    throw a TypeError.
    if options.attribute_old_value && !options.attributes {
        return Err(type_error(
            "The options object may only set 'attributeOldValue' to true when 'attributes' is \
             true or not present.",
        ));
    }
    // 5. If options["attributeFilter"] is present and options["attributes"] is false, then
    //    throw a TypeError.
    if options.attribute_filter.is_some() && !options.attributes {
        return Err(type_error(
            "The options object may only set 'attributeFilter' when 'attributes' is true or not \
             present.",
        ));
    }
    // 6. If options["characterDataOldValue"] is true and options["characterData"] is false,
    //    then throw a TypeError.
    if options.character_data_old_value && !options.character_data {
        return Err(type_error(
            "The options object may only set 'characterDataOldValue' to true when \
             'characterData' is true or not present.",
        ));
    }
    Ok(options)
}

/// `observe(target, options)`.
fn observe(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let observer = this_object(this, context)?;
    observer_data(&observer, |_| ())?;
    let target = args
        .first()
        .and_then(JsValue::as_object)
        .filter(|o| node_state(o).is_some())
        .ok_or_else(|| type_error("parameter 1 is not of type 'Node'."))?;
    let dict = dictionary(args.get(1), type_error, "MutationObserverInit")?;
    let options = read_options(dict.as_ref(), context)?;
    let Some(state) = node_state(&target) else {
        return Err(illegal_invocation());
    };
    // 7. For each registered of target's registered observer list, if registered's observer
    //    is this: (1. remove the transient registered observers whose source is registered:
    //    there are none) 2. set registered's options to options.
    let mut list = state.registered_observers.borrow_mut();
    if let Some(registered) = list
        .iter_mut()
        .find(|r| JsObject::equals(&r.observer, &observer))
    {
        registered.options = options;
        return Ok(JsValue::undefined());
    }
    // 8. Otherwise: append a new registered observer whose observer is this and options is
    //    options to target's registered observer list; append a weak reference to target to
    //    this's node list.
    list.push(RegisteredObserver {
        observer: observer.clone(),
        options,
    });
    drop(list);
    observer_data(&observer, |d| d.nodes.borrow_mut().push(target.clone()))?;
    Ok(JsValue::undefined())
}

/// `disconnect()`: for each node of this's node list, remove any registered observer on it for
/// which this is the observer; empty this's record queue.
fn disconnect(this: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let observer = this_object(this, context)?;
    let nodes = observer_data(&observer, |d| {
        d.records.borrow_mut().clear();
        std::mem::take(&mut *d.nodes.borrow_mut())
    })?;
    for node in nodes {
        if let Some(state) = node_state(&node) {
            state
                .registered_observers
                .borrow_mut()
                .retain(|r| !JsObject::equals(&r.observer, &observer));
        }
    }
    Ok(JsValue::undefined())
}

/// `takeRecords()`: let records be a clone of this's record queue; empty it; return records.
fn take_records(this: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let observer = this_object(this, context)?;
    let records = observer_data(&observer, |d| std::mem::take(&mut *d.records.borrow_mut()))?;
    Ok(JsArray::from_iter(records.into_iter().map(JsValue::from), context).into())
}

/// What a mutation was, for "queue a mutation record".
pub struct Mutation {
    pub kind: MutationType,
    pub name: Option<String>,
    pub old_value: Option<String>,
    pub added_nodes: Vec<JsObject>,
    pub removed_nodes: Vec<JsObject>,
    pub previous_sibling: Option<JsObject>,
    pub next_sibling: Option<JsObject>,
}

/// "Queue a mutation record" of `mutation` for `target` (DOM §4.3.2).
pub fn queue_mutation_record(
    target: &JsObject,
    mutation: Mutation,
    context: &mut Context,
) -> JsResult<()> {
    // 1. Let interestedObservers be an empty map.
    let mut interested: Vec<(JsObject, Option<String>)> = Vec::new();
    // 2. Let nodes be the inclusive ancestors of target.
    let mut node = Some(target.clone());
    // 3. For each node in nodes, and then for each registered of node's registered observer
    //    list:
    while let Some(current) = node {
        let Some(state) = node_state(&current) else {
            break;
        };
        for registered in state.registered_observers.borrow().iter() {
            // 1. Let options be registered's options.
            let o = &registered.options;
            let kind = mutation.kind;
            // 2. If none of the following are true: node is not target and options["subtree"]
            //    is false; type is "attributes" and options["attributes"] is not true; type is
            //    "attributes", options["attributeFilter"] exists, and it does not contain name
            //    or namespace is non-null; type is "characterData" and options["characterData"]
            //    is not true; type is "childList" and options["childList"] is false:
            let skip = (!JsObject::equals(&current, target) && !o.subtree)
                || (kind == MutationType::Attributes && !o.attributes)
                || (kind == MutationType::Attributes
                    && o.attribute_filter.as_ref().is_some_and(|filter| {
                        !filter.iter().any(|n| Some(n) == mutation.name.as_ref())
                    }))
                || (kind == MutationType::CharacterData && !o.character_data)
                || (kind == MutationType::ChildList && !o.child_list);
            if skip {
                continue;
            }
            // 2.1. Let mo be registered's observer.
            // 2.2. If interestedObservers[mo] does not exist, then set it to null.
            let index = match interested
                .iter()
                .position(|(mo, _)| JsObject::equals(mo, &registered.observer))
            {
                Some(i) => i,
                None => {
                    interested.push((registered.observer.clone(), None));
                    interested.len() - 1
                }
            };
            // 2.3. If either type is "attributes" and options["attributeOldValue"] is true, or
            //      type is "characterData" and options["characterDataOldValue"] is true, then
            //      set interestedObservers[mo] to oldValue.
            if (kind == MutationType::Attributes && o.attribute_old_value)
                || (kind == MutationType::CharacterData && o.character_data_old_value)
            {
                interested[index].1.clone_from(&mutation.old_value);
            }
        }
        node = state.parent.borrow().clone();
    }
    if interested.is_empty() {
        return Ok(());
    }
    let agent = agent_data::<AgentObservers>(context);
    // 4. For each observer → mappedOldValue of interestedObservers:
    for (observer, old_value) in interested {
        // 1. Let record be a new MutationRecord object with its type set to type, target set
        //    to target, attributeName set to name, attributeNamespace set to namespace,
        //    oldValue set to mappedOldValue, addedNodes set to addedNodes, removedNodes set to
        //    removedNodes, previousSibling set to previousSibling, and nextSibling set to
        //    nextSibling.
        let record = new_mutation_record(
            RecordInit {
                kind: mutation.kind,
                target: target.clone(),
                attribute_name: mutation.name.clone(),
                old_value,
                added_nodes: mutation.added_nodes.clone(),
                removed_nodes: mutation.removed_nodes.clone(),
                previous_sibling: mutation.previous_sibling.clone(),
                next_sibling: mutation.next_sibling.clone(),
            },
            context,
        )?;
        // 2. Enqueue record to observer's record queue.
        observer_data(&observer, |d| d.records.borrow_mut().push(record))?;
        // 3. Append observer to the surrounding agent's pending mutation observers.
        let mut pending = agent.pending.borrow_mut();
        if !pending.iter().any(|p| JsObject::equals(p, &observer)) {
            pending.push(observer);
        }
    }
    // 5. Queue a mutation observer microtask.
    queue_mutation_observer_microtask(&agent, context)
}

/// "Queue a tree mutation record" for `target` with addedNodes, removedNodes, previousSibling
/// and nextSibling: 1. Assert: either is not empty. 2. Queue a mutation record of "childList"
/// for target with null, null, null, addedNodes, removedNodes, previousSibling, nextSibling.
pub fn queue_tree_mutation_record(
    target: &JsObject,
    added_nodes: Vec<JsObject>,
    removed_nodes: Vec<JsObject>,
    previous_sibling: Option<JsObject>,
    next_sibling: Option<JsObject>,
    context: &mut Context,
) -> JsResult<()> {
    if added_nodes.is_empty() && removed_nodes.is_empty() {
        return Ok(());
    }
    queue_mutation_record(
        target,
        Mutation {
            kind: MutationType::ChildList,
            name: None,
            old_value: None,
            added_nodes,
            removed_nodes,
            previous_sibling,
            next_sibling,
        },
        context,
    )
}

/// "Queue a mutation observer microtask": 1. If the surrounding agent's mutation observer
/// microtask queued is true, then return. 2. Set it to true. 3. Queue a microtask to notify
/// mutation observers.
fn queue_mutation_observer_microtask(
    agent: &AgentObservers,
    context: &mut Context,
) -> JsResult<()> {
    if agent.microtask_queued.replace(true) {
        return Ok(());
    }
    let host = Host::from_context(context)?;
    host.queue_microtask(context.realm().clone(), Box::new(notify_mutation_observers));
    Ok(())
}

/// "Notify mutation observers".
fn notify_mutation_observers(context: &mut Context) -> JsResult<()> {
    let agent = agent_data::<AgentObservers>(context);
    // 1. Set the surrounding agent's mutation observer microtask queued to false.
    agent.microtask_queued.set(false);
    // 2. Let notifySet be a clone of the surrounding agent's pending mutation observers.
    // 3. Empty the surrounding agent's pending mutation observers.
    let notify_set = std::mem::take(&mut *agent.pending.borrow_mut());
    // 4–5. (Signal slots: none.)
    // 6. For each mo of notifySet:
    for mo in notify_set {
        // 1. Let records be a clone of mo's record queue. 2. Empty mo's record queue.
        // 3. (Remove the transient registered observers: there are none.)
        let Some((records, callback)) = mo.downcast_ref::<MutationObserverData>().map(|d| {
            (
                std::mem::take(&mut *d.records.borrow_mut()),
                d.callback.clone(),
            )
        }) else {
            continue;
        };
        // 4. If records is not empty, then invoke mo's callback with « records, mo » and
        //    "report", and with callback this value mo.
        if !records.is_empty() {
            let records = JsArray::from_iter(records.into_iter().map(JsValue::from), context);
            invoke_callback_function(
                &callback,
                &mo.clone().into(),
                &[records.into(), mo.clone().into()],
                ExceptionBehavior::Report,
                context,
            )?;
        }
    }
    // 7. (Fire slotchange events: no slots.)
    Ok(())
}

pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "MutationObserver",
            parent: None,
            length: 1,
            constructor: Some(NativeFunction::from_fn_ptr(constructor)),
        },
        |m| {
            m.operation("observe", 1, NativeFunction::from_fn_ptr(observe))
                .operation("disconnect", 0, NativeFunction::from_fn_ptr(disconnect))
                .operation("takeRecords", 0, NativeFunction::from_fn_ptr(take_records));
        },
    )?;
    Ok(())
}
