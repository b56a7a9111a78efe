//! Loading documents: an HTML source parsed into a window's document (scripts run at their end
//! tags, in document order), the window's `load` event, and the files a document may load (its
//! iframes' `src`, its scripts' `src`) read from under the document root.
//!
//! Invariant: a file is read only from under the document root, at the path its URL resolves to
//! as `fetch()` resolves it (same origin only; `..` never climbs above the root).

use std::path::PathBuf;
use std::rc::Rc;

use boa_engine::{Context, JsObject, JsResult};

use crate::agent::host::Host;
use crate::agent::realm::{insert_realm_data, realm_data};
use crate::web::dom::document::{create_element, create_text_node};
use crate::web::dom::node::{self, NodeKind, node_state};
use crate::web::fetch::fetch::{file_for, resolve_same_origin_path};
use crate::web::html::parser::{TreeOps, parse_document};

/// Where a window's document comes from: the root its files are served from, and the document's
/// own URL path there, which relative URLs resolve against.
#[derive(Clone, Debug, Default)]
pub struct DocumentBase {
    pub root: PathBuf,
    /// The document's URL path under the root (`/page.html`, `/scheduler/x.any.html`).
    pub path: String,
    /// Files served in place of what the root holds at a URL path: `(path, text, name)` (the
    /// conformance runner's harness and report script at `/resources/testharness.js` and
    /// `/resources/testharnessreport.js`).
    pub overrides: Vec<(String, String, String)>,
}

/// A file a document loaded.
pub struct DocumentFile {
    pub text: String,
    /// Its name in error reports and stacks (its path on disk).
    pub name: String,
    /// Its URL path under the root (the base of a document loaded from it).
    pub path: String,
}

/// Read the file a document of the current realm refers to with `url`. URLs resolve as `fetch()`
/// resolves them (same origin only, `..` never above the root): the file at that path under the
/// root, or why not.
pub fn read_document_file(url: &str, context: &Context) -> Result<DocumentFile, String> {
    let base = realm_data::<DocumentBase>(context)
        .ok_or_else(|| format!("{url}: this document has no files to load from"))?;
    // A `blob:` URL: the Blob a worker's URL resolved to when it was parsed (an override), or
    // what the blob URL store holds now.
    if let Some(entry) = crate::web::file_api::blob_url_store::resolve_if_blob_url(url) {
        let url = url.trim();
        if let Some((_, text, name)) = base.overrides.iter().find(|(p, _, _)| p == url) {
            return Ok(DocumentFile {
                text: text.clone(),
                name: name.clone(),
                path: url.to_owned(),
            });
        }
        let entry = entry.ok_or_else(|| {
            format!("{url}: no Blob has this URL (it was revoked, or never created)")
        })?;
        return Ok(DocumentFile {
            text: String::from_utf8_lossy(entry.blob.bytes.as_slice()).into_owned(),
            name: url.to_owned(),
            path: url.to_owned(),
        });
    }
    let path = resolve_same_origin_path(url, &base.path).ok_or_else(|| {
        format!(
            "{url}: only files of this document's origin (under the document root {}) can be loaded",
            base.root.display()
        )
    })?;
    if let Some((_, text, name)) = base.overrides.iter().find(|(p, _, _)| *p == path) {
        return Ok(DocumentFile {
            text: text.clone(),
            name: name.clone(),
            path,
        });
    }
    let file = file_for(&base.root, &path).ok_or_else(|| {
        format!(
            "{url}: no file at {path} under the document root {}",
            base.root.display()
        )
    })?;
    let bytes = std::fs::read(&file).map_err(|e| format!("{}: {e}", file.display()))?;
    let text =
        String::from_utf8(bytes).map_err(|_| format!("{}: not UTF-8 text", file.display()))?;
    Ok(DocumentFile {
        text,
        name: file.display().to_string(),
        path,
    })
}

/// Set the current realm's document base.
pub fn set_document_base(context: &Context, base: DocumentBase) {
    insert_realm_data(context, Rc::new(base));
}

/// The base of a document loaded from the file at URL path `path`, under the current one's root.
#[must_use]
pub fn base_for_path(context: &Context, path: &str) -> Option<DocumentBase> {
    let base = realm_data::<DocumentBase>(context)?;
    Some(DocumentBase {
        root: base.root.clone(),
        path: path.to_owned(),
        overrides: base.overrides.clone(),
    })
}

/// The parser's tree operations on the JS-visible DOM of the current realm.
struct DomTree<'a> {
    document: JsObject,
    context: std::cell::RefCell<&'a mut Context>,
}

