//! The `input` element (HTML §4.10.5): `HTMLInputElement` with `type`, `name`, `disabled`,
//! `value`, `defaultValue`, `checked` and `defaultChecked`; an element's checkedness and dirty
//! checkedness flag, its value and dirty value flag, radio button groups, and the activation
//! behaviour of checkboxes and radio buttons (a click toggles or selects before its listeners
//! run, is undone if it is canceled, and fires `input` and `change` after).
//!
//! ```webidl
//! [Exposed=Window]
//! interface HTMLInputElement : HTMLElement {
//!   [CEReactions, Reflect=checked] attribute boolean defaultChecked;
//!   attribute boolean checked;
//!   [CEReactions, Reflect] attribute boolean disabled;
//!   [CEReactions, Reflect] attribute DOMString name;
//!   [CEReactions] attribute DOMString type;
//!   [CEReactions, Reflect=value] attribute DOMString defaultValue;
//!   [CEReactions] attribute [LegacyNullToEmptyString] DOMString value;
//! };
//! ```
//!
//! Deviation, deliberate: no forms (a radio button group is the radio buttons of one tree with
//! the same name and the same nearest `<form>` ancestor), no `indeterminate`, no value
//! sanitization beyond the text types' line breaks, and the types other than text-like ones,
//! checkboxes and radio buttons behave as text fields.
//!
//! Invariant: while an element's dirty checkedness flag is false and nothing set its checkedness,
//! its checkedness is whether it has a `checked` attribute (`InputState::checkedness` is `None`);
//! while its dirty value flag is false, its value is its `value` attribute (`value` is `None`).

use boa_engine::{Context, JsObject, JsResult, JsString, JsValue, NativeFunction};

use crate::web::dom::dispatch::fire_simple_event;
use crate::web::dom::element::change_attribute;
use crate::web::dom::event::EventInit;
use crate::web::dom::interface::{
    InterfaceSpec, define_interface, illegal_invocation, this_object,
};
use crate::web::dom::node::{
    attribute, inclusive_descendants, is_connected, local_name, node_state, root,
};
use crate::web::html::html_element::{reflect_boolean, reflect_string};

/// An `<input>`'s state where it no longer follows its attributes.
#[derive(Debug, Default)]
pub struct InputState {
    /// The checkedness, once set (by the user, a script or its radio button group).
    checkedness: Option<bool>,
    dirty_checkedness: bool,
    /// The value, once its dirty value flag is set.
    value: Option<String>,
    /// The user changed the value since the last `change` event (HTML: "when the user agent
    /// changes the element's value on behalf of the user ... and the value has changed since
    /// the last change event, when the element loses focus, fire change").
    edited_since_change: bool,
    /// The text entry cursor position, in characters from the start (clamped to the value's
    /// length when used; there is no selection).
    caret: usize,
}

/// The states of the `type` attribute (its keywords; a missing or unknown one is Text).
const TYPES: &[&str] = &[
    "hidden",
    "text",
    "search",
    "tel",
    "url",
    "email",
    "password",
    "date",
    "month",
    "week",
    "time",
    "datetime-local",
    "number",
    "range",
    "color",
    "checkbox",
    "radio",
    "file",
    "submit",
    "image",
    "reset",
    "button",
];

fn is_input(element: &JsObject) -> bool {
    local_name(element).as_deref() == Some("input")
}

/// The state of an `<input>`'s `type` attribute, as its keyword.
#[must_use]
pub fn input_type(element: &JsObject) -> &'static str {
    let Some(value) = attribute(element, "type") else {
        return "text";
    };
    TYPES
        .iter()
        .find(|t| t.eq_ignore_ascii_case(&value))
        .copied()
        .unwrap_or("text")
}

fn is_textarea(element: &JsObject) -> bool {
    local_name(element).as_deref() == Some("textarea")
}

/// Whether an element is a text field the keyboard can edit: an `<input>` in one of HTML's
/// text-like states, or a `<textarea>`.
#[must_use]
pub fn is_text_field(element: &JsObject) -> bool {
    is_textarea(element)
        || is_input(element)
            && matches!(
                input_type(element),
                "text" | "search" | "tel" | "url" | "email" | "password" | "number"
            )
}

fn with_state<R>(element: &JsObject, f: impl FnOnce(&mut InputState) -> R) -> Option<R> {
    let node = node_state(element)?;
    let mut slot = node.input.borrow_mut();
    Some(f(slot.get_or_insert_with(Box::default)))
}

fn read_state<R>(element: &JsObject, f: impl FnOnce(Option<&InputState>) -> R) -> R {
    match node_state(element) {
        Some(node) => f(node.input.borrow().as_deref()),
        None => f(None),
    }
}

