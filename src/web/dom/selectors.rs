//! Selectors (Selectors Level 4) for `querySelector()`, `querySelectorAll()`, `matches()` and
//! `closest()` (DOM §4.2.6 "scope-match a selectors string", §4.9 `matches`/`closest`).
//!
//! The subset parsed is what a document without style and layout can answer: type and universal
//! selectors, `#id`, `.class`, attribute selectors (`[a]`, `[a=v]`, `~=`, `|=`, `^=`, `$=`,
//! `*=`, with an `i` or `s` flag), `:not()`, `:is()`/`:where()`, `:root`, `:scope`,
//! `:first-child`, `:last-child`, `:only-child`, `:empty`, `:checked`, `:disabled`, `:enabled`
//! and `:focus`, joined by the four combinators (descendant, `>`, `+`, `~`) in selector lists.
//!
//! Deviation, deliberate: any other pseudo-class or pseudo-element (`:hover`, `:nth-child()`,
//! `::before`, …) is rejected with the SyntaxError the DOM gives an invalid selector, and the
//! message says it is one taskhost does not support, so a script never gets a silently wrong
//! match. No namespaces (`|`): every element is an HTML element.
//!
//! Invariant: a parsed selector list is never empty, and no compound in it is empty.

use boa_engine::JsObject;

use crate::web::dom::node::{NodeKind, attribute, local_name, node_state};

/// A selector list: matches when any of its complex selectors does.
#[derive(Debug, Clone, PartialEq)]
pub struct SelectorList(pub Vec<Complex>);

/// A complex selector, kept right to left: `compounds[0]` is the subject, and each later compound
/// is joined to the one before it by `combinators[i - 1]`.
#[derive(Debug, Clone, PartialEq)]
pub struct Complex {
    compounds: Vec<Compound>,
    combinators: Vec<Combinator>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Combinator {
    Descendant,
    Child,
    NextSibling,
    SubsequentSibling,
}

#[derive(Debug, Clone, PartialEq, Default)]
struct Compound(Vec<Simple>);

#[derive(Debug, Clone, PartialEq)]
enum Simple {
    /// A type selector (lower-cased local name); the universal selector adds nothing.
    Type(String),
    Id(String),
    Class(String),
    Attribute {
        name: String,
        test: Option<(AttrOp, String, bool)>,
    },
    Not(SelectorList),
    Is(SelectorList),
    Root,
    Scope,
    FirstChild,
    LastChild,
    OnlyChild,
    Empty,
    Checked,
    Disabled,
    Enabled,
    Focus,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum AttrOp {
    Equals,
    Includes,
    DashMatch,
    Prefix,
    Suffix,
    Substring,
}

/// Why a selectors string was rejected (the SyntaxError's message).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SelectorError {
    Invalid,
    Unsupported(String),
}

/// "Parse a selector" (Selectors §18): the selector list, or why it failed.
pub fn parse(input: &str) -> Result<SelectorList, SelectorError> {
    let mut parser = Parser {
        chars: input.chars().collect(),
        at: 0,
    };
    let list = parser.list()?;
    parser.skip_whitespace();
    if parser.at != parser.chars.len() {
        return Err(SelectorError::Invalid);
    }
    Ok(list)
}

struct Parser {
    chars: Vec<char>,
    at: usize,
}

impl Parser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn peek_at(&self, offset: usize) -> Option<char> {
        self.chars.get(self.at + offset).copied()
    }

    fn skip_whitespace(&mut self) -> bool {
        let start = self.at;
        while self.peek().is_some_and(is_css_whitespace) {
            self.at += 1;
        }
        self.at > start
    }

    fn list(&mut self) -> Result<SelectorList, SelectorError> {
        let mut complexes = Vec::new();
        loop {
            self.skip_whitespace();
            complexes.push(self.complex()?);
            self.skip_whitespace();
            if self.peek() == Some(',') {
                self.at += 1;
            } else {
                return Ok(SelectorList(complexes));
            }
        }
    }

    fn complex(&mut self) -> Result<Complex, SelectorError> {
        // Parsed left to right, stored right to left.
        let mut compounds = vec![self.compound()?];
        let mut combinators = Vec::new();
        loop {
            let had_space = self.skip_whitespace();
            let combinator = match self.peek() {
                Some('>') => Combinator::Child,
                Some('+') => Combinator::NextSibling,
                Some('~') => Combinator::SubsequentSibling,
                Some(',' | ')') | None => break,
                Some(_) if had_space => Combinator::Descendant,
                Some(_) => return Err(SelectorError::Invalid),
            };
            if combinator != Combinator::Descendant {
                self.at += 1;
                self.skip_whitespace();
            }
            combinators.push(combinator);
            compounds.push(self.compound()?);
        }
        compounds.reverse();
        combinators.reverse();
        Ok(Complex {
            compounds,
            combinators,
        })
    }

