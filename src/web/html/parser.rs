//! The HTML parser front: html5ever's tokenizer and tree builder, building a tree that the caller
//! owns (through [`TreeOps`]) and handing each parser-inserted script back at its end tag.
//!
//! Invariant: when [`TreeOps::script_ended`] is called for a script, the tree holds exactly what
//! was parsed before that script's `</script>` (plus whatever earlier scripts did to it). The
//! tokenizer stops at the end tag and resumes only after `script_ended` returns, so scripts run in
//! document order and a script's changes to the tree are what the rest of the parse builds on.
//!
//! Where this differs from a browser's parser, and from the first sketch of [`TreeOps`]:
//! - There is no `local_name(node)` operation. The tree builder needs each element's *namespace*
//!   as well as its local name (to tell `<svg><title>` from `<title>`, to honour `<rect/>` in SVG,
//!   to find integration points), and the caller's tree keeps local names only. So the parser keeps
//!   each element's qualified name in its own handle (`Handle`), next to the caller's node, and
//!   never asks the tree for a name.
//! - Templates are not inert: a `<template>`'s children are parsed into the template element
//!   itself (there is no separate template contents fragment). Scripts parsed inside a template are
//!   not reported to `script_ended`, as a browser would not run them.
//! - Only HTML `<script>` elements are reported; an SVG `<script>` is an ordinary element (html5ever
//!   does not stop at `</script>` in foreign content).
//! - No `document.write`: a script cannot insert input at the parser's insertion point.
//! - Doctypes, quirks mode and declarative shadow roots are not modelled (see the `TreeSink` impl).

use std::borrow::Cow;
use std::cell::{Cell, RefCell};

use html5ever::buffer_queue::BufferQueue;
use html5ever::interface::{ElementFlags, NodeOrText, QuirksMode, TreeSink};
use html5ever::tendril::StrTendril;
use html5ever::tokenizer::{Tokenizer, TokenizerOpts};
use html5ever::tree_builder::{TreeBuilder, TreeBuilderOpts};
use html5ever::{Attribute, QualName, TokenizerResult, local_name, ns};

/// The tree operations the parser needs (the caller's DOM).
///
/// Element names are local names: lower case for HTML elements, and as the HTML parser adjusts
/// them for SVG and MathML elements (`foreignObject`, `clipPath`), which are created through the
/// same [`create_element`](Self::create_element). Attribute names are qualified names as written
/// (`xlink:href` for a namespaced attribute of a foreign element).
///
/// Every node the parser passes in was made by [`document`](Self::document),
/// [`create_element`](Self::create_element) or [`create_comment`](Self::create_comment). Nodes
/// inserted through these operations are parser-inserted: inserting a `script` element here must
/// not prepare it; [`script_ended`](Self::script_ended) says when.
pub trait TreeOps {
    type Node: Clone;
    /// The document node, the root of the tree being built.
    fn document(&self) -> Self::Node;
    /// A new element, not yet in the tree.
    /// `line` is the 1-based line of the source the start tag ended on.
    fn create_element(&self, local_name: &str, attrs: &[(String, String)], line: u64)
    -> Self::Node;
    /// A new comment, not yet in the tree.
    fn create_comment(&self, text: &str) -> Self::Node;
    /// Append `child` (which has no parent) as the last child of `parent`.
    fn append(&self, parent: &Self::Node, child: &Self::Node);
    /// Append text to `parent`: merged into its last child if that is a text node, else a new text
    /// node.
    fn append_text(&self, parent: &Self::Node, text: &str);
    /// Insert `new` (which has no parent) into `sibling`'s parent, just before `sibling`. The
    /// parser calls this only while `sibling` has a parent.
    fn insert_before(&self, sibling: &Self::Node, new: &Self::Node);
    /// Insert text just before `sibling` (which has a parent): merged into the text node before
    /// `sibling` if there is one, else a new text node.
    fn insert_text_before(&self, sibling: &Self::Node, text: &str);
    /// The node's parent, if it has one.
    fn parent(&self, node: &Self::Node) -> Option<Self::Node>;
    /// Detach the node from its parent (nothing if it has none).
    fn remove_from_parent(&self, node: &Self::Node);
    /// Move all children of `node`, in order, to the end of `new_parent`'s children.
    fn reparent_children(&self, node: &Self::Node, new_parent: &Self::Node);
    /// Give the element each attribute whose name it does not have yet.
    fn add_attrs_if_missing(&self, node: &Self::Node, attrs: &[(String, String)]);
    /// Whether the two handles are the same node.
    fn same_node(&self, a: &Self::Node, b: &Self::Node) -> bool;
    /// The parser reached `</script>` of a parser-inserted script element: the caller prepares and
    /// runs it now (HTML "prepare the script element" + execution for classic scripts), before
    /// parsing continues, so scripts run in document order and see only what was parsed before
    /// them.
    fn script_ended(&self, script: &Self::Node);
}

