//! WebIDL interface objects for the web layer: building an interface object and its interface
//! prototype object (WebIDL §3.7), with real JS inheritance, and the small conversions and errors
//! every interface needs (brand checks, required arguments, dictionaries).
//!
//! Invariants:
//! - Every interface defined here is recorded in the realm's [`DomRealm`] by name, so a later layer
//!   finds a parent interface (`inherit` from it) by name: `define_interface` with
//!   `parent: Some("AbortSignal")` makes `X.prototype.__proto__ === AbortSignal.prototype` and
//!   `Object.getPrototypeOf(X) === AbortSignal`.
//! - Operations and attributes follow WebIDL's property shapes: operations are writable,
//!   enumerable, configurable data properties; attributes are enumerable, configurable accessors;
//!   constants are read-only, enumerable, non-configurable and live on both the interface object
//!   and the prototype; the prototype has `@@toStringTag` = the interface name.
//! - Interface objects are made when first needed ([`define_interface`] keeps a recipe): by a
//!   script reading the global property, or by the host needing the prototype (an event it
//!   dispatches, a parent interface). What a script can see is WebIDL's data property from the
//!   start, with the exceptions written at [`define_interface`] (docs/ARCHITECTURE.md, "Lazy
//!   interface objects").

use rustc_hash::FxHashMap as HashMap;
use std::cell::RefCell;
use std::rc::Rc;

use crate::agent::realm::{has_realm_data, insert_realm_data, realm_data};
use boa_engine::object::{ConstructorBuilder, FunctionObjectBuilder};
use boa_engine::property::{Attribute, PropertyDescriptor};
use boa_engine::realm::Realm;
use boa_engine::{
    Context, JsError, JsNativeError, JsObject, JsResult, JsString, JsSymbol, JsValue,
    NativeFunction, js_string,
};

/// An interface object and its interface prototype object.
#[derive(Clone, Debug)]
pub struct Interface {
    pub constructor: JsObject,
    pub prototype: JsObject,
}

/// How an interface not made yet will be made.
type Recipe = Box<dyn FnOnce(&mut Context) -> JsResult<Interface>>;

/// A global property of an interface object that is still the stand-in accessor
/// ([`define_interface`]): its getter (to know the property is still the stand-in) and what a
/// script assigned to it.
struct StandIn {
    name: &'static str,
    getter: JsObject,
    assigned: Option<JsValue>,
}

/// The web layer's per-realm record of interfaces (context data).
#[derive(Default)]
pub struct DomRealm {
    interfaces: RefCell<HashMap<&'static str, Interface>>,
    /// The interfaces defined but not made yet.
    recipes: RefCell<HashMap<&'static str, Recipe>>,
    /// The global properties still held by their stand-ins, in definition order.
    stand_ins: RefCell<Vec<StandIn>>,
    /// The realm's `%ArrayIteratorPrototype%.next` as it was before any script ran: while an
    /// array's iteration still uses it, `sequence` may read the array directly.
    array_iterator_next: Option<JsObject>,
}

impl DomRealm {
    /// Install the record in a context (once, before any interface is defined or any script
    /// runs).
    pub fn install(context: &mut Context) {
        if !has_realm_data::<DomRealm>(context) {
            let array_iterator_next = context
                .intrinsics()
                .objects()
                .iterator_prototypes()
                .array()
                .get(JsString::from("next"), context)
                .ok()
                .and_then(|next| next.as_object());
            insert_realm_data(
                context,
                Rc::new(DomRealm {
                    interfaces: RefCell::default(),
                    recipes: RefCell::default(),
                    stand_ins: RefCell::default(),
                    array_iterator_next,
                }),
            );
            super::lazy_globals::install(context);
        }
    }

    fn of(context: &Context) -> JsResult<Rc<DomRealm>> {
        realm_data::<DomRealm>(context).ok_or_else(|| {
            JsNativeError::typ()
                .with_message("the DOM is not available in this context")
                .into()
        })
    }
}

