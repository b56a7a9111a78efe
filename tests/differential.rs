//! Runs every `tests/differential/cases/*.js` through the real `taskhost` binary, once on the real
//! clock and once with `--virtual-time`, and requires exit status 0 and stdout equal to the
//! expected output.
//!
//! The expected output is `NAME.out`, what headless Chromium printed for the same program
//! (recorded with `tools/differential/record.mjs`; see `tools/differential/README.md`), unless
//! `tests/differential/overrides.txt` lists NAME: then Chromium's output differs from the specs'
//! answer on that program, the specs' answer is `tests/differential/overrides/NAME.out`, and the
//! list names what explains the difference (`taskhost run --imitate`, `docs/EVENT_LOOP.md`):
//! Chromium's deviations from the specs, or its choices of orders the specs leave to the user
//! agent. An override is checked three ways: taskhost prints the specs' answer; imitating exactly
//! the named behaviours prints Chromium's recording, byte for byte (so the difference is those
//! and nothing else); and the two answers differ (an override that agrees with Chromium is
//! stale). A case listed as `unmodelled` (an order left to the user agent that no imitation
//! reproduces) skips the second check.
//!
//! Firefox's and WebKit's recordings of the same programs are `tests/differential/BROWSER/NAME.out`
//! (`BROWSER` being `firefox` or `webkit`; `BROWSER/VERSION` names the version recorded), and
//! `BROWSER/overrides.txt` lists, in the same form, the programs on which that browser's output
//! differs from taskhost's: each is checked two ways, taskhost's own answer (on the virtual
//! clock) differs from the recording, and imitating exactly the named behaviours prints the
//! recording byte for byte (skipped for `unmodelled`). Every other recording must be what taskhost
//! prints on the virtual clock. A program that no browser recorded (a `web-*` program every
//! browser ran unstably) fails: it should not be in the set. The number of `unmodelled` programs
//! per browser may not grow past `UNMODELLED_LIMITS`.
//!
//! A program with a `NAME.input.json` beside it gets that user input (`taskhost run --input`),
//! which the recorder replayed in Chromium as trusted input at the same times.
//!
//! The real-time runs mostly wait for the program's last timer, so by default this suite runs 16
//! of them at once (`--test-threads N` overrides it). The real-time runs of the generated mixed
//! programs (`mix-*`) are ignored unless asked for (`cargo test --release --test differential --
//! --include-ignored`, on an otherwise idle machine): their orders hold only while the machine
//! keeps up with timers 60 ms apart.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use libtest_mimic::{Arguments, Failed, Trial};

const RECORDINGS: &str = "tests/differential";
const CASES: &str = "tests/differential/cases";
const OVERRIDES: &str = "tests/differential/overrides";
const OVERRIDE_LIST: &str = "tests/differential/overrides.txt";

/// The prefix of the programs of the generator over every task source (`--shape mixed`).
const GENERATED_MIXED: &str = "mix-";

/// A bound on a run that never ends; it is never reached by a passing case.
const MAX_TIME: &str = "30";

/// How many cases run at once unless `--test-threads` says otherwise.
const DEFAULT_THREADS: usize = 16;

/// The deviations `--imitate` knows (the names of `taskhost run --help`).
const DEVIATIONS: &[&str] = &[
    "timer-nesting-through-microtasks",
    "report-before-checkpoint",
    "one-message-per-task",
    "early-timer-clamp",
    "timer-minimum-one-ms",
    "timer-executor",
];

/// The other browsers recorded: the directory under `tests/differential/` and the name to print.
const BROWSERS: &[(&str, &str)] = &[("firefox", "Firefox"), ("webkit", "WebKit")];

/// How many of a browser's recordings may be listed `unmodelled`: what they are today, so that the
/// number cannot grow unnoticed; and never more than 1% of a browser's recordings
/// (`UNMODELLED_SHARE_PERCENT`). docs/EVENT_LOOP.md ("Every browser's order") says which orders
/// are not modelled yet and why.
const UNMODELLED_LIMITS: &[(&str, usize)] = &[
    ("firefox", FIREFOX_UNMODELLED),
    ("webkit", WEBKIT_UNMODELLED),
];
const FIREFOX_UNMODELLED: usize = 19;
const WEBKIT_UNMODELLED: usize = 1;
const UNMODELLED_SHARE_PERCENT: usize = 1;

/// The word of `overrides.txt` for a case whose Chromium order no imitation reproduces.
const UNMODELLED: &str = "unmodelled";

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
    // A program with user input: its interactions, as the recorder replayed them.
    let input = input_file(script);
    if let Some(input) = &input {
        args.push("--input");
        args.push(input.to_str().ok_or("path is not UTF-8")?);
    }
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

/// `NAME.input.json` beside `NAME.js`, if the program has one (its user input).
fn input_file(script: &Path) -> Option<PathBuf> {
    let name = script.file_stem()?.to_str()?;
    let path = script.with_file_name(format!("{name}.input.json"));
    common::root().join(&path).is_file().then_some(path)
}

/// An overrides list (`overrides.txt`, `BROWSER/overrides.txt`): `NAME DEVIATION[,DEVIATION…]` or
/// `NAME unmodelled` per line, `#` comments.
fn override_list(path: &str) -> Result<BTreeMap<String, String>, String> {
    let text = std::fs::read_to_string(common::root().join(path))
        .map_err(|e| format!("read {path}: {e}"))?;
    let mut list = BTreeMap::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or_default().trim();
        if line.is_empty() {
            continue;
        }
        let mut words = line.split_whitespace();
        let (Some(name), Some(deviations), None) = (words.next(), words.next(), words.next())
        else {
            return Err(format!("{path}:{}: expected `NAME DEVIATIONS`", n + 1));
        };
        if let Some(unknown) = deviations
            .split(',')
            .find(|d| !DEVIATIONS.contains(d))
            .filter(|_| deviations != UNMODELLED)
        {
            return Err(format!("{path}:{}: unknown deviation `{unknown}`", n + 1));
        }
        if list
            .insert(name.to_owned(), deviations.to_owned())
            .is_some()
        {
            return Err(format!("{path}:{}: `{name}` listed twice", n + 1));
        }
    }
    Ok(list)
}