/// An `<input>`'s checkedness.
#[must_use]
pub fn checkedness(element: &JsObject) -> bool {
    read_state(element, |s| s.and_then(|s| s.checkedness))
        .unwrap_or_else(|| attribute(element, "checked").is_some())
}

/// Whether `:checked` matches: a checkbox or radio button whose checkedness is true.
#[must_use]
pub fn is_checked(element: &JsObject) -> bool {
    is_input(element) && matches!(input_type(element), "checkbox" | "radio") && checkedness(element)
}

/// Set an `<input>`'s checkedness; when a radio button's is set to true, "all the other elements
/// in the radio button group must have their checkedness set to false".
fn set_checkedness(element: &JsObject, checked: bool, dirty: bool) {
    with_state(element, |s| {
        s.checkedness = Some(checked);
        s.dirty_checkedness |= dirty;
    });
    if checked && input_type(element) == "radio" {
        for other in radio_group(element) {
            if !JsObject::equals(&other, element) {
                with_state(&other, |s| s.checkedness = Some(false));
            }
        }
    }
}

/// The nearest `<form>` ancestor (the form owner, without `form` attributes here).
fn form_owner(element: &JsObject) -> Option<JsObject> {
    let mut at = node_state(element)?.parent.borrow().clone();
    while let Some(node) = at {
        if local_name(&node).as_deref() == Some("form") {
            return Some(node);
        }
        at = node_state(&node)?.parent.borrow().clone();
    }
    None
}

/// The radio button group of a radio button: the radio buttons of its tree with the same
/// non-empty name and the same form owner (itself included). Empty without a name.
fn radio_group(element: &JsObject) -> Vec<JsObject> {
    let Some(name) = attribute(element, "name").filter(|n| !n.is_empty()) else {
        return Vec::new();
    };
    let owner = form_owner(element);
    inclusive_descendants(&root(element))
        .into_iter()
        .filter(|other| {
            is_input(other)
                && input_type(other) == "radio"
                && attribute(other, "name").as_deref() == Some(name.as_str())
                && match (&owner, form_owner(other)) {
                    (None, None) => true,
                    (Some(a), Some(b)) => JsObject::equals(a, &b),
                    _ => false,
                }
        })
        .collect()
}

/// The `input` element's attribute change steps for `checked` and `value`:
/// - "When the checked content attribute is added, if the control does not have dirty
///   checkedness, the user agent must set the checkedness of the element to true; when the
///   checked content attribute is removed, if the control does not have dirty checkedness, the
///   user agent must set the checkedness of the element to false."
/// - "When the value content attribute is added, set, or removed, if the control's dirty value
///   flag is false, the user agent must set the value of the element to the value of the value
///   content attribute" (here its value reads the attribute until the flag is set).
pub fn attribute_change_steps(element: &JsObject, name: &str, value: Option<&str>) {
    if name != "checked" || !is_input(element) {
        return;
    }
    if read_state(element, |s| s.is_some_and(|s| s.dirty_checkedness)) {
        return;
    }
    set_checkedness(element, value.is_some(), false);
}

/// The value mode of the element's type: "value", "default", "default/on" or "filename".
fn value_mode(element: &JsObject) -> &'static str {
    match input_type(element) {
        "hidden" | "submit" | "image" | "reset" | "button" => "default",
        "checkbox" | "radio" => "default/on",
        "file" => "filename",
        _ => "value",
    }
}

/// The value sanitization algorithm of the text-like types: strip newlines (and, for URLs and
/// e-mail addresses, leading and trailing ASCII whitespace).
fn sanitize(element: &JsObject, value: &str) -> String {
    if is_textarea(element) {
        return value.to_owned();
    }
    let stripped: String = value
        .chars()
        .filter(|c| !matches!(c, '\n' | '\r'))
        .collect();
    match input_type(element) {
        "url" | "email" => stripped
            .trim_matches(|c: char| c.is_ascii_whitespace())
            .to_owned(),
        _ => stripped,
    }
}

/// The `value` getter's result, by the element's value mode.
#[must_use]
pub fn value(element: &JsObject) -> String {
    if is_textarea(element) {
        // A textarea's raw value: its child text content until its dirty value flag is set.
        return read_state(element, |s| s.and_then(|s| s.value.clone()))
            .unwrap_or_else(|| crate::web::dom::node::text_content(element));
    }
    match value_mode(element) {
        "default" => attribute(element, "value").unwrap_or_default(),
        "default/on" => attribute(element, "value").unwrap_or_else(|| "on".to_owned()),
        "filename" => String::new(),
        _ => read_state(element, |s| s.and_then(|s| s.value.clone()))
            .unwrap_or_else(|| sanitize(element, &attribute(element, "value").unwrap_or_default())),
    }
}

