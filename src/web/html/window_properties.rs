//! Named access on the Window object (HTML §7.2.2.3): `window.log`, and `log` as a bare name, are
//! the element whose id is "log" (or the `<embed>`, `<form>`, `<img>` or `<object>` named so, or
//! the window of the `<iframe>` named so) in the window's document, unless the window or its
//! prototype has a property of that name.
//!
//! WebIDL puts these in a *named properties object* (`WindowProperties`) between
//! `Window.prototype` and `EventTarget.prototype`, whose property lookups ask the document each
//! time. Deviations, deliberate:
//! - The named properties object is a `Proxy` (Boa has no host exotic objects) whose traps ask the
//!   document, and it is put into the prototype chain when the first element with an `id` or a
//!   `name` enters the window's document, so a window whose document has none pays nothing (not
//!   even the proxy's traps on a global name that is not found).
//! - Several named objects of one name are a plain array in tree order, not an `HTMLCollection`
//!   (the same deviation as `getElementsByTagName()`).
//!
//! Invariant: a window's named properties object is installed at most once, and only while its
//! realm is the current one.

use std::rc::Rc;

use boa_engine::object::builtins::JsArray;
use boa_engine::property::PropertyDescriptor;
use boa_engine::{
    Context, JsObject, JsResult, JsString, JsSymbol, JsValue, NativeFunction, Source,
};

use crate::agent::realm::{in_realm, insert_realm_data, realm_data, realm_of_global};
use crate::web::dom::node::{NodeState, attribute, inclusive_descendants, local_name, node_state};

/// The traps of the named properties object, given the target and the window's lookup (a
/// function of a string: the named object, or undefined). Properties of the target itself
/// (`Symbol.toStringTag`) and of the objects above it come after the named ones.
const PROXY_SOURCE: &str = r"(function (target, lookup) {
  'use strict';
  const named = (key) => (typeof key === 'string' ? lookup(key) : undefined);
  return new Proxy(target, {
    get(t, key, receiver) {
      const value = named(key);
      return value !== undefined ? value : Reflect.get(t, key, receiver);
    },
    has(t, key) {
      return named(key) !== undefined || Reflect.has(t, key);
    },
    getOwnPropertyDescriptor(t, key) {
      const value = named(key);
      return value !== undefined
        ? { value, writable: true, enumerable: false, configurable: true }
        : Reflect.getOwnPropertyDescriptor(t, key);
    },
    defineProperty() {
      return false;
    },
    deleteProperty(t, key) {
      return named(key) === undefined && Reflect.deleteProperty(t, key);
    },
    setPrototypeOf() {
      return false;
    },
  });
})";

/// A window's named properties object, once installed (realm data).
struct Installed;

/// Whether `element` could be a named object of its window: it has an `id`, or a `name`.
fn may_be_named(state: &NodeState) -> bool {
    state
        .attributes
        .borrow()
        .iter()
        .any(|(n, v)| (n == "id" || n == "name") && !v.is_empty())
}

/// Elements were inserted into (or an `id`/`name` was set in) a document: if one of `nodes` may be
/// a named object and the document has a window, give that window its named properties object.
pub fn named_objects_may_exist(nodes: &[JsObject], context: &mut Context) -> JsResult<()> {
    let Some(first) = nodes
        .iter()
        .find(|n| node_state(n).is_some_and(|s| may_be_named(&s)))
    else {
        return Ok(());
    };
    let Some(document) = node_state(first).and_then(|s| s.document.borrow().clone()) else {
        return Ok(());
    };
    let Some(window) = node_state(&document).and_then(|s| s.window.borrow().clone()) else {
        return Ok(());
    };
    let Some(realm) = realm_of_global(context, &window) else {
        return Ok(());
    };
    in_realm(context, &realm, |context| install(&window, context))
}

/// Put the named properties object of the current realm's `window` between `Window.prototype` and
/// the object above it (once).
fn install(window: &JsObject, context: &mut Context) -> JsResult<()> {
    if realm_data::<Installed>(context).is_some() {
        return Ok(());
    }
    insert_realm_data(context, Rc::new(Installed));
    let Some(window_prototype) = window.prototype() else {
        return Ok(());
    };
    // The target: an object above which the chain goes on as before (EventTarget.prototype), with
    // the class string of the named properties object.
    let target = JsObject::with_object_proto(context.intrinsics());
    target.set_prototype(window_prototype.prototype());
    target.define_property_or_throw(
        JsSymbol::to_string_tag(),
        PropertyDescriptor::builder()
            .value(JsString::from("WindowProperties"))
            .writable(false)
            .enumerable(false)
            .configurable(true),
        context,
    )?;
    let lookup = NativeFunction::from_copy_closure_with_captures(
        |_, args, window, context| {
            let name = args
                .first()
                .and_then(JsValue::as_string)
                .map(|s| s.to_std_string_escaped())
                .unwrap_or_default();
            Ok(named_property(window, &name, context))
        },
        window.clone(),
    )
    .to_js_function(context.realm());
    let make = context.eval(Source::from_bytes(PROXY_SOURCE))?;
    let make = make
        .as_callable()
        .ok_or_else(|| boa_engine::JsNativeError::typ().with_message("named properties"))?;
    let proxy = make.call(
        &JsValue::undefined(),
        &[target.into(), lookup.into()],
        context,
    )?;
    if let Some(proxy) = proxy.as_object() {
        window_prototype.set_prototype(Some(proxy.clone()));
    }
    Ok(())
}

/// The value of the named property `name` of `window` (undefined: none).
///
/// 1. Let objects be the list of named objects of window with the name name: the navigable
///    containers (iframes) whose content navigable's target name is name; the `embed`, `form`,
///    `img` and `object` elements with a `name` content attribute of name; the HTML elements with
///    an `id` content attribute of name; all in the window's document, in tree order.
/// 2. If objects contains a navigable, then return the active WindowProxy of the first navigable
///    container in tree order whose content navigable is in objects.
/// 3. Otherwise, if objects has only one element, return that element.
/// 4. Otherwise, return an HTMLCollection of them (here: an array, see above).
fn named_property(window: &JsObject, name: &str, context: &mut Context) -> JsValue {
    if name.is_empty() {
        return JsValue::undefined();
    }
    let Some(realm) = realm_of_global(context, window) else {
        return JsValue::undefined();
    };
    let Ok(Some(document)) = crate::web::dom::document::window_document_of(&realm, context) else {
        return JsValue::undefined();
    };
    let document = document.document.clone();
    let mut objects = Vec::new();
    for node in inclusive_descendants(&document) {
        let Some(local) = local_name(&node) else {
            continue;
        };
        let named = attribute(&node, "name").is_some_and(|n| n == name);
        if local == "iframe"
            && named
            && let Some(content) = node_state(&node).and_then(|s| s.content.borrow().clone())
        {
            return content.global.clone().into();
        }
        let by_name = named && matches!(local.as_str(), "embed" | "form" | "img" | "object");
        if by_name || attribute(&node, "id").is_some_and(|id| id == name) {
            objects.push(node);
        }
    }
    match objects.len() {
        0 => JsValue::undefined(),
        1 => objects.remove(0).into(),
        _ => JsArray::from_iter(objects.into_iter().map(JsValue::from), context).into(),
    }
}