/// A parse error html5ever reported, with the 1-based line it was seen on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    pub line: u64,
    pub message: String,
}

/// Parse a whole document from `source` into `ops`'s tree, running scripts at their end tags.
///
/// Returns the parse errors. HTML parsing never fails: a browser recovers from every error, and so
/// does this; the caller decides how to show them.
pub fn parse_document<T: TreeOps>(source: &str, ops: &T) -> Vec<ParseError> {
    parse_in_chunks(source, ops, CHUNK_BYTES)
}

/// The input is handed to the tokenizer in pieces of about this many bytes (a tendril holds at most
/// `u32::MAX` bytes; the tokenizer reads across pieces seamlessly).
const CHUNK_BYTES: usize = 1 << 20;

fn parse_in_chunks<T: TreeOps>(source: &str, ops: &T, chunk_bytes: usize) -> Vec<ParseError> {
    let sink = Sink {
        ops,
        line: Cell::new(1),
        errors: RefCell::new(Vec::new()),
        templates: RefCell::new(Vec::new()),
    };
    let builder = TreeBuilder::new(
        sink,
        TreeBuilderOpts {
            // The tree builder's own messages name the token and insertion mode.
            exact_errors: true,
            scripting_enabled: true,
            ..TreeBuilderOpts::default()
        },
    );
    let tokenizer = Tokenizer::new(builder, TokenizerOpts::default());
    let input = BufferQueue::default();
    let mut rest = source;
    while !rest.is_empty() {
        let end = match rest.floor_char_boundary(chunk_bytes) {
            0 => rest.ceil_char_boundary(1),
            n => n,
        };
        let (piece, tail) = rest.split_at(end);
        input.push_back(StrTendril::from_slice(piece));
        rest = tail;
    }
    loop {
        match tokenizer.feed(&input) {
            TokenizerResult::Done => break,
            TokenizerResult::Script(script) => {
                let sink = &tokenizer.sink.sink;
                if !sink.in_template(&script.node) {
                    ops.script_ended(&script.node);
                }
            }
            // `<meta charset>`: the source is already text, so there is nothing to re-decode.
            TokenizerResult::EncodingIndicator(_) => {}
        }
    }
    tokenizer.end();
    tokenizer.sink.sink.errors.take()
}

/// The parser's handle on a node: the caller's node and, for an element, its qualified name (for a
/// document or comment, the empty name in no namespace).
#[derive(Clone)]
struct Handle<N> {
    node: N,
    name: QualName,
    /// A MathML `annotation-xml` element with `encoding` `text/html` or `application/xhtml+xml`.
    html_integration_point: bool,
}

impl<N> Handle<N> {
    fn unnamed(node: N) -> Self {
        Handle {
            node,
            name: QualName::new(None, ns!(), local_name!("")),
            html_integration_point: false,
        }
    }
}

/// The `TreeSink` html5ever drives: an adapter over the caller's [`TreeOps`].
struct Sink<'a, T: TreeOps> {
    ops: &'a T,
    /// The line of the token being processed.
    line: Cell<u64>,
    errors: RefCell<Vec<ParseError>>,
    /// Every template element created so far (to tell scripts inside templates apart).
    templates: RefCell<Vec<T::Node>>,
}

impl<T: TreeOps> Sink<'_, T> {
    /// Whether `node` is inside a template element the parser created.
    fn in_template(&self, node: &T::Node) -> bool {
        let templates = self.templates.borrow();
        if templates.is_empty() {
            return false;
        }
        let mut ancestor = self.ops.parent(node);
        while let Some(current) = ancestor {
            if templates.iter().any(|t| self.ops.same_node(t, &current)) {
                return true;
            }
            ancestor = self.ops.parent(&current);
        }
        false
    }
}

/// Attribute names and values as the caller's tree takes them.
fn attr_pairs(attrs: &[Attribute]) -> Vec<(String, String)> {
    attrs
        .iter()
        .map(|attr| {
            let name = match &attr.name.prefix {
                Some(prefix) => format!("{}:{}", &**prefix, &*attr.name.local),
                None => attr.name.local.to_string(),
            };
            (name, attr.value.to_string())
        })
        .collect()
}

impl<'a, T: TreeOps> TreeSink for Sink<'a, T> {
    type Handle = Handle<T::Node>;
    type Output = Vec<ParseError>;
    type ElemName<'b>
        = &'b QualName
    where
        Self: 'b;

    fn finish(self) -> Vec<ParseError> {
        self.errors.into_inner()
    }

