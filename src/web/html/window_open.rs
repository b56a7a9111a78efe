//! Opening and closing windows (HTML §7.2.2.1): `window.open()`, `window.opener`,
//! `window.close()` and `window.closed`. A closed window's documents are unloaded
//! (`unloading.rs`: `pagehide`, `visibilitychange`, `unload`).
//!
//! A window that `open()` makes is an auxiliary browsing context: a new top-level window on the
//! *same* event loop (a new realm, as an iframe's window is), with its own document, timers,
//! scheduler and animation frames, whose `opener` is the window that opened it. Its document
//! loads from a task, as a navigation's does; `open()` returns its window at once, with its
//! initial about:blank document.
//!
//! Invariants:
//! - A window is closed at most once: `close()` sets its *is closing* flag and queues one task
//!   that unloads its documents (the nested ones first) and destroys it; from then on its
//!   `closed` is true, and its tasks and promise jobs never run again.
//! - While a document unloads (the agent's termination nesting level is above zero), `open()`
//!   returns null.
//!
//! Deviations, deliberate:
//! - `open()` with a URL and a target naming an existing window (`_self`, `_parent`, `_top`, or
//!   the name of a window it opened) navigates it (`navigation.rs`), which the run's own window
//!   refuses for another document (a "NotSupportedError" DOMException); with an empty URL it
//!   returns that window. A navigated window is a new window object (no WindowProxy): its
//!   number, name and opener go with the navigable.
//! - The run's own window is not closed by `close()` (HTML would close a top-level window whose
//!   session history has one entry): the console says so, as Chromium's does for a window a
//!   script may not close. Closing it would end the program from inside; `--max-time` and the
//!   end of all work end a run instead.
//! - No popup features other than `noopener` and `noreferrer` (`popup`, sizes and positions
//!   have no meaning without a screen), and no popup blocking. (What unloading leaves out:
//!   `unloading.rs`.)
//! - Every opened window is visible or hidden with the page (`taskhost.page.hide()`), and
//!   renders with the page's display.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use boa_engine::property::PropertyDescriptor;
use boa_engine::realm::Realm;
use boa_engine::{Context, JsObject, JsResult, JsString, JsValue, NativeFunction};

use crate::agent::host::{Host, agent_data};
use crate::agent::realm::{
    in_realm, incumbent_realm, insert_realm_data, realm_data, realm_data_of, realm_of_global,
    realm_record,
};
use crate::event_loop::HostSource;
use crate::web::dom::dom_exception::dom_exception_error;
use crate::web::dom::node::ContentWindow;
use crate::web::html::html_iframe_element::{ParentWindow, create_window, next_window_number};
use crate::web::html::unloading::{
    destroy_document_and_descendants, termination_nesting_level, unload_document_and_descendants,
};

/// What a top-level window that a script opened knows of itself (realm data).
struct AuxiliaryWindow {
    /// Its browsing context's opener browsing context's window (null once disowned).
    opener: RefCell<Option<JsObject>>,
    /// Its navigable's target name (`open(url, name)`), "" for `_blank`.
    name: String,
    /// HTML "is closing".
    closing: Cell<bool>,
    /// Its number among the agent's windows (its top-level traversable's, in the session
    /// history).
    number: u32,
}

/// The number of the window a script opened whose window is `realm`'s (none for another).
#[must_use]
pub fn window_number(realm: &Realm) -> Option<u32> {
    realm_data_of::<AuxiliaryWindow>(realm).map(|a| a.number)
}

/// The window a script opened with this number, while it is open.
pub fn opened_window(number: u32, context: &mut Context) -> Option<ContentWindow> {
    agent_data::<OpenedWindows>(context)
        .0
        .borrow()
        .iter()
        .find(|w| window_number(&w.realm) == Some(number))
        .cloned()
}

