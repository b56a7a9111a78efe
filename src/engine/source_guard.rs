//! A guard against source nesting too deep for the engine's recursive parser and compiler.
//!
//! Boa parses and compiles recursively, at about 100–400 KiB of native stack per level of
//! nesting; past the engine thread's stack a deep input (`[[[[…]]]]`) would abort the process.
//! Browsers answer such input with a RangeError, and so does taskhost: before any source text
//! (script, module, `eval`, `Function`, timer string) reaches the parser, its bracket nesting is
//! measured in one linear pass, and deeper than [`MAX_NESTING`] is refused.
//!
//! Invariant: the scan never under-counts real nesting of `(`, `[`, `{` and `${` outside string,
//! template, comment and regular-expression text; it may over-count only for regular expressions
//! it mistakes for division, which makes it stricter, never looser.

/// The deepest bracket nesting accepted (the engine thread's stack holds it with room to spare).
pub const MAX_NESTING: usize = 4000;

/// Returns the first position (byte offset, depth) where nesting exceeds `MAX_NESTING`.
#[must_use]
pub fn check_nesting(source: &str) -> Option<(usize, usize)> {
    exceeds(source, MAX_NESTING)
}

/// A RangeError message for a source that nests too deeply, with its file, line and column.
#[must_use]
pub fn nesting_error_message(source: &str, name: &str, offset: usize) -> String {
    let before = &source[..offset.min(source.len())];
    let line = before.matches('\n').count() + 1;
    let col = before
        .rfind('\n')
        .map_or(before.len(), |nl| before.len() - nl - 1)
        + 1;
    format!(
        "source nests deeper than {MAX_NESTING} brackets, too deep for the parser ({name}:{line}:{col})"
    )
}

#[derive(Copy, Clone, PartialEq, Eq)]
enum Frame {
    /// `(`, `[` or `{` in code.
    Bracket,
    /// `${` inside a template literal: its `}` resumes the template.
    TemplateExpr,
}

fn exceeds(source: &str, limit: usize) -> Option<(usize, usize)> {
    scan(source, limit).err()
}

/// Err((offset, depth)) at the first place nesting exceeds `limit`.
fn scan(source: &str, limit: usize) -> Result<(), (usize, usize)> {
    let bytes = source.as_bytes();
    let mut stack: Vec<Frame> = Vec::new();
    // Whether a `/` at this point starts a regular expression (after an operator or at the
    // start) rather than a division (after a value).
    let mut regex_allowed = true;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        match b {
            b'(' | b'[' | b'{' => {
                stack.push(Frame::Bracket);
                if stack.len() > limit {
                    return Err((i, stack.len()));
                }
                regex_allowed = true;
                i += 1;
            }
            b')' | b']' => {
                stack.pop();
                regex_allowed = false;
                i += 1;
            }
            b'}' => {
                i += 1;
                if stack.pop() == Some(Frame::TemplateExpr) {
                    i = skip_template(bytes, i, &mut stack, limit)?;
                    regex_allowed = false;
                } else {
                    regex_allowed = true;
                }
            }
            b'\'' | b'"' => {
                i = skip_string(bytes, i + 1, b);
                regex_allowed = false;
            }
            b'`' => {
                i = skip_template(bytes, i + 1, &mut stack, limit)?;
                regex_allowed = false;
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i < bytes.len() && !(bytes[i] == b'*' && bytes.get(i + 1) == Some(&b'/')) {
                    i += 1;
                }
                i += 2;
            }
            b'/' if regex_allowed => {
                i = skip_regex(bytes, i + 1);
                regex_allowed = false;
            }
            _ if b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || b >= 0x80 => {
                let start = i;
                while i < bytes.len()
                    && (bytes[i].is_ascii_alphanumeric()
                        || bytes[i] == b'_'
                        || bytes[i] == b'$'
                        || bytes[i] >= 0x80)
                {
                    i += 1;
                }
                // After a keyword that expects an expression, `/` starts a regex.
                regex_allowed = matches!(
                    &source[start..i],
                    "return"
                        | "typeof"
                        | "instanceof"
                        | "in"
                        | "of"
                        | "new"
                        | "delete"
                        | "void"
                        | "throw"
                        | "case"
                        | "do"
                        | "else"
                        | "yield"
                        | "await"
                );
            }
            _ if b.is_ascii_whitespace() => i += 1,
            _ => {
                // Any other punctuator: an expression may follow.
                regex_allowed = true;
                i += 1;
            }
        }
    }
    Ok(())
}

fn skip_string(bytes: &[u8], mut i: usize, quote: u8) -> usize {
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'\n' => return i + 1,
            c if c == quote => return i + 1,
            _ => i += 1,
        }
    }
    i
}

/// Skip template text up to its closing backquote, or into a `${` (pushed on the stack).
/// Returns Err((offset, depth)) when nesting exceeds `limit`.
fn skip_template(
    bytes: &[u8],
    mut i: usize,
    stack: &mut Vec<Frame>,
    limit: usize,
) -> Result<usize, (usize, usize)> {
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'`' => return Ok(i + 1),
            b'$' if bytes.get(i + 1) == Some(&b'{') => {
                stack.push(Frame::TemplateExpr);
                if stack.len() > limit {
                    return Err((i, stack.len()));
                }
                return Ok(i + 2);
            }
            _ => i += 1,
        }
    }
    Ok(i)
}

fn skip_regex(bytes: &[u8], mut i: usize) -> usize {
    let mut in_class = false;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'\n' => return i + 1,
            b'[' => {
                in_class = true;
                i += 1;
            }
            b']' => {
                in_class = false;
                i += 1;
            }
            b'/' if !in_class => return i + 1,
            _ => i += 1,
        }
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    fn depth_ok(src: &str, limit: usize) -> bool {
        exceeds(src, limit).is_none()
    }

    #[test]
    fn counts_brackets_of_every_kind() {
        assert!(depth_ok("[[[]]]", 3));
        assert!(!depth_ok("[[[[]]]]", 3));
        assert!(!depth_ok("({[(x)]})", 3));
    }

    #[test]
    fn ignores_strings_comments_and_regexes() {
        assert!(depth_ok(
            "let s = '[[[[[[' + \"((((((\"; // [[[[[[\n/* {{{{{{ */",
            1
        ));
        assert!(depth_ok("let r = /[(((((]/; x = a / b / c;", 1));
        assert!(depth_ok("return /((((/.test(s)", 1));
    }

    #[test]
    fn templates_nest_through_substitutions() {
        assert!(depth_ok("`((((${a}))))`", 1));
        assert!(!depth_ok("`${`${`${x}`}`}`", 2));
        assert!(depth_ok("`${`${x}`}`", 2));
    }

    #[test]
    fn a_quote_in_a_regex_does_not_hide_nesting() {
        // If `/'/` were read as division, the quote would swallow the brackets after it.
        let src = format!("x = /'/; {}{}", "[".repeat(10), "]".repeat(10));
        assert!(!depth_ok(&src, 5));
    }

    #[test]
    fn error_message_names_line_and_column() {
        let src = "a\nbc[[";
        assert!(nesting_error_message(src, "a.js", 4).ends_with("(a.js:2:3)"));
    }
}
