//! The `URLSearchParams` interface (URL Standard §6.2): an ordered list of name-value pairs,
//! parsed from and serialized to application/x-www-form-urlencoded, optionally tied to a URL
//! object whose query it keeps up to date; and its pair iterator (WebIDL §3.7.9).
//!
//! Invariant: after every change to the list, the update steps run, so a URL object's query is
//! always the serialization of its query object's list (null when that is empty). Iterators read
//! the live list by index, as WebIDL's default iterators do.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use boa_engine::object::ObjectInitializer;
use boa_engine::object::builtins::JsArray;
use boa_engine::property::{Attribute, PropertyDescriptor, PropertyKey};
use boa_engine::{
    Context, JsNativeError, JsObject, JsResult, JsString, JsSymbol, JsValue, NativeFunction,
    js_string,
};
use boa_gc::{Finalize, Trace};

use crate::agent::realm::{insert_realm_data, realm_data};
use crate::engine::webidl::type_error;
use crate::web::dom::interface::{
    InterfaceSpec, arguments_required, construct_error, define_interface_with, illegal_invocation,
    prototype_from_new_target, prototype_of, sequence, this_object,
};
use crate::web::util::{define_operation, to_usv_string};

/// A URLSearchParams object's native data: its list and its URL object (null for one made by
/// the constructor).
#[derive(Trace, Finalize, boa_engine::JsData)]
pub struct UrlSearchParamsData {
    #[unsafe_ignore_trace]
    list: RefCell<Vec<(String, String)>>,
    url_object: Option<JsObject>,
}

/// The application/x-www-form-urlencoded parser (§5.1): split on `&`, drop empty sequences,
/// split each on its first `=`, replace `+` by space, percent-decode, and UTF-8 decode without
/// BOM or fail (invalid sequences become U+FFFD).
#[must_use]
pub fn parse_urlencoded(input: &str) -> Vec<(String, String)> {
    ::url::form_urlencoded::parse(input.as_bytes())
        .map(|(n, v)| (n.into_owned(), v.into_owned()))
        .collect()
}

/// The application/x-www-form-urlencoded serializer (§5.2).
#[must_use]
pub fn serialize_urlencoded(list: &[(String, String)]) -> String {
    ::url::form_urlencoded::Serializer::new(String::new())
        .extend_pairs(list.iter())
        .finish()
}

/// A new URLSearchParams for the URL object `url`, initialized with its query.
pub fn new_for_url(url: &JsObject, query: &str, context: &mut Context) -> JsResult<JsObject> {
    let proto = prototype_of(context, "URLSearchParams")?;
    Ok(JsObject::from_proto_and_data(
        proto,
        UrlSearchParamsData {
            list: RefCell::new(parse_urlencoded(query)),
            url_object: Some(url.clone()),
        },
    ))
}

/// Set the list of `params` to the result of parsing `input` (the URL's href and search
/// setters; no update steps, the URL is already right).
pub fn set_list(params: &JsObject, input: &str) {
    if let Some(data) = params.downcast_ref::<UrlSearchParamsData>() {
        *data.list.borrow_mut() = parse_urlencoded(input);
    }
}

fn this_params(this: &JsValue, context: &Context) -> JsResult<JsObject> {
    let object = this_object(this, context)?;
    if object.downcast_ref::<UrlSearchParamsData>().is_none() {
        return Err(illegal_invocation());
    }
    Ok(object)
}

/// Run `f` on the list of `object` (a URLSearchParams), then, if `update`, the update steps:
///
/// 1. If query's URL object is null, then return.
/// 2. Let serializedQuery be the serialization of query's list.
/// 3. If serializedQuery is the empty string, then set it to null.
/// 4. Set query's URL object's URL's query to serializedQuery.
fn with_list<R>(
    object: &JsObject,
    update: bool,
    f: impl FnOnce(&mut Vec<(String, String)>) -> R,
) -> JsResult<R> {
    let data = object
        .downcast_ref::<UrlSearchParamsData>()
        .ok_or_else(illegal_invocation)?;
    let result = f(&mut data.list.borrow_mut());
    if update && let Some(url) = &data.url_object {
        let serialized = serialize_urlencoded(&data.list.borrow());
        let query = (!serialized.is_empty()).then_some(serialized.as_str());
        crate::web::url::url::set_query(url, query);
    }
    Ok(result)
}

/// The USVString arguments of an operation, `required` of them present.
fn strings(
    args: &[JsValue],
    required: usize,
    operation: &str,
    context: &mut Context,
) -> JsResult<Vec<String>> {
    if args.len() < required {
        return Err(type_error(
            "URLSearchParams",
            operation,
            &arguments_required(required, args.len()),
        ));
    }
    args.iter()
        .take(required)
        .map(|a| to_usv_string(a, context))
        .collect()
}

