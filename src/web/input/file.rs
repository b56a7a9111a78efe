//! The file of timed interactions given with `--input FILE`: a JSON array of actions, each
//!
//! ```json
//! { "at": 120, "type": "click", "target": "#save", "x": 10, "y": 20, "button": 0, "hold": 0 }
//! { "at": 300, "type": "key", "target": "body", "key": "a", "code": "KeyA", "hold": 30 }
//! { "at": 400, "type": "pointermove", "target": "#canvas", "x": 5, "y": 6 }
//! { "at": 600, "type": "tap", "target": "#menu", "hold": 40 }
//! { "at": 700, "type": "touchstart", "target": "#a", "finger": 0 }   { "type": "touchend", ... }
//! { "at": 900, "type": "hide" }   { "at": 1500, "type": "show" }
//! ```
//!
//! `at` is milliseconds on the loop's clock (what `performance.now()` says); `target` is a CSS
//! selector (its first match) or `document` (default `body`), resolved when the action happens; `shiftKey`,
//! `ctrlKey`, `altKey`, `metaKey` are booleans. Plain Rust, checked before anything runs: an
//! error names the file, the entry (from 1) and the member.

use serde_json::{Map, Value};

use super::{Action, Input, Target};
use crate::web::uievents::ui_event::Modifiers;

/// The longest a button or key may be held (ms): an hour.
const MAX_HOLD_MS: f64 = 3_600_000.0;

/// Parse the text of an input file named `name`.
pub fn parse(text: &str, name: &str) -> Result<Vec<Input>, String> {
    let value: Value =
        serde_json::from_str(text).map_err(|e| format!("{name}: not valid JSON: {e}"))?;
    let Value::Array(entries) = value else {
        return Err(format!("{name}: expected a JSON array of input actions"));
    };
    entries
        .iter()
        .enumerate()
        .map(|(i, entry)| {
            let place = format!("{name} entry {}", i + 1);
            parse_entry(entry, &place).map_err(|e| format!("{place}: {e}"))
        })
        .collect()
}

fn number(o: &Map<String, Value>, key: &str, default: f64) -> Result<f64, String> {
    match o.get(key) {
        None => Ok(default),
        Some(Value::Number(n)) => n
            .as_f64()
            .filter(|x| x.is_finite())
            .ok_or_else(|| format!("'{key}' must be a finite number")),
        Some(_) => Err(format!("'{key}' must be a number")),
    }
}

fn string(o: &Map<String, Value>, key: &str) -> Result<Option<String>, String> {
    match o.get(key) {
        None => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(_) => Err(format!("'{key}' must be a string")),
    }
}

fn flag(o: &Map<String, Value>, key: &str) -> Result<bool, String> {
    match o.get(key) {
        None => Ok(false),
        Some(Value::Bool(b)) => Ok(*b),
        Some(_) => Err(format!("'{key}' must be true or false")),
    }
}

