//! Tests of test selection: include/exclude rules and chunking.

use super::*;
use crate::wpt::manifest::{Global, Meta, Plan};

fn root() -> PathBuf {
    PathBuf::from("/wpt")
}

fn variant(name: &str, file: &str) -> TestVariant {
    TestVariant {
        name: name.into(),
        path: root().join(file),
        plan: Plan::Run(Global::Window),
        meta: Meta::default(),
    }
}

fn url_rule(direction: Direction, url: &str) -> Rule {
    Rule {
        direction,
        target: Target::Url(url_components(url)),
        origin: format!("--x {url}"),
    }
}

/// A small WPT-shaped list: two directories, an `.any.js` with two variants, a query variant.
fn sample() -> Vec<TestVariant> {
    vec![
        variant("/dom/abort/a.any.html", "dom/abort/a.any.js"),
        variant("/dom/abort/a.any.worker.html", "dom/abort/a.any.js"),
        variant("/dom/events/b.window.html", "dom/events/b.window.js"),
        variant("/scheduler/c.any.html", "scheduler/c.any.js"),
        variant("/scheduler/c.any.worker.html", "scheduler/c.any.js"),
        variant("/scheduler/d.html", "scheduler/d.html"),
        variant("/scheduler/e.any.html?1", "scheduler/e.any.js"),
        variant("/scheduler/e.any.html?2", "scheduler/e.any.js"),
        variant("/top.html", "top.html"),
    ]
}

fn names(variants: &[TestVariant]) -> Vec<&str> {
    variants.iter().map(|v| v.name.as_str()).collect()
}

#[test]
fn url_components_split_paths_and_variants() {
    assert_eq!(url_components("/a/b.any.html"), ["a", "b.any.html"]);
    assert_eq!(url_components("/a/"), ["a"]);
    assert_eq!(url_components("a/b.html?x=1"), ["a", "b.html", "?x=1"]);
    assert_eq!(url_components("/a/b.html#frag"), ["a", "b.html", "#frag"]);
    assert!(url_components("/").is_empty());
}

