//! The text format of wptrunner's metadata files (wptmanifest), read into a tree: sections in
//! `[brackets]` nested by indentation, `key: value` lines, and conditional values:
//!
//! ```text
//! [test.any.html]
//!   expected: [OK, TIMEOUT]
//!   [subtest name]
//!     expected:
//!       if os == "linux": FAIL
//!       PASS
//! ```
//!
//! Invariants: a key belongs to the nearest section above it that is less indented (keys at
//! column 0 belong to the file); a section nests in the nearest less indented section. Lines
//! starting with `#` are comments, and so is a ` #…` after a value. In section names `\]`
//! stands for `]`, and `\\`, `\n`, `\t`, `\xNN`, `\uNNNN` for what they escape. What the keys
//! mean is for the readers of the tree ([`super::expectations`], [`super::metadata`]).

use std::collections::BTreeSet;

use super::condition::{self, RunInfo};

/// One branch of a conditional value: `if CONDITION: VALUE`, or the default `VALUE`.
#[derive(Clone, Debug, PartialEq)]
pub struct Branch {
    pub condition: Option<condition::Expr>,
    /// The condition as written, for messages.
    pub condition_text: String,
    pub value: String,
    pub line: usize,
}

/// A key's value: plain, or conditional (the first branch that holds, else the default).
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Plain(String),
    Conditional(Vec<Branch>),
}

/// `key: value`.
#[derive(Clone, Debug, PartialEq)]
pub struct Key {
    pub name: String,
    pub value: Value,
    pub line: usize,
    /// The key came after a subsection of its section.
    pub after_sections: bool,
}

/// A section (or the file itself, the root, with an empty name and line 0).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Section {
    pub name: String,
    pub line: usize,
    indent: usize,
    pub keys: Vec<Key>,
    pub sections: Vec<Section>,
}

impl Section {
    /// The column of the section's `[`.
    #[must_use]
    pub const fn indent(&self) -> usize {
        self.indent
    }

    /// The key `name`, if given.
    #[must_use]
    pub fn key(&self, name: &str) -> Option<&Key> {
        self.keys.iter().find(|k| k.name == name)
    }
}

impl Key {
    /// The value for this run: the plain value, or the first branch whose condition holds
    /// (`None` when none holds and there is no default). Variables the run_info lacks go to
    /// `unknown`.
    #[must_use]
    pub fn resolve(&self, run_info: &RunInfo, unknown: &mut BTreeSet<String>) -> Option<&str> {
        match &self.value {
            Value::Plain(v) => Some(v),
            Value::Conditional(branches) => branches
                .iter()
                .find(|b| {
                    b.condition
                        .as_ref()
                        .is_none_or(|c| c.eval(run_info, unknown))
                })
                .map(|b| b.value.as_str()),
        }
    }
}

/// A list value `[A, B]` as its items, or a single value as one item; quotes removed.
#[must_use]
pub fn list_items(value: &str) -> Vec<String> {
    let unquote = |s: &str| {
        let s = s.trim();
        s.strip_prefix('"')
            .and_then(|s| s.strip_suffix('"'))
            .or_else(|| s.strip_prefix('\'').and_then(|s| s.strip_suffix('\'')))
            .unwrap_or(s)
            .to_owned()
    };
    match value
        .trim()
        .strip_prefix('[')
        .and_then(|v| v.strip_suffix(']'))
    {
        Some(inner) => inner
            .split(',')
            .map(unquote)
            .filter(|s| !s.is_empty())
            .collect(),
        None => vec![unquote(value)],
    }
}

/// `[name]` with its escapes resolved.
fn section_name(text: &str) -> Option<String> {
    let inner = text.strip_prefix('[')?.strip_suffix(']')?;
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next()? {
                'n' => out.push('\n'),
                't' => out.push('\t'),
                'r' => out.push('\r'),
                'x' => out.push(hex_char(&mut chars, 2)?),
                'u' => out.push(hex_char(&mut chars, 4)?),
                other => out.push(other),
            },
            ']' => return None,
            c => out.push(c),
        }
    }
    Some(out)
}

fn hex_char(chars: &mut std::str::Chars<'_>, digits: usize) -> Option<char> {
    let text: String = chars.take(digits).collect();
    if text.len() != digits {
        return None;
    }
    char::from_u32(u32::from_str_radix(&text, 16).ok()?)
}

