//! Module specifier resolution, in plain Rust (the engine is not involved): HTML's "resolve a
//! module specifier" with an import map, and, for a bare specifier no import map entry
//! remaps, a package in `node_modules` found by Node's resolution algorithm; then the format
//! of a package's file (taskhost loads ES modules; a CommonJS file is an error).

mod import_map;
mod json;
mod packages;

use std::path::{Path, PathBuf};

use url::Url;

pub use import_map::ImportMap;
pub use packages::{CONDITIONS, Format, package_file_format};

use import_map::{MatchError, resolve_imports_match, resolve_url_like};

impl ImportMap {
    /// Read and parse an import map file (its base URL is the file's `file:` URL). Errors
    /// name the file; warnings are returned, each naming the file.
    pub fn from_file(path: &Path) -> Result<(Self, Vec<String>), String> {
        let shown = path.display();
        let text = std::fs::read_to_string(path).map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => {
                format!("cannot read the import map {shown}: no such file")
            }
            std::io::ErrorKind::InvalidData => {
                format!("cannot read the import map {shown}: not UTF-8")
            }
            _ => format!("cannot read the import map {shown}: {e}"),
        })?;
        let absolute = std::fs::canonicalize(path)
            .map_err(|e| format!("cannot read the import map {shown}: {e}"))?;
        let base = file_url(&absolute)?;
        let mut warnings = Vec::new();
        let map = ImportMap::parse(&text, &base, &mut warnings).map_err(|message| {
            // A JSON syntax error leads with line:column; the others name the file alone.
            if message.starts_with(|c: char| c.is_ascii_digit()) {
                format!("invalid import map {shown}:{message}")
            } else {
                format!("invalid import map {shown}: {message}")
            }
        })?;
        let warnings = warnings
            .into_iter()
            .map(|w| format!("import map {shown}: {w}"))
            .collect();
        Ok((map, warnings))
    }
}

/// The `file:` URL of an absolute path.
pub fn file_url(path: &Path) -> Result<Url, String> {
    Url::from_file_path(path).map_err(|()| format!("{} is not an absolute path", path.display()))
}

/// The path of a `file:` URL; other URLs are an error (taskhost loads only files).
pub fn url_to_path(url: &Url) -> Result<PathBuf, String> {
    if url.scheme() == "node" {
        return Err(format!(
            "{url} is a Node.js built-in module, which taskhost does not have"
        ));
    }
    if url.scheme() != "file" {
        return Err(format!(
            "taskhost loads modules only from file: URLs, not {url}"
        ));
    }
    url.to_file_path()
        .map_err(|()| format!("{url} does not name a local file"))
}

