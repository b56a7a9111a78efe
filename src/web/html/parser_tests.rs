//! Tests of the HTML parser front (`parser.rs`) on a small tree of the tests' own.

use super::*;
use std::rc::{Rc, Weak};

enum Kind {
    Document,
    Element {
        name: String,
        attrs: Vec<(String, String)>,
    },
    Text(String),
    Comment(String),
}

struct Data {
    kind: Kind,
    parent: Weak<RefCell<Data>>,
    children: Vec<Node>,
}

#[derive(Clone)]
struct Node(Rc<RefCell<Data>>);

impl Node {
    fn new(kind: Kind) -> Node {
        Node(Rc::new(RefCell::new(Data {
            kind,
            parent: Weak::new(),
            children: Vec::new(),
        })))
    }

    fn parent(&self) -> Option<Node> {
        self.0.borrow().parent.upgrade().map(Node)
    }

    fn index_in_parent(&self) -> Option<(Node, usize)> {
        let parent = self.parent()?;
        let index = parent
            .0
            .borrow()
            .children
            .iter()
            .position(|c| Rc::ptr_eq(&c.0, &self.0))?;
        Some((parent, index))
    }

    fn detach(&self) {
        if let Some((parent, index)) = self.index_in_parent() {
            parent.0.borrow_mut().children.remove(index);
        }
        self.0.borrow_mut().parent = Weak::new();
    }

    fn insert_at(&self, index: usize, child: &Node) {
        child.detach();
        child.0.borrow_mut().parent = Rc::downgrade(&self.0);
        self.0.borrow_mut().children.insert(index, child.clone());
    }

    fn child_count(&self) -> usize {
        self.0.borrow().children.len()
    }

    fn children(&self) -> Vec<Node> {
        self.0.borrow().children.clone()
    }

    fn name(&self) -> String {
        match &self.0.borrow().kind {
            Kind::Element { name, .. } => name.clone(),
            _ => String::new(),
        }
    }

    fn attr(&self, name: &str) -> Option<String> {
        match &self.0.borrow().kind {
            Kind::Element { attrs, .. } => attrs
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.clone()),
            _ => None,
        }
    }

    /// Insert text at `index`, merged into a text node just before it.
    fn insert_text_at(&self, index: usize, text: &str) {
        if let Some(prev) = index.checked_sub(1).map(|i| self.children()[i].clone())
            && let Kind::Text(existing) = &mut prev.0.borrow_mut().kind
        {
            existing.push_str(text);
            return;
        }
        self.insert_at(index, &Node::new(Kind::Text(text.to_owned())));
    }

    /// Markup for the subtree (children only, for the document).
    fn markup(&self) -> String {
        let mut out = String::new();
        let data = self.0.borrow();
        match &data.kind {
            Kind::Document => {}
            Kind::Text(t) => return t.clone(),
            Kind::Comment(t) => return format!("<!--{t}-->"),
            Kind::Element { name, attrs } => {
                out.push('<');
                out.push_str(name);
                for (n, v) in attrs {
                    out.push_str(&format!(" {n}=\"{v}\""));
                }
                out.push('>');
            }
        }
        for child in &data.children {
            out.push_str(&child.markup());
        }
        if let Kind::Element { name, .. } = &data.kind {
            out.push_str(&format!("</{name}>"));
        }
        out
    }

    /// The first descendant element with this name, in tree order.
    fn find(&self, name: &str) -> Option<Node> {
        for child in self.children() {
            if child.name() == name {
                return Some(child);
            }
            if let Some(found) = child.find(name) {
                return Some(found);
            }
        }
        None
    }
}

/// What a script saw when it was reported: its own markup and the whole document's.
struct Seen {
    script: String,
    document: String,
}

type Hook = fn(&TestDom, &Node);

struct TestDom {
    document: Node,
    seen: RefCell<Vec<Seen>>,
    calls: RefCell<Vec<&'static str>>,
    /// What "running" a script does, if anything.
    run: Option<Hook>,
}

impl TestDom {
    fn new(run: Option<Hook>) -> Self {
        TestDom {
            document: Node::new(Kind::Document),
            seen: RefCell::new(Vec::new()),
            calls: RefCell::new(Vec::new()),
            run,
        }
    }

