//! Tests of the metadata file format: sections, keys, conditional values, escapes, errors.

use super::*;
use crate::wpt::condition::Value as RunValue;

fn run_info(os: &str) -> RunInfo {
    [
        ("os".to_owned(), RunValue::Str(os.into())),
        ("debug".to_owned(), RunValue::Bool(false)),
    ]
    .into_iter()
    .collect()
}

#[test]
fn sections_nest_by_indentation() {
    let file = parse(
        "# comment\nbug: 1\n[a.any.html]\n  expected: ERROR # why\n  [sub \\] one]\n    expected: FAIL\n  [two]\n    expected: [PASS, 'FAIL']\n  bug: https://example.test/#c4\n[b.html]\n  disabled: yes\n",
        "f",
    )
    .unwrap();
    assert_eq!(file.keys.len(), 1, "a file-level key");
    assert_eq!(file.sections.len(), 2);
    let a = &file.sections[0];
    assert_eq!((a.name.as_str(), a.line), ("a.any.html", 3));
    assert_eq!(
        a.key("expected").unwrap().value,
        Value::Plain("ERROR".into())
    );
    assert_eq!(
        a.key("bug").unwrap().value,
        Value::Plain("https://example.test/#c4".into()),
        "a # inside a word is not a comment"
    );
    assert!(a.key("bug").unwrap().after_sections);
    assert!(!a.key("expected").unwrap().after_sections);
    let names: Vec<&str> = a.sections.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["sub ] one", "two"]);
    let two = a.sections[1].key("expected").unwrap();
    assert_eq!(two.value, Value::Plain("[PASS, 'FAIL']".into()));
    assert_eq!(list_items("[PASS, 'FAIL']"), ["PASS", "FAIL"]);
    assert_eq!(list_items("TIMEOUT"), ["TIMEOUT"]);
    assert_eq!(list_items("[]"), Vec::<String>::new());
    assert_eq!(file.sections[1].key("disabled").unwrap().line, 11);
}

#[test]
fn conditional_values_take_the_first_branch_that_holds() {
    let file = parse(
        "[a.html]\n  expected:\n    if os == \"linux\" and not debug: [OK, TIMEOUT]\n    if os == \"mac\": ERROR\n    OK\n  [s]\n    expected:\n      if fission: FAIL\n",
        "f",
    )
    .unwrap();
    let a = &file.sections[0];
    let key = a.key("expected").unwrap();
    let mut unknown = BTreeSet::new();
    assert_eq!(
        key.resolve(&run_info("linux"), &mut unknown),
        Some("[OK, TIMEOUT]")
    );
    assert_eq!(key.resolve(&run_info("mac"), &mut unknown), Some("ERROR"));
    assert_eq!(key.resolve(&run_info("win"), &mut unknown), Some("OK"));
    assert!(unknown.is_empty());
    let s = a.sections[0].key("expected").unwrap();
    assert_eq!(s.resolve(&run_info("linux"), &mut unknown), None);
    assert_eq!(unknown.into_iter().collect::<Vec<_>>(), ["fission"]);
}

#[test]
fn section_names_unescape() {
    let file = parse("[a\\\\b\\x41\\u00e9\\n]\n  expected: OK\n", "f").unwrap();
    assert_eq!(file.sections[0].name, "a\\bAé\n");
}

#[test]
fn errors_name_the_line() {
    let err = |text: &str| parse(text, "f").unwrap_err();
    assert_eq!(err("[a\n"), "f:1: malformed section name");
    assert_eq!(
        err("[a]\n  just words\n"),
        "f:2: expected `[section]` or `key: value`"
    );
    assert_eq!(
        err("[a]\n  expected:\n    OK\n    if os == \"x\": FAIL\n"),
        "f:4: a value after the default value"
    );
    assert_eq!(
        err("[a]\n  expected:\n    if os = \"x\": FAIL\n"),
        "f:3: in `os = \"x\"`: `=` at 3 is not `==` or `!=`"
    );
    assert_eq!(
        err("[a]\n  expected:\n    if os == \"x\" FAIL\n"),
        "f:3: `if CONDITION: VALUE` lacks `:`"
    );
}