/// A value without a trailing ` # comment` (a `#` outside quotes, after whitespace).
fn strip_comment(value: &str) -> &str {
    let mut quote = None;
    let mut previous = ' ';
    for (at, c) in value.char_indices() {
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None, '#') if previous.is_whitespace() => return value[..at].trim_end(),
            _ => {}
        }
        previous = c;
    }
    value.trim_end()
}

/// `if CONDITION: VALUE` → (condition, value): the first `:` outside quotes ends the condition.
fn split_branch(text: &str) -> Option<(&str, &str)> {
    let mut quote = None;
    for (at, c) in text.char_indices() {
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None, ':') => return Some((text[..at].trim(), text[at + 1..].trim())),
            _ => {}
        }
    }
    None
}

/// Close open sections at `indent` or deeper, attaching each to its parent.
fn close_to(stack: &mut Vec<Section>, indent: usize) {
    while stack.len() > 1 && stack.last().is_some_and(|s| s.indent >= indent) {
        if let Some(done) = stack.pop()
            && let Some(parent) = stack.last_mut()
        {
            parent.sections.push(done);
        }
    }
}

/// Parse a file; `source` names it in errors (`source:line: …`).
pub fn parse(text: &str, source: &str) -> Result<Section, String> {
    let mut stack = vec![Section::default()];
    let lines: Vec<&str> = text.lines().collect();
    let mut index = 0;
    while index < lines.len() {
        let raw = lines[index].trim_end_matches('\r');
        let line_no = index + 1;
        index += 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let indent = raw.len() - raw.trim_start().len();
        let at = format!("{source}:{line_no}");
        if trimmed.starts_with('[') {
            let name =
                section_name(trimmed).ok_or_else(|| format!("{at}: malformed section name"))?;
            close_to(&mut stack, indent);
            stack.push(Section {
                name,
                line: line_no,
                indent,
                ..Section::default()
            });
            continue;
        }
        let (key, value) = trimmed
            .split_once(':')
            .filter(|(k, _)| {
                !k.is_empty()
                    && k.chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
            })
            .ok_or_else(|| format!("{at}: expected `[section]` or `key: value`"))?;
        let value = strip_comment(value.trim());
        let value = if value.is_empty() {
            // A conditional value: the more indented lines below.
            let mut branches: Vec<Branch> = Vec::new();
            while let Some(next) = lines.get(index) {
                let next_trimmed = next.trim();
                let next_indent = next.len() - next.trim_start().len();
                if !next_trimmed.is_empty() && next_indent <= indent {
                    break;
                }
                index += 1;
                if next_trimmed.is_empty() || next_trimmed.starts_with('#') {
                    continue;
                }
                let line = index;
                let where_ = format!("{source}:{line}");
                if branches.last().is_some_and(|b| b.condition.is_none()) {
                    return Err(format!("{where_}: a value after the default value"));
                }
                let branch = match next_trimmed.strip_prefix("if ") {
                    Some(rest) => {
                        let (cond, value) = split_branch(rest)
                            .ok_or_else(|| format!("{where_}: `if CONDITION: VALUE` lacks `:`"))?;
                        let expr = condition::parse(cond)
                            .map_err(|e| format!("{where_}: in `{cond}`: {e}"))?;
                        Branch {
                            condition: Some(expr),
                            condition_text: cond.to_owned(),
                            value: strip_comment(value).to_owned(),
                            line,
                        }
                    }
                    None => Branch {
                        condition: None,
                        condition_text: String::new(),
                        value: strip_comment(next_trimmed).to_owned(),
                        line,
                    },
                };
                branches.push(branch);
            }
            if branches.is_empty() {
                Value::Plain(String::new())
            } else {
                Value::Conditional(branches)
            }
        } else {
            Value::Plain(value.to_owned())
        };
        close_to(&mut stack, indent);
        let Some(owner) = stack.last_mut() else {
            return Err(format!("{at}: `{key}` outside a section"));
        };
        if owner.indent >= indent && owner.line != 0 {
            return Err(format!("{at}: `{key}` outside a section"));
        }
        let after_sections = !owner.sections.is_empty();
        owner.keys.push(Key {
            name: key.trim().to_owned(),
            value,
            line: line_no,
            after_sections,
        });
    }
    close_to(&mut stack, 0);
    Ok(stack.pop().unwrap_or_default())
}

#[cfg(test)]
#[path = "ini_tests.rs"]
mod tests;