    fn markup(&self) -> String {
        self.document.markup()
    }

    fn called(&self, op: &'static str) -> bool {
        self.calls.borrow().contains(&op)
    }

    fn body(&self) -> Option<Node> {
        self.document.find("body")
    }
}

impl TreeOps for TestDom {
    type Node = Node;

    fn document(&self) -> Node {
        self.document.clone()
    }

    fn create_element(&self, local_name: &str, attrs: &[(String, String)], _line: u64) -> Node {
        Node::new(Kind::Element {
            name: local_name.to_owned(),
            attrs: attrs.to_vec(),
        })
    }

    fn create_comment(&self, text: &str) -> Node {
        Node::new(Kind::Comment(text.to_owned()))
    }

    fn append(&self, parent: &Node, child: &Node) {
        self.calls.borrow_mut().push("append");
        assert!(child.parent().is_none(), "append takes a parentless node");
        parent.insert_at(parent.child_count(), child);
    }

    fn append_text(&self, parent: &Node, text: &str) {
        self.calls.borrow_mut().push("append_text");
        parent.insert_text_at(parent.child_count(), text);
    }

    fn insert_before(&self, sibling: &Node, new: &Node) {
        self.calls.borrow_mut().push("insert_before");
        assert!(
            new.parent().is_none(),
            "insert_before takes a parentless node"
        );
        let (parent, index) = sibling
            .index_in_parent()
            .expect("insert_before is called only with a sibling that has a parent");
        parent.insert_at(index, new);
    }

    fn insert_text_before(&self, sibling: &Node, text: &str) {
        self.calls.borrow_mut().push("insert_text_before");
        let (parent, index) = sibling
            .index_in_parent()
            .expect("insert_text_before is called only with a sibling that has a parent");
        parent.insert_text_at(index, text);
    }

    fn parent(&self, node: &Node) -> Option<Node> {
        node.parent()
    }

    fn remove_from_parent(&self, node: &Node) {
        self.calls.borrow_mut().push("remove_from_parent");
        node.detach();
    }

    fn reparent_children(&self, node: &Node, new_parent: &Node) {
        self.calls.borrow_mut().push("reparent_children");
        for child in node.children() {
            new_parent.insert_at(new_parent.child_count(), &child);
        }
    }

    fn add_attrs_if_missing(&self, node: &Node, attrs: &[(String, String)]) {
        if let Kind::Element {
            attrs: existing, ..
        } = &mut node.0.borrow_mut().kind
        {
            for (name, value) in attrs {
                if !existing.iter().any(|(n, _)| n == name) {
                    existing.push((name.clone(), value.clone()));
                }
            }
        }
    }

    fn same_node(&self, a: &Node, b: &Node) -> bool {
        Rc::ptr_eq(&a.0, &b.0)
    }

    fn script_ended(&self, script: &Node) {
        self.seen.borrow_mut().push(Seen {
            script: script.markup(),
            document: self.markup(),
        });
        if let Some(run) = self.run {
            run(self, script);
        }
    }
}

fn parse(source: &str) -> (TestDom, Vec<ParseError>) {
    let dom = TestDom::new(None);
    let errors = parse_document(source, &dom);
    (dom, errors)
}

const WPT_FILE: &str = "<!doctype html>\n<title>x</title>\n\
    <script src=\"/resources/testharness.js\"></script>\n\
    <script>inline</script>\n<body><div id=log></div>\n<script>more</script>\n";