/// A navigation of the opened window of `old`'s realm showed a new document in the window
/// `new`: it is that top-level traversable's window now (same opener, name and number).
pub fn replace_opened_window(number: u32, old: &Realm, new: &ContentWindow, context: &mut Context) {
    if let Some(auxiliary) = realm_data_of::<AuxiliaryWindow>(old) {
        in_realm(context, &new.realm, |context| {
            insert_realm_data(
                context,
                Rc::new(AuxiliaryWindow {
                    opener: RefCell::new(auxiliary.opener.borrow().clone()),
                    name: auxiliary.name.clone(),
                    closing: Cell::new(auxiliary.closing.get()),
                    number,
                }),
            );
        });
    }
    for window in agent_data::<OpenedWindows>(context)
        .0
        .borrow_mut()
        .iter_mut()
    {
        if window.realm == *old {
            *window = new.clone();
        }
    }
}

/// The windows this agent opened, in the order they were opened (agent data).
#[derive(Default)]
pub struct OpenedWindows(RefCell<Vec<ContentWindow>>);

/// The realms of the top-level windows scripts opened and that are not closed, in the order
/// they were opened (each is a tree of documents the rendering task updates after the run's own
/// window's).
#[must_use]
pub fn opened_window_realms(context: &mut Context) -> Vec<Realm> {
    agent_data::<OpenedWindows>(context)
        .0
        .borrow()
        .iter()
        .map(|w| w.realm.clone())
        .collect()
}

/// A USVString argument, or `default` when it is undefined.
fn string_argument(
    args: &[JsValue],
    index: usize,
    default: &str,
    context: &mut Context,
) -> JsResult<String> {
    match args.get(index) {
        Some(value) if !value.is_undefined() => {
            Ok(value.to_string(context)?.to_std_string_escaped())
        }
        _ => Ok(default.to_owned()),
    }
}

/// HTML "tokenize the features argument": name/value pairs, names lowercased.
fn tokenize_features(features: &str) -> Vec<(String, String)> {
    let is_separator = |c: char| c.is_ascii_whitespace() || c == '=' || c == ',';
    // 1. Let tokenizedFeatures be a new ordered map.
    let mut tokenized: Vec<(String, String)> = Vec::new();
    let chars: Vec<char> = features.chars().collect();
    // 2. Let position point at the first code point of features.
    let mut position = 0;
    // 3. While position is not past the end of features:
    while position < chars.len() {
        // 3.1. Let name be the empty string. 3.2. Let value be the empty string.
        // 3.3. Collect a sequence of code points that are feature separators. (Skip them.)
        while position < chars.len() && is_separator(chars[position]) {
            position += 1;
        }
        // 3.4. Collect a sequence of code points that are not feature separators; set name to
        //      the collected characters, converted to ASCII lowercase.
        let start = position;
        while position < chars.len() && !is_separator(chars[position]) {
            position += 1;
        }
        let name: String = chars[start..position]
            .iter()
            .collect::<String>()
            .to_ascii_lowercase();
        // 3.5. Set name to the result of normalizing the feature name name. (Only the names
        //      read below matter, and they need no normalizing.)
        // 3.6. While position is not past the end of features and the code point at position
        //      is not U+003D (=): if it is U+002C (,) or not a feature separator, break; advance.
        while position < chars.len() && chars[position] != '=' {
            if chars[position] == ',' || !is_separator(chars[position]) {
                break;
            }
            position += 1;
        }
        // 3.7. If the code point at position is a feature separator: 3.7.1. While it is a
        //      feature separator other than U+002C (,) advance. 3.7.2. Collect a sequence of
        //      code points that are not feature separators; set value to them, lowercased.
        let mut value = String::new();
        if position < chars.len() && is_separator(chars[position]) {
            while position < chars.len() && is_separator(chars[position]) && chars[position] != ','
            {
                position += 1;
            }
            let start = position;
            while position < chars.len() && !is_separator(chars[position]) {
                position += 1;
            }
            value = chars[start..position]
                .iter()
                .collect::<String>()
                .to_ascii_lowercase();
        }
        // 3.8. If name is not the empty string, then set tokenizedFeatures[name] to value.
        if !name.is_empty() {
            if let Some(entry) = tokenized.iter_mut().find(|(n, _)| *n == name) {
                entry.1 = value;
            } else {
                tokenized.push((name, value));
            }
        }
    }
    // 4. Return tokenizedFeatures.
    tokenized
}

