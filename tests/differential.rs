//! Runs every `tests/differential/cases/*.js` through the real `taskhost` binary, once on the real
//! clock and once with `--virtual-time`, and requires exit status 0 and stdout equal to the
//! expected output.
//!
//! The expected output is `NAME.out`, what headless Chromium printed for the same program
//! (recorded with `tools/differential/record.mjs`; see `tools/differential/README.md`), unless
//! `tests/differential/overrides.txt` lists NAME: then Chromium deviates from the specs on that
//! program, the spec's answer is `tests/differential/overrides/NAME.out`, and the list names the
//! deviations (`taskhost run --imitate`, `docs/EVENT_LOOP.md`). An override is checked three ways:
//! taskhost prints the spec's answer; imitating exactly the named deviations prints Chromium's
//! recording, byte for byte (so the difference is those deviations and nothing else); and the two
//! answers differ (an override that agrees with Chromium is stale).
//!
//! The real-time runs mostly wait for the program's last timer, so by default this suite runs 16
//! of them at once (`--test-threads N` overrides it).

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use libtest_mimic::{Arguments, Failed, Trial};

const CASES: &str = "tests/differential/cases";
const OVERRIDES: &str = "tests/differential/overrides";
const OVERRIDE_LIST: &str = "tests/differential/overrides.txt";

/// A bound on a run that never ends; it is never reached by a passing case.
const MAX_TIME: &str = "30";

/// How many cases run at once unless `--test-threads` says otherwise.
const DEFAULT_THREADS: usize = 16;

/// The deviations `--imitate` knows (the names of `taskhost run --help`).
const DEVIATIONS: &[&str] = &[
    "timer-nesting-through-microtasks",
    "report-before-checkpoint",
];

fn read(path: &Path) -> Result<String, Failed> {
    std::fs::read_to_string(common::root().join(path))
        .map_err(|e| format!("read {}: {e}", path.display()).into())
}

/// Run `script` with `extra` arguments; problems if stdout is not `expected` or the exit status
/// is not 0.
fn check(script: &Path, extra: &[&str], expected: &str, what: &str) -> Result<(), Failed> {
    let file = script.to_str().ok_or("path is not UTF-8")?;
    let mut args = vec!["run", "--max-time", MAX_TIME];
    args.extend_from_slice(extra);
    args.push(file);
    let output = common::taskhost(&args);
    let stdout = common::text(&output.stdout);
    let mut problems = String::new();
    if stdout != expected {
        problems.push_str(&common::diff(
            &format!("stdout ({what})"),
            expected,
            &stdout,
        ));
    }
    if output.status.code() != Some(0) {
        problems.push_str(&format!(
            "exit status: expected 0, got {:?}\nstderr:\n{}",
            output.status.code(),
            common::text(&output.stderr)
        ));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.into())
    }
}

/// `overrides.txt`: `NAME DEVIATION[,DEVIATION…]` per line, `#` comments.
fn override_list() -> Result<BTreeMap<String, String>, String> {
    let text = std::fs::read_to_string(common::root().join(OVERRIDE_LIST))
        .map_err(|e| format!("read {OVERRIDE_LIST}: {e}"))?;
    let mut list = BTreeMap::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or_default().trim();
        if line.is_empty() {
            continue;
        }
        let mut words = line.split_whitespace();
        let (Some(name), Some(deviations), None) = (words.next(), words.next(), words.next())
        else {
            return Err(format!(
                "{OVERRIDE_LIST}:{}: expected `NAME DEVIATIONS`",
                n + 1
            ));
        };
        if let Some(unknown) = deviations.split(',').find(|d| !DEVIATIONS.contains(d)) {
            return Err(format!(
                "{OVERRIDE_LIST}:{}: unknown deviation `{unknown}`",
                n + 1
            ));
        }
        if list
            .insert(name.to_owned(), deviations.to_owned())
            .is_some()
        {
            return Err(format!("{OVERRIDE_LIST}:{}: `{name}` listed twice", n + 1));
        }
    }
    Ok(list)
}

fn main() {
    let mut args = Arguments::from_args();
    args.test_threads.get_or_insert(DEFAULT_THREADS);
    let overrides = override_list().unwrap_or_else(|e| panic!("{e}"));
    let mut scripts: Vec<PathBuf> = std::fs::read_dir(common::root().join(CASES))
        .expect("read the cases directory")
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|e| e == "js"))
        .collect();
    scripts.sort();
    let mut trials = Vec::new();
    for name in overrides.keys() {
        if !scripts
            .iter()
            .any(|s| s.file_stem().is_some_and(|stem| stem == name.as_str()))
        {
            let name = name.clone();
            trials.push(Trial::test(format!("{name}::listed-override"), move || {
                Err(format!("{OVERRIDE_LIST} lists `{name}`, which is not a case").into())
            }));
        }
    }
    for script in scripts {
        let name = script
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let relative = Path::new(CASES).join(script.file_name().unwrap_or_default());
        let chromium = relative.with_extension("out");
        let deviations = overrides.get(&name).cloned();
        let expected = match &deviations {
            Some(_) => Path::new(OVERRIDES).join(format!("{name}.out")),
            None => chromium.clone(),
        };
        for (mode, extra) in [
            ("real-time", &[][..]),
            ("virtual-time", &["--virtual-time"][..]),
        ] {
            let (relative, expected) = (relative.clone(), expected.clone());
            let what = if deviations.is_some() {
                "the spec's answer"
            } else {
                "Chromium's"
            };
            trials.push(Trial::test(format!("{name}::{mode}"), move || {
                check(&relative, extra, &read(&expected)?, what)
            }));
        }
        if let Some(deviations) = deviations {
            trials.push(Trial::test(
                format!("{name}::imitating-chromium"),
                move || {
                    let recorded = read(&chromium)?;
                    if read(&expected)? == recorded {
                        return Err(format!(
                            "{} equals Chromium's recording: a stale override",
                            expected.display()
                        )
                        .into());
                    }
                    let extra = ["--virtual-time", "--imitate", deviations.as_str()];
                    check(
                        &relative,
                        &extra,
                        &recorded,
                        &format!("Chromium's, imitating {deviations}"),
                    )
                },
            ));
        }
    }
    libtest_mimic::run(&args, trials).exit();
}
