//! The `UIEvent` interface (UI Events §3.1): `view` and `detail`, and the native data every UI
//! event of taskhost carries ([`UiEventData`]: the fields of `MouseEvent`, `PointerEvent` and
//! `KeyboardEvent` too, unused ones at their defaults).

use boa_engine::{
    Context, JsData, JsObject, JsResult, JsString, JsValue, NativeFunction, js_string,
};
use boa_gc::{Finalize, Trace};

use crate::engine::webidl::{to_long, to_unsigned_short};
use crate::web::dom::event::{
    EventCell, EventInit, IsEvent, constructor_prelude, new_event_cell, new_event_object,
    read_event_init, register_event_brand,
};
use crate::web::dom::interface::{
    InterfaceSpec, bool_member, construct_error, define_interface, illegal_invocation, member,
    this_object,
};

/// Which interface a UI event object implements (each includes the ones before it in its line:
/// UIEvent ← MouseEvent ← PointerEvent; UIEvent ← KeyboardEvent; UIEvent ← FocusEvent; UIEvent ←
/// InputEvent; UIEvent ← TouchEvent).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UiKind {
    Ui,
    Mouse,
    Pointer,
    Keyboard,
    Focus,
    Input,
    Touch,
}

impl UiKind {
    /// Whether an object of this kind implements `interface`.
    #[must_use]
    pub fn implements(self, interface: UiKind) -> bool {
        match interface {
            UiKind::Ui => true,
            UiKind::Mouse => matches!(self, UiKind::Mouse | UiKind::Pointer),
            UiKind::Pointer => self == UiKind::Pointer,
            UiKind::Keyboard => self == UiKind::Keyboard,
            UiKind::Focus => self == UiKind::Focus,
            UiKind::Input => self == UiKind::Input,
            UiKind::Touch => self == UiKind::Touch,
        }
    }
}

/// `EventModifierInit`'s modifier keys.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Modifiers {
    pub alt: bool,
    pub ctrl: bool,
    pub meta: bool,
    pub shift: bool,
}

/// `MouseEvent`'s fields.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MouseFields {
    pub screen_x: f64,
    pub screen_y: f64,
    pub client_x: f64,
    pub client_y: f64,
    pub movement_x: f64,
    pub movement_y: f64,
    pub button: i16,
    pub buttons: u16,
}

/// `PointerEvent`'s fields.
#[derive(Clone, Debug, PartialEq)]
pub struct PointerFields {
    pub pointer_id: i32,
    pub width: f64,
    pub height: f64,
    pub pressure: f64,
    pub tangential_pressure: f64,
    pub tilt_x: i32,
    pub tilt_y: i32,
    pub twist: i32,
    pub altitude_angle: f64,
    pub azimuth_angle: f64,
    pub pointer_type: String,
    pub is_primary: bool,
    pub persistent_device_id: i32,
}

impl Default for PointerFields {
    fn default() -> Self {
        Self {
            pointer_id: 0,
            width: 1.0,
            height: 1.0,
            pressure: 0.0,
            tangential_pressure: 0.0,
            tilt_x: 0,
            tilt_y: 0,
            twist: 0,
            // π/2: perpendicular to the surface.
            altitude_angle: std::f64::consts::FRAC_PI_2,
            azimuth_angle: 0.0,
            pointer_type: String::new(),
            is_primary: false,
            persistent_device_id: 0,
        }
    }
}

/// `KeyboardEvent`'s fields.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KeyFields {
    pub key: String,
    pub code: String,
    pub location: u32,
    pub repeat: bool,
    pub is_composing: bool,
    pub char_code: u32,
    pub key_code: u32,
}

/// `InputEvent`'s fields.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InputFields {
    pub data: Option<String>,
    pub input_type: String,
    pub is_composing: bool,
}

/// The native data of every UI event object.
#[derive(Trace, Finalize, JsData)]
pub struct UiEventData {
    pub event: EventCell,
    #[unsafe_ignore_trace]
    pub kind: UiKind,
    pub view: Option<JsObject>,
    #[unsafe_ignore_trace]
    pub detail: i32,
    #[unsafe_ignore_trace]
    pub which: u32,
    #[unsafe_ignore_trace]
    pub modifiers: Modifiers,
    #[unsafe_ignore_trace]
    pub mouse: MouseFields,
    pub related_target: Option<JsObject>,
    #[unsafe_ignore_trace]
    pub pointer: PointerFields,
    #[unsafe_ignore_trace]
    pub key: KeyFields,
    #[unsafe_ignore_trace]
    pub input: InputFields,
    /// `getCoalescedEvents()`: the pointer events this one stands for (trusted pointermove).
    pub coalesced: Vec<JsObject>,
    /// A `TouchEvent`'s lists.
    pub touch_lists: Option<TouchLists>,
}

/// A `TouchEvent`'s three `TouchList` objects (the same objects every time they are read).
#[derive(Trace, Finalize, Clone)]
pub struct TouchLists {
    pub touches: JsObject,
    pub target_touches: JsObject,
    pub changed_touches: JsObject,
}

