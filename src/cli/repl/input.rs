//! What a REPL input is, decided from its text alone (no engine needed, so the line editor's
//! thread can ask too): a command (`.help`, `.exit`), an input that is not finished yet (multi-line
//! editing), and how a finished input is evaluated — as a classic script, or, when it awaits at
//! top level, inside an async function whose declarations are carried over to the global scope.

use boa_engine::ast::declaration::LexicalDeclaration;
use boa_engine::ast::operations::{
    LexicallyScopedDeclaration, lexically_scoped_declarations, var_declared_names,
};
use boa_engine::interner::Interner;
use boa_engine::parser::{Error as ParseError, Parser, Source};

use crate::engine::source_guard;

/// A REPL command: a line that is exactly `.help` or `.exit` (surrounding spaces allowed). Any
/// other line is JavaScript, even one that starts with a dot (`.5` is a number).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Help,
    Exit,
}

impl Command {
    #[must_use]
    pub fn parse(line: &str) -> Option<Self> {
        match line.trim() {
            ".help" => Some(Self::Help),
            ".exit" => Some(Self::Exit),
            _ => None,
        }
    }
}

/// The text of `.help`.
pub const HELP: &str = "\
.help   Show this help
.exit   Leave the REPL (or press Ctrl-D)

Each input is run as a classic script, as one task of the event loop; its value is printed as
console.log prints it, and an uncaught error as `taskhost run` reports it. Top-level `await`
works (e.g. `await scheduler.postTask(() => 1)`). Between inputs the event loop keeps running:
timers and tasks still due run while the prompt waits, and their output appears above it.
An unfinished input (an open brace, bracket or parenthesis) continues on the next line;
Ctrl-C cancels the input being typed.";

/// Whether an input is finished: it parses, or it has an error that more text cannot mend.
/// Unfinished means the parser ran out of text ("abrupt end"), as with an open brace.
#[must_use]
pub fn is_unfinished(source: &str) -> bool {
    if source.trim().is_empty() || source_guard::check_nesting(source).is_some() {
        // (Too deep to parse safely here: the engine reports it.)
        return false;
    }
    let script = parse_script(source);
    match script {
        Ok(()) => false,
        Err(ParseError::AbruptEnd) => {
            // An async function body may still complete it (a top-level await); it ran out of
            // text as a script, and will as a body too unless the body parses.
            parse_async_body(source).is_err()
        }
        Err(_) => matches!(parse_async_body(source), Err(ParseError::AbruptEnd)),
    }
}

fn parse_script(source: &str) -> Result<(), ParseError> {
    let mut interner = Interner::default();
    let scope = boa_engine::ast::scope::Scope::new_global();
    Parser::new(Source::from_bytes(source))
        .parse_script(&scope, &mut interner)
        .map(drop)
}

fn parse_async_body(
    source: &str,
) -> Result<(boa_engine::ast::function::FunctionBody, Interner), ParseError> {
    let mut interner = Interner::default();
    let body =
        Parser::new(Source::from_bytes(source)).parse_function_body(&mut interner, false, true)?;
    Ok((body, interner))
}

/// How a global binding declared by an awaiting input is recreated after it ran.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Binding {
    /// `var` and function declarations: a property of the global object.
    Var(String),
    /// `let` and class declarations: a global `let`.
    Let(String),
    /// `const` declarations: a global `const`.
    Const(String),
}

/// How an input is evaluated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Plan {
    /// A classic script: its completion value is the result.
    Script(String),
    /// An expression with top-level `await`, wrapped in an async arrow function; the script
    /// evaluates to a promise for `[value]`.
    AwaitExpression(String),
    /// Statements with top-level `await`, wrapped in an async arrow function; the script
    /// evaluates to a promise for `[undefined, {name: value, …}]` with the values of the
    /// declarations to recreate as globals.
    AwaitStatements(String, Vec<Binding>),
}