/// HTML "parse a boolean feature": "" and "yes" are true, "no" false, else the integer parsed
/// from the value's start (none: 0) is not 0.
fn parse_boolean_feature(value: &str) -> bool {
    // 1. If value is the empty string, then return true. 2. If value is "yes", return true.
    // 3. If value is "true", then return true.
    if value.is_empty() || value == "yes" || value == "true" {
        return true;
    }
    // 4. Let parsed be the result of parsing value as an integer. 5. If parsed is an error,
    //    then set it to 0. 6. Return false if parsed is 0, and true otherwise.
    let trimmed = value.trim_start_matches(|c: char| c.is_ascii_whitespace());
    let (sign, digits) = match trimmed.strip_prefix('-') {
        Some(rest) => (-1, rest),
        None => (1, trimmed.strip_prefix('+').unwrap_or(trimmed)),
    };
    let digits: String = digits.chars().take_while(char::is_ascii_digit).collect();
    let parsed = digits.parse::<i128>().map_or(0, |n| n * sign);
    parsed != 0
}

/// The window of `realm` (its global object).
fn window_of(realm: &Realm, context: &mut Context) -> JsObject {
    in_realm(context, realm, |context| context.global_object())
}

/// The windows `target` names without making one: `_self`, `_parent`, `_top`, or an open
/// window this agent opened with that name. (Iframes have no names in taskhost.)
fn existing_navigable(target: &str, context: &mut Context) -> Option<JsObject> {
    let current = context.global_object();
    match target.to_ascii_lowercase().as_str() {
        "_self" => return Some(current),
        "_parent" => {
            return Some(realm_data::<ParentWindow>(context).map_or(current, |p| p.0.clone()));
        }
        "_top" => {
            let mut window = current;
            while let Some(realm) = realm_of_global(context, &window)
                && let Some(parent) = realm_data_of::<ParentWindow>(&realm)
            {
                window = parent.0.clone();
            }
            return Some(window);
        }
        "_blank" => return None,
        _ => {}
    }
    let opened = agent_data::<OpenedWindows>(context);
    let list = opened.0.borrow();
    list.iter()
        .find(|w| {
            realm_data_of::<AuxiliaryWindow>(&w.realm)
                .is_some_and(|a| a.name == target && !a.closing.get())
        })
        .map(|w| w.global.clone())
}

