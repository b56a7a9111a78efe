//! Test discovery and `// META:` comments, the way the WPT manifest reads them.
//!
//! Invariants:
//! - Every file found under the given paths becomes zero or more [`TestVariant`]s, each named by
//!   its URL path from the WPT root (`/scheduler/x.any.html`), in path order then variant order;
//!   a variant taskhost cannot run is still listed, with the reason it is skipped.
//! - META comments are read like the WPT manifest does: only the leading lines that match
//!   `//\s*META:\s*(\w*)=(.*)`; the first line that does not match ends them.

use std::path::{Path, PathBuf};

/// The harness timeout of a test file (`// META: timeout=long` → long).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TimeoutKind {
    /// 10 s.
    Normal,
    /// 60 s.
    Long,
}

impl TimeoutKind {
    /// The base timeout in seconds, before `--timeout-multiplier`.
    #[must_use]
    pub const fn seconds(self) -> f64 {
        match self {
            TimeoutKind::Normal => 10.0,
            TimeoutKind::Long => 60.0,
        }
    }
}

/// The `// META:` comments of a script test.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Meta {
    /// `script=` values, in order.
    pub scripts: Vec<String>,
    /// `title=`.
    pub title: Option<String>,
    /// `timeout=long`.
    pub long_timeout: bool,
    /// `global=` values, as written (comma-separated lists joined).
    pub globals: Vec<String>,
    /// `variant=` values.
    pub variants: Vec<String>,
}

/// The leading `// META: key=value` lines of a script, in order, as (key, value).
pub fn meta_entries(source: &str) -> impl Iterator<Item = (&str, &str)> {
    source.lines().map_while(meta_line)
}

/// Parse the leading `// META: key=value` lines of a script.
#[must_use]
pub fn parse_meta(source: &str) -> Meta {
    let mut meta = Meta::default();
    for (key, value) in meta_entries(source) {
        match key {
            "script" => meta.scripts.push(value.to_owned()),
            "title" => meta.title = Some(value.to_owned()),
            "timeout" => meta.long_timeout = value == "long",
            "global" => meta
                .globals
                .extend(value.split(',').map(|g| g.trim().to_owned())),
            "variant" => meta.variants.push(value.to_owned()),
            // Other keys (e.g. `quic`) mean nothing to this runner.
            _ => {}
        }
    }
    meta
}

/// `//\s*META:\s*(\w*)=(.*)$` → (key, value).
fn meta_line(line: &str) -> Option<(&str, &str)> {
    let rest = line.strip_prefix("//")?.trim_start();
    let rest = rest.strip_prefix("META:")?.trim_start();
    let (key, value) = rest.split_once('=')?;
    key.chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_')
        .then_some((key, value.trim_end_matches('\r')))
}

/// The globals an `.any.js` test can ask for, with the URL suffix of their variant.
const ANY_GLOBALS: &[(&str, &str)] = &[
    ("window", ".any.html"),
    ("dedicatedworker", ".any.worker.html"),
    ("dedicatedworker-module", ".any.worker-module.html"),
    ("sharedworker", ".any.sharedworker.html"),
    ("sharedworker-module", ".any.sharedworker-module.html"),
    ("serviceworker", ".any.serviceworker.html"),
    ("serviceworker-module", ".any.serviceworker-module.html"),
    ("shadowrealm-in-window", ".any.shadowrealm-in-window.html"),
    (
        "shadowrealm-in-shadowrealm",
        ".any.shadowrealm-in-shadowrealm.html",
    ),
    (
        "shadowrealm-in-dedicatedworker",
        ".any.shadowrealm-in-dedicatedworker.html",
    ),
    (
        "shadowrealm-in-sharedworker",
        ".any.shadowrealm-in-sharedworker.html",
    ),
    (
        "shadowrealm-in-serviceworker",
        ".https.any.shadowrealm-in-serviceworker.html",
    ),
    (
        "shadowrealm-in-audioworklet",
        ".https.any.shadowrealm-in-audioworklet.html",
    ),
    ("jsshell", ".any.js"),
];