impl TreeOps for DomTree<'_> {
    type Node = JsObject;

    fn document(&self) -> JsObject {
        self.document.clone()
    }

    fn create_element(&self, local_name: &str, attrs: &[(String, String)], line: u64) -> JsObject {
        let mut context = self.context.borrow_mut();
        let element = match create_element(&self.document, local_name, &mut context) {
            Ok(element) => element,
            // (Every element interface is defined in every window: not reached.)
            Err(_) => node::new_node(
                context.intrinsics().constructors().object().prototype(),
                NodeKind::Element(local_name.to_owned()),
                Some(self.document.clone()),
            ),
        };
        for (name, value) in attrs {
            node::set_attribute_value(&element, name, value);
        }
        crate::web::html::event_handler_attributes::parser_set_attributes(
            &element,
            attrs,
            line,
            &mut context,
        );
        if local_name == "script"
            && let Some(state) = node_state(&element)
        {
            state.parser_inserted.set(true);
            state.script_line.set(line);
        }
        element
    }

    fn create_comment(&self, text: &str) -> JsObject {
        let proto = self
            .context
            .borrow()
            .intrinsics()
            .constructors()
            .object()
            .prototype();
        let comment = node::new_node(proto, NodeKind::Comment, Some(self.document.clone()));
        if let Some(state) = node_state(&comment) {
            text.clone_into(&mut state.data.borrow_mut());
        }
        comment
    }

    fn append(&self, parent: &JsObject, child: &JsObject) {
        let mut context = self.context.borrow_mut();
        let _ = node::insert(child, parent, None, &mut context);
    }

    fn append_text(&self, parent: &JsObject, text: &str) {
        if let Some(state) = node_state(parent) {
            let last = state.children.borrow().last().cloned();
            if let Some(last) = last
                && let Some(last_state) = node_state(&last)
                && last_state.kind == NodeKind::Text
            {
                last_state.data.borrow_mut().push_str(text);
                return;
            }
        }
        let mut context = self.context.borrow_mut();
        if let Ok(node) = create_text_node(text, Some(self.document.clone()), &mut context) {
            let _ = node::insert(&node, parent, None, &mut context);
        }
    }

    fn insert_before(&self, sibling: &JsObject, new: &JsObject) {
        let Some(parent) = self.parent(sibling) else {
            return;
        };
        let mut context = self.context.borrow_mut();
        let _ = node::insert(new, &parent, Some(sibling), &mut context);
    }

    fn insert_text_before(&self, sibling: &JsObject, text: &str) {
        let Some(parent) = self.parent(sibling) else {
            return;
        };
        let mut context = self.context.borrow_mut();
        if let Ok(node) = create_text_node(text, Some(self.document.clone()), &mut context) {
            let _ = node::insert(&node, &parent, Some(sibling), &mut context);
        }
    }

    fn parent(&self, node: &JsObject) -> Option<JsObject> {
        node_state(node)?.parent.borrow().clone()
    }

    fn remove_from_parent(&self, node: &JsObject) {
        let mut context = self.context.borrow_mut();
        let _ = node::remove(node, &mut context);
    }

    fn reparent_children(&self, node: &JsObject, new_parent: &JsObject) {
        let children: Vec<JsObject> = node_state(node)
            .map(|s| s.children.borrow().clone())
            .unwrap_or_default();
        let mut context = self.context.borrow_mut();
        for child in children {
            let _ = node::insert(&child, new_parent, None, &mut context);
        }
    }

    fn add_attrs_if_missing(&self, node: &JsObject, attrs: &[(String, String)]) {
        let mut added = Vec::new();
        for (name, value) in attrs {
            if node::attribute(node, name).is_none() {
                node::set_attribute_value(node, name, value);
                added.push((name.clone(), value.clone()));
            }
        }
        let mut context = self.context.borrow_mut();
        crate::web::html::event_handler_attributes::parser_set_attributes(
            node,
            &added,
            0,
            &mut context,
        );
    }

    fn same_node(&self, a: &JsObject, b: &JsObject) -> bool {
        JsObject::equals(a, b)
    }

    fn script_ended(&self, script: &JsObject) {
        let mut context = self.context.borrow_mut();
        // HTML "text" insertion mode, an end tag whose tag name is "script": "If the active
        // speculative HTML parser is null and the JavaScript execution context stack is empty,
        // then perform a microtask checkpoint." (The parser runs from its own task, never from
        // script, so the stack is empty here.) So mutation observers see the script element
        // before it is prepared.
        if let Ok(host) = Host::from_context(&context) {
            crate::agent::microtasks::perform_microtask_checkpoint(&host, &mut context);
        }
        // Then: prepare the script element.
        if let Err(error) =
            crate::web::html::html_script_element::prepare_and_run(script, &mut context)
            && let Ok(host) = Host::from_context(&context)
        {
            host.report_exception(&error, &mut context);
        }
    }
}

/// Parse `source` (the file `name`) into `document`, running its scripts at their end tags.
/// Parse errors go to the console as warnings, with their line: a browser recovers from each of
/// them, and so does this.
pub fn load_html(
    document: &JsObject,
    source: &str,
    name: &str,
    context: &mut Context,
) -> JsResult<()> {
    let host = Host::from_context(context)?;
    let previous = host.script_name();
    host.set_script_name(name);
    let errors = {
        let tree = DomTree {
            document: document.clone(),
            context: std::cell::RefCell::new(context),
        };
        parse_document(source, &tree)
    };
    host.set_script_name(&previous);
    // (An iframe srcdoc document without a DOCTYPE is no error: HTML "the initial insertion
    // mode". Its other parse errors are shown like a file's.)
    for error in errors
        .into_iter()
        .filter(|e| !(name == "about:srcdoc" && e.message.contains("insertion mode Initial")))
    {
        crate::engine::errors::write_warning(&format!(
            "warning: {name}:{}: HTML parse error: {}",
            error.line,
            readable_parse_error(&error.message)
        ));
    }
    Ok(())
}

