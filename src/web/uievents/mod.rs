//! UI Events (`UIEvent`, `MouseEvent`, `KeyboardEvent`, `FocusEvent`, `InputEvent`) and Pointer Events (`PointerEvent`), one
//! file per interface, sharing one native data type ([`ui_event::UiEventData`]) whose `kind`
//! says which interface an object implements (each interface's members brand-check on it).
//!
//! They are constructible from script (with their init dictionaries) and made trusted by the
//! user agent's input (`web::input`). No layout: the coordinates are what the input said.

pub mod focus_event;
pub mod input_event;
pub mod keyboard_event;
pub mod mouse_event;
pub mod pointer_event;
pub mod ui_event;

use boa_engine::{Context, JsResult};

/// Define the interfaces (a window's; UI events are `[Exposed=Window]`).
pub fn register(context: &mut Context) -> JsResult<()> {
    ui_event::register(context)?;
    mouse_event::register(context)?;
    pointer_event::register(context)?;
    keyboard_event::register(context)?;
    focus_event::register(context)?;
    input_event::register(context)?;
    Ok(())
}