/// A `global=` item as the set of globals it stands for (shorthands expanded).
fn expand_global(item: &str) -> Vec<&'static str> {
    match item {
        "worker" => vec!["dedicatedworker", "sharedworker", "serviceworker"],
        "worker-module" => vec![
            "dedicatedworker-module",
            "sharedworker-module",
            "serviceworker-module",
        ],
        "shadowrealm" => vec![
            "shadowrealm-in-window",
            "shadowrealm-in-shadowrealm",
            "shadowrealm-in-dedicatedworker",
            "shadowrealm-in-sharedworker",
            "shadowrealm-in-serviceworker",
            "shadowrealm-in-audioworklet",
        ],
        other => ANY_GLOBALS
            .iter()
            .find(|(name, _)| *name == other)
            .map(|(name, _)| vec![*name])
            .unwrap_or_default(),
    }
}

/// The globals of an `.any.js` test: `window` and `dedicatedworker` unless `global=` says
/// otherwise; `!name` removes a global (from the defaults when nothing else is named).
#[must_use]
pub fn any_globals(items: &[String]) -> Vec<&'static str> {
    let positive = items.iter().any(|i| !i.is_empty() && !i.starts_with('!'));
    let mut set: Vec<&'static str> = if positive {
        Vec::new()
    } else {
        vec!["window", "dedicatedworker"]
    };
    for item in items {
        if let Some(removed) = item.strip_prefix('!') {
            let removed = expand_global(removed);
            set.retain(|g| !removed.contains(g));
        } else {
            for g in expand_global(item) {
                if !set.contains(&g) {
                    set.push(g);
                }
            }
        }
    }
    // In the manifest's order.
    ANY_GLOBALS
        .iter()
        .map(|(name, _)| *name)
        .filter(|name| set.contains(name))
        .collect()
}

/// The global a test runs in (the ones taskhost runs).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Global {
    /// The window-like global of the test's page.
    Window,
    /// A dedicated worker that the page starts (`.any.worker.html`, `.worker.html`).
    DedicatedWorker,
    /// A shared worker that the page connects to (`.any.sharedworker.html`).
    SharedWorker,
}

impl Global {
    /// The name the WPT manifest uses (`global=` values), also the child's `--global`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Window => "window",
            Self::DedicatedWorker => "dedicatedworker",
            Self::SharedWorker => "sharedworker",
        }
    }

    /// Parse a name of [`Global::as_str`].
    #[must_use]
    pub fn parse(text: &str) -> Option<Self> {
        [Self::Window, Self::DedicatedWorker, Self::SharedWorker]
            .into_iter()
            .find(|g| g.as_str() == text)
    }
}

/// How a variant is run, or why it is not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Plan {
    /// Run the test in this global.
    Run(Global),
    /// Not run; the reason.
    Skip(String),
}

impl Plan {
    /// Whether the variant runs.
    #[must_use]
    pub const fn runs(&self) -> bool {
        matches!(self, Self::Run(_))
    }
}

/// Why `variant=` tests are not run.
const VARIANT_SKIP: &str = "variant= needs location.search, which this global does not provide";

/// The plan of an `.any.js` test in `global` (a name of [`ANY_GLOBALS`]).
fn any_plan(global: &str) -> Plan {
    match global {
        "window" => Plan::Run(Global::Window),
        "dedicatedworker" => Plan::Run(Global::DedicatedWorker),
        "sharedworker" => Plan::Run(Global::SharedWorker),
        "serviceworker" | "serviceworker-module" => {
            Plan::Skip("needs a ServiceWorker global: taskhost has no service workers".into())
        }
        "dedicatedworker-module" | "sharedworker-module" => Plan::Skip(
            "a module worker's wrapper imports the harness by URL (import \"/resources/testharness.js\"), \
             and taskhost's module loader resolves specifiers as files, not as URLs under the WPT root"
                .into(),
        ),
        "jsshell" => Plan::Skip(
            "a jsshell global has no web APIs; taskhost runs the window-like global".into(),
        ),
        g if g.starts_with("shadowrealm") => Plan::Skip(format!(
            "needs ShadowRealm ({g}), which taskhost does not provide"
        )),
        g => Plan::Skip(format!("needs a {g} global")),
    }
}