/// An optional USVString argument (undefined: absent).
fn optional_string(
    args: &[JsValue],
    index: usize,
    context: &mut Context,
) -> JsResult<Option<String>> {
    match args.get(index) {
        Some(v) if !v.is_undefined() => Ok(Some(to_usv_string(v, context)?)),
        _ => Ok(None),
    }
}

/// The realm's `Object.prototype.propertyIsEnumerable`, as it was at start-up (for records).
struct PropertyIsEnumerable(JsObject);

/// `constructor(optional (sequence<sequence<USVString>> or record<USVString, USVString> or
/// USVString) init = "")`.
fn constructor(new_target: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let proto = prototype_from_new_target(new_target, "URLSearchParams", context)?;
    let fail = |m: &str| construct_error("URLSearchParams", m);
    let init = args.first().cloned().unwrap_or_default();
    let mut list = Vec::new();
    match init.as_object() {
        // The union: an object with @@iterator is the sequence, any other object the record.
        Some(object) if !object.get(JsSymbol::iterator(), context)?.is_undefined() => {
            // 1. If init is a sequence, then for each innerSequence of init: 1. If
            //    innerSequence's size is not 2, then throw a TypeError. 2. Append
            //    (innerSequence[0], innerSequence[1]) to query's list.
            for inner in sequence(&init, context, fail)? {
                let pair = sequence(&inner, context, fail)?;
                if pair.len() != 2 {
                    return Err(fail(
                        "The provided sequence has a pair whose length is not 2.",
                    ));
                }
                list.push((
                    to_usv_string(&pair[0], context)?,
                    to_usv_string(&pair[1], context)?,
                ));
            }
        }
        Some(object) => {
            // 2. Otherwise, if init is a record, then for each name → value of init, append
            //    (name, value) to query's list. (WebIDL record conversion: own enumerable
            //    string-keyed properties, in property order.)
            let is_enumerable = realm_data::<PropertyIsEnumerable>(context)
                .map(|p| p.0.clone())
                .ok_or_else(|| {
                    JsNativeError::typ().with_message("URLSearchParams is not set up")
                })?;
            for key in object.own_property_keys(context)? {
                let name = match &key {
                    PropertyKey::String(s) => s.clone(),
                    PropertyKey::Index(i) => JsString::from(i.get().to_string().as_str()),
                    PropertyKey::Symbol(_) => continue,
                };
                let enumerable =
                    is_enumerable.call(&object.clone().into(), &[name.clone().into()], context)?;
                if !enumerable.to_boolean() {
                    continue;
                }
                let value = object.get(key, context)?;
                list.push((
                    String::from_utf16_lossy(&name.iter().collect::<Vec<u16>>()),
                    to_usv_string(&value, context)?,
                ));
            }
        }
        None => {
            // 1 (of the constructor). If init is a string and starts with U+003F (?), then
            //    remove the first code point from init.
            // 3. Otherwise, set query's list to the result of parsing init.
            let init = if init.is_undefined() {
                String::new()
            } else {
                to_usv_string(&init, context)?
            };
            list = parse_urlencoded(init.strip_prefix('?').unwrap_or(&init));
        }
    }
    Ok(JsObject::from_proto_and_data(
        proto,
        UrlSearchParamsData {
            list: RefCell::new(list),
            url_object: None,
        },
    )
    .into())
}

fn append(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let object = this_params(this, context)?;
    let s = strings(args, 2, "append", context)?;
    // 1. Append (name, value) to this's list. 2. Run this's update steps.
    with_list(&object, true, |list| {
        list.push((s[0].clone(), s[1].clone()))
    })?;
    Ok(JsValue::undefined())
}

fn delete(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let object = this_params(this, context)?;
    let name = strings(args, 1, "delete", context)?.remove(0);
    let value = optional_string(args, 1, context)?;
    // 1. If value is given, then remove all tuples whose name is name and value is value from
    //    this's list. 2. Otherwise, remove all tuples whose name is name. 3. Run the update steps.
    with_list(&object, true, |list| {
        list.retain(|(n, v)| !(*n == name && value.as_ref().is_none_or(|value| v == value)));
    })?;
    Ok(JsValue::undefined())
}

fn get(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let object = this_params(this, context)?;
    let name = strings(args, 1, "get", context)?.remove(0);
    // The value of the first tuple whose name is name, if there is such a tuple; otherwise null.
    let found = with_list(&object, false, |list| {
        list.iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.clone())
    })?;
    Ok(found.map_or_else(JsValue::null, |v| JsString::from(v.as_str()).into()))
}