    fn compound(&mut self) -> Result<Compound, SelectorError> {
        let mut simples = Vec::new();
        let mut any = false;
        // A type or universal selector comes first.
        if self.peek() == Some('*') {
            self.at += 1;
            any = true;
        } else if self.starts_identifier() {
            simples.push(Simple::Type(self.identifier()?.to_ascii_lowercase()));
            any = true;
        }
        if self.peek() == Some('|') {
            return Err(SelectorError::Unsupported("namespace prefixes".to_owned()));
        }
        loop {
            match self.peek() {
                Some('#') => {
                    self.at += 1;
                    if !self.starts_name() {
                        return Err(SelectorError::Invalid);
                    }
                    simples.push(Simple::Id(self.name()));
                }
                Some('.') => {
                    self.at += 1;
                    if !self.starts_identifier() {
                        return Err(SelectorError::Invalid);
                    }
                    simples.push(Simple::Class(self.identifier()?));
                }
                Some('[') => {
                    self.at += 1;
                    simples.push(self.attribute()?);
                }
                Some(':') => {
                    self.at += 1;
                    simples.push(self.pseudo_class()?);
                }
                _ => break,
            }
            any = true;
        }
        if !any {
            return Err(SelectorError::Invalid);
        }
        Ok(Compound(simples))
    }

    fn attribute(&mut self) -> Result<Simple, SelectorError> {
        self.skip_whitespace();
        if !self.starts_identifier() {
            return Err(SelectorError::Invalid);
        }
        let name = self.identifier()?.to_ascii_lowercase();
        self.skip_whitespace();
        let op = match (self.peek(), self.peek_at(1)) {
            (Some(']'), _) => {
                self.at += 1;
                return Ok(Simple::Attribute { name, test: None });
            }
            (Some('='), _) => {
                self.at += 1;
                AttrOp::Equals
            }
            (Some(c), Some('=')) => {
                let op = match c {
                    '~' => AttrOp::Includes,
                    '|' => AttrOp::DashMatch,
                    '^' => AttrOp::Prefix,
                    '$' => AttrOp::Suffix,
                    '*' => AttrOp::Substring,
                    _ => return Err(SelectorError::Invalid),
                };
                self.at += 2;
                op
            }
            _ => return Err(SelectorError::Invalid),
        };
        self.skip_whitespace();
        let value = match self.peek() {
            Some(quote @ ('"' | '\'')) => {
                self.at += 1;
                self.string(quote)?
            }
            _ if self.starts_identifier() => self.identifier()?,
            _ => return Err(SelectorError::Invalid),
        };
        self.skip_whitespace();
        let mut case_insensitive = false;
        if let Some(flag) = self.peek().filter(|c| matches!(c, 'i' | 'I' | 's' | 'S')) {
            self.at += 1;
            case_insensitive = flag.eq_ignore_ascii_case(&'i');
            self.skip_whitespace();
        }
        if self.peek() != Some(']') {
            return Err(SelectorError::Invalid);
        }
        self.at += 1;
        Ok(Simple::Attribute {
            name,
            test: Some((op, value, case_insensitive)),
        })
    }

    fn pseudo_class(&mut self) -> Result<Simple, SelectorError> {
        if self.peek() == Some(':') {
            return Err(SelectorError::Unsupported("pseudo-elements".to_owned()));
        }
        if !self.starts_identifier() {
            return Err(SelectorError::Invalid);
        }
        let name = self.identifier()?.to_ascii_lowercase();
        if self.peek() == Some('(') {
            self.at += 1;
            let simple = match name.as_str() {
                "not" => Simple::Not(self.list()?),
                "is" | "where" | "matches" => Simple::Is(self.list()?),
                _ => return Err(SelectorError::Unsupported(format!(":{name}()"))),
            };
            self.skip_whitespace();
            if self.peek() != Some(')') {
                return Err(SelectorError::Invalid);
            }
            self.at += 1;
            return Ok(simple);
        }
        Ok(match name.as_str() {
            "root" => Simple::Root,
            "scope" => Simple::Scope,
            "first-child" => Simple::FirstChild,
            "last-child" => Simple::LastChild,
            "only-child" => Simple::OnlyChild,
            "empty" => Simple::Empty,
            "checked" => Simple::Checked,
            "disabled" => Simple::Disabled,
            "enabled" => Simple::Enabled,
            "focus" => Simple::Focus,
            _ => return Err(SelectorError::Unsupported(format!(":{name}"))),
        })
    }