/// One test of the report: a test file in one global (and variant).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestVariant {
    /// The test's URL path from the WPT root, e.g. `/scheduler/x.any.html`.
    pub name: String,
    /// The file on disk.
    pub path: PathBuf,
    /// What to do with it.
    pub plan: Plan,
    /// Its META comments (empty for HTML files).
    pub meta: Meta,
}

impl TestVariant {
    /// The harness timeout, before `--timeout-multiplier`.
    #[must_use]
    pub fn timeout(&self) -> TimeoutKind {
        if self.meta.long_timeout {
            TimeoutKind::Long
        } else {
            TimeoutKind::Normal
        }
    }
}

/// Directories that hold helpers, not tests (as in the WPT manifest).
const NON_TEST_DIRS: &[&str] = &["resources", "support", "tools", "common"];

/// The kind of test a file name stands for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum FileKind {
    Any,
    Window,
    Worker,
    Html,
}

fn file_kind(file_name: &str) -> Option<FileKind> {
    if file_name.starts_with('.') || file_name.starts_with('_') {
        return None;
    }
    if file_name.ends_with(".any.js") {
        Some(FileKind::Any)
    } else if file_name.ends_with(".window.js") {
        Some(FileKind::Window)
    } else if file_name.ends_with(".worker.js") {
        Some(FileKind::Worker)
    } else if [".html", ".htm", ".xhtml"]
        .iter()
        .any(|e| file_name.ends_with(e))
    {
        let stem = file_name.rsplit_once('.').map_or(file_name, |(s, _)| s);
        let reference = ["-ref", "-notref", "-manual"]
            .iter()
            .any(|s| stem.ends_with(s));
        (!reference).then_some(FileKind::Html)
    } else {
        None
    }
}

/// The URL path of `path` under `root` (`/a/b.any.js`), or `None` if it is outside.
#[must_use]
pub fn url_path(root: &Path, path: &Path) -> Option<String> {
    let relative = path.strip_prefix(root).ok()?;
    let mut url = String::new();
    for part in relative.components() {
        url.push('/');
        url.push_str(&part.as_os_str().to_string_lossy());
    }
    Some(url)
}

/// The variants of one test file.
fn variants_of(root: &Path, path: &Path, kind: FileKind) -> std::io::Result<Vec<TestVariant>> {
    let Some(url) = url_path(root, path) else {
        return Ok(Vec::new());
    };
    let variant = |name: String, plan: Plan, meta: &Meta| TestVariant {
        name,
        path: path.to_owned(),
        plan,
        meta: meta.clone(),
    };
    Ok(match kind {
        FileKind::Html => {
            let source = String::from_utf8_lossy(&std::fs::read(path)?).into_owned();
            let (plan, meta) = html_plan(&source);
            vec![variant(url, plan, &meta)]
        }
        FileKind::Worker => {
            // `x.worker.js` is a dedicated worker's script, run by the page `x.worker.html`
            // (wptserve's WorkersHandler); its META comments give the timeout and variants
            // (its `script=`s are not loaded: the worker imports what it needs).
            let source = std::fs::read(path)?;
            let meta = parse_meta(&String::from_utf8_lossy(&source));
            let name = format!("{}.html", url.trim_end_matches(".js"));
            if meta.variants.is_empty() {
                vec![variant(name, Plan::Run(Global::DedicatedWorker), &meta)]
            } else {
                meta.variants
                    .iter()
                    .map(|v| variant(format!("{name}{v}"), Plan::Skip(VARIANT_SKIP.into()), &meta))
                    .collect()
            }
        }
        FileKind::Window | FileKind::Any => {
            let source = std::fs::read(path)?;
            let meta = parse_meta(&String::from_utf8_lossy(&source));
            let variant_plan = if meta.variants.is_empty() {
                None
            } else {
                Some(Plan::Skip(VARIANT_SKIP.into()))
            };
            let (stem, suffixes): (&str, Vec<(&str, &str)>) = if kind == FileKind::Window {
                (
                    url.strip_suffix(".window.js").unwrap_or(&url),
                    vec![("window", ".window.html")],
                )
            } else {
                let globals = any_globals(&meta.globals);
                (
                    url.strip_suffix(".any.js").unwrap_or(&url),
                    ANY_GLOBALS
                        .iter()
                        .filter(|(name, _)| globals.contains(name))
                        .copied()
                        .collect(),
                )
            };
            let mut out = Vec::new();
            for (global, suffix) in suffixes {
                let plan = match (any_plan(global), &variant_plan) {
                    (Plan::Run(_), Some(skip)) => skip.clone(),
                    (plan, _) => plan,
                };
                let base = format!("{stem}{suffix}");
                if meta.variants.is_empty() {
                    out.push(variant(base, plan, &meta));
                } else {
                    for v in &meta.variants {
                        out.push(variant(format!("{base}{v}"), plan.clone(), &meta));
                    }
                }
            }
            out
        }
    })
}