/// The interface registered under `name` in this realm, made now if it was not yet (and its
/// parents before it).
pub fn interface(context: &mut Context, name: &str) -> JsResult<Interface> {
    let realm = DomRealm::of(context)?;
    if let Some(made) = realm.interfaces.borrow().get(name) {
        return Ok(made.clone());
    }
    // (The borrow ends before the recipe runs: it makes its parent the same way.)
    let recipe = realm.recipes.borrow_mut().remove_entry(name);
    let Some((name, recipe)) = recipe else {
        return Err(JsNativeError::typ()
            .with_message(format!("interface {name} is not defined"))
            .into());
    };
    let made = recipe(context)?;
    realm.interfaces.borrow_mut().insert(name, made.clone());
    if realm.stand_ins.borrow().iter().any(|s| s.name == name) {
        super::lazy_globals::settle_later(context);
    }
    Ok(made)
}

/// The interface prototype object of `name`, which must have been made already (an interface
/// the realm's set-up makes, for callers that only read the context).
pub fn made_prototype_of(context: &Context, name: &str) -> JsResult<JsObject> {
    DomRealm::of(context)?
        .interfaces
        .borrow()
        .get(name)
        .map(|i| i.prototype.clone())
        .ok_or_else(|| {
            JsNativeError::typ()
                .with_message(format!("interface {name} is not made"))
                .into()
        })
}

/// The interface prototype object of `name` (e.g. to create an object of that interface).
pub fn prototype_of(context: &mut Context, name: &str) -> JsResult<JsObject> {
    Ok(interface(context, name)?.prototype)
}

/// What an interface is made of.
pub struct InterfaceSpec {
    pub name: &'static str,
    /// The inherited interface (already defined), if any.
    pub parent: Option<&'static str>,
    /// The constructor's `length`.
    pub length: usize,
    /// The constructor steps (`this` is NewTarget); `None`: not constructible ("Illegal
    /// constructor").
    pub constructor: Option<NativeFunction>,
}

/// The members of an interface under construction.
pub struct Members<'a, 'ctx> {
    builder: &'a mut ConstructorBuilder<'ctx>,
    realm: Realm,
}

fn function(realm: &Realm, name: JsString, length: usize, body: NativeFunction) -> JsObject {
    FunctionObjectBuilder::new(realm, body)
        .name(name)
        .length(length)
        .constructor(false)
        .build()
        .into()
}

impl Members<'_, '_> {
    /// A regular operation on the prototype.
    pub fn operation(&mut self, name: &str, length: usize, body: NativeFunction) -> &mut Self {
        let f = function(&self.realm, JsString::from(name), length, body);
        self.builder.property_descriptor(
            JsString::from(name),
            PropertyDescriptor::builder()
                .value(f)
                .writable(true)
                .enumerable(true)
                .configurable(true),
        );
        self
    }

    /// A static operation on the interface object.
    pub fn static_operation(
        &mut self,
        name: &str,
        length: usize,
        body: NativeFunction,
    ) -> &mut Self {
        let f = function(&self.realm, JsString::from(name), length, body);
        self.builder.static_property_descriptor(
            JsString::from(name),
            PropertyDescriptor::builder()
                .value(f)
                .writable(true)
                .enumerable(true)
                .configurable(true),
        );
        self
    }

    /// A regular attribute (read-only when `set` is `None`).
    pub fn attribute(
        &mut self,
        name: &str,
        get: NativeFunction,
        set: Option<NativeFunction>,
    ) -> &mut Self {
        let (getter, setter) = accessor_pair(&self.realm, name, get, set);
        self.builder.property_descriptor(
            JsString::from(name),
            PropertyDescriptor::builder()
                .get(getter)
                .maybe_set(setter)
                .enumerable(true)
                .configurable(true),
        );
        self
    }

    /// A constant (on the interface object and the prototype).
    pub fn constant(&mut self, name: &str, value: u16) -> &mut Self {
        let desc = || {
            PropertyDescriptor::builder()
                .value(value)
                .writable(false)
                .enumerable(true)
                .configurable(false)
        };
        self.builder
            .property_descriptor(JsString::from(name), desc())
            .static_property_descriptor(JsString::from(name), desc());
        self
    }
}

