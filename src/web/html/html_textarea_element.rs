//! The `textarea` element (HTML §4.10.11): `HTMLTextAreaElement` with `name`, `disabled`,
//! `type`, `defaultValue`, `value` and `textLength`; its raw value is its child text content
//! until the user edits it or a script sets `value` (the dirty value flag). The keyboard edits it
//! as it edits an `<input>` (`web::input::editing`), Enter inserting a line break; its state is
//! kept with the `<input>`'s (`html_input_element`).
//!
//! ```webidl
//! [Exposed=Window]
//! interface HTMLTextAreaElement : HTMLElement {
//!   [CEReactions, Reflect] attribute boolean disabled;
//!   [CEReactions, Reflect] attribute DOMString name;
//!   readonly attribute DOMString type;
//!   [CEReactions] attribute DOMString defaultValue;
//!   attribute [LegacyNullToEmptyString] DOMString value;
//!   readonly attribute unsigned long textLength;
//! };
//! ```
//!
//! Deviation, deliberate: no forms, rows, columns, wrapping or selection API.

use boa_engine::{Context, JsObject, JsResult, JsString, JsValue, NativeFunction};

use crate::web::dom::interface::{
    InterfaceSpec, define_interface, illegal_invocation, this_object,
};
use crate::web::dom::node::{local_name, set_text_content, text_content};
use crate::web::html::html_element::{reflect_boolean, reflect_string};
use crate::web::html::html_input_element::{set_edited_value, value};

fn this_textarea(this: &JsValue, context: &Context) -> JsResult<JsObject> {
    let element = this_object(this, context)?;
    if local_name(&element).as_deref() != Some("textarea") {
        return Err(illegal_invocation());
    }
    Ok(element)
}

fn string_arg(args: &[JsValue], context: &mut Context) -> JsResult<String> {
    match args.first() {
        Some(v) if v.is_null() => Ok(String::new()),
        Some(v) => Ok(v.to_string(context)?.to_std_string_escaped()),
        None => Ok("undefined".to_owned()),
    }
}

/// The API value: the raw value with line breaks normalized ("\r\n" and "\r" become "\n").
fn api_value(element: &JsObject) -> String {
    value(element).replace("\r\n", "\n").replace('\r', "\n")
}

pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "HTMLTextAreaElement",
            parent: Some("HTMLElement"),
            length: 0,
            constructor: None,
        },
        |m| {
            // disabled and name reflect their content attributes.
            let (get, set) = reflect_boolean("disabled", this_textarea);
            m.attribute("disabled", get, Some(set));
            let (get, set) = reflect_string("name", this_textarea);
            m.attribute("name", get, Some(set));
            // type: "textarea".
            m.attribute(
                "type",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    this_textarea(this, context)?;
                    Ok(JsString::from("textarea").into())
                }),
                None,
            )
            // defaultValue: on getting, the element's child text content; on setting, string
            // replace all with the given value within this element.
            .attribute(
                "defaultValue",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    let element = this_textarea(this, context)?;
                    Ok(JsString::from(text_content(&element).as_str()).into())
                }),
                Some(NativeFunction::from_fn_ptr(|this, args, context| {
                    let element = this_textarea(this, context)?;
                    let value = string_arg(args, context)?;
                    set_text_content(&element, &value, context)?;
                    Ok(JsValue::undefined())
                })),
            )
            // value: on getting, the element's API value; on setting: 1. Let oldAPIValue be
            // this element's API value. 2. Set this element's raw value to the new value. 3.
            // Set this element's dirty value flag to true. 4. If the element's API value is
            // different from oldAPIValue, then move the text entry cursor to the end.
            .attribute(
                "value",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    let element = this_textarea(this, context)?;
                    Ok(JsString::from(api_value(&element).as_str()).into())
                }),
                Some(NativeFunction::from_fn_ptr(|this, args, context| {
                    let element = this_textarea(this, context)?;
                    let value = string_arg(args, context)?;
                    set_edited_value(&element, &value);
                    Ok(JsValue::undefined())
                })),
            )
            // textLength: the length of the API value (in UTF-16 code units).
            .attribute(
                "textLength",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    let element = this_textarea(this, context)?;
                    Ok(api_value(&element).encode_utf16().count().into())
                }),
                None,
            );
        },
    )?;
    Ok(())
}