    /// Whether an identifier starts here (CSS Syntax §4.3.9).
    fn starts_identifier(&self) -> bool {
        match self.peek() {
            Some('-') => match self.peek_at(1) {
                Some('-') => true,
                Some('\\') => self.peek_at(2).is_some_and(|c| c != '\n'),
                Some(c) => is_name_start(c),
                None => false,
            },
            Some('\\') => self.peek_at(1).is_some_and(|c| c != '\n'),
            Some(c) => is_name_start(c),
            None => false,
        }
    }

    fn starts_name(&self) -> bool {
        match self.peek() {
            Some('\\') => self.peek_at(1).is_some_and(|c| c != '\n'),
            Some(c) => is_name_char(c),
            None => false,
        }
    }

    fn identifier(&mut self) -> Result<String, SelectorError> {
        Ok(self.name())
    }

    /// Consume a name (CSS Syntax §4.3.12), with escapes.
    fn name(&mut self) -> String {
        let mut out = String::new();
        while let Some(c) = self.peek() {
            if c == '\\' && self.peek_at(1).is_some_and(|n| n != '\n') {
                self.at += 1;
                out.push(self.escape());
            } else if is_name_char(c) {
                self.at += 1;
                out.push(c);
            } else {
                break;
            }
        }
        out
    }

    /// Consume an escaped code point (CSS Syntax §4.3.7), after the backslash.
    fn escape(&mut self) -> char {
        let mut hex = String::new();
        while hex.len() < 6 && self.peek().is_some_and(|c| c.is_ascii_hexdigit()) {
            hex.extend(self.peek());
            self.at += 1;
        }
        if hex.is_empty() {
            let c = self.peek().unwrap_or('\u{FFFD}');
            self.at += 1;
            return c;
        }
        if self.peek().is_some_and(is_css_whitespace) {
            self.at += 1;
        }
        u32::from_str_radix(&hex, 16)
            .ok()
            .filter(|&n| n != 0)
            .and_then(char::from_u32)
            .unwrap_or('\u{FFFD}')
    }

    /// Consume a string token's value (CSS Syntax §4.3.5), after its opening quote.
    fn string(&mut self, quote: char) -> Result<String, SelectorError> {
        let mut out = String::new();
        loop {
            match self.peek() {
                None => return Ok(out),
                Some(c) if c == quote => {
                    self.at += 1;
                    return Ok(out);
                }
                Some('\n') => return Err(SelectorError::Invalid),
                Some('\\') => {
                    self.at += 1;
                    match self.peek() {
                        None => {}
                        Some('\n') => self.at += 1,
                        Some(_) => out.push(self.escape()),
                    }
                }
                Some(c) => {
                    self.at += 1;
                    out.push(c);
                }
            }
        }
    }
}

fn is_css_whitespace(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r' | '\x0C')
}

fn is_name_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_' || !c.is_ascii()
}

fn is_name_char(c: char) -> bool {
    is_name_start(c) || c.is_ascii_digit() || c == '-'
}

/// The element's parent, when it is an element.
fn parent_element(element: &JsObject) -> Option<JsObject> {
    let parent = node_state(element)?.parent.borrow().clone()?;
    local_name(&parent).is_some().then_some(parent)
}

/// The element children of an element's parent, and the element's index among them.
fn element_siblings(element: &JsObject) -> Option<(Vec<JsObject>, usize)> {
    let parent = node_state(element)?.parent.borrow().clone()?;
    let siblings: Vec<JsObject> = node_state(&parent)?
        .children
        .borrow()
        .iter()
        .filter(|c| local_name(c).is_some())
        .cloned()
        .collect();
    let index = siblings.iter().position(|s| JsObject::equals(s, element))?;
    Some((siblings, index))
}

impl SelectorList {
    /// "Match a selector against an element" (Selectors §18), with `scope` as `:scope`.
    pub fn matches(&self, element: &JsObject, scope: Option<&JsObject>) -> bool {
        self.0.iter().any(|c| c.matches(element, 0, scope))
    }
}

