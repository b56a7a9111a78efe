//! The stand-ins of interface objects on the globals (`interface::define_interface`): a global
//! property that is an accessor until its interface is made or assigned, then — when no
//! JavaScript frame is on the stack — the data property WebIDL gives it; and the reflective
//! built-ins that would show the accessor, which turn the stand-ins they look at into data
//! properties first.
//!
//! Invariants:
//! - A stand-in is settled (becomes the data property) only when the engine has no property
//!   access under way on that global: with an empty JavaScript stack (`Host::when_stack_empty`),
//!   while its realm is being set up (no script has seen the global yet), or inside one of the
//!   wrapped built-ins (a call, not a property access, of the script).
//! - A global property that is no longer the stand-in (deleted, redefined by a declaration or by
//!   `Object.defineProperty`) is never touched again; the interface is still made for the host's
//!   own use.

use std::cell::RefCell;
use std::rc::Rc;

use boa_engine::object::FunctionObjectBuilder;
use boa_engine::property::{PropertyDescriptor, PropertyKey};
use boa_engine::realm::Realm;
use boa_engine::{Context, JsObject, JsResult, JsString, JsValue, NativeFunction};

use super::event_target::EventTargetData;
use super::interface::stand_ins;
use crate::agent::host::Host;
use crate::agent::realm::in_realm;

/// The agent's globals that were given stand-ins, with their realms (context data).
#[derive(Default)]
struct LazyGlobals(RefCell<Vec<(JsObject, Realm)>>);

/// The agent's realms with stand-ins to settle at the next empty stack (context data).
#[derive(Default)]
struct Unsettled(RefCell<Vec<Realm>>);

/// Record the current realm's global as one with stand-ins, and wrap its reflective built-ins
/// (once per realm, before any interface is defined).
pub fn install(context: &mut Context) {
    if !context.has_data::<Rc<LazyGlobals>>() {
        context.insert_data(Rc::new(LazyGlobals::default()));
    }
    if let Some(list) = context.get_data::<Rc<LazyGlobals>>() {
        list.0
            .borrow_mut()
            .push((context.global_object(), context.realm().clone()));
    }
    // (A built-in that cannot be wrapped is left as it is: the realm still works.)
    let _ = wrap_reflection(context);
}

/// Define the stand-in of `name` on the current realm's global; its getter.
pub fn install_stand_in(context: &mut Context, name: &'static str) -> JsResult<JsObject> {
    let realm = context.realm().clone();
    // (One string for the property's key and both functions' names.)
    let key = JsString::from(name);
    let getter: JsObject = FunctionObjectBuilder::new(
        &realm,
        NativeFunction::from_copy_closure(move |_, _, context| stand_ins::value(context, name)),
    )
    .name(key.clone())
    .length(0)
    .constructor(false)
    .build()
    .into();
    let setter: JsObject = FunctionObjectBuilder::new(
        &realm,
        NativeFunction::from_copy_closure(move |this, args, context| {
            let value = args.first().cloned().unwrap_or_default();
            set(this, name, value, context)?;
            Ok(JsValue::undefined())
        }),
    )
    .name(key.clone())
    .length(1)
    .constructor(false)
    .build()
    .into();
    context.global_object().define_property_or_throw(
        key,
        PropertyDescriptor::builder()
            .get(getter.clone())
            .set(setter)
            .enumerable(false)
            .configurable(true),
        context,
    )?;
    Ok(getter)
}