#[test]
fn a_wpt_test_file_builds_html_head_body_and_reports_scripts_in_order() {
    let (dom, errors) = parse(WPT_FILE);
    assert_eq!(
        dom.markup(),
        "<html><head><title>x</title>\n\
         <script src=\"/resources/testharness.js\"></script>\n\
         <script>inline</script>\n</head>\
         <body><div id=\"log\"></div>\n<script>more</script>\n</body></html>"
    );
    let seen = dom.seen.borrow();
    let scripts: Vec<&str> = seen.iter().map(|s| s.script.as_str()).collect();
    assert_eq!(
        scripts,
        [
            "<script src=\"/resources/testharness.js\"></script>",
            "<script>inline</script>",
            "<script>more</script>",
        ]
    );
    // Each script saw exactly what was parsed before its end tag.
    assert_eq!(
        seen[0].document,
        "<html><head><title>x</title>\n\
         <script src=\"/resources/testharness.js\"></script></head></html>"
    );
    assert_eq!(
        seen[1].document,
        "<html><head><title>x</title>\n\
         <script src=\"/resources/testharness.js\"></script>\n\
         <script>inline</script></head></html>"
    );
    assert!(!seen[1].document.contains("<body"));
    assert_eq!(
        seen[2].document,
        "<html><head><title>x</title>\n\
         <script src=\"/resources/testharness.js\"></script>\n\
         <script>inline</script>\n</head>\
         <body><div id=\"log\"></div>\n<script>more</script></body></html>"
    );
    assert!(errors.is_empty(), "no parse errors: {errors:?}");
}

#[test]
fn inline_script_text_is_the_scripts_single_text_child() {
    fn check(_dom: &TestDom, script: &Node) {
        let children = script.children();
        assert_eq!(children.len(), 1);
        assert!(matches!(&children[0].0.borrow().kind, Kind::Text(t) if t == "a < b && c"));
    }
    let dom = TestDom::new(Some(check));
    parse_document("<script>a < b && c</script>", &dom);
    assert_eq!(dom.seen.borrow().len(), 1);
}

#[test]
fn iframe_attributes_are_kept_raw() {
    let (dom, _) = parse("<iframe src=a srcdoc=\"<p>x</p>\"></iframe>");
    let iframe = dom.document.find("iframe").expect("an iframe");
    assert_eq!(iframe.attr("src").as_deref(), Some("a"));
    assert_eq!(iframe.attr("srcdoc").as_deref(), Some("<p>x</p>"));
    // The iframe's content is raw text, not markup.
    assert_eq!(iframe.child_count(), 0);
}

#[test]
fn a_scripts_changes_are_seen_and_parsing_continues_after_it() {
    fn add_marker(dom: &TestDom, _script: &Node) {
        let body = dom.body().expect("body exists for a body script");
        let marker = dom.create_element("span", &[("id".into(), "added".into())], 1);
        body.insert_at(body.child_count(), &marker);
    }
    let dom = TestDom::new(Some(add_marker));
    parse_document("<body><p>one</p><script>add()</script><p>two</p>", &dom);
    assert_eq!(
        dom.markup(),
        "<html><head></head><body><p>one</p><script>add()</script>\
         <span id=\"added\"></span><p>two</p></body></html>"
    );
}

#[test]
fn foster_parenting_goes_before_the_table() {
    let (dom, errors) = parse("<!doctype html>\n<table>a<div>x</div><tr><td>1</td></tr></table>");
    assert_eq!(
        dom.markup(),
        "<html><head></head><body>\
         a<div>x</div><table><tbody><tr><td>1</td></tr></tbody></table></body></html>"
    );
    assert!(dom.called("insert_before"));
    assert!(dom.called("insert_text_before"));
    assert!(errors.iter().all(|e| e.line == 2), "{errors:?}");
    assert!(!errors.is_empty());
}

#[test]
fn foster_parenting_without_a_table_parent_appends_to_the_element_below_it() {
    fn remove_table(dom: &TestDom, _script: &Node) {
        let table = dom.document.find("table").expect("a table");
        table.detach();
    }
    let dom = TestDom::new(Some(remove_table));
    parse_document(
        "<body><table><script>rm()</script><div>x</div></table>",
        &dom,
    );
    // The table is gone; the div lands at the end of body (the element below the table).
    assert_eq!(
        dom.markup(),
        "<html><head></head><body><div>x</div></body></html>"
    );
}

#[test]
fn malformed_input_recovers_with_errors_on_their_lines() {
    let source = "<!doctype html>\n<div>one\n</span>\n<b>1<p>2</b>3</p>\n<span>unclosed";
    let (dom, errors) = parse(source);
    assert_eq!(
        dom.markup(),
        "<html><head></head><body><div>one\n\n<b>1</b><p><b>2</b>3</p>\n\
         <span>unclosed</span></div></body></html>"
    );
    // The adoption agency moved nodes around.
    assert!(dom.called("reparent_children"));
    let lines: Vec<u64> = errors.iter().map(|e| e.line).collect();
    // The stray </span>, the misnested </b>, the div still open at the end.
    assert_eq!(lines, [3, 4, 5], "{errors:?}");
    assert!(errors.iter().all(|e| !e.message.is_empty()));
}