/// Set the element's value from a script: the value (sanitized) and the dirty value flag; "if
/// the element's value (after applying the value sanitization algorithm) is different from
/// oldValue, ... move the text entry cursor position to the end of the text control".
pub fn set_edited_value(element: &JsObject, value_: &str) {
    let old = value(element);
    let new = sanitize(element, value_);
    let end = new.chars().count();
    with_state(element, |s| {
        if new != old {
            s.caret = end;
        }
        s.value = Some(new);
    });
}

/// Where the text entry cursor is (characters from the start of the value).
#[must_use]
pub fn caret(element: &JsObject) -> usize {
    let at = read_state(element, |s| s.map_or(0, |s| s.caret));
    at.min(value(element).chars().count())
}

/// The user edited the value to `value` with the cursor now at `caret` (the dirty value flag is
/// set, and a `change` event is owed when the edit is committed).
pub fn set_value_by_user(element: &JsObject, value_: &str, caret: usize) {
    let value_ = sanitize(element, value_);
    with_state(element, |s| {
        s.value = Some(value_);
        s.edited_since_change = true;
        s.caret = caret;
    });
}

/// Commit a text field's edits: "when the element loses focus" or the user commits them
/// (Enter), if the user changed the value since the last `change` event, fire an event named
/// change at the element with its bubbles attribute initialized to true.
pub fn commit_edits(element: &JsObject, context: &mut Context) -> JsResult<()> {
    if !is_input(element) && !is_textarea(element) {
        return Ok(());
    }
    let owed = with_state(element, |s| std::mem::take(&mut s.edited_since_change)).unwrap_or(false);
    if owed {
        fire_change(element, context)?;
    }
    Ok(())
}

/// Fire an event named change at the element with its bubbles attribute initialized to true.
fn fire_change(element: &JsObject, context: &mut Context) -> JsResult<()> {
    let init = EventInit {
        bubbles: true,
        cancelable: false,
        composed: false,
    };
    fire_simple_event(element, "change", init, context)?;
    Ok(())
}

fn this_input(this: &JsValue, context: &Context) -> JsResult<JsObject> {
    let element = this_object(this, context)?;
    if !is_input(&element) {
        return Err(illegal_invocation());
    }
    Ok(element)
}

fn string_arg(args: &[JsValue], context: &mut Context) -> JsResult<String> {
    match args.first() {
        Some(v) => Ok(v.to_string(context)?.to_std_string_escaped()),
        None => Ok("undefined".to_owned()),
    }
}

pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "HTMLInputElement",
            parent: Some("HTMLElement"),
            length: 0,
            constructor: None,
        },
        |m| {
            let (get, set) = reflect_boolean("checked", this_input);
            m.attribute("defaultChecked", get, Some(set));
            let (get, set) = reflect_boolean("disabled", this_input);
            m.attribute("disabled", get, Some(set));
            let (get, set) = reflect_string("name", this_input);
            m.attribute("name", get, Some(set));
            let (get, set) = reflect_string("value", this_input);
            m.attribute("defaultValue", get, Some(set));
            // checked: on getting, the element's checkedness; on setting, set the checkedness
            // to the new value and the dirty checkedness flag to true.
            m.attribute(
                "checked",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    let element = this_input(this, context)?;
                    Ok(checkedness(&element).into())
                }),
                Some(NativeFunction::from_fn_ptr(|this, args, context| {
                    let element = this_input(this, context)?;
                    set_checkedness(
                        &element,
                        args.first().is_some_and(JsValue::to_boolean),
                        true,
                    );
                    Ok(JsValue::undefined())
                })),
            )
            // type: on getting, the keyword of the attribute's state (limited to known values,
            // default "text"); on setting, set the content attribute.
            .attribute(
                "type",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    let element = this_input(this, context)?;
                    Ok(JsString::from(input_type(&element)).into())
                }),
                Some(NativeFunction::from_fn_ptr(|this, args, context| {
                    let element = this_input(this, context)?;
                    let value = string_arg(args, context)?;
                    change_attribute(&element, "type", Some(&value), context)?;
                    Ok(JsValue::undefined())
                })),
            )
            // value, by the value mode: "value": the element's value; setting it sets the value
            // (sanitized) and the dirty value flag. "default" and "default/on": the value
            // content attribute (or "" / "on"); setting it sets the content attribute.
            // "filename": "" (setting anything but "" throws an InvalidStateError).
            .attribute(
                "value",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    let element = this_input(this, context)?;
                    Ok(JsString::from(value(&element).as_str()).into())
                }),
                Some(NativeFunction::from_fn_ptr(|this, args, context| {
                    let element = this_input(this, context)?;
                    // [LegacyNullToEmptyString]
                    let new = if args.first().is_some_and(JsValue::is_null) {
                        String::new()
                    } else {
                        string_arg(args, context)?
                    };
                    match value_mode(&element) {
                        "value" => set_edited_value(&element, &new),
                        "filename" => {
                            if !new.is_empty() {
                                return Err(crate::web::dom::dom_exception::dom_exception_error(
                                    context,
                                    "a file input's value can only be set to the empty string",
                                    "InvalidStateError",
                                ));
                            }
                        }
                        _ => change_attribute(&element, "value", Some(&new), context)?,
                    }
                    Ok(JsValue::undefined())
                })),
            );
        },
    )?;
    Ok(())
}