/// `open(url, target, features)`: the window open steps.
fn open(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let url = string_argument(args, 0, "", context)?;
    let target = string_argument(args, 1, "_blank", context)?;
    let features = string_argument(args, 2, "", context)?;
    // 1. If the event loop's termination nesting level is nonzero, return null.
    if termination_nesting_level(context) > 0 {
        return Ok(JsValue::null());
    }
    // 2. Let sourceDocument be the entry global object's associated Document. (The incumbent
    //    realm's, as taskhost approximates both.)
    let source_realm = incumbent_realm(context);
    // 3. If target is the empty string, then set target to "_blank".
    let target = if target.is_empty() {
        "_blank".to_owned()
    } else {
        target
    };
    // 4. Let tokenizedFeatures be the result of tokenizing features.
    let tokenized = tokenize_features(&features);
    let feature = |name: &str| {
        tokenized
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| parse_boolean_feature(v))
    };
    // 5–8. Let noopener be the parsed "noopener" feature, true too if "noreferrer" is.
    let noopener = feature("noopener").unwrap_or(false) || feature("noreferrer").unwrap_or(false);
    // 9. Let targetNavigable and windowType be the result of applying the rules for choosing a
    //    navigable given target, sourceDocument's node navigable, and noopener.
    // 11.3. Let urlRecord be the URL record about:blank. 11.4. If url is not the empty string,
    //       then set urlRecord to the result of encoding-parsing a URL given url, relative to
    //       sourceDocument. 11.5. If urlRecord is failure, then throw a "SyntaxError".
    let url_record = if url.is_empty() {
        None
    } else {
        let parsed = in_realm(context, &source_realm, |context| {
            crate::web::html::location::document_base_url(context)
                .and_then(|base| base.join(&url).ok())
        });
        let Some(parsed) = parsed else {
            return Err(dom_exception_error(
                context,
                &format!("Failed to execute 'open' on 'Window': '{url}' is not a valid URL"),
                "SyntaxError",
            ));
        };
        Some(parsed)
    };
    if let Some(existing) = existing_navigable(&target, context) {
        // 12. Otherwise (an existing navigable): 12.1. If url is not the empty string, then
        //     navigate targetNavigable to urlRecord.
        if let Some(url_record) = url_record
            && let Some(realm) = realm_of_global(context, &existing)
            && let Some((navigable, traversable)) =
                crate::web::html::navigation::navigable_of(&realm, context)
        {
            crate::web::html::navigation::navigate(
                &navigable,
                traversable,
                url_record,
                crate::web::html::navigation::HistoryHandling::Auto,
                "window.open()",
                context,
            )?;
        }
        // 12.2. If noopener is false, set its opener to sourceDocument's browsing context.
        // 13. If noopener is true or windowType is "new with no opener", then return null.
        // 14. Return targetNavigable's active WindowProxy.
        return Ok(if noopener {
            JsValue::null()
        } else {
            existing.into()
        });
    }
    // The rules for choosing a navigable, "new": a new top-level traversable with an auxiliary
    // browsing context whose opener is the current one (none with noopener), named target
    // unless it is "_blank".
    let opener = (!noopener).then(|| window_of(&source_realm, context));
    let number = next_window_number(context);
    let content = create_window(&format!("popup {number}"), None, context)?;
    in_realm(context, &content.realm, |context| -> JsResult<()> {
        // Its initial about:blank document is completely loaded at once ("create a new
        // browsing context and document", "completely finish loading").
        crate::web::dom::document::update_readiness(
            crate::web::dom::document::Readiness::Complete,
            context,
        )?;
        insert_realm_data(
            context,
            Rc::new(AuxiliaryWindow {
                opener: RefCell::new(opener),
                name: if target.eq_ignore_ascii_case("_blank") {
                    String::new()
                } else {
                    target.clone()
                },
                closing: Cell::new(false),
                number,
            }),
        );
        Ok(())
    })?;
    agent_data::<OpenedWindows>(context)
        .0
        .borrow_mut()
        .push(ContentWindow {
            global: content.global.clone(),
            realm: content.realm.clone(),
        });
    // 11.6. If urlRecord matches about:blank: the URL and history update steps (nothing to
    //       do). 11.7. Otherwise, navigate targetNavigable to urlRecord: its document loads
    //       from a task (one that cannot be read is reported, and the window keeps its
    //       about:blank document).
    if let Some(url_record) = url_record
        && !(url_record.scheme() == "about" && url_record.path() == "blank")
    {
        crate::web::html::navigation::navigate(
            &crate::web::html::navigation::Navigable::Top(number),
            number,
            url_record,
            crate::web::html::navigation::HistoryHandling::Auto,
            "window.open()",
            context,
        )?;
    }
    // 13. If noopener is true or windowType is "new with no opener", then return null.
    // 14. Return targetNavigable's active WindowProxy.
    Ok(if noopener {
        JsValue::null()
    } else {
        content.global.clone().into()
    })
}