fn get_all(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let object = this_params(this, context)?;
    let name = strings(args, 1, "getAll", context)?.remove(0);
    // The values of all tuples whose name is name, in list order.
    let values = with_list(&object, false, |list| {
        list.iter()
            .filter(|(n, _)| *n == name)
            .map(|(_, v)| JsValue::from(JsString::from(v.as_str())))
            .collect::<Vec<_>>()
    })?;
    Ok(JsArray::from_iter(values, context).into())
}

fn has(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let object = this_params(this, context)?;
    let name = strings(args, 1, "has", context)?.remove(0);
    let value = optional_string(args, 1, context)?;
    // 1. If value is given and there is a tuple whose name is name and value is value, return
    //    true. 2. If value is not given and there is a tuple whose name is name, return true.
    //    3. Return false.
    let found = with_list(&object, false, |list| {
        list.iter()
            .any(|(n, v)| *n == name && value.as_ref().is_none_or(|value| v == value))
    })?;
    Ok(found.into())
}

fn set(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let object = this_params(this, context)?;
    let s = strings(args, 2, "set", context)?;
    let (name, value) = (&s[0], &s[1]);
    // 1. If this's list contains any tuples whose name is name, then set the value of the first
    //    such tuple to value and remove the others. 2. Otherwise, append (name, value).
    //    3. Run this's update steps.
    with_list(&object, true, |list| {
        let mut seen = false;
        list.retain_mut(|(n, v)| {
            if n != name {
                return true;
            }
            if seen {
                return false;
            }
            seen = true;
            v.clone_from(value);
            true
        });
        if !seen {
            list.push((name.clone(), value.clone()));
        }
    })?;
    Ok(JsValue::undefined())
}

fn sort(this: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let object = this_params(this, context)?;
    // 1. Sort all tuples in this's list, if any, by their names, comparing code units; the
    //    relative order of tuples with equal names is kept (a stable sort). 2. Update steps.
    with_list(&object, true, |list| {
        list.sort_by(|(a, _), (b, _)| a.encode_utf16().cmp(b.encode_utf16()));
    })?;
    Ok(JsValue::undefined())
}

fn to_string(this: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let object = this_params(this, context)?;
    // The stringifier: the application/x-www-form-urlencoded serialization of this's list.
    let text = with_list(&object, false, |list| serialize_urlencoded(list))?;
    Ok(JsString::from(text.as_str()).into())
}

fn size(this: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let object = this_params(this, context)?;
    Ok(with_list(&object, false, |list| list.len())?.into())
}

/// The pair at `index` of the live list, if any.
fn pair_at(object: &JsObject, index: usize) -> JsResult<Option<(String, String)>> {
    with_list(object, false, |list| list.get(index).cloned())
}

/// `forEach(callback, thisArg)` (WebIDL §3.7.9.1): 1–3. for i from 0 while i is less than the
/// size of the (current) list: call callback with (value, key, this) and thisArg.
fn for_each(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let object = this_params(this, context)?;
    let Some(callback) = args.first().and_then(JsValue::as_callable) else {
        return Err(type_error(
            "URLSearchParams",
            "forEach",
            "The callback provided as parameter 1 is not a function.",
        ));
    };
    let this_arg = args.get(1).cloned().unwrap_or_default();
    let mut index = 0;
    while let Some((name, value)) = pair_at(&object, index)? {
        callback.call(
            &this_arg,
            &[
                JsString::from(value.as_str()).into(),
                JsString::from(name.as_str()).into(),
                object.clone().into(),
            ],
            context,
        )?;
        index += 1;
    }
    Ok(JsValue::undefined())
}

// ---- the pair iterator (WebIDL §3.7.10) ----

#[derive(Clone, Copy)]
enum Kind {
    Entries,
    Keys,
    Values,
}

#[derive(Trace, Finalize, boa_engine::JsData)]
struct IteratorData {
    target: JsObject,
    #[unsafe_ignore_trace]
    kind: Kind,
    #[unsafe_ignore_trace]
    index: Cell<usize>,
}

/// The realm's `URLSearchParams Iterator` prototype object.
struct IteratorPrototype(JsObject);

fn iterator(kind: Kind) -> NativeFunction {
    NativeFunction::from_copy_closure(move |this, _, context| {
        let target = this_params(this, context)?;
        let proto = realm_data::<IteratorPrototype>(context)
            .map(|p| p.0.clone())
            .ok_or_else(|| JsNativeError::typ().with_message("URLSearchParams is not set up"))?;
        Ok(JsObject::from_proto_and_data(
            proto,
            IteratorData {
                target,
                kind,
                index: Cell::new(0),
            },
        )
        .into())
    })
}