/// The stand-in's setter: OrdinarySet's steps for a writable data property on the global
/// (ECMA-262 OrdinarySetWithOwnDescriptor step 2), with the global's property being the one that
/// is set when the receiver is the global.
fn set(this: &JsValue, name: &'static str, value: JsValue, context: &mut Context) -> JsResult<()> {
    let global = context.global_object();
    match this.as_object() {
        Some(receiver) if JsObject::equals(&receiver, &global) => {
            stand_ins::assign(context, name, value)?;
            settle_later(context);
        }
        Some(receiver) => {
            // 2.c–e: the receiver's own property gets the value (a new one is a data property
            // with every attribute true). (A failure is not reported: deviation, see
            // `define_interface`.)
            let key = JsString::from(name);
            if receiver.has_own_property(key.clone(), context)? {
                let _ = receiver.define_property_or_throw(
                    key,
                    PropertyDescriptor::builder().value(value),
                    context,
                );
            } else {
                let _ = receiver.create_data_property(key, value, context);
            }
        }
        // 2.b: a primitive receiver: the set fails (not reported).
        None => {}
    }
    Ok(())
}

/// The current realm has a stand-in to settle: do it at the next empty stack.
pub fn settle_later(context: &mut Context) {
    if !context.has_data::<Rc<Unsettled>>() {
        context.insert_data(Rc::new(Unsettled::default()));
    }
    if let Some(unsettled) = context.get_data::<Rc<Unsettled>>() {
        let realm = context.realm().clone();
        let mut list = unsettled.0.borrow_mut();
        if !list.iter().any(|r| r == &realm) {
            list.push(realm);
        }
    }
    if let Ok(host) = Host::from_context(context) {
        host.when_stack_empty(settle_unsettled);
    }
}

/// Settle the stand-ins of every realm that asked (`Host::when_stack_empty`).
fn settle_unsettled(context: &mut Context) {
    let realms = context
        .get_data::<Rc<Unsettled>>()
        .map(|u| std::mem::take(&mut *u.0.borrow_mut()))
        .unwrap_or_default();
    for realm in realms {
        in_realm(context, &realm, |context| {
            let _ = settle(context, false, None);
        });
    }
}

/// Settle the current realm's stand-ins whose interfaces were made or assigned, while nothing
/// of it can be under way (the realm is being set up).
pub fn settle_now(context: &mut Context) -> JsResult<()> {
    settle(context, false, None)
}

/// Turn stand-ins of the current realm into their data properties: with `all`, every one;
/// with `only`, that one; otherwise those whose interface was made or that were assigned.
fn settle(context: &mut Context, all: bool, only: Option<&str>) -> JsResult<()> {
    let global = context.global_object();
    for (name, getter, value) in stand_ins::take(context, all, only)? {
        let key = PropertyKey::from(JsString::from(name));
        let current = global.borrow().properties().get(&key);
        let Some(current) = current else { continue };
        let ours = current
            .get()
            .and_then(JsValue::as_object)
            .is_some_and(|g| JsObject::equals(&g, &getter));
        // (A non-configurable stand-in cannot become a data property. `Object.freeze`,
        // `defineProperty` and the others settle first; only a proxy forwarding
        // [[DefineOwnProperty]] to the global leaves one — the deviation written at
        // `define_interface` — and its getter keeps answering with the interface object.)
        if !ours || current.configurable() != Some(true) {
            continue;
        }
        // WebIDL: { [[Value]]: the interface object, [[Writable]]: true, [[Enumerable]]:
        // false, [[Configurable]]: true } (enumerable and configurable as the stand-in has
        // them now).
        global.define_property_or_throw(
            key,
            PropertyDescriptor::builder()
                .value(value)
                .writable(true)
                .enumerable(current.enumerable().unwrap_or(false))
                .configurable(true),
            context,
        )?;
    }
    Ok(())
}

/// The realm of `value` if it is a global with stand-ins left.
fn lazy_global(value: Option<&JsValue>, context: &mut Context) -> Option<Realm> {
    let object = value?.as_object()?;
    if !object.is::<EventTargetData>() {
        return None;
    }
    let realm = context
        .get_data::<Rc<LazyGlobals>>()?
        .0
        .borrow()
        .iter()
        .find(|(g, _)| JsObject::equals(g, &object))
        .map(|(_, r)| r.clone())?;
    in_realm(context, &realm, |context| stand_ins::any(context)).then_some(realm)
}

