//! The `PerformanceEntry` interface (Performance Timeline §5): the base of every entry taskhost
//! records (`PerformanceMark`, `PerformanceMeasure`, `PerformanceLongTaskTiming`,
//! `TaskAttributionTiming`).
//!
//! Every entry object carries one native data type, [`EntryData`], whose `entry_type` says which
//! interface it is; the subclasses' attributes brand-check on it.

use boa_engine::object::ObjectInitializer;
use boa_engine::object::builtins::JsArray;
use boa_engine::{
    Context, JsData, JsNativeError, JsObject, JsResult, JsString, JsValue, NativeFunction,
    js_string,
};
use boa_gc::{Finalize, Trace};

use crate::web::dom::interface::{
    InterfaceSpec, define_interface, illegal_invocation, prototype_of, this_object,
};

/// The entry types taskhost supports (the registry's `entryType` values).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntryType {
    Mark,
    Measure,
    LongTask,
    /// `TaskAttributionTiming` (never in a buffer or delivered to observers).
    TaskAttribution,
    /// `PerformanceEventTiming` of an event (Event Timing).
    Event,
    /// `PerformanceEventTiming` of the first input (Event Timing).
    FirstInput,
    /// `PerformanceLongAnimationFrameTiming` (Long Animation Frames).
    LongAnimationFrame,
    /// `PerformanceScriptTiming` (never in a buffer or delivered to observers: a long animation
    /// frame's `scripts`).
    Script,
    /// `VisibilityStateEntry` (HTML's page visibility): the document's visibility state, and
    /// when it became that.
    VisibilityState,
}

impl EntryType {
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Mark => "mark",
            Self::Measure => "measure",
            Self::LongTask => "longtask",
            Self::TaskAttribution => "taskattribution",
            Self::Event => "event",
            Self::FirstInput => "first-input",
            Self::LongAnimationFrame => "long-animation-frame",
            Self::Script => "script",
            Self::VisibilityState => "visibility-state",
        }
    }

    /// The supported entry type named `name` (`PerformanceObserver.supportedEntryTypes`).
    #[must_use]
    pub fn supported(name: &str) -> Option<Self> {
        match name {
            "mark" => Some(Self::Mark),
            "measure" => Some(Self::Measure),
            "longtask" => Some(Self::LongTask),
            "event" => Some(Self::Event),
            "first-input" => Some(Self::FirstInput),
            "long-animation-frame" => Some(Self::LongAnimationFrame),
            "visibility-state" => Some(Self::VisibilityState),
            _ => None,
        }
    }

    /// The supported entry types, in code unit order (the frozen array's order).
    pub const SUPPORTED: [EntryType; 7] = [
        Self::Event,
        Self::FirstInput,
        Self::LongAnimationFrame,
        Self::LongTask,
        Self::Mark,
        Self::Measure,
        Self::VisibilityState,
    ];

    /// Whether only a window's timeline has entries of this type (the interface is
    /// `[Exposed=Window]`, so a worker's `supportedEntryTypes` leaves it out).
    #[must_use]
    pub fn window_only(self) -> bool {
        matches!(self, Self::LongAnimationFrame | Self::VisibilityState)
    }
}

/// What a `TaskAttributionTiming` says about the container of a long task's work, with
/// taskhost's extension: which task it was.
#[derive(Clone, Debug, Default)]
pub struct Attribution {
    /// `containerType`: "window" (taskhost has no iframe containers that it tells apart).
    pub container_type: &'static str,
    /// `taskhostSource`: the task's source ("script", "postTask", "setTimeout", "message", …).
    pub source: String,
    /// `taskhostCallback`: the callback's function name ("" when unknown).
    pub callback: String,
    /// `taskhostPostedAt`: `file:line:col` of the call that posted the task ("" when unknown).
    pub posted_at: String,
}

/// The native data of every entry object.
#[derive(Trace, Finalize, JsData)]
pub struct EntryData {
    #[unsafe_ignore_trace]
    pub name: String,
    #[unsafe_ignore_trace]
    pub entry_type: EntryType,
    #[unsafe_ignore_trace]
    pub start_time: f64,
    #[unsafe_ignore_trace]
    pub duration: f64,
    /// `detail` of a mark or measure (null otherwise).
    pub detail: JsValue,
    /// `attribution` of a long task: a frozen array of `TaskAttributionTiming`; `scripts` of a
    /// long animation frame: a frozen array of `PerformanceScriptTiming`.
    pub attribution: Option<JsObject>,
    /// What a `TaskAttributionTiming` says.
    #[unsafe_ignore_trace]
    pub container: Option<Attribution>,
    /// A `PerformanceEventTiming`'s own attributes.
    #[unsafe_ignore_trace]
    pub event_timing: Option<EventTimes>,
    /// A `PerformanceEventTiming`'s `target` (the event's target, while it is connected); a
    /// `PerformanceScriptTiming`'s `window`.
    pub target: Option<JsObject>,
    /// A `PerformanceEventTiming`'s `targetSelector`.
    #[unsafe_ignore_trace]
    pub target_selector: Option<String>,
    /// A `PerformanceLongAnimationFrameTiming`'s own attributes.
    #[unsafe_ignore_trace]
    pub frame: Option<FrameTimes>,
    /// A `PerformanceScriptTiming`'s own attributes.
    #[unsafe_ignore_trace]
    pub script: Option<Box<ScriptTimes>>,
}

