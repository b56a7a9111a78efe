//! The position of a failed name lookup, which the engine does not record.
//!
//! Boa 0.22 maps bytecode to source positions only inside the constructs its compiler marks: calls
//! (their arguments, not their callee), assignments, unary and update expressions, property
//! accesses, `throw` and a function's body as a whole. A name resolved outside all of those
//! (`foo();`, `let a = foo;`, `return foo + 1;`) throws its `ReferenceError` with the position of
//! the enclosing function's body (the `{` of `function g() {`), or with none at all at the top
//! level of a script or module (`file:?:?`).
//!
//! The host recovers it by parsing the script again: within the code the engine's position
//! names (the function whose body starts there, or the top level), the references to the name
//! that no marked construct encloses are the only ones that can have thrown without a finer
//! position; the first of them in evaluation order is the one reported. (If a name occurs
//! unmarked several times in one function and control flow skips the first, the first is still
//! named: the engine keeps nothing that tells them apart.)
//!
//! Invariant: sources are remembered per thread (each agent has its own), the newest per name;
//! a source that no longer parses, or in which nothing matches, leaves the engine's position as
//! it is.

use std::cell::RefCell;
use std::collections::HashMap;
use std::ops::ControlFlow;
use std::rc::Rc;

use boa_engine::Source;
use boa_engine::ast::declaration::{ImportDeclaration, Variable};
use boa_engine::ast::expression::access::PropertyAccess;
use boa_engine::ast::expression::operator::{Assign, Unary, Update};
use boa_engine::ast::expression::{Call, Identifier};
use boa_engine::ast::function::{FormalParameterList, FunctionBody};
use boa_engine::ast::property::PropertyName;
use boa_engine::ast::statement::Throw;
use boa_engine::ast::visitor::{VisitWith, Visitor};
use boa_engine::ast::{Position, Spanned};
use boa_engine::interner::{Interner, Sym};
use boa_engine::parser::Parser;

/// A script's text, and whether it is a module.
#[derive(Clone)]
struct Remembered {
    text: Rc<str>,
    module: bool,
}

thread_local! {
    static SOURCES: RefCell<HashMap<String, Remembered>> = RefCell::new(HashMap::new());
}

/// Remember the text of a script or module run under `name` (the path its frames show).
pub fn remember_source(name: &str, text: &str, module: bool) {
    SOURCES.with(|sources| {
        sources.borrow_mut().insert(
            name.to_owned(),
            Remembered {
                text: Rc::from(text),
                module,
            },
        );
    });
}

/// Where the `ReferenceError` for `name` was thrown in the script `file`, given the position
/// the engine recorded (`None`: it recorded none). `None` when the source is unknown or does not
/// show it, or when the engine's position is already the reference's own.
#[must_use]
pub fn unresolved_name_position(
    file: &str,
    name: &str,
    engine_position: Option<(u32, u32)>,
) -> Option<(u32, u32)> {
    let remembered = SOURCES.with(|sources| sources.borrow().get(file).cloned())?;
    let mut interner = Interner::default();
    let sym = interner.get_or_intern(name);
    let scope = boa_engine::ast::scope::Scope::new_global();
    let mut parser = Parser::new(Source::from_bytes(remembered.text.as_bytes()));
    let engine_position = engine_position.map(|(line, column)| Position::new(line, column));
    let mut body = BodyAt {
        at: engine_position,
        sym,
        found: None,
    };
    let mut top_level = Unmarked::new(sym);
    if remembered.module {
        let module = parser.parse_module(&scope, &mut interner).ok()?;
        let _ = module.visit_with(&mut body);
        let _ = module.visit_with(&mut top_level);
    } else {
        let script = parser.parse_script(&scope, &mut interner).ok()?;
        let _ = script.visit_with(&mut body);
        let _ = script.visit_with(&mut top_level);
    }
    let found = match (body.found, engine_position) {
        // A function's code: the engine's position is its body's start.
        (Some(found), _) => found?,
        // The top level before any marked construct ran.
        (None, None) => *top_level.unmarked.first()?,
        // The top level: the engine's position is a marked construct's, either the one that
        // threw (it holds a reference to the name) or the last one compiled before the code
        // that threw (the engine's map carries a top-level position on over unmarked code).
        (None, Some(at)) => {
            if top_level.marked_hits.contains(&at) {
                return None;
            }
            *top_level.unmarked.iter().find(|found| **found > at)?
        }
    };
    Some((found.line_number(), found.column_number()))
}

/// Finds the function body that starts at `at`, and in it the unmarked reference to `sym`.
struct BodyAt {
    at: Option<Position>,
    sym: Sym,
    /// `Some` once the body is found: the reference in it, if any.
    found: Option<Option<Position>>,
}

impl<'ast> Visitor<'ast> for BodyAt {
    type BreakTy = ();

    fn visit_function_body(&mut self, node: &'ast FunctionBody) -> ControlFlow<()> {
        if Some(node.span().start()) == self.at {
            let mut finder = Unmarked::new(self.sym);
            let _ = node.statement_list().visit_with(&mut finder);
            self.found = Some(finder.unmarked.first().copied());
            return ControlFlow::Break(());
        }
        node.visit_with(self)
    }
}