impl IsEvent for UiEventData {
    fn event_cell(&self) -> EventCell {
        self.event.clone()
    }
}

impl UiEventData {
    /// The data of a new UI event of `kind` with `event` state and default fields.
    #[must_use]
    pub fn new(event: EventCell, kind: UiKind) -> Self {
        Self {
            event,
            kind,
            view: None,
            detail: 0,
            which: 0,
            modifiers: Modifiers::default(),
            mouse: MouseFields::default(),
            related_target: None,
            pointer: PointerFields::default(),
            key: KeyFields::default(),
            input: InputFields::default(),
            coalesced: Vec::new(),
            touch_lists: None,
        }
    }
}

/// Run `f` on the UI event data of `this`, which must implement `interface`.
pub fn with_ui<R>(
    this: &JsValue,
    interface: UiKind,
    context: &Context,
    f: impl FnOnce(&UiEventData) -> R,
) -> JsResult<R> {
    let object = this_object(this, context)?;
    let data = object
        .downcast_ref::<UiEventData>()
        .ok_or_else(illegal_invocation)?;
    if !data.kind.implements(interface) {
        return Err(illegal_invocation());
    }
    Ok(f(&data))
}

/// A getter of `interface` reading the data.
pub fn getter(interface: UiKind, read: fn(&UiEventData) -> JsValue) -> NativeFunction {
    NativeFunction::from_copy_closure(move |this, _, context| {
        with_ui(this, interface, context, read)
    })
}

/// A `double` dictionary member (non-finite values are a TypeError) with a default.
pub fn double_member(
    dict: Option<&JsObject>,
    name: &str,
    default: f64,
    interface: &str,
    context: &mut Context,
) -> JsResult<f64> {
    let value = member(dict, JsString::from(name), context)?;
    if value.is_undefined() {
        return Ok(default);
    }
    let number = value.to_number(context)?;
    if number.is_finite() {
        Ok(number)
    } else {
        Err(construct_error(
            interface,
            &format!("The provided double value of member '{name}' is non-finite."),
        ))
    }
}

/// A `long` dictionary member with a default.
pub fn long_member(
    dict: Option<&JsObject>,
    name: &str,
    default: i32,
    context: &mut Context,
) -> JsResult<i32> {
    let value = member(dict, JsString::from(name), context)?;
    if value.is_undefined() {
        Ok(default)
    } else {
        to_long(&value, context)
    }
}

/// An `unsigned short` dictionary member (0 when absent).
pub fn unsigned_short_member(
    dict: Option<&JsObject>,
    name: &str,
    context: &mut Context,
) -> JsResult<u16> {
    let value = member(dict, JsString::from(name), context)?;
    if value.is_undefined() {
        Ok(0)
    } else {
        to_unsigned_short(&value, context)
    }
}

/// A `DOMString` dictionary member with a default.
pub fn string_member(
    dict: Option<&JsObject>,
    name: &str,
    default: &str,
    context: &mut Context,
) -> JsResult<String> {
    let value = member(dict, JsString::from(name), context)?;
    if value.is_undefined() {
        Ok(default.to_owned())
    } else {
        Ok(value.to_string(context)?.to_std_string_escaped())
    }
}

/// A nullable interface-typed member (`Window?` or `EventTarget?`): null/undefined is None; any
/// other value must be an object accepted by `accept`.
pub fn object_member(
    dict: Option<&JsObject>,
    name: &str,
    interface: &str,
    expected: &str,
    accept: impl FnOnce(&JsObject, &Context) -> bool,
    context: &mut Context,
) -> JsResult<Option<JsObject>> {
    let value = member(dict, JsString::from(name), context)?;
    if value.is_null_or_undefined() {
        return Ok(None);
    }
    match value.as_object() {
        Some(object) if accept(&object, context) => Ok(Some(object.clone())),
        _ => Err(construct_error(
            interface,
            &format!("member {name} is not of type '{expected}'."),
        )),
    }
}

/// `UIEventInit`'s members (after `EventInit`'s): detail, view, which.
pub fn read_ui_event_init(
    data: &mut UiEventData,
    dict: Option<&JsObject>,
    interface: &str,
    context: &mut Context,
) -> JsResult<()> {
    data.detail = long_member(dict, "detail", 0, context)?;
    data.view = object_member(
        dict,
        "view",
        interface,
        "Window",
        crate::web::html::window::is_global,
        context,
    )?;
    let which = member(dict, js_string!("which"), context)?;
    if !which.is_undefined() {
        data.which = to_long(&which, context)?.cast_unsigned();
    }
    Ok(())
}