/// The attributes of a `PerformanceLongAnimationFrameTiming` beyond `PerformanceEntry`'s (but
/// `scripts`), relative to the time origin.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct FrameTimes {
    pub render_start: f64,
    pub style_and_layout_start: f64,
    pub first_ui_event_timestamp: f64,
    pub blocking_duration: f64,
}

/// The attributes of a `PerformanceScriptTiming` beyond `PerformanceEntry`'s (but `window`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ScriptTimes {
    pub invoker_type: &'static str,
    pub invoker: String,
    pub execution_start: f64,
    pub source_url: String,
    pub source_function_name: String,
    pub source_char_position: i64,
    pub pause_duration: f64,
    pub forced_style_and_layout_duration: f64,
    pub window_attribution: &'static str,
}

/// The attributes of a `PerformanceEventTiming` beyond `PerformanceEntry`'s.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct EventTimes {
    pub processing_start: f64,
    pub processing_end: f64,
    pub cancelable: bool,
    pub interaction_id: u64,
}

impl EntryData {
    /// An entry of `entry_type` without detail or attribution.
    #[must_use]
    pub fn new(name: &str, entry_type: EntryType, start_time: f64, duration: f64) -> Self {
        Self {
            name: name.to_owned(),
            entry_type,
            start_time,
            duration,
            detail: JsValue::null(),
            attribution: None,
            container: None,
            event_timing: None,
            target: None,
            target_selector: None,
            frame: None,
            script: None,
        }
    }
}

/// The interface an entry type's objects implement.
fn interface_name(entry_type: EntryType) -> &'static str {
    match entry_type {
        EntryType::Mark => "PerformanceMark",
        EntryType::Measure => "PerformanceMeasure",
        EntryType::LongTask => "PerformanceLongTaskTiming",
        EntryType::TaskAttribution => "TaskAttributionTiming",
        EntryType::Event | EntryType::FirstInput => "PerformanceEventTiming",
        EntryType::LongAnimationFrame => "PerformanceLongAnimationFrameTiming",
        EntryType::Script => "PerformanceScriptTiming",
        EntryType::VisibilityState => "VisibilityStateEntry",
    }
}

/// Create an entry object of the current realm with `data`.
pub fn new_entry(data: EntryData, context: &mut Context) -> JsResult<JsObject> {
    let proto = prototype_of(context, interface_name(data.entry_type))?;
    Ok(JsObject::from_proto_and_data(proto, data))
}

/// The entry data of `object`, if it is an entry.
#[must_use]
pub fn entry_of(object: &JsObject) -> Option<boa_gc::GcRef<'_, EntryData>> {
    object.downcast_ref::<EntryData>()
}

/// Run `f` on the entry data of `this` (of one of `types`, or any when empty), or throw
/// "Illegal invocation".
pub fn with_entry<R>(
    this: &JsValue,
    types: &[EntryType],
    context: &Context,
    f: impl FnOnce(&EntryData) -> R,
) -> JsResult<R> {
    let object = this_object(this, context)?;
    let data = entry_of(&object).ok_or_else(illegal_invocation)?;
    if !types.is_empty() && !types.contains(&data.entry_type) {
        return Err(illegal_invocation());
    }
    Ok(f(&data))
}