/// The getter and setter functions of an attribute, named "get x" / "set x".
pub fn accessor_pair(
    realm: &Realm,
    name: &str,
    get: NativeFunction,
    set: Option<NativeFunction>,
) -> (JsObject, Option<JsObject>) {
    let getter = function(
        realm,
        JsString::from(format!("get {name}").as_str()),
        0,
        get,
    );
    let setter = set.map(|s| function(realm, JsString::from(format!("set {name}").as_str()), 1, s));
    (getter, setter)
}

/// An interface without members of its own and without a constructor (`Text`,
/// `HTMLDivElement`, …), inheriting from `parent`.
pub fn define_memberless_interface(
    context: &mut Context,
    name: &'static str,
    parent: &'static str,
) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name,
            parent: Some(parent),
            length: 0,
            constructor: None,
        },
        |_| {},
    )
}

/// Define an interface: its interface object (exposed on the global), its prototype with
/// `@@toStringTag`, the inheritance chain to `parent`, and its members. They are made when first
/// needed ([`interface`]); until then the global property is a stand-in.
///
/// WebIDL §3.7 ("define the global property references"): the global property is a data
/// property { [[Writable]]: true, [[Enumerable]]: false, [[Configurable]]: true } whose value is
/// the interface object. Here it is first an accessor with those enumerable and configurable
/// bits, whose getter makes the interface and whose setter keeps what was assigned; when no
/// JavaScript frame is on the stack (the end of a task's script, `Host::when_stack_empty`) every
/// stand-in whose interface was made or assigned becomes that data property, in its place in
/// the property order. (Not at once inside the getter: Boa 0.22's inline caches would keep
/// the accessor's slot for the data property that replaced it, and the next read would call the
/// interface object as a getter; docs/ARCHITECTURE.md.) Until then a script sees the data
/// property through `Object.getOwnPropertyDescriptor(s)`, `Reflect.getOwnPropertyDescriptor`,
/// `Object.defineProperty`/`defineProperties`/`Reflect.defineProperty`, `Object.freeze`/`seal`/
/// `preventExtensions`, `Reflect.preventExtensions` and `__lookupGetter__`/`__lookupSetter__`,
/// which turn the stand-ins they concern into data properties first (`lazy_globals`).
/// Deviations left: a `Proxy` whose target is a global forwards `getOwnPropertyDescriptor` to
/// it unseen, so through the proxy an interface the script never touched shows the accessor;
/// and a set whose receiver is not the global (`Reflect.set(globalThis, "Event", v, receiver)`)
/// defines the property on the receiver as the data property would, but reports no failure
/// (a primitive receiver, or a receiver with a non-writable or accessor property of that name).
pub fn define_interface(
    context: &mut Context,
    spec: InterfaceSpec,
    members: impl FnOnce(&mut Members<'_, '_>) + 'static,
) -> JsResult<()> {
    define_interface_with(context, spec, members, |_, _| Ok(()))
}

/// [`define_interface`], with `finish` run on the interface when it is made (what its members
/// cannot say: a different [[Prototype]], an `@@iterator` that is another member's function).
pub fn define_interface_with(
    context: &mut Context,
    spec: InterfaceSpec,
    members: impl FnOnce(&mut Members<'_, '_>) + 'static,
    finish: impl FnOnce(&Interface, &mut Context) -> JsResult<()> + 'static,
) -> JsResult<()> {
    let name = spec.name;
    let realm = DomRealm::of(context)?;
    realm.recipes.borrow_mut().insert(
        name,
        Box::new(move |context| {
            let made = make_interface(context, spec, members)?;
            finish(&made, context)?;
            Ok(made)
        }),
    );
    let getter = super::lazy_globals::install_stand_in(context, name)?;
    realm.stand_ins.borrow_mut().push(StandIn {
        name,
        getter,
        assigned: None,
    });
    Ok(())
}