/// `EventModifierInit`'s members, in lexicographic order (altKey, ctrlKey, metaKey, the
/// modifier* members, shiftKey). The `modifier*` members other than the four keys are read
/// (their getters may run) and not kept: `getModifierState` answers for the four keys only.
pub fn read_modifiers(dict: Option<&JsObject>, context: &mut Context) -> JsResult<Modifiers> {
    let alt = bool_member(dict, js_string!("altKey"), false, context)?;
    let ctrl = bool_member(dict, js_string!("ctrlKey"), false, context)?;
    let meta = bool_member(dict, js_string!("metaKey"), false, context)?;
    for name in [
        "modifierAltGraph",
        "modifierCapsLock",
        "modifierFn",
        "modifierFnLock",
        "modifierHyper",
        "modifierNumLock",
        "modifierScrollLock",
        "modifierSuper",
        "modifierSymbol",
        "modifierSymbolLock",
    ] {
        bool_member(dict, JsString::from(name), false, context)?;
    }
    let shift = bool_member(dict, js_string!("shiftKey"), false, context)?;
    Ok(Modifiers {
        alt,
        ctrl,
        meta,
        shift,
    })
}

/// `getModifierState(keyArg)` for the four modifier keys.
pub fn modifier_state(modifiers: Modifiers, key: &str) -> bool {
    match key {
        "Alt" => modifiers.alt,
        "Control" => modifiers.ctrl,
        "Meta" => modifiers.meta,
        "Shift" => modifiers.shift,
        _ => false,
    }
}

/// Make a UI event object of `interface` with `data` (its prototype: NewTarget's or the
/// interface's).
pub fn new_ui_event(
    prototype: JsObject,
    data: UiEventData,
    context: &mut Context,
) -> JsResult<JsObject> {
    new_event_object(prototype, data, context)
}

/// A trusted UI event of `kind`, type `name`, made by the user agent (not dispatched yet), with
/// `time_stamp` (when the input happened, ms from the time origin) and `fill` to set its fields.
pub fn create_trusted(
    kind: UiKind,
    name: &str,
    init: EventInit,
    time_stamp: f64,
    context: &mut Context,
    fill: impl FnOnce(&mut UiEventData),
) -> JsResult<JsObject> {
    create(kind, name, init, Some(time_stamp), context, fill)
}

/// An untrusted UI event of `kind`, type `name`, made by the user agent for a script's call (HTML
/// "fire a synthetic pointer event" with the not trusted flag set), with `fill` to set its
/// fields; its `timeStamp` is now.
pub fn create_untrusted(
    kind: UiKind,
    name: &str,
    init: EventInit,
    context: &mut Context,
    fill: impl FnOnce(&mut UiEventData),
) -> JsResult<JsObject> {
    create(kind, name, init, None, context, fill)
}

/// A UI event made by the user agent: trusted, with its `timeStamp`, when `trusted_at` is given.
fn create(
    kind: UiKind,
    name: &str,
    init: EventInit,
    trusted_at: Option<f64>,
    context: &mut Context,
    fill: impl FnOnce(&mut UiEventData),
) -> JsResult<JsObject> {
    let event = new_event_cell(JsString::from(name), init, context);
    if let Some(time_stamp) = trusted_at {
        let mut state = event.borrow_mut();
        state.is_trusted = true;
        state.time_stamp = time_stamp;
    }
    let mut data = UiEventData::new(event, kind);
    fill(&mut data);
    let proto = crate::web::dom::interface::prototype_of(context, interface_of(kind))?;
    new_ui_event(proto, data, context)
}

fn interface_of(kind: UiKind) -> &'static str {
    match kind {
        UiKind::Ui => "UIEvent",
        UiKind::Mouse => "MouseEvent",
        UiKind::Pointer => "PointerEvent",
        UiKind::Keyboard => "KeyboardEvent",
        UiKind::Focus => "FocusEvent",
        UiKind::Input => "InputEvent",
        UiKind::Touch => "TouchEvent",
    }
}

/// `new UIEvent(type, eventInitDict)`.
fn constructor(new_target: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let (proto, kind, dict) =
        constructor_prelude(new_target, args, ("UIEvent", 1), "UIEventInit", context)?;
    let init = read_event_init(dict.as_ref(), context)?;
    let mut data = UiEventData::new(new_event_cell(kind, init, context), UiKind::Ui);
    read_ui_event_init(&mut data, dict.as_ref(), "UIEvent", context)?;
    Ok(new_ui_event(proto, data, context)?.into())
}

pub fn register(context: &mut Context) -> JsResult<()> {
    register_event_brand::<UiEventData>(context);
    define_interface(
        context,
        InterfaceSpec {
            name: "UIEvent",
            parent: Some("Event"),
            length: 1,
            constructor: Some(NativeFunction::from_fn_ptr(constructor)),
        },
        |m| {
            m.attribute(
                "view",
                getter(UiKind::Ui, |d| {
                    d.view.clone().map_or_else(JsValue::null, Into::into)
                }),
                None,
            )
            .attribute("detail", getter(UiKind::Ui, |d| d.detail.into()), None)
            // Legacy `which`: the key code of a keyboard event, button + 1 of a mouse event.
            .attribute(
                "which",
                getter(UiKind::Ui, |d| match d.kind {
                    UiKind::Keyboard if d.which == 0 => d.key.key_code.into(),
                    UiKind::Mouse | UiKind::Pointer if d.which == 0 => {
                        (i32::from(d.mouse.button) + 1).into()
                    }
                    _ => d.which.into(),
                }),
                None,
            );
        },
    )?;
    Ok(())
}