/// The references to `sym` in one function's own code (or the top level's; not in functions or
/// classes it contains), in evaluation order: those that none of the constructs the engine gives
/// a position encloses, and the positions of the marked constructs that enclose the others.
struct Unmarked {
    sym: Sym,
    /// The positions of the marked constructs that enclose the node being visited.
    marks: Vec<Position>,
    unmarked: Vec<Position>,
    marked_hits: Vec<Position>,
}

impl Unmarked {
    fn new(sym: Sym) -> Self {
        Self {
            sym,
            marks: Vec::new(),
            unmarked: Vec::new(),
            marked_hits: Vec::new(),
        }
    }

    fn marked<T: VisitWith + ?Sized>(&mut self, at: Position, node: &T) -> ControlFlow<()> {
        self.marks.push(at);
        let flow = node.visit_with(self);
        self.marks.pop();
        flow
    }
}

impl<'ast> Visitor<'ast> for Unmarked {
    type BreakTy = ();

    fn visit_identifier(&mut self, node: &'ast Identifier) -> ControlFlow<()> {
        if node.sym() == self.sym {
            match self.marks.last() {
                None => self.unmarked.push(node.span().start()),
                Some(at) => self.marked_hits.push(*at),
            }
        }
        ControlFlow::Continue(())
    }

    // Another function's code has its own positions.
    fn visit_function_body(&mut self, _: &'ast FunctionBody) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    fn visit_formal_parameter_list(&mut self, _: &'ast FormalParameterList) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    fn visit_class_element(
        &mut self,
        _: &'ast boa_engine::ast::function::ClassElement,
    ) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    // Imported and declared names are bindings, not references; an initializer is code.
    fn visit_import_declaration(&mut self, _: &'ast ImportDeclaration) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    fn visit_variable(&mut self, node: &'ast Variable) -> ControlFlow<()> {
        match node.init() {
            Some(init) => self.visit_expression(init),
            None => ControlFlow::Continue(()),
        }
    }

    // A property's name is not a reference; a computed one is code.
    fn visit_property_name(&mut self, node: &'ast PropertyName) -> ControlFlow<()> {
        match node {
            PropertyName::Computed(expression) => self.visit_expression(expression),
            PropertyName::Literal(_) => ControlFlow::Continue(()),
        }
    }

    // A call's callee is compiled before its mark; its arguments after.
    fn visit_call(&mut self, node: &'ast Call) -> ControlFlow<()> {
        self.visit_expression(node.function())?;
        self.marks.push(node.span().start());
        let flow = node
            .args()
            .iter()
            .try_for_each(|arg| self.visit_expression(arg));
        self.marks.pop();
        flow
    }

    fn visit_assign(&mut self, node: &'ast Assign) -> ControlFlow<()> {
        self.marked(node.span().start(), node)
    }

    fn visit_unary(&mut self, node: &'ast Unary) -> ControlFlow<()> {
        self.marked(node.span().start(), node)
    }

    fn visit_update(&mut self, node: &'ast Update) -> ControlFlow<()> {
        self.marked(node.span().start(), node)
    }

    fn visit_property_access(&mut self, node: &'ast PropertyAccess) -> ControlFlow<()> {
        let at = match node {
            PropertyAccess::Simple(access) => access.field().span().start(),
            PropertyAccess::Private(access) => access.field().span().start(),
            PropertyAccess::Super(access) => access.field().span().start(),
        };
        self.marked(at, node)
    }

    fn visit_throw(&mut self, node: &'ast Throw) -> ControlFlow<()> {
        self.marked(node.target().span().start(), node)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(name: &str, text: &str, engine: Option<(u32, u32)>) -> Option<(u32, u32)> {
        remember_source(name, text, false);
        unresolved_name_position(name, "foo", engine)
    }

    #[test]
    fn a_top_level_reference_is_found() {
        assert_eq!(at("t1", "let a = 1;\nfoo();\n", None), Some((2, 1)));
        assert_eq!(at("t2", "let a = 1,\n  b = foo;\n", None), Some((2, 7)));
        // After a marked construct the engine names that construct: the reference after it.
        let text = "console.log(1);\nlet b = 2 +\n  foo;\n";
        assert_eq!(at("t6", text, Some((1, 1))), Some((3, 3)));
        // A marked construct that holds the reference is already the position.
        assert_eq!(at("t7", "console.log(foo);\n", Some((1, 1))), None);
    }

    #[test]
    fn a_reference_in_the_function_the_engine_names_is_found() {
        let text = "function f() {\n  return foo;\n}\nfunction g() {\n  return foo();\n}\ng();\n";
        assert_eq!(at("t3", text, Some((4, 14))), Some((5, 10)));
        assert_eq!(at("t3", text, Some((1, 14))), Some((2, 10)));
    }

    #[test]
    fn marked_and_nested_references_are_skipped() {
        // `foo` as an argument has the call's position; in a nested function, that function's.
        let text = "function g() {\n  h(foo);\n  const k = () => foo;\n  return foo;\n}\n";
        assert_eq!(at("t4", text, Some((1, 14))), Some((4, 10)));
        // A position that is no function body's start, at the top level with no reference
        // after it: nothing to refine.
        assert_eq!(at("t4", text, Some((2, 3))), None);
        // A source never run, or one that does not parse.
        assert_eq!(unresolved_name_position("never", "foo", None), None);
        assert_eq!(at("t5", "foo(", None), None);
    }
}
