//! The layering that `src/lib.rs` states, checked against the imports: a module of one layer
//! names only modules of its own layer or of the layers below it (`crate::X` paths, in `use`
//! items and in code alike), so there are no upward imports and no circles between layers.

use std::path::Path;

/// The layers, bottom first; modules on one line are one layer and do not name each other.
const LAYERS: &[&[&str]] = &[
    &["event_loop"],
    &["agent"],
    &["engine"],
    &["web"],
    &["runtime"],
    &["wpt", "bench"],
    &["cli"],
];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&module))
}

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src/ is readable").flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Every `crate::NAME` in `text` (NAME: the top-level module named).
fn crate_paths(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("crate::") {
        let after = &rest[at + "crate::".len()..];
        let name: String = after
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if !name.is_empty() {
            found.push(name);
        }
        rest = after;
    }
    found
}

#[test]
fn no_module_names_a_layer_above_its_own_or_beside_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut violations = Vec::new();
    for file in files {
        let relative = file.strip_prefix(&src).expect("under src/");
        let Some(own) = relative
            .components()
            .next()
            .and_then(|c| c.as_os_str().to_str())
            .map(|c| c.trim_end_matches(".rs").to_owned())
        else {
            continue;
        };
        let Some(own_layer) = layer_of(&own) else {
            continue; // lib.rs, main.rs: the crate root and the binary sit above every layer
        };
        // A unit-test module (`*_tests.rs`) assembles a whole runtime, as an embedder does.
        if file.to_string_lossy().ends_with("_tests.rs") {
            continue;
        }
        let text = std::fs::read_to_string(&file).expect("a source file is UTF-8");
        for (line_no, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or_default();
            for name in crate_paths(code) {
                let Some(layer) = layer_of(&name) else {
                    continue;
                };
                if name != own && layer >= own_layer {
                    violations.push(format!(
                        "{}:{}: `{own}` names `crate::{name}`",
                        relative.display(),
                        line_no + 1
                    ));
                }
            }
        }
    }
    assert!(
        violations.is_empty(),
        "imports against the layering of src/lib.rs:\n{}",
        violations.join("\n")
    );
}

#[test]
fn every_top_level_module_has_a_layer() {
    let lib = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs"))
        .expect("src/lib.rs is readable");
    for line in lib.lines() {
        if let Some(name) = line
            .strip_prefix("pub mod ")
            .and_then(|l| l.strip_suffix(';'))
        {
            assert!(layer_of(name).is_some(), "module `{name}` has no layer");
        }
    }
}

#[test]
fn the_checker_sees_a_violation() {
    assert_eq!(
        crate_paths("use crate::web::dom; x(crate::cli::EXIT_USAGE)"),
        ["web", "cli"]
    );
}