/// HTML "the end", its last steps (the task it queues): the document is loaded; fire `load`, then
/// `pageshow`, at the window.
pub fn fire_window_load(context: &mut Context) -> JsResult<()> {
    // 1. Update the current document readiness to "complete".
    crate::web::dom::document::update_readiness(
        crate::web::dom::document::Readiness::Complete,
        context,
    )?;
    // 2–3. (The browsing context is not null: the task would not run otherwise.) Let window be
    //    the Document's relevant global object.
    let window = context.global_object();
    // The events' target is the document (legacy target override). A window whose initial
    // about:blank document was never needed makes it only if a listener could see it.
    let listened = crate::web::dom::event_target::event_target_state(&window, context)
        .is_some_and(|t| t.has_listener_for("load") || t.has_listener_for("pageshow"));
    let document = if listened {
        crate::web::dom::document::window_document(context)?
    } else {
        crate::web::dom::document::made_window_document(context)
    }
    .map(|d| d.document.clone());
    // 5. Fire an event named load at window, with legacy target override flag set.
    let load = crate::web::dom::event::create_event(
        "load",
        crate::web::dom::event::EventInit::default(),
        context,
    )?;
    let Some(document) = document else {
        crate::web::dom::dispatch::fire_event(&window, &load, context)?;
        // 12. Completely finish loading the Document.
        crate::web::dom::document::completely_finish_loading(context);
        return Ok(());
    };
    crate::web::dom::dispatch::fire_event_with_legacy_target_override(
        &load, &window, &document, context,
    )?;
    // 8–9. Set the Document's page showing to true. 10. Fire a page transition event named
    //    pageshow at window with false.
    crate::web::html::page_transition_event::fire_page_transition_event(
        &window, &document, "pageshow", false, context,
    )?;
    // 12. Completely finish loading the Document (its completely loaded time is set).
    crate::web::dom::document::completely_finish_loading(context);
    Ok(())
}

/// html5ever's parse error messages print its tokens with Rust's debug formatting; say them as
/// markup: `<div>`, `</div>`, `div`, text "…".
fn readable_parse_error(message: &str) -> String {
    let message = message.replace("\\'", "'").replace("\\\"", "\"");
    let mut out = String::new();
    let mut rest = message.as_str();
    while !rest.is_empty() {
        if let Some(after) = rest
            .strip_prefix("Tag(Tag { kind: ")
            .or_else(|| rest.strip_prefix("Tag { kind: "))
            && let Some((kind, after)) = after.split_once(", name: Atom('")
            && let Some((name, after)) = after.split_once('\'')
        {
            out.push_str(if kind == "EndTag" { "</" } else { "<" });
            out.push_str(name);
            out.push('>');
            // Skip to the end of the token.
            rest = after
                .find('}')
                .map_or("", |i| &after[i + 1..])
                .trim_start_matches(')');
            continue;
        }
        if let Some(after) = rest.strip_prefix("Atom('")
            && let Some((name, after)) = after.split_once('\'')
        {
            out.push_str(name);
            rest = after.find(')').map_or("", |i| &after[i + 1..]);
            continue;
        }
        if let Some(after) = rest.strip_prefix("Characters(")
            && let Some(start) = after.find("inline: \"").or_else(|| after.find("owned: \""))
        {
            let text = &after[start..];
            let text = text.split_once('"').map_or("", |(_, t)| t);
            if let Some((text, after)) = text.split_once('"') {
                out.push_str("text \"");
                out.push_str(text);
                out.push('"');
                rest = after.trim_start_matches(')');
                continue;
            }
        }
        let mut chars = rest.chars();
        if let Some(c) = chars.next() {
            out.push(c);
        }
        rest = chars.as_str();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::readable_parse_error;

    #[test]
    fn parse_errors_read_as_markup() {
        assert_eq!(
            readable_parse_error(
                "Unexpected token Tag(Tag { kind: StartTag, name: Atom('div' type=inline), self_closing: false, attrs: [], had_duplicate_attributes: false }) in insertion mode InTable"
            ),
            "Unexpected token <div> in insertion mode InTable"
        );
        assert_eq!(
            readable_parse_error("Unexpected open element while closing Atom('div' type=inline)"),
            "Unexpected open element while closing div"
        );
        assert_eq!(
            readable_parse_error(
                "Unexpected characters Characters(NotSplit, Tendril<UTF8>(inline: \"fostered\")) in table"
            ),
            "Unexpected characters text \"fostered\" in table"
        );
    }
}
