//! Conditions of wptrunner's metadata values (`if os == "linux" and not debug: FAIL`), evaluated
//! against the run's `run_info`.
//!
//! The grammar is wptmanifest's expression subset: `or`, `and`, `not`, `==`, `!=`, parentheses,
//! variables (run_info keys), strings in single or double quotes, numbers and `True`/`False`/
//! `None`. Values compare as Python's do (a string never equals a number); a variable the
//! run_info does not have is `None`, and is reported through `unknown`.
//!
//! Invariant: evaluation never fails on a parsed condition; a condition that does not parse is
//! an error naming what was unexpected.

use std::collections::{BTreeMap, BTreeSet};

/// A run_info value.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Str(String),
    Num(f64),
    Bool(bool),
    None,
}

impl Value {
    fn truthy(&self) -> bool {
        match self {
            Self::Str(s) => !s.is_empty(),
            Self::Num(n) => *n != 0.0,
            Self::Bool(b) => *b,
            Self::None => false,
        }
    }

    /// Python's `==` on these types (`True == 1` holds, as in Python).
    fn equals(&self, other: &Self) -> bool {
        match (self, other) {
            (Self::Str(a), Self::Str(b)) => a == b,
            (Self::None, Self::None) => true,
            (Self::Num(_) | Self::Bool(_), Self::Num(_) | Self::Bool(_)) => {
                self.number() == other.number()
            }
            _ => false,
        }
    }

    fn number(&self) -> f64 {
        match self {
            Self::Num(n) => *n,
            Self::Bool(b) => f64::from(u8::from(*b)),
            _ => f64::NAN,
        }
    }
}

/// The run's properties that conditions read.
pub type RunInfo = BTreeMap<String, Value>;

#[derive(Clone, Debug, PartialEq)]
enum Token {
    Ident(String),
    Literal(Value),
    Eq,
    Ne,
    Open,
    Close,
}

fn tokenize(text: &str) -> Result<Vec<Token>, String> {
    let mut out = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some(&(at, c)) = chars.peek() {
        match c {
            c if c.is_whitespace() => {
                chars.next();
            }
            '(' | ')' => {
                chars.next();
                out.push(if c == '(' { Token::Open } else { Token::Close });
            }
            '=' | '!' => {
                chars.next();
                if chars.next_if(|&(_, n)| n == '=').is_none() {
                    return Err(format!("`{c}` at {at} is not `==` or `!=`"));
                }
                out.push(if c == '=' { Token::Eq } else { Token::Ne });
            }
            '"' | '\'' => {
                chars.next();
                let mut s = String::new();
                loop {
                    match chars.next() {
                        None => return Err("a string is not closed".into()),
                        Some((_, '\\')) => match chars.next() {
                            Some((_, e)) => s.push(e),
                            None => return Err("a string is not closed".into()),
                        },
                        Some((_, q)) if q == c => break,
                        Some((_, ch)) => s.push(ch),
                    }
                }
                out.push(Token::Literal(Value::Str(s)));
            }
            c if c.is_ascii_digit() || c == '-' || c == '.' => {
                let mut s = String::new();
                while let Some((_, d)) =
                    chars.next_if(|&(_, d)| d.is_ascii_digit() || d == '.' || d == '-')
                {
                    s.push(d);
                }
                let n: f64 = s.parse().map_err(|_| format!("`{s}` is not a number"))?;
                out.push(Token::Literal(Value::Num(n)));
            }
            c if c.is_alphabetic() || c == '_' => {
                let mut s = String::new();
                while let Some((_, d)) = chars.next_if(|&(_, d)| d.is_alphanumeric() || d == '_') {
                    s.push(d);
                }
                out.push(match s.as_str() {
                    "True" => Token::Literal(Value::Bool(true)),
                    "False" => Token::Literal(Value::Bool(false)),
                    "None" => Token::Literal(Value::None),
                    _ => Token::Ident(s),
                });
            }
            other => return Err(format!("unexpected `{other}`")),
        }
    }
    Ok(out)
}

/// A parsed condition.
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    Or(Box<Expr>, Box<Expr>),
    And(Box<Expr>, Box<Expr>),
    Not(Box<Expr>),
    Eq(Box<Expr>, Box<Expr>),
    Ne(Box<Expr>, Box<Expr>),
    Var(String),
    Literal(Value),
}

struct Parser {
    tokens: Vec<Token>,
    at: usize,
}