impl Complex {
    fn matches(&self, element: &JsObject, index: usize, scope: Option<&JsObject>) -> bool {
        if !self.compounds[index].matches(element, scope) {
            return false;
        }
        let Some(combinator) = self.combinators.get(index) else {
            return true;
        };
        let next = index + 1;
        match combinator {
            Combinator::Child => {
                parent_element(element).is_some_and(|p| self.matches(&p, next, scope))
            }
            Combinator::Descendant => {
                let mut ancestor = parent_element(element);
                while let Some(a) = ancestor {
                    if self.matches(&a, next, scope) {
                        return true;
                    }
                    ancestor = parent_element(&a);
                }
                false
            }
            Combinator::NextSibling => element_siblings(element)
                .is_some_and(|(s, i)| i > 0 && self.matches(&s[i - 1], next, scope)),
            Combinator::SubsequentSibling => element_siblings(element)
                .is_some_and(|(s, i)| s[..i].iter().any(|p| self.matches(p, next, scope))),
        }
    }
}

impl Compound {
    fn matches(&self, element: &JsObject, scope: Option<&JsObject>) -> bool {
        self.0.iter().all(|s| s.matches(element, scope))
    }
}

impl Simple {
    fn matches(&self, element: &JsObject, scope: Option<&JsObject>) -> bool {
        match self {
            Self::Type(name) => local_name(element).as_deref() == Some(name.as_str()),
            Self::Id(id) => attribute(element, "id").as_deref() == Some(id.as_str()),
            Self::Class(class) => attribute(element, "class")
                .is_some_and(|v| v.split(is_css_whitespace).any(|c| c == class)),
            Self::Attribute { name, test } => {
                let Some(value) = attribute(element, name) else {
                    return false;
                };
                let Some((op, expected, case_insensitive)) = test else {
                    return true;
                };
                let (value, expected) = if *case_insensitive {
                    (value.to_ascii_lowercase(), expected.to_ascii_lowercase())
                } else {
                    (value, expected.clone())
                };
                match op {
                    AttrOp::Equals => value == expected,
                    AttrOp::Includes => {
                        !expected.is_empty()
                            && !expected.contains(is_css_whitespace)
                            && value.split(is_css_whitespace).any(|w| w == expected)
                    }
                    AttrOp::DashMatch => {
                        value == expected || value.starts_with(&format!("{expected}-"))
                    }
                    AttrOp::Prefix => !expected.is_empty() && value.starts_with(&expected),
                    AttrOp::Suffix => !expected.is_empty() && value.ends_with(&expected),
                    AttrOp::Substring => !expected.is_empty() && value.contains(&expected),
                }
            }
            Self::Not(list) => !list.matches(element, scope),
            Self::Is(list) => list.matches(element, scope),
            Self::Root => node_state(element).is_some_and(|s| {
                s.parent
                    .borrow()
                    .as_ref()
                    .and_then(node_state)
                    .is_some_and(|p| matches!(p.kind, NodeKind::Document))
            }),
            // Without a scoping root, `:scope` is `:root`.
            Self::Scope => match scope {
                Some(scope) => JsObject::equals(element, scope),
                None => Self::Root.matches(element, None),
            },
            Self::FirstChild => element_siblings(element).is_some_and(|(_, i)| i == 0),
            Self::LastChild => element_siblings(element).is_some_and(|(s, i)| i + 1 == s.len()),
            Self::OnlyChild => element_siblings(element).is_some_and(|(s, _)| s.len() == 1),
            Self::Empty => node_state(element).is_some_and(|s| {
                s.children.borrow().iter().all(|c| {
                    node_state(c).is_some_and(|c| {
                        matches!(c.kind, NodeKind::Comment)
                            || (matches!(c.kind, NodeKind::Text) && c.data.borrow().is_empty())
                    })
                })
            }),
            Self::Checked => crate::web::html::html_input_element::is_checked(element),
            Self::Disabled => is_disableable(element) && attribute(element, "disabled").is_some(),
            Self::Enabled => is_disableable(element) && attribute(element, "disabled").is_none(),
            Self::Focus => node_state(element)
                .and_then(|s| s.document.borrow().clone())
                .and_then(|d| crate::web::html::focus::focused_element(&d))
                .is_some_and(|f| JsObject::equals(&f, element)),
        }
    }
}

/// The elements `:disabled` and `:enabled` apply to (form controls; no fieldsets here).
fn is_disableable(element: &JsObject) -> bool {
    matches!(
        local_name(element).as_deref(),
        Some("button" | "input" | "select" | "textarea" | "optgroup" | "option" | "fieldset")
    )
}