fn parse_entry(entry: &Value, place: &str) -> Result<Input, String> {
    let Value::Object(o) = entry else {
        return Err("an input action must be a JSON object".to_owned());
    };
    const KNOWN: [&str; 15] = [
        "at", "type", "target", "x", "y", "button", "finger", "hold", "key", "code", "shiftKey",
        "ctrlKey", "altKey", "metaKey", "comment",
    ];
    if let Some(unknown) = o.keys().find(|k| !KNOWN.contains(&k.as_str())) {
        return Err(format!("unknown member '{unknown}'"));
    }
    let at = number(o, "at", 0.0)?;
    if at < 0.0 {
        return Err("'at' must not be negative".to_owned());
    }
    let hold = number(o, "hold", 0.0)?;
    if !(0.0..=MAX_HOLD_MS).contains(&hold) {
        return Err(format!("'hold' must be between 0 and {MAX_HOLD_MS} ms"));
    }
    let kind = string(o, "type")?.ok_or_else(|| "'type' is missing".to_owned())?;
    let button = || -> Result<i16, String> {
        let button = number(o, "button", 0.0)?;
        if !(0.0..=4.0).contains(&button) || button.fract() != 0.0 {
            return Err("'button' must be 0, 1, 2, 3 or 4".to_owned());
        }
        #[allow(clippy::cast_possible_truncation)]
        Ok(button as i16)
    };
    let finger = || -> Result<u32, String> {
        let finger = number(o, "finger", 0.0)?;
        if !(0.0..=9.0).contains(&finger) || finger.fract() != 0.0 {
            return Err("'finger' must be an integer from 0 to 9".to_owned());
        }
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        Ok(finger as u32)
    };
    let key = || -> Result<(String, String), String> {
        let key = string(o, "key")?.ok_or_else(|| "'key' is missing".to_owned())?;
        if key.is_empty() {
            return Err("'key' must not be empty".to_owned());
        }
        Ok((key, string(o, "code")?.unwrap_or_default()))
    };
    let action = match kind.as_str() {
        "click" => Action::Click {
            button: button()?,
            hold_ms: hold,
        },
        "key" => {
            let (key, code) = key()?;
            Action::Key {
                key,
                code,
                hold_ms: hold,
            }
        }
        "pointerdown" => Action::ButtonDown { button: button()? },
        "pointerup" => Action::ButtonUp { button: button()? },
        "keydown" => {
            let (key, code) = key()?;
            Action::KeyDown { key, code }
        }
        "keyup" => {
            let (key, code) = key()?;
            Action::KeyUp { key, code }
        }
        "pointermove" => Action::PointerMove,
        "tap" => Action::Tap { hold_ms: hold },
        "touchstart" => Action::TouchStart { finger: finger()? },
        "touchend" => Action::TouchEnd { finger: finger()? },
        "hide" => Action::Hide,
        "show" => Action::Show,
        other => {
            return Err(format!(
                "unknown type '{other}' (click, key, pointerdown, pointerup, keydown, keyup, \
                 pointermove, tap, touchstart, touchend, hide or show)"
            ));
        }
    };
    let target = string(o, "target")?.unwrap_or_else(|| "body".to_owned());
    if target != "document"
        && let Err(why) = crate::web::dom::selectors::parse(&target)
    {
        return Err(super::selector_problem(&target, &why));
    }
    Ok(Input {
        action,
        target: Target::Selector(target),
        at: Some(at),
        x: number(o, "x", 0.0)?,
        y: number(o, "y", 0.0)?,
        modifiers: Modifiers {
            alt: flag(o, "altKey")?,
            ctrl: flag(o, "ctrlKey")?,
            meta: flag(o, "metaKey")?,
            shift: flag(o, "shiftKey")?,
        },
        origin: place.to_owned(),
        done: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_kind_of_action() {
        let text = r##"[
            {"at": 120, "type": "click", "target": "#save", "x": 10, "y": 20},
            {"at": 300, "type": "key", "key": "a", "code": "KeyA", "hold": 30, "shiftKey": true},
            {"at": 400, "type": "pointermove", "target": "document", "x": 5},
            {"at": 900, "type": "hide"}, {"at": 950, "type": "show"},
            {"at": 960, "type": "tap", "hold": 20},
            {"at": 990, "type": "touchstart", "finger": 1}, {"at": 995, "type": "touchend"}
        ]"##;
        let inputs = parse(text, "i.json").unwrap();
        assert_eq!(inputs.len(), 8);
        assert_eq!(inputs[5].action, Action::Tap { hold_ms: 20.0 });
        assert_eq!(inputs[6].action, Action::TouchStart { finger: 1 });
        assert_eq!(inputs[7].action, Action::TouchEnd { finger: 0 });
        assert_eq!(
            inputs[0].action,
            Action::Click {
                button: 0,
                hold_ms: 0.0
            }
        );
        assert!(matches!(&inputs[0].target, Target::Selector(s) if s == "#save"));
        assert_eq!(inputs[1].at, Some(300.0));
        assert!(inputs[1].modifiers.shift);
        assert!(matches!(&inputs[1].target, Target::Selector(s) if s == "body"));
        assert_eq!(inputs[2].action, Action::PointerMove);
        assert_eq!(inputs[3].action, Action::Hide);
        assert_eq!(inputs[1].origin, "i.json entry 2");
    }

    #[test]
    fn errors_name_the_file_the_entry_and_the_member() {
        let err = |text: &str| parse(text, "i.json").unwrap_err();
        assert!(err("{").starts_with("i.json: not valid JSON"));
        assert_eq!(err("{}"), "i.json: expected a JSON array of input actions");
        assert_eq!(
            err("[1]"),
            "i.json entry 1: an input action must be a JSON object"
        );
        assert_eq!(
            err(r#"[{"type":"click"},{"type":"swipe"}]"#),
            "i.json entry 2: unknown type 'swipe' (click, key, pointerdown, pointerup, keydown, \
             keyup, pointermove, tap, touchstart, touchend, hide or show)"
        );
        assert_eq!(
            err(r##"[{"type":"click","target":"#a >"}]"##),
            "i.json entry 1: the target '#a >' is not a valid CSS selector (or 'document')"
        );
        assert_eq!(
            err(r#"[{"type":"touchstart","finger":10}]"#),
            "i.json entry 1: 'finger' must be an integer from 0 to 9"
        );
        assert_eq!(
            err(r#"[{"type":"click","at":-1}]"#),
            "i.json entry 1: 'at' must not be negative"
        );
        assert_eq!(
            err(r#"[{"type":"key"}]"#),
            "i.json entry 1: 'key' is missing"
        );
        assert_eq!(
            err(r#"[{"type":"click","button":7}]"#),
            "i.json entry 1: 'button' must be 0, 1, 2, 3 or 4"
        );
        assert_eq!(
            err(r#"[{"type":"click","at":"soon"}]"#),
            "i.json entry 1: 'at' must be a number"
        );
        assert_eq!(
            err(r#"[{"type":"click","wait":1}]"#),
            "i.json entry 1: unknown member 'wait'"
        );
    }
}
