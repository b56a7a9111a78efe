//! Expectations from a wptrunner metadata directory (`--metadata DIR`): the expectations of the
//! test file `a/b/c.any.js` are in `DIR/a/b/c.any.js.ini`, one section per test of the file
//! (`[c.any.html]`, `[c.any.worker.html]`, `[c.any.html?variant]`) with subtest sections inside;
//! `DIR/a/__dir__.ini` and `DIR/a/b/__dir__.ini` hold what applies to a whole directory.
//!
//! Read: `expected` (a status or a list: expected, then known intermittent), `disabled` (the
//! test is skipped, with the value as the reason; `@False` undoes an inherited one), each
//! possibly conditional (see [`super::condition`]). Every other key of wptrunner's (`bug`,
//! `prefs`, `lsan-*`, `tags`, …) is accepted and ignored. Unlike the `--expectations` file,
//! entries need no `reason:` (wptrunner's files have none).
//!
//! Invariant: only the files of the tests of the run are read; a section that names no test of
//! its file is a note, not an error.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use super::condition::RunInfo;
use super::expectations::{
    Expectations, Expected, SUBTEST_STATUSES, TEST_STATUSES, TestExpectation, expected_of,
};
use super::ini::{self, Section};
use super::manifest::TestVariant;
use super::results::{FileStatus, SubtestStatus};

/// A `disabled:` value for this run: `Some(Some(reason))` disabled, `Some(None)` not disabled
/// (an empty value, `@False`, `@Reset`: undoes an inherited one), `None` no key or no branch
/// that holds (inherit).
fn disabled_of(
    section: &Section,
    run_info: &RunInfo,
    unknown: &mut BTreeSet<String>,
) -> Option<Option<String>> {
    let value = section.key("disabled")?.resolve(run_info, unknown)?;
    let value = value.trim();
    if value.is_empty() || value == "@False" || value == "@Reset" {
        Some(None)
    } else {
        Some(Some(value.to_owned()))
    }
}

/// Read and parse an `.ini` file if it exists.
fn read_ini(path: &Path) -> Result<Option<Section>, String> {
    if !path.is_file() {
        return Ok(None);
    }
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    ini::parse(&text, &path.display().to_string()).map(Some)
}

/// The expectations of one test section.
fn test_expectation(
    section: &Section,
    source: &str,
    inherited_disabled: Option<&str>,
    run_info: &RunInfo,
    unknown: &mut BTreeSet<String>,
) -> Result<TestExpectation, String> {
    let mut e = TestExpectation {
        disabled: match disabled_of(section, run_info, unknown) {
            Some(own) => own,
            None => inherited_disabled.map(str::to_owned),
        },
        ..TestExpectation::default()
    };
    if let Some((status, intermittent)) = expected_of(
        section.key("expected"),
        source,
        FileStatus::parse,
        TEST_STATUSES,
        run_info,
        unknown,
    )? {
        e.status = Some(Expected {
            status,
            intermittent,
            reason: None,
        });
    }
    for sub in &section.sections {
        if let Some((status, intermittent)) = expected_of(
            sub.key("expected"),
            source,
            SubtestStatus::parse,
            SUBTEST_STATUSES,
            run_info,
            unknown,
        )? {
            e.subtests.insert(
                sub.name.clone(),
                Expected {
                    status,
                    intermittent,
                    reason: None,
                },
            );
        }
    }
    Ok(e)
}

/// Load the expectations of the tests of `run` from the metadata directory `dir`; `discovered`
/// (every test found, before selection) tells which section names are stale.
pub fn load(
    dir: &Path,
    root: &Path,
    run: &[TestVariant],
    discovered: &[TestVariant],
    run_info: &RunInfo,
) -> Result<Expectations, String> {
    let mut out = Expectations::default();
    let mut unknown = BTreeSet::new();
    let mut dir_disabled: BTreeMap<std::path::PathBuf, Option<String>> = BTreeMap::new();
    let mut seen = BTreeSet::new();
    for file in run.iter().map(|v| v.path.as_path()) {
        if !seen.insert(file) {
            continue;
        }
        let Ok(relative) = file.strip_prefix(root) else {
            continue;
        };
        // `__dir__.ini` from the top down: a deeper one overrides.
        let mut disabled: Option<String> = None;
        let mut meta_dir = dir.to_owned();
        let parents: Vec<_> = relative
            .parent()
            .map(|p| p.components().collect())
            .unwrap_or_default();
        for i in 0..=parents.len() {
            if i > 0 {
                meta_dir.push(parents[i - 1]);
            }
            let ini_path = meta_dir.join("__dir__.ini");
            if !dir_disabled.contains_key(&ini_path) {
                let value = match read_ini(&ini_path)? {
                    Some(section) => disabled_of(&section, run_info, &mut unknown).map(|d| {
                        d.map(|reason| format!("{reason} ({})", ini_path.display()))
                            .unwrap_or_default()
                    }),
                    None => None,
                };
                dir_disabled.insert(ini_path.clone(), value);
            }
            match dir_disabled.get(&ini_path).cloned().flatten() {
                Some(reason) if reason.is_empty() => disabled = None,
                Some(reason) => disabled = Some(reason),
                None => {}
            }
        }
        let url_dir = relative
            .parent()
            .map(|p| {
                p.components()
                    .map(|c| format!("/{}", c.as_os_str().to_string_lossy()))
                    .collect::<String>()
            })
            .unwrap_or_default();
        let ini_path = dir.join(format!("{}.ini", relative.display()));
        let source = ini_path.display().to_string();
        let sections = read_ini(&ini_path)?.unwrap_or_default();
        if let Some(own) = disabled_of(&sections, run_info, &mut unknown) {
            disabled = own;
        }
        let of_file = |name: &str| {
            discovered
                .iter()
                .any(|v| v.path.as_path() == file && v.name == name)
        };
        let mut named = BTreeSet::new();
        for section in &sections.sections {
            let test = format!("{url_dir}/{}", section.name);
            if !of_file(&test) {
                out.notes.push(format!(
                    "{source}:{}: [{}] names no test of {}",
                    section.line,
                    section.name,
                    relative.display()
                ));
                continue;
            }
            if !run.iter().any(|v| v.name == test) {
                // A test of the file that this run does not include.
                continue;
            }
            let e = test_expectation(
                section,
                &source,
                disabled.as_deref(),
                run_info,
                &mut unknown,
            )?;
            out.insert(test.clone(), e, &format!("{source}:{}", section.line))?;
            named.insert(test);
        }
        if let Some(reason) = &disabled {
            for v in run.iter().filter(|v| v.path.as_path() == file) {
                if !named.contains(&v.name) {
                    out.tests.insert(
                        v.name.clone(),
                        TestExpectation {
                            disabled: Some(reason.clone()),
                            ..TestExpectation::default()
                        },
                    );
                }
            }
        }
    }
    out.note_unknown(&unknown, &dir.display().to_string());
    Ok(out)
}

#[cfg(test)]
#[path = "metadata_tests.rs"]
mod tests;