/// "Scope-match a selectors string" `selectors` against `node` (DOM §4.2.6): 1. Let s be the
/// result of parse a selector selectors. 2. If s is failure, then throw a "SyntaxError"
/// DOMException. 3. Return the result of match a selector against a tree with s and node's
/// root using scoping root node — the matching inclusive descendants of node's... here its
/// descendants, in tree order (`first_only`: stop at the first).
pub fn scope_match(
    selectors: &str,
    node: &JsObject,
    first_only: bool,
    context: &boa_engine::Context,
) -> boa_engine::JsResult<Vec<JsObject>> {
    let list = parse_or_throw(selectors, context)?;
    let scope = local_name(node).is_some().then_some(node);
    let mut found = Vec::new();
    for candidate in crate::web::dom::node::inclusive_descendants(node)
        .into_iter()
        .skip(1)
    {
        if local_name(&candidate).is_some() && list.matches(&candidate, scope) {
            found.push(candidate);
            if first_only {
                break;
            }
        }
    }
    Ok(found)
}

/// Parse `selectors`, or the SyntaxError DOMException a failure throws.
pub fn parse_or_throw(
    selectors: &str,
    context: &boa_engine::Context,
) -> boa_engine::JsResult<SelectorList> {
    parse(selectors).map_err(|why| {
        let message = match why {
            SelectorError::Invalid => format!("'{selectors}' is not a valid selector."),
            SelectorError::Unsupported(what) => format!(
                "'{selectors}' uses {what}, which taskhost's selectors do not support (no style or layout)."
            ),
        };
        crate::web::dom::dom_exception::dom_exception_error(context, &message, "SyntaxError")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(s: &str) -> SelectorList {
        parse(s).unwrap_or_else(|e| panic!("{s}: {e:?}"))
    }

    #[test]
    fn parses_compounds_and_combinators() {
        let list = ok("div#a.b[c='d'] > span ~ p + *, a");
        assert_eq!(list.0.len(), 2);
        let first = &list.0[0];
        assert_eq!(first.compounds.len(), 4);
        assert_eq!(
            first.combinators,
            vec![
                Combinator::NextSibling,
                Combinator::SubsequentSibling,
                Combinator::Child
            ]
        );
        assert_eq!(
            first.compounds[3],
            Compound(vec![
                Simple::Type("div".into()),
                Simple::Id("a".into()),
                Simple::Class("b".into()),
                Simple::Attribute {
                    name: "c".into(),
                    test: Some((AttrOp::Equals, "d".into(), false))
                },
            ])
        );
    }

    #[test]
    fn descendant_needs_whitespace_and_types_lowercase() {
        let list = ok("  DIV   P ");
        assert_eq!(list.0[0].combinators, vec![Combinator::Descendant]);
        assert_eq!(
            list.0[0].compounds[1],
            Compound(vec![Simple::Type("div".into())])
        );
    }

    #[test]
    fn attribute_forms() {
        for (s, op) in [
            ("[a~=b]", AttrOp::Includes),
            ("[a|=b]", AttrOp::DashMatch),
            ("[a^=b]", AttrOp::Prefix),
            ("[a$=b]", AttrOp::Suffix),
            ("[a*=b]", AttrOp::Substring),
        ] {
            assert_eq!(
                ok(s).0[0].compounds[0],
                Compound(vec![Simple::Attribute {
                    name: "a".into(),
                    test: Some((op, "b".into(), false))
                }])
            );
        }
        assert_eq!(
            ok("[SRC=\"a b\" i]").0[0].compounds[0],
            Compound(vec![Simple::Attribute {
                name: "src".into(),
                test: Some((AttrOp::Equals, "a b".into(), true))
            }])
        );
    }

    #[test]
    fn escapes() {
        assert_eq!(
            ok("#a\\:b").0[0].compounds[0],
            Compound(vec![Simple::Id("a:b".into())])
        );
        assert_eq!(
            ok(".\\31 x").0[0].compounds[0],
            Compound(vec![Simple::Class("1x".into())])
        );
    }

    #[test]
    fn invalid_and_unsupported() {
        for s in [
            "", " ", ",a", "a,", "a >", "> a", "#", ".1a", "[a", "[a=]", "a:not(", "a..b", "[a b]",
            "div)", "a ! b",
        ] {
            assert_eq!(parse(s), Err(SelectorError::Invalid), "{s:?}");
        }
        for s in ["a:hover", "p::before", "li:nth-child(2)", "svg|a"] {
            assert!(
                matches!(parse(s), Err(SelectorError::Unsupported(_))),
                "{s:?}"
            );
        }
    }

    #[test]
    fn nested_lists() {
        let list = ok("div:not([id], .x):is(p, a)");
        assert_eq!(list.0[0].compounds[0].0.len(), 3);
    }
}