/// Add `steps` to what making the interface `name` (defined before) does, after its own steps:
/// members a later specification adds to it (a partial interface). Run at once if it was made.
pub fn extend_interface(
    context: &mut Context,
    name: &'static str,
    steps: impl FnOnce(&Interface, &mut Context) -> JsResult<()> + 'static,
) -> JsResult<()> {
    let realm = DomRealm::of(context)?;
    let made = realm.interfaces.borrow().get(name).cloned();
    if let Some(made) = made {
        return steps(&made, context);
    }
    let recipe = realm.recipes.borrow_mut().remove(name);
    let Some(recipe) = recipe else {
        return Err(JsNativeError::typ()
            .with_message(format!("interface {name} is not defined"))
            .into());
    };
    realm.recipes.borrow_mut().insert(
        name,
        Box::new(move |context| {
            let made = recipe(context)?;
            steps(&made, context)?;
            Ok(made)
        }),
    );
    Ok(())
}

/// [`define_interface`], and make the interface now (for the few the host needs at once: the
/// global's own, the prototypes of objects every global has).
pub fn define_interface_now(
    context: &mut Context,
    spec: InterfaceSpec,
    members: impl FnOnce(&mut Members<'_, '_>) + 'static,
) -> JsResult<Interface> {
    let name = spec.name;
    define_interface(context, spec, members)?;
    interface(context, name)
}

/// Make the interface object and its prototype (`spec.parent` is made first if it was not).
fn make_interface(
    context: &mut Context,
    spec: InterfaceSpec,
    members: impl FnOnce(&mut Members<'_, '_>),
) -> JsResult<Interface> {
    let parent = spec.parent.map(|p| interface(context, p)).transpose()?;
    let name = spec.name;
    let body = spec
        .constructor
        .unwrap_or_else(|| NativeFunction::from_fn_ptr(|_, _, _| Err(illegal_constructor())));
    let realm = context.realm().clone();
    let mut builder = ConstructorBuilder::new(context, body);
    builder.name(name).length(spec.length);
    if let Some(parent) = &parent {
        builder
            .inherit(parent.prototype.clone())
            .custom_prototype(parent.constructor.clone());
    }
    builder.property(
        JsSymbol::to_string_tag(),
        JsString::from(name),
        Attribute::CONFIGURABLE,
    );
    {
        let mut m = Members {
            builder: &mut builder,
            realm,
        };
        members(&mut m);
    }
    let standard = builder.build();
    Ok(Interface {
        constructor: standard.constructor(),
        prototype: standard.prototype(),
    })
}

/// What the stand-ins of `lazy_globals` need of the realm's record.
pub(super) mod stand_ins {
    use super::{DomRealm, JsObject, JsResult, JsValue, interface};
    use boa_engine::Context;

    /// The value of the stand-in `name` of the current realm: what a script assigned to it, or
    /// the interface object (made now if it was not).
    pub fn value(context: &mut Context, name: &'static str) -> JsResult<JsValue> {
        let realm = DomRealm::of(context)?;
        let assigned = realm
            .stand_ins
            .borrow()
            .iter()
            .find(|s| s.name == name)
            .and_then(|s| s.assigned.clone());
        match assigned {
            Some(value) => Ok(value),
            None => Ok(interface(context, name)?.constructor.into()),
        }
    }

    /// A script assigned `value` to the global property `name` while it was a stand-in.
    pub fn assign(context: &Context, name: &'static str, value: JsValue) -> JsResult<()> {
        let realm = DomRealm::of(context)?;
        if let Some(stand_in) = realm
            .stand_ins
            .borrow_mut()
            .iter_mut()
            .find(|s| s.name == name)
        {
            stand_in.assigned = Some(value);
        }
        Ok(())
    }

