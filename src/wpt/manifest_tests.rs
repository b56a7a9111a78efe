//! Tests of test discovery: META lines, globals, variants and plans.

use super::*;

#[test]
fn meta_lines_stop_at_the_first_other_line() {
    let meta = parse_meta(
        "// META: script=/common/a.js\n//META:   script=b.js\n// META: timeout=long\n\
         // META: title=Hello = world\n// META: global=window,worker\n\n// META: script=c.js\n",
    );
    assert_eq!(meta.scripts, ["/common/a.js", "b.js"]);
    assert!(meta.long_timeout);
    assert_eq!(meta.title.as_deref(), Some("Hello = world"));
    assert_eq!(meta.globals, ["window", "worker"]);
    assert_eq!(
        parse_meta("'use strict';\n// META: script=x.js\n"),
        Meta::default()
    );
    assert_eq!(parse_meta("// META: bad key=1\n").scripts.len(), 0);
}

#[test]
fn any_globals_defaults_shorthands_and_negation() {
    let g =
        |items: &[&str]| any_globals(&items.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>());
    assert_eq!(g(&[]), ["window", "dedicatedworker"]);
    assert_eq!(g(&["window"]), ["window"]);
    assert_eq!(
        g(&["window", "worker"]),
        ["window", "dedicatedworker", "sharedworker", "serviceworker"]
    );
    assert_eq!(g(&["!dedicatedworker"]), ["window"]);
    assert_eq!(
        g(&["worker", "!sharedworker"]),
        ["dedicatedworker", "serviceworker"]
    );
    assert_eq!(g(&["jsshell"]), ["jsshell"]);
    assert_eq!(g(&["nonsense"]), Vec::<&str>::new());
}

#[test]
fn file_kinds() {
    assert_eq!(file_kind("a.any.js"), Some(FileKind::Any));
    assert_eq!(file_kind("a.window.js"), Some(FileKind::Window));
    assert_eq!(file_kind("a.worker.js"), Some(FileKind::Worker));
    assert_eq!(file_kind("a.html"), Some(FileKind::Html));
    assert_eq!(file_kind("a-ref.html"), None);
    assert_eq!(file_kind("helper.js"), None);
    assert_eq!(file_kind(".hidden.any.js"), None);
}

#[test]
fn variants_of_an_any_test() {
    let dir = std::env::temp_dir().join(format!("taskhost-manifest-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("scheduler/resources")).unwrap();
    std::fs::write(dir.join(".wptroot"), "").unwrap();
    std::fs::write(dir.join("scheduler/a.any.js"), "// META: timeout=long\n").unwrap();
    std::fs::write(dir.join("scheduler/b.window.js"), "").unwrap();
    std::fs::write(dir.join("scheduler/c.html"), "<p>a manual test").unwrap();
    std::fs::write(
        dir.join("scheduler/d.html"),
        "<script src=/resources/testharness.js></script><meta name=timeout content=long>",
    )
    .unwrap();
    std::fs::write(
        dir.join("scheduler/e.html"),
        "<script src=/resources/testharness.js></script><script src=/resources/testdriver.js></script>",
    )
    .unwrap();
    std::fs::write(
        dir.join("scheduler/f.html"),
        "<script src=/resources/testharness.js></script><script>x.getBoundingClientRect()</script>",
    )
    .unwrap();
    std::fs::write(dir.join("scheduler/resources/helper.any.js"), "").unwrap();
    let root = find_root(&dir.join("scheduler"));
    assert_eq!(root, dir);
    let mut out = Vec::new();
    discover(&root, &dir.join("scheduler"), &mut out).unwrap();
    let names: Vec<_> = out.iter().map(|v| (v.name.as_str(), &v.plan)).collect();
    assert_eq!(
        names,
        [
            ("/scheduler/a.any.html", &Plan::Run(Global::Window)),
            (
                "/scheduler/a.any.worker.html",
                &Plan::Run(Global::DedicatedWorker)
            ),
            ("/scheduler/b.window.html", &Plan::Run(Global::Window)),
            (
                "/scheduler/c.html",
                &Plan::Skip(
                    "not a testharness.js test (reftests and manual tests need rendering)".into()
                )
            ),
            ("/scheduler/d.html", &Plan::Run(Global::Window)),
            // testdriver.js input runs on taskhost.input.
            ("/scheduler/e.html", &Plan::Run(Global::Window)),
            (
                "/scheduler/f.html",
                &Plan::Skip("needs layout or rendering, which taskhost does not have".into())
            ),
        ]
    );
    assert_eq!(out[4].timeout(), TimeoutKind::Long);
    assert_eq!(out[0].timeout(), TimeoutKind::Long);
    assert_eq!(out[2].timeout(), TimeoutKind::Normal);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn globals_round_trip() {
    for g in [
        Global::Window,
        Global::DedicatedWorker,
        Global::SharedWorker,
    ] {
        assert_eq!(Global::parse(g.as_str()), Some(g));
    }
    assert_eq!(Global::parse("serviceworker"), None);
}

/// Dedicated and shared worker variants run; service workers, module workers, ShadowRealms
/// and jsshell are skipped with their reasons; `x.worker.js` runs as `x.worker.html` in a
/// dedicated worker, with its META timeout; `variant=` skips every global.
#[test]
fn worker_variants_are_planned() {
    let dir = std::env::temp_dir().join(format!("taskhost-workers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(".wptroot"), "").unwrap();
    std::fs::write(
        dir.join("a.any.js"),
        "// META: global=window,worker,dedicatedworker-module,shadowrealm-in-window,jsshell\n",
    )
    .unwrap();
    std::fs::write(dir.join("b.worker.js"), "// META: timeout=long\n").unwrap();
    std::fs::write(dir.join("c.worker.js"), "// META: variant=?x\n").unwrap();
    std::fs::write(
        dir.join("d.any.js"),
        "// META: global=sharedworker\n// META: variant=?1\n",
    )
    .unwrap();
    let mut out = Vec::new();
    discover(&dir, &dir, &mut out).unwrap();
    let plans: Vec<_> = out
        .iter()
        .map(|v| (v.name.as_str(), v.plan.clone()))
        .collect();
    let skip = |reason: &str| Plan::Skip(reason.to_owned());
    assert_eq!(
        plans,
        [
            ("/a.any.html", Plan::Run(Global::Window)),
            ("/a.any.worker.html", Plan::Run(Global::DedicatedWorker)),
            (
                "/a.any.worker-module.html",
                skip(
                    "a module worker's wrapper imports the harness by URL (import \"/resources/testharness.js\"), \
                     and taskhost's module loader resolves specifiers as files, not as URLs under the WPT root"
                )
            ),
            ("/a.any.sharedworker.html", Plan::Run(Global::SharedWorker)),
            (
                "/a.any.serviceworker.html",
                skip("needs a ServiceWorker global: taskhost has no service workers")
            ),
            (
                "/a.any.shadowrealm-in-window.html",
                skip("needs ShadowRealm (shadowrealm-in-window), which taskhost does not provide")
            ),
            (
                "/a.any.js",
                skip("a jsshell global has no web APIs; taskhost runs the window-like global")
            ),
            ("/b.worker.html", Plan::Run(Global::DedicatedWorker)),
            ("/c.worker.html?x", skip(VARIANT_SKIP)),
            ("/d.any.sharedworker.html?1", skip(VARIANT_SKIP)),
        ]
    );
    assert_eq!(out[7].timeout(), TimeoutKind::Long);
    assert!(out.iter().filter(|v| v.plan.runs()).count() == 4);
    std::fs::remove_dir_all(&dir).unwrap();
}
