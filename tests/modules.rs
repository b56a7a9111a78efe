//! ES modules from real npm packages: the fixture `tests/npm-fixture/` lists them in its
//! `package.json` and `package-lock.json`; its `node_modules` is not committed but installed
//! here with `npm ci` when missing. Without npm or the registry these tests fail, saying so.
//! Also the command line's import map errors.

mod common;

use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

use common::{assert_one_line_error, root, taskhost, text};

fn fixture() -> PathBuf {
    root().join("tests/npm-fixture")
}

/// Install the fixture's packages once per test process (`npm ci`), or fail with why.
fn npm_fixture() {
    static INSTALLED: OnceLock<Result<(), String>> = OnceLock::new();
    let result = INSTALLED.get_or_init(|| {
        if fixture().join("node_modules/nanoid/package.json").is_file() {
            return Ok(());
        }
        let output = Command::new("npm")
            .args([
                "ci",
                "--no-audit",
                "--no-fund",
                "--loglevel=error",
                "--prefix",
            ])
            .arg(fixture())
            .output()
            .map_err(|e| format!("cannot run npm ({e}): install Node.js and npm"))?;
        if !output.status.success() {
            return Err(format!(
                "`npm ci --prefix tests/npm-fixture` failed ({}): {}",
                output.status,
                text(&output.stderr).trim()
            ));
        }
        Ok(())
    });
    if let Err(why) = result {
        panic!(
            "the npm fixture's packages are not installed and could not be: {why}\n\
             (these tests need npm and the npm registry; run `npm ci --prefix tests/npm-fixture`)"
        );
    }
}

fn assert_runs(args: &[&str], expected_stdout: &str) {
    let output = taskhost(args);
    assert_eq!(
        (output.status.code(), text(&output.stderr).as_str()),
        (Some(0), ""),
        "stdout: {}",
        text(&output.stdout)
    );
    let stdout = text(&output.stdout);
    assert!(
        stdout == expected_stdout,
        "{}",
        common::diff("stdout", expected_stdout, &stdout)
    );
}

#[test]
fn an_npm_package_loads_through_node_modules() {
    npm_fixture();
    assert_runs(
        &["run", "tests/npm-fixture/main.mjs"],
        "urlAlphabet: 64 symbols\n\
         secure customAlphabet: function\n\
         nanoid(): 21 true\n\
         customAlphabet: true\n\
         resolve nanoid: ./node_modules/nanoid/index.browser.js\n\
         resolve nanoid/non-secure: ./node_modules/nanoid/non-secure/index.js\n\
         not exported: TypeError true\n",
    );
}

#[test]
fn an_npm_package_loads_through_an_import_map() {
    npm_fixture();
    assert_runs(
        &[
            "run",
            "--import-map",
            "tests/npm-fixture/importmap.json",
            "tests/npm-fixture/import_map.mjs",
        ],
        "ids: 10 64\n\
         resolve ids: ./node_modules/nanoid/non-secure/index.js\n\
         resolve nanoid: ./node_modules/nanoid/index.js\n",
    );
}

#[test]
fn invalid_import_maps_are_usage_errors_naming_the_file() {
    let dir = std::env::temp_dir().join(format!("taskhost-import-maps-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let script = dir.join("main.mjs");
    std::fs::write(&script, "console.log('not reached');").expect("write");
    let cases = [
        (
            "syntax.json",
            "{\n  \"imports\": {\n    \"a\" \"./a.js\"\n",
            ":3:9: invalid JSON: expected `:`",
        ),
        (
            "array.json",
            "[]",
            ": the top-level value needs to be a JSON object, not an array",
        ),
        (
            "imports.json",
            "{\"imports\": \"./a.js\"}",
            ": the value of \"imports\" needs to be a JSON object, not a string",
        ),
        (
            "scope.json",
            "{\"scopes\": {\"./a/\": []}}",
            ": the value of the scope \"./a/\" needs to be a JSON object, not an array",
        ),
    ];
    for (name, json, message) in cases {
        let map = dir.join(name);
        std::fs::write(&map, json).expect("write");
        let output = taskhost(&[
            "run",
            "--import-map",
            &map.display().to_string(),
            &script.display().to_string(),
        ]);
        assert_one_line_error(
            &output,
            2,
            &format!("taskhost: invalid import map {}{message}", map.display()),
        );
        assert_eq!(text(&output.stdout), "");
    }
    let missing = dir.join("missing.json");
    let output = taskhost(&[
        "run",
        "--import-map",
        &missing.display().to_string(),
        &script.display().to_string(),
    ]);
    assert_one_line_error(
        &output,
        2,
        &format!(
            "taskhost: cannot read the import map {}: no such file",
            missing.display()
        ),
    );
    let _ = std::fs::remove_dir_all(&dir);
}
