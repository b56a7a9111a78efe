//! Touch Events Level 2 (`Touch`, `TouchList`, `TouchEvent`), one file per interface. A trusted
//! `touchstart` and `touchend` come from the user agent's touchscreen (`web::input::touch`); a
//! script can construct all three. No layout: a touch's coordinates are what the input said.
//!
//! Exposure follows Chromium, which exposes the three interfaces on every window (Firefox only
//! on a device with a touchscreen). The `ontouch*` event handler attributes are not modelled:
//! Chromium gives them to windows only when a touchscreen is present, and pages test them for
//! one (`'ontouchstart' in window`), which taskhost's desktop-shaped page does not claim.

pub mod touch;
pub mod touch_event;
pub mod touch_list;

use boa_engine::{Context, JsResult};

/// Define the interfaces (a window's; they are `[Exposed=Window]`).
pub fn register(context: &mut Context) -> JsResult<()> {
    touch::register(context)?;
    touch_list::register(context)?;
    touch_event::register(context)?;
    Ok(())
}