/// `%URLSearchParamsIteratorPrototype%.next()`: 5–8. the pair at the iterator's index of the
/// live list, or done; 9. advance the index; 10. the result for the kind.
fn next(this: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let object = this_object(this, context)?;
    let (target, kind, index) = {
        let data = object
            .downcast_ref::<IteratorData>()
            .ok_or_else(illegal_invocation)?;
        (data.target.clone(), data.kind, data.index.get())
    };
    let pair = pair_at(&target, index)?;
    let (value, done) = match pair {
        None => (JsValue::undefined(), true),
        Some((name, value)) => {
            if let Some(data) = object.downcast_ref::<IteratorData>() {
                data.index.set(index + 1);
            }
            let name: JsValue = JsString::from(name.as_str()).into();
            let value: JsValue = JsString::from(value.as_str()).into();
            let result = match kind {
                Kind::Keys => name,
                Kind::Values => value,
                Kind::Entries => JsArray::from_iter([name, value], context).into(),
            };
            (result, false)
        }
    };
    Ok(ObjectInitializer::new(context)
        .property(js_string!("value"), value, Attribute::all())
        .property(js_string!("done"), done, Attribute::all())
        .build()
        .into())
}

pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface_with(
        context,
        InterfaceSpec {
            name: "URLSearchParams",
            parent: None,
            length: 0,
            constructor: Some(NativeFunction::from_fn_ptr(constructor)),
        },
        |m| {
            m.attribute("size", NativeFunction::from_fn_ptr(size), None)
                .operation("append", 2, NativeFunction::from_fn_ptr(append))
                .operation("delete", 1, NativeFunction::from_fn_ptr(delete))
                .operation("get", 1, NativeFunction::from_fn_ptr(get))
                .operation("getAll", 1, NativeFunction::from_fn_ptr(get_all))
                .operation("has", 1, NativeFunction::from_fn_ptr(has))
                .operation("set", 2, NativeFunction::from_fn_ptr(set))
                .operation("sort", 0, NativeFunction::from_fn_ptr(sort))
                .operation("entries", 0, iterator(Kind::Entries))
                .operation("keys", 0, iterator(Kind::Keys))
                .operation("values", 0, iterator(Kind::Values))
                .operation("forEach", 1, NativeFunction::from_fn_ptr(for_each))
                .operation("toString", 0, NativeFunction::from_fn_ptr(to_string));
        },
        // `iterable<USVString, USVString>`: @@iterator is the same function object as
        // `entries` (writable, non-enumerable, configurable).
        |interface, context| {
            let entries = interface.prototype.get(js_string!("entries"), context)?;
            interface.prototype.define_property_or_throw(
                JsSymbol::iterator(),
                PropertyDescriptor::builder()
                    .value(entries)
                    .writable(true)
                    .enumerable(false)
                    .configurable(true),
                context,
            )?;
            Ok(())
        },
    )?;
    // The iterator prototype object: [[Prototype]] %IteratorPrototype%, `next`, and
    // @@toStringTag "URLSearchParams Iterator".
    let iterator_proto = JsObject::with_object_proto(context.intrinsics());
    // (%Iterator.prototype% is %IteratorPrototype%.)
    iterator_proto.set_prototype(Some(
        context.intrinsics().constructors().iterator().prototype(),
    ));
    define_operation(
        &iterator_proto,
        "next",
        0,
        NativeFunction::from_fn_ptr(next),
        context,
    )?;
    iterator_proto.define_property_or_throw(
        JsSymbol::to_string_tag(),
        PropertyDescriptor::builder()
            .value(js_string!("URLSearchParams Iterator"))
            .writable(false)
            .enumerable(false)
            .configurable(true),
        context,
    )?;
    insert_realm_data(context, Rc::new(IteratorPrototype(iterator_proto)));
    let property_is_enumerable = context
        .intrinsics()
        .constructors()
        .object()
        .prototype()
        .get(js_string!("propertyIsEnumerable"), context)?
        .as_object()
        .ok_or_else(|| JsNativeError::typ().with_message("propertyIsEnumerable is missing"))?;
    insert_realm_data(
        context,
        Rc::new(PropertyIsEnumerable(property_is_enumerable)),
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{parse_urlencoded, serialize_urlencoded};

    #[test]
    fn urlencoded_round_trip() {
        let list = parse_urlencoded("a=1&&b=x+y&c&=d&e=%F0%9F%98%80&f=%zz");
        let expected = [
            ("a", "1"),
            ("b", "x y"),
            ("c", ""),
            ("", "d"),
            ("e", "😀"),
            ("f", "%zz"),
        ];
        assert_eq!(
            list,
            expected
                .iter()
                .map(|(n, v)| ((*n).to_owned(), (*v).to_owned()))
                .collect::<Vec<_>>()
        );
        assert_eq!(
            serialize_urlencoded(&[("a b".into(), "~*é&=".into())]),
            "a+b=%7E*%C3%A9%26%3D"
        );
    }
}
