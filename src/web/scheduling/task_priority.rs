//! `enum TaskPriority { "user-blocking", "user-visible", "background" }` (§2.1).

use boa_engine::{Context, JsNativeError, JsResult, JsString, JsValue, js_string};

use crate::event_loop::Priority;

/// A TaskPriority value.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TaskPriority {
    UserBlocking,
    UserVisible,
    Background,
}

impl TaskPriority {
    /// The IDL string.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::UserBlocking => "user-blocking",
            Self::UserVisible => "user-visible",
            Self::Background => "background",
        }
    }

    #[must_use]
    pub fn to_js_string(self) -> JsString {
        match self {
            Self::UserBlocking => js_string!("user-blocking"),
            Self::UserVisible => js_string!("user-visible"),
            Self::Background => js_string!("background"),
        }
    }

    /// Parse an IDL string; `None` when it is not one of the enumeration values.
    #[must_use]
    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "user-blocking" => Some(Self::UserBlocking),
            "user-visible" => Some(Self::UserVisible),
            "background" => Some(Self::Background),
            _ => None,
        }
    }

    /// WebIDL enumeration conversion (§3.2.19): 1. Let S be ? ToString(V). 2. If S is not one
    /// of E's enumeration values, throw a TypeError. 3. Return S.
    pub fn from_js(value: &JsValue, what: &str, context: &mut Context) -> JsResult<Self> {
        let text = value.to_string(context)?.to_std_string_escaped();
        Self::parse(&text).ok_or_else(|| {
            JsNativeError::typ()
                .with_message(format!(
                    "{what}: The provided value '{text}' is not a valid enum value of type TaskPriority."
                ))
                .into()
        })
    }

    /// The event-loop core's rank of this priority.
    #[must_use]
    pub const fn core(self) -> Priority {
        match self {
            Self::UserBlocking => Priority::UserBlocking,
            Self::UserVisible => Priority::UserVisible,
            Self::Background => Priority::Background,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::TaskPriority;

    #[test]
    fn strings_round_trip_and_nothing_else_parses() {
        for p in [
            TaskPriority::UserBlocking,
            TaskPriority::UserVisible,
            TaskPriority::Background,
        ] {
            assert_eq!(TaskPriority::parse(p.as_str()), Some(p));
        }
        for bad in ["", "User-Visible", "idle", "user-visible ", "high"] {
            assert_eq!(TaskPriority::parse(bad), None, "{bad}");
        }
    }
}
