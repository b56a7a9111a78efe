//! Tests of metadata directories: file layout, sections per variant, lists, conditions,
//! `disabled` in files and `__dir__.ini`, ignored keys, stale sections.

use std::path::PathBuf;

use super::*;
use crate::wpt::condition::Value;
use crate::wpt::manifest::{Global, Meta, Plan};

fn run_info() -> RunInfo {
    [
        ("product".to_owned(), Value::Str("taskhost".into())),
        ("os".to_owned(), Value::Str("linux".into())),
        ("debug".to_owned(), Value::Bool(false)),
    ]
    .into_iter()
    .collect()
}

struct Fixture {
    dir: PathBuf,
    root: PathBuf,
    meta: PathBuf,
}

impl Fixture {
    fn new(name: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("taskhost-meta-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let root = dir.join("wpt");
        let meta = dir.join("meta");
        std::fs::create_dir_all(root.join("a/b")).unwrap();
        std::fs::create_dir_all(meta.join("a/b")).unwrap();
        Self { dir, root, meta }
    }

    fn write(&self, path: &str, text: &str) {
        std::fs::write(self.meta.join(path), text).unwrap();
    }

    fn variant(&self, name: &str, file: &str) -> TestVariant {
        TestVariant {
            name: name.into(),
            path: self.root.join(file),
            plan: Plan::Run(Global::Window),
            meta: Meta::default(),
        }
    }
}

impl Drop for Fixture {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

#[test]
fn a_test_files_ini_holds_its_variants() {
    let f = Fixture::new("layout");
    f.write(
        "a/b/c.any.js.ini",
        "[c.any.html]\n  bug: https://example.test/1\n  expected: [OK, TIMEOUT]\n  [sub one]\n    expected: FAIL\n  [sub two]\n    expected:\n      if os == \"linux\": [PASS, FAIL]\n      if os == \"mac\": TIMEOUT\n  [sub three]\n    bug: 2\n\n[c.any.worker.html]\n  expected:\n    if product == \"chrome\": ERROR\n  [sub one]\n    expected:\n      if fission: FAIL\n      NOTRUN\n",
    );
    let run = [
        f.variant("/a/b/c.any.html", "a/b/c.any.js"),
        f.variant("/a/b/c.any.worker.html", "a/b/c.any.js"),
        f.variant("/a/b/d.window.html", "a/b/d.window.js"),
    ];
    let e = load(&f.meta, &f.root, &run, &run, &run_info()).unwrap();
    assert_eq!(
        e.file("/a/b/c.any.html"),
        (FileStatus::Ok, &[FileStatus::Timeout][..])
    );
    assert_eq!(
        e.subtest("/a/b/c.any.html", "sub one"),
        (SubtestStatus::Fail, &[][..])
    );
    assert_eq!(
        e.subtest("/a/b/c.any.html", "sub two"),
        (SubtestStatus::Pass, &[SubtestStatus::Fail][..])
    );
    assert_eq!(
        e.subtest("/a/b/c.any.html", "sub three").0,
        SubtestStatus::Pass
    );
    // No branch holds: the default (OK).
    assert_eq!(e.file("/a/b/c.any.worker.html").0, FileStatus::Ok);
    assert_eq!(
        e.subtest("/a/b/c.any.worker.html", "sub one").0,
        SubtestStatus::Notrun
    );
    // No `.ini` for d.window.js: everything expected to pass.
    assert!(!e.tests.contains_key("/a/b/d.window.html"));
    assert!(
        e.tests["/a/b/c.any.html"]
            .status
            .as_ref()
            .unwrap()
            .reason
            .is_none()
    );
    assert_eq!(e.notes.len(), 1, "{:?}", e.notes);
    assert!(
        e.notes[0].contains("conditions use `fission`"),
        "{:?}",
        e.notes
    );
}

#[test]
fn disabled_comes_from_the_test_the_file_or_a_directory() {
    let f = Fixture::new("disabled");
    f.write("a/__dir__.ini", "disabled: flaky everywhere under a/\n");
    f.write("a/b/__dir__.ini", "bug: 3\n");
    f.write(
        "a/b/c.any.js.ini",
        "[c.any.html]\n  disabled: @False\n[c.any.worker.html]\n  expected: ERROR\n",
    );
    f.write(
        "a/b/e.html.ini",
        "disabled:\n  if os == \"linux\": no linux\n[e.html]\n  expected: TIMEOUT\n",
    );
    let run = [
        f.variant("/a/b/c.any.html", "a/b/c.any.js"),
        f.variant("/a/b/c.any.worker.html", "a/b/c.any.js"),
        f.variant("/a/b/d.window.html", "a/b/d.window.js"),
        f.variant("/a/b/e.html", "a/b/e.html"),
    ];
    let e = load(&f.meta, &f.root, &run, &run, &run_info()).unwrap();
    assert_eq!(e.disabled("/a/b/c.any.html"), None, "@False undoes it");
    let dir_reason = e.disabled("/a/b/c.any.worker.html").unwrap();
    assert!(
        dir_reason.starts_with("flaky everywhere under a/ (")
            && dir_reason.ends_with("__dir__.ini)"),
        "{dir_reason}"
    );
    assert_eq!(e.file("/a/b/c.any.worker.html").0, FileStatus::Error);
    assert!(
        e.disabled("/a/b/d.window.html").is_some(),
        "no .ini of its own"
    );
    assert_eq!(e.disabled("/a/b/e.html"), Some("no linux"));
}

#[test]
fn stale_sections_are_notes_and_bad_statuses_errors() {
    let f = Fixture::new("stale");
    f.write(
        "a/b/c.any.js.ini",
        "[c.any.html]\n  expected: OK\n[c.any.serviceworker.html]\n  expected: OK\n[gone.any.html]\n  expected: ERROR\n",
    );
    let discovered = [
        f.variant("/a/b/c.any.html", "a/b/c.any.js"),
        f.variant("/a/b/c.any.serviceworker.html", "a/b/c.any.js"),
    ];
    // The run has only the window variant: the service worker's section is not stale.
    let e = load(&f.meta, &f.root, &discovered[..1], &discovered, &run_info()).unwrap();
    assert_eq!(e.tests.len(), 1);
    assert_eq!(e.notes.len(), 1, "{:?}", e.notes);
    assert!(
        e.notes[0].ends_with("c.any.js.ini:5: [gone.any.html] names no test of a/b/c.any.js"),
        "{:?}",
        e.notes
    );

    f.write("a/b/c.any.js.ini", "[c.any.html]\n  expected: FAIL\n");
    let err = load(&f.meta, &f.root, &discovered, &discovered, &run_info()).unwrap_err();
    assert!(
        err.ends_with(
            "c.any.js.ini:2: `FAIL` is not a test status (OK, ERROR, TIMEOUT, PRECONDITION_FAILED, CRASH)"
        ),
        "{err}"
    );
    f.write("a/b/c.any.js.ini", "[c.any.html\n");
    let err = load(&f.meta, &f.root, &discovered, &discovered, &run_info()).unwrap_err();
    assert!(
        err.ends_with("c.any.js.ini:1: malformed section name"),
        "{err}"
    );
}