/// What a checkbox or radio button's legacy-pre-activation behaviour changed, for its
/// legacy-canceled-activation behaviour to undo.
pub enum PreActivation {
    /// A checkbox's checkedness before it was toggled.
    Checkbox(bool),
    /// The radio button of the group that was checked before (if any).
    Radio(Option<JsObject>),
}

/// Whether the `input` element has an activation behaviour here (checkboxes and radio buttons:
/// the other types' are form submission, file pickers and the like, not modelled).
#[must_use]
pub fn has_activation_behavior(element: &JsObject) -> bool {
    is_input(element) && matches!(input_type(element), "checkbox" | "radio")
}

/// The `input` element's legacy-pre-activation behaviour: "If this element's type attribute is
/// in the Checkbox state, then set this element's checkedness to its opposite value (i.e., true
/// if it is false, false if it is true) and set this element's indeterminate IDL attribute to
/// false. If this element's type attribute is in the Radio Button state, then get a reference
/// to the element in this element's radio button group that has its checkedness set to true,
/// if any, and then set this element's checkedness to true."
pub fn legacy_pre_activation(element: &JsObject) -> Option<PreActivation> {
    match input_type(element) {
        "checkbox" => {
            let old = checkedness(element);
            set_checkedness(element, !old, true);
            Some(PreActivation::Checkbox(old))
        }
        "radio" => {
            let previous = radio_group(element).into_iter().find(checkedness);
            set_checkedness(element, true, true);
            Some(PreActivation::Radio(previous))
        }
        _ => None,
    }
}

/// The `input` element's legacy-canceled-activation behaviour: "If the element's type attribute
/// is in the Checkbox state, then set the element's checkedness and the element's indeterminate
/// IDL attribute back to the values they had before the legacy-pre-activation behavior was run.
/// If this element's type attribute is in the Radio Button state, then if the element to which
/// a reference was obtained in the legacy-pre-activation behavior, if any, is still in what is
/// now this element's radio button group, if it still has one, and if so, setting that
/// element's checkedness to true; or else, if there was no such element, or that element is no
/// longer in this element's radio button group, or if this element no longer has a radio button
/// group, setting this element's checkedness to false."
pub fn legacy_canceled_activation(element: &JsObject, pre: PreActivation) {
    match pre {
        PreActivation::Checkbox(old) => set_checkedness(element, old, true),
        PreActivation::Radio(previous) => {
            let group = radio_group(element);
            match previous.filter(|p| group.iter().any(|g| JsObject::equals(g, p))) {
                Some(previous) => set_checkedness(&previous, true, true),
                None => set_checkedness(element, false, true),
            }
        }
    }
}

/// The `input` element's activation behaviour for checkboxes and radio buttons: "1. If element
/// is not mutable and is not in the Checkbox state and is not in the Radio state, then return.
/// 2. Run element's input activation behavior": for both, "if the element is not connected,
/// then return; fire an event named input at the element with the bubbles and composed
/// attributes initialized to true; fire an event named change at the element with the bubbles
/// attribute initialized to true."
pub fn activation_behavior(element: &JsObject, context: &mut Context) -> JsResult<()> {
    if !is_connected(element) {
        return Ok(());
    }
    // (`input` is one of Event Timing's event types: timed, as part of no interaction.)
    let input = crate::web::dom::event::create_event(
        "input",
        EventInit {
            bubbles: true,
            cancelable: false,
            composed: true,
        },
        context,
    )?;
    crate::web::input::dispatch_timed_outside_interactions(&input, "input", element, context);
    fire_change(element, context)
}