/// HTML "resolve a module specifier", given the referring script's base URL (`base`; for a
/// module, its file's URL) and the import map (the window's; a worker's is empty, as the
/// standard's step 5 says). Errors are the message of the TypeError to throw.
pub fn resolve_module_specifier(
    import_map: &ImportMap,
    specifier: &str,
    base: &Url,
) -> Result<Url, String> {
    // 1-5. (The caller gives baseURL, the referring script's base URL or the settings
    //      object's API base URL, and importMap.)
    // 6. Let serializedBaseURL be baseURL, serialized.
    let serialized_base = base.as_str();
    // 7. Let asURL be the result of resolving a URL-like module specifier given specifier
    //    and baseURL.
    let as_url = resolve_url_like(specifier, base);
    // 8. Let normalizedSpecifier be the serialization of asURL, if asURL is non-null;
    //    otherwise, specifier.
    let normalized = as_url.as_ref().map_or(specifier, Url::as_str);
    let blocked = |error: MatchError| match error {
        MatchError::Blocked { key } => {
            format!("its resolution was blocked by a null entry for \"{key}\" in the import map")
        }
        MatchError::Unparsable { key } => format!(
            "the part after the import map's prefix \"{key}\" does not parse as a URL relative to its address"
        ),
        MatchError::Backtracks { key } => {
            format!("it backtracks above the address of the import map's prefix \"{key}\"")
        }
    };
    // 9. Let result be a URL-or-null, initially null.
    let mut result = None;
    // 10. For each scopePrefix → scopeImports of importMap's scopes:
    for (scope_prefix, scope_imports) in &import_map.scopes {
        // 10.1. If scopePrefix is serializedBaseURL, or if scopePrefix ends with U+002F (/)
        //       and scopePrefix is a code unit prefix of serializedBaseURL, then:
        if scope_prefix == serialized_base
            || (scope_prefix.ends_with('/') && serialized_base.starts_with(scope_prefix.as_str()))
        {
            // 10.1.1. Let scopeImportsMatch be the result of resolving an imports match
            //         given normalizedSpecifier, asURL, and scopeImports.
            // 10.1.2. If scopeImportsMatch is not null, then set result to
            //         scopeImportsMatch, and break.
            if let Some(url) = resolve_imports_match(normalized, as_url.as_ref(), scope_imports)
                .map_err(blocked)?
            {
                result = Some(url);
                break;
            }
        }
    }
    // 11. If result is null, set result to the result of resolving an imports match given
    //     normalizedSpecifier, asURL, and importMap's imports.
    if result.is_none() {
        result = resolve_imports_match(normalized, as_url.as_ref(), &import_map.imports)
            .map_err(blocked)?;
    }
    // 12. If result is null, set it to asURL.
    // 13. If result is not null, then:
    //     1. Add module to resolved module set given settingsObject, serializedBaseURL,
    //        normalizedSpecifier, and asURL. (Not kept: the one import map is known before
    //        any module is resolved, so there is no later map for the set to guard.)
    //     2. Return result.
    if let Some(url) = result.or(as_url) {
        return Ok(url);
    }
    // 14. Throw a TypeError indicating that specifier was a bare specifier, but was not
    //     remapped to anything by importMap.
    //     Deviation: first, a package in node_modules, looked for from the referring file's
    //     directory up, as Node does.
    let directory = base
        .to_file_path()
        .ok()
        .and_then(|path| path.parent().map(Path::to_path_buf));
    match directory {
        Some(directory) => packages::package_resolve(specifier, &directory)
            .map_err(|e| format!("{e}, and no import map entry for it")),
        None => Err(format!(
            "a bare specifier (not starting with \"/\", \"./\" or \"../\") that no import map entry remaps, imported from {base}, which is not a file"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map(text: &str) -> ImportMap {
        let base = Url::parse("file:///app/importmap.json").unwrap();
        ImportMap::parse(text, &base, &mut Vec::new()).unwrap()
    }

    fn resolve(map: &ImportMap, specifier: &str, from: &str) -> Result<String, String> {
        resolve_module_specifier(map, specifier, &Url::parse(from).unwrap()).map(String::from)
    }

    #[test]
    fn url_like_specifiers_resolve_against_the_base() {
        let empty = ImportMap::default();
        let from = "file:///app/src/main.mjs";
        assert_eq!(
            resolve(&empty, "./a.js", from).unwrap(),
            "file:///app/src/a.js"
        );
        assert_eq!(
            resolve(&empty, "../a.js", from).unwrap(),
            "file:///app/a.js"
        );
        assert_eq!(resolve(&empty, "/x/a.js", from).unwrap(), "file:///x/a.js");
        assert_eq!(
            resolve(&empty, "file:///y.js", from).unwrap(),
            "file:///y.js"
        );
        assert_eq!(
            resolve(&empty, "https://e.example/m.js", from).unwrap(),
            "https://e.example/m.js"
        );
        assert_eq!(
            resolve(&empty, "./a b.js", from).unwrap(),
            "file:///app/src/a%20b.js"
        );
    }

    #[test]
    fn scopes_win_over_imports_and_the_longest_scope_first() {
        let m = map(
            r#"{"imports": {"lib": "./lib/v2.js", "lib/": "./lib/v2/", "./src/old.js": "./src/new.js"},
                "scopes": {"./legacy/": {"lib": "./lib/v1.js"}, "./legacy/deep/": {"lib": "./lib/v0.js"},
                           "./exact.mjs": {"lib": "./lib/exact.js"}}}"#,
        );
        assert_eq!(
            resolve(&m, "lib", "file:///app/main.mjs").unwrap(),
            "file:///app/lib/v2.js"
        );
        assert_eq!(
            resolve(&m, "lib", "file:///app/legacy/a.mjs").unwrap(),
            "file:///app/lib/v1.js"
        );
        assert_eq!(
            resolve(&m, "lib", "file:///app/legacy/deep/a.mjs").unwrap(),
            "file:///app/lib/v0.js"
        );
        assert_eq!(
            resolve(&m, "lib", "file:///app/exact.mjs").unwrap(),
            "file:///app/lib/exact.js"
        );
        // A scope without a match falls back to the top-level imports.
        assert_eq!(
            resolve(&m, "lib/x.js", "file:///app/legacy/a.mjs").unwrap(),
            "file:///app/lib/v2/x.js"
        );
        // URL-like keys remap URLs.
        assert_eq!(
            resolve(&m, "./old.js", "file:///app/src/main.mjs").unwrap(),
            "file:///app/src/new.js"
        );
    }

    #[test]
    fn blocked_and_backtracking_entries_are_errors() {
        let m = map(r#"{"imports": {"no": null, "pkg/": "./pkg/"}}"#);
        let from = "file:///app/main.mjs";
        assert!(
            resolve(&m, "no", from)
                .unwrap_err()
                .contains("blocked by a null entry for \"no\"")
        );
        assert!(
            resolve(&m, "pkg/../../x.js", from)
                .unwrap_err()
                .contains("backtracks above")
        );
    }

    #[test]
    fn bare_specifiers_without_a_package_name_the_directory() {
        let error = resolve(
            &ImportMap::default(),
            "left-pad",
            "file:///nonexistent-dir/main.mjs",
        )
        .unwrap_err();
        assert_eq!(
            error,
            "no package \"left-pad\" in node_modules of /nonexistent-dir or of any directory above it, and no import map entry for it"
        );
    }

    #[test]
    fn only_file_urls_name_files() {
        assert_eq!(
            url_to_path(&Url::parse("file:///a/b%20c.js").unwrap()).unwrap(),
            PathBuf::from("/a/b c.js")
        );
        assert!(
            url_to_path(&Url::parse("https://e.example/m.js").unwrap())
                .unwrap_err()
                .contains("only from file: URLs")
        );
        assert!(
            url_to_path(&Url::parse("node:fs").unwrap())
                .unwrap_err()
                .contains("Node.js built-in")
        );
    }

    #[test]
    fn import_map_files_name_the_file_in_errors() {
        let dir = std::env::temp_dir().join(format!("taskhost-import-map-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let bad = dir.join("bad.json");
        std::fs::write(&bad, "{\"imports\": 3}").unwrap();
        let error = ImportMap::from_file(&bad).unwrap_err();
        assert_eq!(
            error,
            format!(
                "invalid import map {}: the value of \"imports\" needs to be a JSON object, not a number",
                bad.display()
            )
        );
        std::fs::write(&bad, "{\n  \"imports\": {\n").unwrap();
        let error = ImportMap::from_file(&bad).unwrap_err();
        assert!(
            error.starts_with(&format!(
                "invalid import map {}:3:0: invalid JSON: ",
                bad.display()
            )),
            "{error}"
        );
        let missing = dir.join("missing.json");
        assert!(
            ImportMap::from_file(&missing)
                .unwrap_err()
                .ends_with("missing.json: no such file")
        );
        let good = dir.join("good.json");
        std::fs::write(&good, r#"{"imports": {"a": "./a.js", "b": 1}}"#).unwrap();
        let (map, warnings) = ImportMap::from_file(&good).unwrap();
        let base = file_url(&std::fs::canonicalize(&dir).unwrap()).unwrap();
        assert_eq!(
            map.imports[1].1.as_ref().unwrap().as_str(),
            format!("{base}/a.js")
        );
        assert_eq!(warnings.len(), 1);
        assert!(warnings[0].starts_with(&format!("import map {}: ", good.display())));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