/// The checks of one other browser's recording of program `name` (see the module's comment).
fn browser_trials(
    (dir, browser): (&'static str, &'static str),
    name: &str,
    script: &Path,
    overrides: &BTreeMap<String, String>,
) -> Option<Trial> {
    let recording = Path::new(RECORDINGS).join(dir).join(format!("{name}.out"));
    if !common::root().join(&recording).is_file() {
        return None;
    }
    let script = script.to_path_buf();
    Some(match overrides.get(name).cloned() {
        None => Trial::test(format!("{name}::{dir}"), move || {
            check(
                &script,
                &["--virtual-time"],
                &read(&recording)?,
                &format!("{browser}'s"),
            )
        }),
        Some(deviations) => Trial::test(format!("{name}::imitating-{dir}"), move || {
            let recorded = read(&recording)?;
            let file = script.to_str().ok_or("path is not UTF-8")?;
            let own = common::taskhost(&["run", "--max-time", MAX_TIME, "--virtual-time", file]);
            if common::text(&own.stdout) == recorded {
                return Err(format!(
                    "taskhost prints {}'s recording without imitating anything: a stale \
                     override in {RECORDINGS}/{dir}/overrides.txt",
                    browser
                )
                .into());
            }
            if deviations == UNMODELLED {
                return Ok(());
            }
            let extra = ["--virtual-time", "--imitate", deviations.as_str()];
            check(
                &script,
                &extra,
                &recorded,
                &format!("{browser}'s, imitating {deviations}"),
            )
        }),
    })
}

fn main() {
    let mut args = Arguments::from_args();
    args.test_threads.get_or_insert(DEFAULT_THREADS);
    let overrides = override_list(OVERRIDE_LIST).unwrap_or_else(|e| panic!("{e}"));
    let browser_overrides: Vec<BTreeMap<String, String>> = BROWSERS
        .iter()
        .map(|(dir, _)| {
            override_list(&format!("{RECORDINGS}/{dir}/overrides.txt"))
                .unwrap_or_else(|e| panic!("{e}"))
        })
        .collect();
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
    for ((dir, browser), list) in BROWSERS.iter().zip(&browser_overrides) {
        let recorded = scripts
            .iter()
            .filter_map(|s| s.file_stem())
            .filter(|stem| {
                common::root()
                    .join(RECORDINGS)
                    .join(dir)
                    .join(stem)
                    .with_extension("out")
                    .is_file()
            })
            .count();
        for name in list.keys() {
            let recording = common::root()
                .join(RECORDINGS)
                .join(dir)
                .join(format!("{name}.out"));
            if !recording.is_file() {
                let name = name.clone();
                trials.push(Trial::test(format!("{name}::listed-{dir}-override"), move || {
                    Err(format!(
                        "{RECORDINGS}/{dir}/overrides.txt lists `{name}`, which {browser} did not record"
                    )
                    .into())
                }));
            }
        }
        let unmodelled = list.values().filter(|d| *d == UNMODELLED).count();
        let limit = UNMODELLED_LIMITS
            .iter()
            .find(|(name, _)| name == dir)
            .map_or(0, |(_, limit)| *limit);
        trials.push(Trial::test(format!("{dir}::unmodelled-count"), move || {
            if unmodelled > limit {
                return Err(format!(
                    "{unmodelled} of {browser}'s {recorded} recordings are unmodelled, more than \
                     the {limit} of UNMODELLED_LIMITS"
                )
                .into());
            }
            if unmodelled * 100 > recorded * UNMODELLED_SHARE_PERCENT {
                return Err(format!(
                    "{unmodelled} of {browser}'s {recorded} recordings are unmodelled, more than \
                     {UNMODELLED_SHARE_PERCENT}%"
                )
                .into());
            }
            Ok(())
        }));
    }
    for script in scripts {
        let name = script
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let relative = Path::new(CASES).join(script.file_name().unwrap_or_default());
        let mut others = BROWSERS
            .iter()
            .zip(&browser_overrides)
            .filter_map(|(browser, list)| browser_trials(*browser, &name, &relative, list))
            .peekable();
        let recorded_elsewhere = others.peek().is_some();
        trials.extend(others);
        let chromium = relative.with_extension("out");
        if !common::root().join(&chromium).is_file() && !overrides.contains_key(&name) {
            // A program for engines without the scheduler API (`web-*`), or one nobody recorded.
            if !recorded_elsewhere {
                trials.push(Trial::test(format!("{name}::recorded"), move || {
                    Err(format!("no browser's recording of `{name}`").into())
                }));
            }
            continue;
        }
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
            let trial = Trial::test(format!("{name}::{mode}"), move || {
                check(&relative, extra, &read(&expected)?, what)
            });
            // The generated programs' nominal times are 60 ms apart: on a machine too loaded to
            // run a callback's work within that, a timer that fell due meanwhile legitimately
            // runs first (as it would in a browser), so their real-clock runs are opt-in.
            let generated = name.starts_with(GENERATED_MIXED);
            trials.push(trial.with_ignored_flag(generated && mode == "real-time"));
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
                    if deviations == UNMODELLED {
                        // No imitation to check; the override is still not Chromium's answer.
                        return Ok(());
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