/// The default toJSON steps (WebIDL §3.7.7.1): an object with the values of the attributes of
/// the entry's interface and the interfaces it inherits from.
pub fn to_json(this: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let object = this_object(this, context)?;
    let (
        name,
        entry_type,
        start,
        duration,
        detail,
        attribution,
        container,
        times,
        target_selector,
        frame,
        script,
    ) = {
        let data = entry_of(&object).ok_or_else(illegal_invocation)?;
        (
            data.name.clone(),
            data.entry_type,
            data.start_time,
            data.duration,
            data.detail.clone(),
            data.attribution.clone(),
            data.container.clone(),
            data.event_timing.unwrap_or_default(),
            data.target_selector.clone().unwrap_or_default(),
            data.frame.unwrap_or_default(),
            data.script.clone().unwrap_or_default(),
        )
    };
    let json = ObjectInitializer::new(context).build();
    let set = |key: &str, value: JsValue, context: &mut Context| {
        json.create_data_property_or_throw(JsString::from(key), value, context)
    };
    set("name", JsString::from(name.as_str()).into(), context)?;
    set("entryType", js_string!(entry_type.as_str()).into(), context)?;
    set("startTime", start.into(), context)?;
    set("duration", duration.into(), context)?;
    match entry_type {
        EntryType::Mark | EntryType::Measure => {
            set("detail", detail, context)?;
        }
        EntryType::LongTask => {
            set(
                "attribution",
                attribution.map_or(JsValue::null(), Into::into),
                context,
            )?;
        }
        // PerformanceEventTiming's [Default] toJSON: its attributes but `target`.
        EntryType::Event | EntryType::FirstInput => {
            set("processingStart", times.processing_start.into(), context)?;
            set("processingEnd", times.processing_end.into(), context)?;
            set("cancelable", times.cancelable.into(), context)?;
            set(
                "targetSelector",
                JsString::from(target_selector.as_str()).into(),
                context,
            )?;
            set("interactionId", times.interaction_id.into(), context)?;
        }
        // PerformanceLongAnimationFrameTiming's [Default] toJSON: its attributes, in Chromium's
        // order (the IDL's but navigationId, which taskhost does not have), `scripts` as the
        // scripts' own toJSON() results.
        EntryType::LongAnimationFrame => {
            set("renderStart", frame.render_start.into(), context)?;
            set(
                "styleAndLayoutStart",
                frame.style_and_layout_start.into(),
                context,
            )?;
            set(
                "firstUIEventTimestamp",
                frame.first_ui_event_timestamp.into(),
                context,
            )?;
            set("blockingDuration", frame.blocking_duration.into(), context)?;
            let mut scripts = Vec::new();
            if let Some(array) = &attribution {
                let length = JsArray::from_object(array.clone())?.length(context)?;
                for i in 0..length {
                    let item = array.get(i, context)?;
                    let json = to_json(&item, &[], context)?;
                    scripts.push(json);
                }
            }
            let scripts = JsArray::from_iter(scripts, context);
            set("scripts", scripts.into(), context)?;
        }
        // PerformanceScriptTiming's [Default] toJSON: its attributes but `window`, in Chromium's
        // order (not the IDL's: invoker before invokerType, windowAttribution third).
        EntryType::Script => {
            let text = |s: &str| JsValue::from(JsString::from(s));
            set("invoker", text(&script.invoker), context)?;
            set("invokerType", text(script.invoker_type), context)?;
            set(
                "windowAttribution",
                text(script.window_attribution),
                context,
            )?;
            set("executionStart", script.execution_start.into(), context)?;
            set(
                "forcedStyleAndLayoutDuration",
                script.forced_style_and_layout_duration.into(),
                context,
            )?;
            set("pauseDuration", script.pause_duration.into(), context)?;
            set("sourceURL", text(&script.source_url), context)?;
            set(
                "sourceFunctionName",
                text(&script.source_function_name),
                context,
            )?;
            #[allow(clippy::cast_precision_loss)]
            set(
                "sourceCharPosition",
                (script.source_char_position as f64).into(),
                context,
            )?;
        }
        // VisibilityStateEntry has no toJSON of its own: PerformanceEntry's attributes.
        EntryType::VisibilityState => {}
        EntryType::TaskAttribution => {
            let c = container.unwrap_or_default();
            for (key, value) in [
                ("containerType", c.container_type.to_owned()),
                ("containerSrc", String::new()),
                ("containerId", String::new()),
                ("containerName", String::new()),
                ("taskhostSource", c.source),
                ("taskhostCallback", c.callback),
                ("taskhostPostedAt", c.posted_at),
            ] {
                set(key, JsString::from(value.as_str()).into(), context)?;
            }
        }
    }
    Ok(json.into())
}

/// A `DOMHighResTimeStamp` argument (a WebIDL `double`): non-finite values are a TypeError.
pub fn to_timestamp(
    value: &JsValue,
    context: &mut Context,
    on_error: impl FnOnce(&str) -> boa_engine::JsError,
) -> JsResult<f64> {
    let number = value.to_number(context)?;
    if number.is_finite() {
        Ok(number)
    } else {
        Err(on_error("The provided double value is non-finite."))
    }
}

/// A TypeError in the browsers' wording for `operation` of `interface`.
#[must_use]
pub fn failed(interface: &str, operation: &str, message: &str) -> boa_engine::JsError {
    JsNativeError::typ()
        .with_message(format!(
            "Failed to execute '{operation}' on '{interface}': {message}"
        ))
        .into()
}

pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "PerformanceEntry",
            parent: None,
            length: 0,
            constructor: None,
        },
        |m| {
            m.attribute(
                "name",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    with_entry(this, &[], context, |d| {
                        JsString::from(d.name.as_str()).into()
                    })
                }),
                None,
            )
            .attribute(
                "entryType",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    with_entry(this, &[], context, |d| {
                        JsString::from(d.entry_type.as_str()).into()
                    })
                }),
                None,
            )
            .attribute(
                "startTime",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    with_entry(this, &[], context, |d| d.start_time.into())
                }),
                None,
            )
            .attribute(
                "duration",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    with_entry(this, &[], context, |d| d.duration.into())
                }),
                None,
            )
            .operation("toJSON", 0, NativeFunction::from_fn_ptr(to_json));
        },
    )?;
    Ok(())
}