/// What a wrapped built-in settles before it runs.
#[derive(Copy, Clone)]
enum Before {
    /// The stand-in named by argument 1 on the global given as argument 0 (every stand-in of
    /// it when the key is not a string: its conversion is left to the built-in).
    Key,
    /// Every stand-in of the global given as argument 0.
    All,
    /// The stand-in named by argument 0 on every global in the prototype chain of `this`, up to
    /// the first object with an own property of that name.
    ChainKey,
}

fn settle_before(
    before: Before,
    this: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<()> {
    match before {
        Before::Key | Before::All => {
            if let Some(realm) = lazy_global(args.first(), context) {
                let key = match (before, args.get(1)) {
                    (Before::Key, Some(key)) => key.as_string().map(|k| k.to_std_string_escaped()),
                    _ => None,
                };
                in_realm(context, &realm, |context| {
                    settle(context, key.is_none(), key.as_deref())
                })?;
            }
        }
        Before::ChainKey => {
            let Some(key) = args.first().and_then(JsValue::as_string) else {
                return Ok(());
            };
            let name = key.to_std_string_escaped();
            let mut object = this.as_object();
            // (Bounded: a chain is finite, but a cycle through a proxy's trap is not excluded.)
            for _ in 0..10_000 {
                let Some(o) = object else { break };
                if let Some(realm) = lazy_global(Some(&o.clone().into()), context) {
                    in_realm(context, &realm, |context| {
                        settle(context, false, Some(&name))
                    })?;
                }
                if o.has_own_property(key.clone(), context)? {
                    break;
                }
                object = o.prototype();
            }
        }
    }
    Ok(())
}

/// Replace `holder[name]` (a built-in function) with one that settles what `before` says, then
/// calls the built-in with the same `this` and arguments: the same name, length and property
/// attributes.
fn wrap(
    holder: &JsObject,
    name: &str,
    length: usize,
    before: Before,
    context: &mut Context,
) -> JsResult<()> {
    let key = JsString::from(name);
    let Some(original) = holder.get(key.clone(), context)?.as_object() else {
        return Ok(());
    };
    let realm = context.realm().clone();
    let function: JsObject = FunctionObjectBuilder::new(
        &realm,
        NativeFunction::from_copy_closure_with_captures(
            move |this, args, original: &JsObject, context| {
                settle_before(before, this, args, context)?;
                original.call(this, args, context)
            },
            original,
        ),
    )
    .name(key.clone())
    .length(length)
    .constructor(false)
    .build()
    .into();
    holder.define_property_or_throw(
        key,
        PropertyDescriptor::builder()
            .value(function)
            .writable(true)
            .enumerable(false)
            .configurable(true),
        context,
    )?;
    Ok(())
}

/// Wrap the current realm's built-ins that show or change a global property's shape.
fn wrap_reflection(context: &mut Context) -> JsResult<()> {
    let object = context.intrinsics().constructors().object().constructor();
    let reflect = context.intrinsics().objects().reflect();
    let object_prototype = context.intrinsics().constructors().object().prototype();
    for (holder, name, length, before) in [
        (&object, "getOwnPropertyDescriptor", 2, Before::Key),
        (&object, "getOwnPropertyDescriptors", 1, Before::All),
        (&object, "defineProperty", 3, Before::Key),
        (&object, "defineProperties", 2, Before::All),
        (&object, "freeze", 1, Before::All),
        (&object, "seal", 1, Before::All),
        (&object, "preventExtensions", 1, Before::All),
        (&reflect, "getOwnPropertyDescriptor", 2, Before::Key),
        (&reflect, "defineProperty", 3, Before::Key),
        (&reflect, "preventExtensions", 1, Before::All),
        (&object_prototype, "__lookupGetter__", 1, Before::ChainKey),
        (&object_prototype, "__lookupSetter__", 1, Before::ChainKey),
    ] {
        wrap(holder, name, length, before, context)?;
    }
    Ok(())
}