    /// The stand-ins of the current realm to settle: with `all`, every one (their interfaces
    /// are made); otherwise those whose interface was made or that were assigned, or only
    /// `only`. Each: its name, getter and value; they are no longer stand-ins.
    pub fn take(
        context: &mut Context,
        all: bool,
        only: Option<&str>,
    ) -> JsResult<Vec<(&'static str, JsObject, JsValue)>> {
        let realm = DomRealm::of(context)?;
        let names: Vec<&'static str> = realm
            .stand_ins
            .borrow()
            .iter()
            .filter(|s| only.is_none_or(|o| o == s.name))
            .filter(|s| {
                all || only.is_some()
                    || s.assigned.is_some()
                    || realm.interfaces.borrow().contains_key(s.name)
            })
            .map(|s| s.name)
            .collect();
        let mut out = Vec::with_capacity(names.len());
        for name in names {
            let value = value(context, name)?;
            let mut list = realm.stand_ins.borrow_mut();
            if let Some(i) = list.iter().position(|s| s.name == name) {
                let stand_in = list.remove(i);
                out.push((name, stand_in.getter, value));
            }
        }
        Ok(out)
    }

    /// Whether the current realm has stand-ins left.
    pub fn any(context: &Context) -> bool {
        DomRealm::of(context).is_ok_and(|r| !r.stand_ins.borrow().is_empty())
    }
}

// ---- errors in the browsers' wording ----

/// Calling a method or accessor with a `this` of the wrong interface.
#[must_use]
pub fn illegal_invocation() -> JsError {
    JsNativeError::typ()
        .with_message("Illegal invocation")
        .into()
}

/// `new X()` of an interface without a constructor.
#[must_use]
pub fn illegal_constructor() -> JsError {
    JsNativeError::typ()
        .with_message("Illegal constructor")
        .into()
}

/// "Failed to construct 'X': message".
#[must_use]
pub fn construct_error(interface: &str, message: &str) -> JsError {
    JsNativeError::typ()
        .with_message(format!("Failed to construct '{interface}': {message}"))
        .into()
}

/// The "N argument(s) required, but only M present." message.
#[must_use]
pub fn arguments_required(required: usize, present: usize) -> String {
    let plural = if required == 1 {
        "argument"
    } else {
        "arguments"
    };
    format!("{required} {plural} required, but only {present} present.")
}

/// The constructor steps' first check: a constructor called without `new` is a TypeError, and
/// the object's prototype comes from NewTarget (GetPrototypeFromConstructor), so subclasses work.
pub fn prototype_from_new_target(
    new_target: &JsValue,
    interface_name: &str,
    context: &mut Context,
) -> JsResult<JsObject> {
    let Some(new_target) = new_target.as_object() else {
        return Err(construct_error(
            interface_name,
            "Please use the 'new' operator, this DOM object constructor cannot be called as a \
             function.",
        ));
    };
    // GetPrototypeFromConstructor: 2. Let proto be ? Get(constructor, "prototype"). 3. If proto
    // is not an Object, use the realm's intrinsic (here: this realm's interface prototype).
    //    (When constructor is the interface object itself, the usual `new X()`, its "prototype"
    //    is a non-writable, non-configurable data property holding the interface prototype
    //    object (WebIDL §3.7.1), so the Get is answered from the realm's record without the
    //    engine's property lookup: nothing observable happens either way.)
    if let Ok(iface) = interface(context, interface_name)
        && JsObject::equals(&new_target, &iface.constructor)
    {
        return Ok(iface.prototype);
    }
    if let Some(proto) = new_target
        .get(js_string!("prototype"), context)?
        .as_object()
    {
        return Ok(proto);
    }
    prototype_of(context, interface_name)
}

/// WebIDL's `this` for operations and attributes (§3.7.5 "create an operation function" steps
/// 2.1.1–2.1.2, §3.7.6 attribute getter/setter steps 1.1–1.2, which the caller's brand check
/// completes):
/// 1. Let jsValue be the this value, if it is not null or undefined, or realm's global object
///    otherwise. (The global then fails the brand check unless it implements the interface.)
/// 2. If jsValue is not a platform object (here: not an object at all; the caller's brand check
///    rejects the other objects), throw a TypeError.
pub fn this_object(this: &JsValue, context: &Context) -> JsResult<JsObject> {
    // 1.
    if this.is_null_or_undefined() {
        return Ok(context.global_object());
    }
    // 2.
    this.as_object().ok_or_else(illegal_invocation)
}