/// Whether an `.html` test can run here, and its timeout (`<meta name=timeout content=long>`).
/// It runs as the page itself (`taskhost run page.html`'s document, with iframes); what needs
/// more than that is skipped with the reason.
fn html_plan(source: &str) -> (Plan, Meta) {
    let lower = source.to_ascii_lowercase();
    let meta = Meta {
        long_timeout: lower.contains("name=\"timeout\" content=\"long\"")
            || lower.contains("name=timeout content=long"),
        ..Meta::default()
    };
    let skip = |reason: &str| (Plan::Skip(reason.to_owned()), meta.clone());
    if !lower.contains("/resources/testharness.js") {
        return skip("not a testharness.js test (reftests and manual tests need rendering)");
    }
    if [
        "{{host}}",
        "{{domains",
        "{{hosts",
        "get_host_info",
        "www1.",
        "www2.",
    ]
    .iter()
    .any(|s| lower.contains(s))
    {
        return skip("needs a second origin (cross-origin frames), which taskhost does not have");
    }
    if ["getcomputedstyle", "getboundingclientrect", "offsetwidth"]
        .iter()
        .any(|s| lower.contains(s))
    {
        return skip("needs layout or rendering, which taskhost does not have");
    }
    (Plan::Run(Global::Window), meta)
}

/// Walk `path` (a file or a directory) and list its tests, sorted by name.
pub fn discover(root: &Path, path: &Path, out: &mut Vec<TestVariant>) -> std::io::Result<()> {
    if path.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)?
            .filter_map(Result::ok)
            .map(|e| e.path())
            .collect();
        entries.sort();
        for entry in entries {
            let name = entry
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            if entry.is_dir() {
                if name.starts_with('.') || NON_TEST_DIRS.contains(&name.as_str()) {
                    continue;
                }
                discover(root, &entry, out)?;
            } else if let Some(kind) = file_kind(&name) {
                out.extend(variants_of(root, &entry, kind)?);
            }
        }
    } else {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        match file_kind(&name) {
            Some(kind) => out.extend(variants_of(root, path, kind)?),
            None => {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::InvalidInput,
                    format!(
                        "{} is not a test (expected *.any.js, *.window.js, *.worker.js or *.html)",
                        path.display()
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// The WPT root for `path` when none is given: the nearest directory at or above it that holds
/// `resources/testharness.js` or a `.wptroot` marker file; else the path itself (a directory) or
/// its parent (a file).
#[must_use]
pub fn find_root(path: &Path) -> PathBuf {
    let start = if path.is_dir() {
        path
    } else {
        path.parent().unwrap_or(path)
    };
    start
        .ancestors()
        .find(|dir| {
            dir.join("resources/testharness.js").is_file() || dir.join(".wptroot").is_file()
        })
        .unwrap_or(start)
        .to_owned()
}

#[cfg(test)]
#[path = "manifest_tests.rs"]
mod tests;