/// Decide how to evaluate a finished input. An input that parses as a classic script is one;
/// one that does not, but parses as the body of an async function, awaits at top level. Any
/// other input is run as a script, so that its syntax error is reported as `run` reports it.
#[must_use]
pub fn plan(source: &str) -> Plan {
    if source_guard::check_nesting(source).is_some() || parse_script(source).is_ok() {
        return Plan::Script(source.to_owned());
    }
    let Ok((body, interner)) = parse_async_body(source) else {
        return Plan::Script(source.to_owned());
    };
    // A single expression: its value is the result. (The input starts on the wrapper's first
    // line, so error positions keep their line numbers; what follows it starts a line of its
    // own, so a trailing line comment cannot swallow it.)
    let expression = source.trim_end().trim_end_matches(';');
    let wrapped = format!("(async () => [({expression}\n)])()");
    if parse_script(&wrapped).is_ok() {
        return Plan::AwaitExpression(wrapped);
    }
    let name = |sym| interner.resolve(sym).map(|s| s.to_string());
    let mut bindings = Vec::new();
    for declaration in lexically_scoped_declarations(&body) {
        let constant = matches!(
            declaration,
            LexicallyScopedDeclaration::LexicalDeclaration(LexicalDeclaration::Const(_))
        );
        for name in declaration.bound_names().into_iter().filter_map(name) {
            bindings.push(if constant {
                Binding::Const(name)
            } else {
                Binding::Let(name)
            });
        }
    }
    let mut vars: Vec<String> = var_declared_names(&body)
        .into_iter()
        .filter_map(name)
        .collect();
    vars.sort();
    bindings.extend(vars.into_iter().map(Binding::Var));
    let names: Vec<&str> = bindings
        .iter()
        .map(|b| match b {
            Binding::Var(n) | Binding::Let(n) | Binding::Const(n) => n.as_str(),
        })
        .collect();
    let wrapped = format!(
        "(async () => {{{source}\n;return [undefined, {{{}}}];\n}})()",
        names.join(", ")
    );
    Plan::AwaitStatements(wrapped, bindings)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_are_whole_lines() {
        assert_eq!(Command::parse(" .exit "), Some(Command::Exit));
        assert_eq!(Command::parse(".help"), Some(Command::Help));
        assert_eq!(Command::parse(".5"), None);
        assert_eq!(Command::parse(".exit()"), None);
    }

    #[test]
    fn open_brackets_are_unfinished() {
        assert!(is_unfinished("function f() {"));
        assert!(is_unfinished("[1, 2,"));
        assert!(is_unfinished("if (x) { await y;"));
        assert!(!is_unfinished("function f() {}"));
        assert!(!is_unfinished("await scheduler.postTask(() => 1)"));
        // A syntax error that more text cannot mend is finished (and reported).
        assert!(!is_unfinished("let let = 1"));
        assert!(!is_unfinished("1 +* 2"));
        assert!(!is_unfinished(""));
    }

    #[test]
    fn scripts_stay_scripts() {
        assert_eq!(plan("let x = 1"), Plan::Script("let x = 1".to_owned()));
        // A syntax error is left to the engine to report.
        assert_eq!(plan("1 +* 2"), Plan::Script("1 +* 2".to_owned()));
    }

    #[test]
    fn an_awaited_expression_is_wrapped_whole() {
        assert_eq!(
            plan("await p // why"),
            Plan::AwaitExpression("(async () => [(await p // why\n)])()".to_owned())
        );
        assert_eq!(
            plan("await p;"),
            Plan::AwaitExpression("(async () => [(await p\n)])()".to_owned())
        );
    }

    #[test]
    fn awaiting_statements_carry_their_declarations() {
        let Plan::AwaitStatements(wrapped, bindings) =
            plan("const a = await p; let [b, c] = [1, 2]; var d; function e() {} class F {}")
        else {
            panic!("not statements");
        };
        assert_eq!(
            bindings,
            vec![
                Binding::Const("a".into()),
                Binding::Let("b".into()),
                Binding::Let("c".into()),
                Binding::Let("F".into()),
                Binding::Var("d".into()),
                Binding::Var("e".into()),
            ]
        );
        assert!(wrapped.ends_with(";return [undefined, {a, b, c, F, d, e}];\n})()"));
        assert!(parse_script(&wrapped).is_ok());
    }
}