#[test]
fn include_narrows_and_exclude_removes() {
    let all = sample();
    let pick = |rules: &[Rule]| {
        let kept: Vec<TestVariant> = all
            .iter()
            .filter(|v| selected(v, rules, &root()))
            .cloned()
            .collect();
        names(&kept)
            .into_iter()
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    assert_eq!(pick(&[]).len(), all.len(), "no rules: everything");
    assert_eq!(
        pick(&[url_rule(Direction::Include, "/scheduler/")]),
        [
            "/scheduler/c.any.html",
            "/scheduler/c.any.worker.html",
            "/scheduler/d.html",
            "/scheduler/e.any.html?1",
            "/scheduler/e.any.html?2"
        ]
    );
    // Components, not string prefixes: `/sched` matches nothing.
    assert!(pick(&[url_rule(Direction::Include, "/sched")]).is_empty());
    // A test URL matches its own variants' query components too.
    assert_eq!(
        pick(&[url_rule(Direction::Include, "/scheduler/e.any.html")]),
        ["/scheduler/e.any.html?1", "/scheduler/e.any.html?2"]
    );
    assert_eq!(
        pick(&[url_rule(Direction::Include, "/scheduler/e.any.html?2")]),
        ["/scheduler/e.any.html?2"]
    );
    // The deeper rule decides, whichever its direction.
    assert_eq!(
        pick(&[
            url_rule(Direction::Include, "/dom/"),
            url_rule(Direction::Exclude, "/dom/events/"),
        ]),
        ["/dom/abort/a.any.html", "/dom/abort/a.any.worker.html"]
    );
    assert_eq!(
        pick(&[
            url_rule(Direction::Exclude, "/dom/"),
            url_rule(Direction::Include, "/dom/events/b.window.html"),
        ]),
        ["/dom/events/b.window.html"]
    );
    // Exclude alone removes from everything; at equal depth exclude wins.
    assert_eq!(
        pick(&[url_rule(Direction::Exclude, "/scheduler/")]),
        [
            "/dom/abort/a.any.html",
            "/dom/abort/a.any.worker.html",
            "/dom/events/b.window.html",
            "/top.html"
        ]
    );
    assert!(
        pick(&[
            url_rule(Direction::Include, "/dom/"),
            url_rule(Direction::Exclude, "/dom/"),
        ])
        .is_empty()
    );
    // A file rule stands for every variant of the file.
    let file = Rule {
        direction: Direction::Include,
        target: Target::File(root().join("scheduler/c.any.js")),
        origin: "--include scheduler/c.any.js".into(),
    };
    assert_eq!(
        pick(&[file]),
        ["/scheduler/c.any.html", "/scheduler/c.any.worker.html"]
    );
}

#[test]
fn an_include_that_matches_nothing_is_an_error() {
    let rules = [
        url_rule(Direction::Include, "/scheduler/"),
        Rule {
            origin: "list.txt:3: /nothing/here.html".into(),
            ..url_rule(Direction::Include, "/nothing/here.html")
        },
    ];
    assert_eq!(
        apply_rules(sample(), &rules, &root()).unwrap_err(),
        "list.txt:3: /nothing/here.html: no test matches it"
    );
    // An exclude that matches nothing is fine.
    let kept = apply_rules(
        sample(),
        &[url_rule(Direction::Exclude, "/nothing/")],
        &root(),
    )
    .unwrap();
    assert_eq!(kept.len(), sample().len());
}

#[test]
fn entries_resolve_to_files_directories_or_urls() {
    let dir = std::env::temp_dir().join(format!("taskhost-select-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("scheduler")).unwrap();
    std::fs::write(dir.join("scheduler/a.any.js"), "").unwrap();
    let root = std::fs::canonicalize(&dir).unwrap();
    let elsewhere = std::env::temp_dir();
    // Relative to the WPT root, with or without a leading slash.
    assert_eq!(
        resolve("scheduler/a.any.js", &root, &elsewhere).unwrap(),
        Target::File(root.join("scheduler/a.any.js"))
    );
    assert_eq!(
        resolve("/scheduler/a.any.js", &root, &elsewhere).unwrap(),
        Target::File(root.join("scheduler/a.any.js"))
    );
    assert_eq!(
        resolve("/scheduler/", &root, &elsewhere).unwrap(),
        Target::Url(vec!["scheduler".into()])
    );
    // Relative to the working directory.
    assert_eq!(
        resolve("a.any.js", &root, &root.join("scheduler")).unwrap(),
        Target::File(root.join("scheduler/a.any.js"))
    );
    // Not on disk: a URL.
    assert_eq!(
        resolve("/scheduler/a.any.worker.html", &root, &elsewhere).unwrap(),
        Target::Url(vec!["scheduler".into(), "a.any.worker.html".into()])
    );
    // On disk, but only outside the root.
    let outside = resolve(&elsewhere.display().to_string(), &root, &elsewhere).unwrap_err();
    assert!(outside.contains("is outside the WPT root"), "{outside}");
    // Discovery is narrowed to the includes' deepest existing directories.
    let include = |url: &str| Rule {
        direction: Direction::Include,
        target: resolve(url, &root, &elsewhere).unwrap(),
        origin: String::new(),
    };
    assert_eq!(
        discovery_paths(
            std::slice::from_ref(&root),
            &[include("/scheduler/x.any.html"), include("/dom/")],
            &root
        ),
        [root.join("scheduler"), root.clone()]
    );
    assert_eq!(
        discovery_paths(
            &[root.join("scheduler")],
            &[include("/scheduler/a.any.js")],
            &root
        ),
        [root.join("scheduler/a.any.js")]
    );
    assert_eq!(
        discovery_paths(&[root.join("scheduler")], &[], &root),
        [root.join("scheduler")]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn read_list_skips_comments_and_blank_lines() {
    let path = std::env::temp_dir().join(format!("taskhost-list-{}.txt", std::process::id()));
    std::fs::write(
        &path,
        "# tests\n/scheduler/\n\n  /dom/abort/a.any.html  \n#/x/\n",
    )
    .unwrap();
    let entries = read_list(&path).unwrap();
    let shown = path.display();
    assert_eq!(
        entries,
        [
            ("/scheduler/".to_owned(), format!("{shown}:2")),
            ("/dom/abort/a.any.html".to_owned(), format!("{shown}:4")),
        ]
    );
    std::fs::remove_file(&path).unwrap();
    assert!(read_list(&path).unwrap_err().starts_with("cannot read "));
}

/// The chunk numbers are wptrunner's: `int(md5(key).hexdigest(), 16) % total + 1`, with the
/// keys it uses (values computed with Python's hashlib).
#[test]
fn chunks_are_wptrunners() {
    let chunking = |kind, total| Chunking {
        this: 1,
        total,
        kind: Some(kind),
    };
    let c = variant(
        "/scheduler/post-task.any.html",
        "scheduler/post-task.any.js",
    );
    let w = variant(
        "/scheduler/post-task.any.worker.html",
        "scheduler/post-task.any.js",
    );
    let abort = variant("/dom/abort/x.any.html", "dom/abort/x.any.js");
    let top = variant("/top.html", "top.html");
    // dir_hash: md5("scheduler") → 2 of 4, 1 of 3; md5("dom/abort") → 3 of 4; md5("") → 3 of 4.
    assert_eq!(chunking(ChunkType::DirHash, 4).chunk_of(&c, &root()), 2);
    assert_eq!(chunking(ChunkType::DirHash, 3).chunk_of(&c, &root()), 1);
    assert_eq!(chunking(ChunkType::DirHash, 4).chunk_of(&abort, &root()), 3);
    assert_eq!(chunking(ChunkType::DirHash, 4).chunk_of(&top, &root()), 3);
    // hash: md5("scheduler/post-task.any.js") → 4 of 4, 7 of 7; both variants together.
    assert_eq!(chunking(ChunkType::Hash, 4).chunk_of(&c, &root()), 4);
    assert_eq!(chunking(ChunkType::Hash, 4).chunk_of(&w, &root()), 4);
    assert_eq!(chunking(ChunkType::Hash, 7).chunk_of(&c, &root()), 7);
    // id_hash: by URL, so the variants may part.
    assert_eq!(chunking(ChunkType::IdHash, 4).chunk_of(&c, &root()), 4);
    assert_eq!(chunking(ChunkType::IdHash, 4).chunk_of(&w, &root()), 2);
    // The default with more than one chunk is dir_hash.
    let default = Chunking {
        this: 1,
        total: 4,
        kind: None,
    };
    assert_eq!(default.chunk_of(&abort, &root()), 3);
    assert_eq!(Chunking::default().chunk_of(&abort, &root()), 1);
}

#[test]
fn chunks_partition_the_run() {
    let all = sample();
    for kind in [ChunkType::Hash, ChunkType::IdHash, ChunkType::DirHash] {
        for total in 1..=5 {
            let mut union: Vec<String> = Vec::new();
            for this in 1..=total {
                let chunk = Chunking {
                    this,
                    total,
                    kind: Some(kind),
                }
                .select(all.clone(), &root());
                for v in chunk {
                    assert!(
                        !union.contains(&v.name),
                        "{kind:?} {total}: {} is in two chunks",
                        v.name
                    );
                    union.push(v.name);
                }
            }
            union.sort();
            let mut expected: Vec<String> = all.iter().map(|v| v.name.clone()).collect();
            expected.sort();
            assert_eq!(union, expected, "{kind:?} {total}: the union is the run");
        }
    }
}

#[test]
fn chunk_numbers_are_validated() {
    let chunking = |this, total| Chunking {
        this,
        total,
        kind: None,
    };
    assert!(chunking(1, 1).validate().is_ok());
    assert!(chunking(4, 4).validate().is_ok());
    assert_eq!(
        chunking(5, 4).validate().unwrap_err(),
        "--this-chunk 5 is not a chunk of --total-chunks 4 (1 to 4)"
    );
    assert_eq!(
        chunking(0, 4).validate().unwrap_err(),
        "--this-chunk 0 is not a chunk of --total-chunks 4 (1 to 4)"
    );
    assert_eq!(
        chunking(1, 0).validate().unwrap_err(),
        "--total-chunks must be at least 1"
    );
    let none = Chunking {
        kind: Some(ChunkType::None),
        ..chunking(1, 2)
    };
    assert_eq!(
        none.validate().unwrap_err(),
        "--chunk-type none cannot split into more than one chunk"
    );
    assert_eq!(ChunkType::parse("dir_hash"), Some(ChunkType::DirHash));
    assert_eq!(ChunkType::parse("equal_time"), None);
}