/// Follow a hyperlink to `url` (absolute) with `target`: the navigable the rules for choosing a
/// navigable give (this window for `_self`, a new one for `_blank` or a new name) is navigated,
/// as `open(url, target, noopener ? "noopener" : "")` does it, from the current realm's window.
pub fn follow_hyperlink(
    url: &str,
    target: &str,
    noopener: bool,
    context: &mut Context,
) -> JsResult<()> {
    let features = if noopener { "noopener" } else { "" };
    open(
        &JsValue::undefined(),
        &[
            JsString::from(url).into(),
            JsString::from(target).into(),
            JsString::from(features).into(),
        ],
        context,
    )
    .map(drop)
}

/// The `opener` getter: this's browsing context's opener's WindowProxy, or null.
fn opener(_: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    // 1. Let current be this's browsing context. 2. If current is null, then return null.
    // 3. If current's disowned is true, then return null. 4. If current's opener browsing
    //    context is null, then return null. 5. Return current's opener browsing context's
    //    WindowProxy object.
    Ok(realm_data::<AuxiliaryWindow>(context)
        .and_then(|a| a.opener.borrow().clone())
        .map_or_else(JsValue::null, JsValue::from))
}

/// The `opener` setter: null disowns the opener; anything else replaces the attribute by a data
/// property of that value (`[Replaceable]`).
fn set_opener(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let value = args.first().cloned().unwrap_or_default();
    // 1. If the given value is null and this's browsing context is non-null, then set this's
    //    browsing context's disowned to true.
    if value.is_null() {
        if let Some(auxiliary) = realm_data::<AuxiliaryWindow>(context) {
            *auxiliary.opener.borrow_mut() = None;
        }
        return Ok(JsValue::undefined());
    }
    // 2. If the given value is non-null, then return ? OrdinaryDefineOwnProperty(this,
    //    "opener", { [[Value]]: the given value, [[Writable]]: true, [[Enumerable]]: true,
    //    [[Configurable]]: true }).
    context.global_object().define_property_or_throw(
        JsString::from("opener"),
        PropertyDescriptor::builder()
            .value(value)
            .writable(true)
            .enumerable(true)
            .configurable(true),
        context,
    )?;
    Ok(JsValue::undefined())
}

/// The `closed` getter: true if this's browsing context is null or its is closing is true.
fn closed(_: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let gone = realm_record(context.realm()).is_some_and(|r| !r.is_fully_active());
    let closing = realm_data::<AuxiliaryWindow>(context).is_some_and(|a| a.closing.get());
    Ok((gone || closing).into())
}

/// `close()`.
fn close(_: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    // 1. Let thisTraversable be this's navigable. 2. If thisTraversable is not a top-level
    //    traversable, then return. (A removed iframe's window has no navigable at all.)
    if realm_record(context.realm()).is_some_and(|r| !r.is_fully_active())
        || realm_data::<ParentWindow>(context).is_some()
    {
        return Ok(JsValue::undefined());
    }
    let Some(auxiliary) = realm_data::<AuxiliaryWindow>(context) else {
        // The run's own window (see the module's deviations).
        crate::engine::errors::report_host_warning(
            "window.close(): the run's own window is not closed (taskhost closes only windows \
             that scripts opened)",
        );
        return Ok(JsValue::undefined());
    };
    // 3. If thisTraversable's is closing is true, then return.
    if auxiliary.closing.get() {
        return Ok(JsValue::undefined());
    }
    // 4–6. If thisTraversable is script-closable (it was opened by a script), the incumbent
    //    global object's browsing context is familiar with it and allowed by sandboxing to
    //    navigate it (always, on one event loop without sandboxing), then:
    //    6.1. Set thisTraversable's is closing to true.
    auxiliary.closing.set(true);
    //    6.2. Queue a task on the DOM manipulation task source to definitely close
    //         thisTraversable.
    let realm = context.realm().clone();
    let host = Host::from_context(context)?;
    host.queue_task(
        HostSource::DomManipulation,
        realm.clone(),
        Box::new(move |context| {
            close_top_level_traversable(&realm, context);
            Ok(())
        }),
    );
    Ok(JsValue::undefined())
}