impl Parser {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.at)
    }

    fn keyword(&mut self, word: &str) -> bool {
        if matches!(self.peek(), Some(Token::Ident(w)) if w == word) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn or(&mut self) -> Result<Expr, String> {
        let mut left = self.and()?;
        while self.keyword("or") {
            left = Expr::Or(Box::new(left), Box::new(self.and()?));
        }
        Ok(left)
    }

    fn and(&mut self) -> Result<Expr, String> {
        let mut left = self.not()?;
        while self.keyword("and") {
            left = Expr::And(Box::new(left), Box::new(self.not()?));
        }
        Ok(left)
    }

    fn not(&mut self) -> Result<Expr, String> {
        if self.keyword("not") {
            return Ok(Expr::Not(Box::new(self.not()?)));
        }
        let left = self.atom()?;
        match self.peek() {
            Some(Token::Eq) => {
                self.at += 1;
                Ok(Expr::Eq(Box::new(left), Box::new(self.atom()?)))
            }
            Some(Token::Ne) => {
                self.at += 1;
                Ok(Expr::Ne(Box::new(left), Box::new(self.atom()?)))
            }
            _ => Ok(left),
        }
    }

    fn atom(&mut self) -> Result<Expr, String> {
        let token = self.peek().cloned();
        self.at += 1;
        match token {
            Some(Token::Open) => {
                let inner = self.or()?;
                if self.peek() != Some(&Token::Close) {
                    return Err("a `(` is not closed".into());
                }
                self.at += 1;
                Ok(inner)
            }
            Some(Token::Ident(name)) if !["and", "or", "not"].contains(&name.as_str()) => {
                Ok(Expr::Var(name))
            }
            Some(Token::Literal(v)) => Ok(Expr::Literal(v)),
            Some(other) => Err(format!("unexpected {other:?}")),
            None => Err("the condition ends too soon".into()),
        }
    }
}

/// Parse a condition (the text between `if` and `:`).
pub fn parse(text: &str) -> Result<Expr, String> {
    let mut parser = Parser {
        tokens: tokenize(text)?,
        at: 0,
    };
    let expr = parser.or()?;
    if parser.at < parser.tokens.len() {
        return Err(format!(
            "unexpected {:?} after the condition",
            parser.tokens[parser.at]
        ));
    }
    Ok(expr)
}

impl Expr {
    fn value(&self, run_info: &RunInfo, unknown: &mut BTreeSet<String>) -> Value {
        match self {
            Self::Var(name) => run_info.get(name).cloned().unwrap_or_else(|| {
                unknown.insert(name.clone());
                Value::None
            }),
            Self::Literal(v) => v.clone(),
            other => Value::Bool(other.eval(run_info, unknown)),
        }
    }

    /// Whether the condition holds for `run_info`; variables it lacks go to `unknown`.
    pub fn eval(&self, run_info: &RunInfo, unknown: &mut BTreeSet<String>) -> bool {
        match self {
            Self::Or(a, b) => a.eval(run_info, unknown) || b.eval(run_info, unknown),
            Self::And(a, b) => a.eval(run_info, unknown) && b.eval(run_info, unknown),
            Self::Not(a) => !a.eval(run_info, unknown),
            Self::Eq(a, b) => a
                .value(run_info, unknown)
                .equals(&b.value(run_info, unknown)),
            Self::Ne(a, b) => !a
                .value(run_info, unknown)
                .equals(&b.value(run_info, unknown)),
            Self::Var(_) | Self::Literal(_) => self.value(run_info, unknown).truthy(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_info() -> RunInfo {
        [
            ("product", Value::Str("taskhost".into())),
            ("os", Value::Str("linux".into())),
            ("bits", Value::Num(64.0)),
            ("debug", Value::Bool(false)),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v))
        .collect()
    }

    fn holds(text: &str) -> bool {
        let mut unknown = BTreeSet::new();
        parse(text).unwrap().eval(&run_info(), &mut unknown)
    }

    #[test]
    fn conditions_evaluate_against_run_info() {
        assert!(holds(r#"os == "linux""#));
        assert!(holds(r#"product == 'taskhost'"#));
        assert!(!holds(r#"os == "mac""#));
        assert!(holds(r#"os != "win""#));
        assert!(holds("not debug"));
        assert!(!holds("debug"));
        assert!(holds("bits == 64"));
        assert!(!holds(r#"bits == "64""#), "a string never equals a number");
        assert!(holds(r#"(os == "mac") or (os == "linux" and not debug)"#));
        assert!(!holds(r#"os == "linux" and debug or os == "mac""#));
        assert!(holds("debug == False"));
        assert!(holds(r#"not (product == "chrome")"#));
    }

    #[test]
    fn unknown_variables_are_none_and_reported() {
        let mut unknown = BTreeSet::new();
        let expr = parse(r#"fission and flag_specific == "x""#).unwrap();
        assert!(!expr.eval(&run_info(), &mut unknown));
        assert_eq!(unknown.into_iter().collect::<Vec<_>>(), ["fission"]);
        let mut unknown = BTreeSet::new();
        assert!(parse("not swgl").unwrap().eval(&run_info(), &mut unknown));
        assert!(unknown.contains("swgl"));
    }

    #[test]
    fn malformed_conditions_are_errors() {
        assert_eq!(
            parse(r#"os = "linux""#).unwrap_err(),
            "`=` at 3 is not `==` or `!=`"
        );
        assert_eq!(
            parse(r#"os == "linux"#).unwrap_err(),
            "a string is not closed"
        );
        assert_eq!(parse("(os").unwrap_err(), "a `(` is not closed");
        assert_eq!(parse("os ==").unwrap_err(), "the condition ends too soon");
        assert!(
            parse("os debug")
                .unwrap_err()
                .contains("after the condition")
        );
        assert_eq!(parse("os; x").unwrap_err(), "unexpected `;`");
    }
}