/// A dictionary argument (WebIDL §3.2.17): undefined or null is the empty dictionary; any other
/// non-object is a TypeError.
pub fn dictionary(
    value: Option<&JsValue>,
    on_error: impl FnOnce(&str) -> JsError,
    dictionary_name: &str,
) -> JsResult<Option<JsObject>> {
    match value {
        None => Ok(None),
        Some(v) if v.is_null_or_undefined() => Ok(None),
        Some(v) => v.as_object().map(Some).ok_or_else(|| {
            on_error(&format!(
                "The provided value is not of type '{dictionary_name}'."
            ))
        }),
    }
}

/// A dictionary member's value (undefined when absent).
pub fn member(dict: Option<&JsObject>, name: JsString, context: &mut Context) -> JsResult<JsValue> {
    match dict {
        None => Ok(JsValue::undefined()),
        Some(d) => d.get(name, context),
    }
}

/// A `boolean` dictionary member with a default.
pub fn bool_member(
    dict: Option<&JsObject>,
    name: JsString,
    default: bool,
    context: &mut Context,
) -> JsResult<bool> {
    let value = member(dict, name, context)?;
    Ok(if value.is_undefined() {
        default
    } else {
        value.to_boolean()
    })
}

/// A `sequence<T>` argument (WebIDL §3.2.18): the values of iterating `value` (an object with
/// a callable `@@iterator`; anything else is a TypeError made by `on_error`).
pub fn sequence(
    value: &JsValue,
    context: &mut Context,
    on_error: impl Fn(&str) -> JsError,
) -> JsResult<Vec<JsValue>> {
    sequence_with(value, context, on_error, |v, _| Ok(v))
}

/// A `sequence<I>` dictionary member of interface type I (empty when absent): each element must
/// be an object `is_interface` accepts; `fail` makes the TypeError (for iteration problems and,
/// given `not_of_type`, for an element of another type).
pub fn interface_sequence_member(
    dict: Option<&JsObject>,
    name: &str,
    context: &mut Context,
    fail: impl Fn(&str) -> JsError,
    is_interface: impl Fn(&JsObject) -> bool,
    not_of_type: &str,
) -> JsResult<Vec<JsObject>> {
    let value = member(dict, JsString::from(name), context)?;
    if value.is_undefined() {
        return Ok(Vec::new());
    }
    sequence(&value, context, &fail)?
        .into_iter()
        .map(|v| {
            v.as_object()
                .filter(|o| is_interface(o))
                .ok_or_else(|| fail(not_of_type))
        })
        .collect()
}

/// A `sequence<T>` argument whose elements are converted to T by `convert` as they are
/// iterated (WebIDL "create a sequence from an iterable": each value is converted before the
/// next `next()` call).
pub fn sequence_with<T>(
    value: &JsValue,
    context: &mut Context,
    on_error: impl Fn(&str) -> JsError,
    mut convert: impl FnMut(JsValue, &mut Context) -> JsResult<T>,
) -> JsResult<Vec<T>> {
    let not_iterable = "The provided value cannot be converted to a sequence.";
    let Some(object) = value.as_object() else {
        return Err(on_error(not_iterable));
    };
    let method = object.get(JsSymbol::iterator(), context)?;
    if let Some(values) = unmodified_array_values(&object, &method, context, &mut convert)? {
        return Ok(values);
    }
    let Some(method) = method.as_callable() else {
        return Err(on_error(not_iterable));
    };
    let iterator = method.call(value, &[], context)?;
    let Some(iterator) = iterator.as_object() else {
        return Err(JsNativeError::typ()
            .with_message("the iterator is not an object")
            .into());
    };
    let next = iterator.get(js_string!("next"), context)?;
    let mut values = Vec::new();
    loop {
        let Some(next) = next.as_callable() else {
            return Err(JsNativeError::typ()
                .with_message("the iterator's next is not callable")
                .into());
        };
        let result = next.call(&iterator.clone().into(), &[], context)?;
        let Some(result) = result.as_object() else {
            return Err(JsNativeError::typ()
                .with_message("the iterator result is not an object")
                .into());
        };
        if result.get(js_string!("done"), context)?.to_boolean() {
            return Ok(values);
        }
        let next_value = result.get(js_string!("value"), context)?;
        values.push(convert(next_value, context)?);
    }
}