/// HTML "close a top-level traversable" (the definite close of a window a script opened).
fn close_top_level_traversable(realm: &Realm, context: &mut Context) {
    // 1. If traversable's is closing is... closed already (destroyed), then return.
    if realm_record(realm).is_some_and(|r| !r.is_fully_active()) {
        return;
    }
    // 2–3. Let toUnload be traversable's active document's inclusive descendant navigables; if
    //    checking if unloading is canceled for toUnload is not "continue", then return. (No
    //    beforeunload.)
    // 4. Unload a document and its descendants given traversable's active document, then
    //    destroy traversable.
    unload_document_and_descendants(realm, context);
    // Destroy a top-level traversable: destroy its active document (and every document nested
    // in it: none of them is fully active any more), then remove it from the user agent's
    // top-level traversable set.
    destroy_document_and_descendants(realm, context);
    let opened = agent_data::<OpenedWindows>(context);
    opened.0.borrow_mut().retain(|w| w.realm != *realm);
}

/// Define `open()`, `opener`, `closed` and `close()` on the window (the global).
pub fn register(context: &mut Context) -> JsResult<()> {
    let global = context.global_object();
    type Operation = fn(&JsValue, &[JsValue], &mut Context) -> JsResult<JsValue>;
    let operations: [(&str, Operation); 2] = [("open", open), ("close", close)];
    for (name, body) in operations {
        crate::web::util::define_operation(
            &global,
            name,
            0,
            NativeFunction::from_fn_ptr(body),
            context,
        )?;
    }
    crate::web::util::define_readonly_attribute(
        &global,
        "closed",
        NativeFunction::from_fn_ptr(closed),
        context,
    )?;
    let realm = context.realm().clone();
    let (get, set) = crate::web::dom::interface::accessor_pair(
        &realm,
        "opener",
        NativeFunction::from_fn_ptr(opener),
        Some(NativeFunction::from_fn_ptr(set_opener)),
    );
    let mut descriptor = PropertyDescriptor::builder()
        .get(get)
        .enumerable(true)
        .configurable(true);
    if let Some(set) = set {
        descriptor = descriptor.set(set);
    }
    global.define_property_or_throw(JsString::from("opener"), descriptor, context)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{parse_boolean_feature, tokenize_features};

    fn pairs(features: &str) -> Vec<(String, String)> {
        tokenize_features(features)
    }

    /// The tokenizer splits on whitespace, "=" and ",", lowercases names and values, and keeps
    /// the last value of a repeated name in the first one's place.
    #[test]
    fn features_tokenize_as_html_says() {
        let p = |a: &str, b: &str| (a.to_owned(), b.to_owned());
        assert_eq!(pairs(""), vec![]);
        assert_eq!(pairs("noopener"), vec![p("noopener", "")]);
        assert_eq!(
            pairs(" NoOpener = YES , width=100"),
            vec![p("noopener", "yes"), p("width", "100")]
        );
        assert_eq!(pairs("a=1,b,a=2"), vec![p("a", "2"), p("b", "")]);
        assert_eq!(
            pairs("noopener,noreferrer"),
            vec![p("noopener", ""), p("noreferrer", "")]
        );
        assert_eq!(pairs("=,="), vec![]);
    }

    /// "" / "yes" / "true" and any nonzero integer prefix are true; "no", "0" and text are not.
    #[test]
    fn boolean_features_parse_as_html_says() {
        for value in ["", "yes", "true", "1", "-1", " 7px", "+3"] {
            assert!(parse_boolean_feature(value), "{value:?}");
        }
        for value in ["no", "0", "false", "px", "0.5x", "-0"] {
            assert!(!parse_boolean_feature(value), "{value:?}");
        }
    }
}