    fn parse_error(&self, msg: Cow<'static, str>) {
        self.errors.borrow_mut().push(ParseError {
            line: self.line.get(),
            message: msg.into_owned(),
        });
    }

    fn set_current_line(&self, line_number: u64) {
        self.line.set(line_number);
    }

    fn get_document(&self) -> Self::Handle {
        Handle::unnamed(self.ops.document())
    }

    fn elem_name<'b>(&'b self, target: &'b Self::Handle) -> &'b QualName {
        &target.name
    }

    fn create_element(
        &self,
        name: QualName,
        attrs: Vec<Attribute>,
        flags: ElementFlags,
    ) -> Self::Handle {
        let node = self
            .ops
            .create_element(&name.local, &attr_pairs(&attrs), self.line.get());
        if flags.template {
            self.templates.borrow_mut().push(node.clone());
        }
        Handle {
            node,
            name,
            html_integration_point: flags.mathml_annotation_xml_integration_point,
        }
    }

    fn create_comment(&self, text: StrTendril) -> Self::Handle {
        Handle::unnamed(self.ops.create_comment(&text))
    }

    /// The HTML tokenizer turns `<?…>` into a bogus comment, so the tree builder never asks for a
    /// processing instruction; should it, a comment with the data stands in.
    fn create_pi(&self, _target: StrTendril, data: StrTendril) -> Self::Handle {
        Handle::unnamed(self.ops.create_comment(&data))
    }

    fn append(&self, parent: &Self::Handle, child: NodeOrText<Self::Handle>) {
        match child {
            NodeOrText::AppendNode(child) => self.ops.append(&parent.node, &child.node),
            NodeOrText::AppendText(text) => self.ops.append_text(&parent.node, &text),
        }
    }

    /// Foster parenting: before the table if it still has a parent (a script may have removed
    /// it), else at the end of the element below it on the stack of open elements.
    fn append_based_on_parent_node(
        &self,
        element: &Self::Handle,
        prev_element: &Self::Handle,
        child: NodeOrText<Self::Handle>,
    ) {
        if self.ops.parent(&element.node).is_some() {
            self.append_before_sibling(element, child);
        } else {
            self.append(prev_element, child);
        }
    }

    /// The minimal Document has no DocumentType node (nor `document.doctype`, nor quirks mode), so
    /// a doctype adds nothing to the tree. The tree builder still reports a bad or missing doctype
    /// as a parse error, and a misplaced one is ignored as HTML says.
    fn append_doctype_to_document(
        &self,
        _name: StrTendril,
        _public_id: StrTendril,
        _system_id: StrTendril,
    ) {
    }

    /// Templates are not inert here: their contents are the template element itself.
    fn get_template_contents(&self, target: &Self::Handle) -> Self::Handle {
        target.clone()
    }

    fn same_node(&self, x: &Self::Handle, y: &Self::Handle) -> bool {
        self.ops.same_node(&x.node, &y.node)
    }

    /// Quirks mode is not modelled (nothing here lays out or matches selectors).
    fn set_quirks_mode(&self, _mode: QuirksMode) {}

    fn append_before_sibling(&self, sibling: &Self::Handle, new_node: NodeOrText<Self::Handle>) {
        // html5ever inserts before a sibling only through foster parenting, which checked that
        // the table has a parent; should one have none, there is no place and the node is dropped.
        if self.ops.parent(&sibling.node).is_none() {
            return;
        }
        match new_node {
            NodeOrText::AppendNode(new) => {
                // The node may have an old parent (html5ever's contract); `insert_before` takes
                // a parentless node.
                self.ops.remove_from_parent(&new.node);
                self.ops.insert_before(&sibling.node, &new.node);
            }
            NodeOrText::AppendText(text) => self.ops.insert_text_before(&sibling.node, &text),
        }
    }

    fn add_attrs_if_missing(&self, target: &Self::Handle, attrs: Vec<Attribute>) {
        self.ops
            .add_attrs_if_missing(&target.node, &attr_pairs(&attrs));
    }

    fn remove_from_parent(&self, target: &Self::Handle) {
        self.ops.remove_from_parent(&target.node);
    }

    fn reparent_children(&self, node: &Self::Handle, new_parent: &Self::Handle) {
        self.ops.reparent_children(&node.node, &new_parent.node);
    }

    fn is_mathml_annotation_xml_integration_point(&self, handle: &Self::Handle) -> bool {
        handle.html_integration_point
    }

    /// No shadow DOM: a `<template shadowrootmode>` is an ordinary template.
    fn allow_declarative_shadow_roots(&self, _intended_parent: &Self::Handle) -> bool {
        false
    }
}

#[cfg(test)]
#[path = "parser_tests.rs"]
mod tests;