/// The values iterating `array` would give, read directly, when nothing the iteration consults
/// has been changed: `array` is an Array whose `@@iterator` (`method`, already read) is this
/// realm's original `Array.prototype.values`, and `%ArrayIteratorPrototype%.next` is still the
/// original. That `next` reads `length` and then the element at each index in turn (ECMA-262
/// §23.1.5.1 via CreateArrayIterator): this does the same reads in the same order, so element
/// getters see the same calls, without the iterator and result objects; each value is converted
/// before the next read, as `sequence_with` does. (The iteration's `next` is read once, when it
/// starts, so a conversion that replaces it changes nothing, here as there.) `None`: iterate.
fn unmodified_array_values<T>(
    array: &JsObject,
    method: &JsValue,
    context: &mut Context,
    convert: &mut impl FnMut(JsValue, &mut Context) -> JsResult<T>,
) -> JsResult<Option<Vec<T>>> {
    if !array.is_array() {
        return Ok(None);
    }
    let values_function = context.intrinsics().objects().array_prototype_values();
    if !method
        .as_object()
        .is_some_and(|m| JsObject::equals(&m, &values_function))
    {
        return Ok(None);
    }
    let Some(original_next) = DomRealm::of(context)?.array_iterator_next.clone() else {
        return Ok(None);
    };
    let next = context
        .intrinsics()
        .objects()
        .iterator_prototypes()
        .array()
        .get(js_string!("next"), context)?;
    if !next
        .as_object()
        .is_some_and(|n| JsObject::equals(&n, &original_next))
    {
        return Ok(None);
    }
    let mut values = Vec::new();
    let mut index: usize = 0;
    // Each step re-reads the length, as the iterator's `next` does (a getter may change it).
    while (index as u64)
        < array
            .get(js_string!("length"), context)?
            .to_length(context)?
    {
        let value = array.get(index, context)?;
        values.push(convert(value, context)?);
        index += 1;
    }
    Ok(Some(values))
}

/// An argument that may be absent.
#[must_use]
pub fn arg(args: &[JsValue], index: usize) -> JsValue {
    args.get(index).cloned().unwrap_or_default()
}

/// Brand checks for an interface whose subclasses' instances carry other native data (an
/// `Event` may be a `CustomEvent`, an `AbortSignal` a `TaskSignal`): the check for each native
/// data type, registered once per agent however many realms register it (context data).
type BrandCheck<T> = fn(&JsObject) -> Option<T>;
struct BrandList<T: 'static>(RefCell<Vec<BrandCheck<T>>>);

/// Recognise objects for which `brand` answers as implementing the interface whose state is `T`.
pub fn register_brand<T: 'static>(context: &mut Context, brand: BrandCheck<T>) {
    if !context.has_data::<Rc<BrandList<T>>>() {
        context.insert_data(Rc::new(BrandList::<T>(RefCell::new(Vec::new()))));
    }
    if let Some(brands) = context.get_data::<Rc<BrandList<T>>>() {
        let mut list = brands.0.borrow_mut();
        if !list.iter().any(|b| std::ptr::fn_addr_eq(*b, brand)) {
            list.push(brand);
        }
    }
}

/// The state `T` of `object` by the brand checks registered for `T`.
#[must_use]
pub fn find_brand<T: 'static>(object: &JsObject, context: &Context) -> Option<T> {
    let brands = context.get_data::<Rc<BrandList<T>>>()?;
    let list = brands.0.borrow();
    list.iter().find_map(|brand| brand(object))
}