#[test]
fn missing_doctype_is_an_error_on_line_one() {
    let (_, errors) = parse("<p>x");
    assert_eq!(errors.first().map(|e| e.line), Some(1), "{errors:?}");
}

#[test]
fn empty_input_still_makes_html_head_body() {
    let (dom, errors) = parse("");
    assert_eq!(dom.markup(), "<html><head></head><body></body></html>");
    assert!(dom.seen.borrow().is_empty());
    assert!(!errors.is_empty(), "a missing doctype is a parse error");
}

#[test]
fn non_ascii_text_and_attributes_survive_and_lines_count_characters() {
    let source = "<!doctype html><p title=\"café\">日本語 🎉</p>\nÅ\n</i>";
    let (dom, errors) = parse(source);
    let p = dom.document.find("p").expect("a p");
    assert_eq!(p.attr("title").as_deref(), Some("café"));
    assert_eq!(p.markup(), "<p title=\"café\">日本語 🎉</p>");
    assert_eq!(errors.iter().map(|e| e.line).collect::<Vec<_>>(), [3]);
}

#[test]
fn input_split_anywhere_parses_the_same() {
    let source = format!("{WPT_FILE}<p>日本語 🎉\r\n</p>");
    let whole = TestDom::new(None);
    let whole_errors = parse_document(&source, &whole);
    let pieces = TestDom::new(None);
    let piece_errors = parse_in_chunks(&source, &pieces, 1);
    assert_eq!(whole.markup(), pieces.markup());
    assert!(whole.markup().contains("日本語 🎉\n"));
    let scripts = |dom: &TestDom| -> Vec<String> {
        dom.seen
            .borrow()
            .iter()
            .map(|s| s.document.clone())
            .collect()
    };
    assert_eq!(scripts(&whole), scripts(&pieces));
    assert_eq!(whole_errors, piece_errors);
}

#[test]
fn scripts_inside_templates_are_not_reported() {
    let (dom, _) = parse("<template><script>no()</script></template><script>yes()</script>");
    let seen = dom.seen.borrow();
    let scripts: Vec<&str> = seen.iter().map(|s| s.script.as_str()).collect();
    assert_eq!(scripts, ["<script>yes()</script>"]);
    // Not inert: the template's contents are its children.
    let template = dom.document.find("template").expect("a template");
    assert_eq!(
        template.markup(),
        "<template><script>no()</script></template>"
    );
}

#[test]
fn foreign_content_follows_its_namespace() {
    let (dom, _) = parse(
        "<body><svg><rect/><rect/><use xlink:href=\"#a\"/><foreignObject></foreignObject>\
         </svg><math><annotation-xml encoding=\"text/html\"><div>x</div>\
         </annotation-xml></math>",
    );
    let svg = dom.document.find("svg").expect("an svg");
    // `<rect/>` closes itself in SVG (in HTML it would not).
    assert_eq!(
        svg.markup(),
        "<svg><rect></rect><rect></rect><use xlink:href=\"#a\"></use>\
         <foreignObject></foreignObject></svg>"
    );
    // The annotation-xml is an HTML integration point: the div stays inside it.
    let annotation = dom.document.find("annotation-xml").expect("annotation-xml");
    assert_eq!(
        annotation.children().first().map(Node::name).as_deref(),
        Some("div")
    );
}

#[test]
fn a_second_html_tag_adds_only_missing_attributes() {
    let (dom, _) = parse("<html lang=en><body><html lang=fr class=x>");
    let html = dom.document.find("html").expect("html");
    assert_eq!(html.attr("lang").as_deref(), Some("en"));
    assert_eq!(html.attr("class").as_deref(), Some("x"));
}

#[test]
fn comments_are_kept_and_doctype_is_not_a_node() {
    let (dom, _) = parse("<!doctype html><!--a--><p>x</p><!--b-->");
    assert_eq!(
        dom.markup(),
        "<!--a--><html><head></head><body><p>x</p><!--b--></body></html>"
    );
}
