//! Packages in `node_modules`, by Node's ES module resolution algorithm ("Resolution
//! Algorithm Specification" in Node's `esm.md`): PACKAGE_RESOLVE, PACKAGE_EXPORTS_RESOLVE,
//! PACKAGE_IMPORTS_EXPORTS_RESOLVE, PACKAGE_TARGET_RESOLVE and ESM_FILE_FORMAT.
//!
//! The conditions taskhost matches in `exports` are [`CONDITIONS`]: "import" (it loads ES
//! modules), "browser" (its globals are a window's or a worker's, not Node's) and "default".
//! Not "node" or "require": a package's Node build may use Node's built-in modules, which
//! taskhost does not have.
//!
//! Deviations, each marked where it applies: without `exports`, the package's `module` field
//! (the bundlers' ES module entry point) comes before `main`; PACKAGE_SELF_RESOLVE and the
//! `imports` field (`#` specifiers) are not supported; Node's built-in module names are not
//! special.

use std::cmp::Ordering;
use std::path::{Path, PathBuf};

use url::Url;

use super::json::Json;

/// The conditions taskhost matches in `exports`, besides "default", which always matches.
pub const CONDITIONS: &[&str] = &["import", "browser"];

/// What PACKAGE_TARGET_RESOLVE gives: a URL, null, or undefined (no condition matched).
#[derive(Debug, PartialEq)]
enum Target {
    Url(Url),
    Null,
    Undefined,
}

/// A package found in `node_modules`, for messages.
struct Package<'a> {
    name: &'a str,
    dir: &'a Path,
    url: Url,
}

impl Package<'_> {
    fn package_json(&self) -> String {
        self.dir.join("package.json").display().to_string()
    }
}

/// PACKAGE_RESOLVE(packageSpecifier, parentURL), with parentURL a file in `parent_dir`.
pub fn package_resolve(specifier: &str, parent_dir: &Path) -> Result<Url, String> {
    let invalid = |why: &str| {
        Err(format!(
            "\"{specifier}\" is not a valid package name: {why}"
        ))
    };
    // 1. Let packageName be undefined.
    // 2. If packageSpecifier is an empty string, then throw an Invalid Module Specifier error.
    if specifier.is_empty() {
        return invalid("it is empty");
    }
    // 3. If packageSpecifier is a Node.js builtin module name, then return the string "node:"
    //    concatenated with packageSpecifier. (Deviation: taskhost has no Node.js built-ins; the
    //    name is looked up as a package.)
    let name_end = if let Some(scoped) = specifier.strip_prefix('@') {
        // 5. Otherwise,
        //    1. If packageSpecifier does not contain a "/" separator, then throw an Invalid
        //       Module Specifier error.
        //    2. Set packageName to the substring of packageSpecifier until the second "/"
        //       separator or the end of the string.
        let Some(slash) = scoped.find('/') else {
            return invalid("a scoped package name is @scope/name");
        };
        let after = 1 + slash + 1;
        specifier[after..]
            .find('/')
            .map_or(specifier.len(), |i| after + i)
    } else {
        // 4. If packageSpecifier does not start with "@", then set packageName to the
        //    substring of packageSpecifier until the first "/" separator or the end of the
        //    string.
        specifier.find('/').unwrap_or(specifier.len())
    };
    let name = &specifier[..name_end];
    // 6. If packageName starts with "." or contains "\" or "%", then throw an Invalid Module
    //    Specifier error. (Also an empty name or scope, which no package can have.)
    if name.starts_with('.') || name.contains('\\') || name.contains('%') {
        return invalid("it starts with \".\" or contains \"\\\" or \"%\"");
    }
    if name.is_empty() || name.ends_with('/') || name.starts_with("@/") {
        return invalid("the name or its scope is empty");
    }
    // 7. Let packageSubpath be "." concatenated with the substring of packageSpecifier from
    //    the position at the length of packageName.
    let subpath = format!(".{}", &specifier[name_end..]);
    // 8. Let selfUrl be the result of PACKAGE_SELF_RESOLVE(packageName, packageSubpath,
    //    parentURL).
    // 9. If selfUrl is not undefined, return selfUrl.
    //    (Deviation: not supported; a package imports its own files by relative paths.)
    // 10. While parentURL is not the file system root,
    let mut parent = Some(parent_dir);
    while let Some(dir) = parent {
        // 10.1. Let packageURL be the URL resolution of "node_modules/" concatenated with
        //       packageName and "/", relative to parentURL.
        let package_dir = dir.join("node_modules").join(name);
        // 10.2. Set parentURL to the parent folder URL of parentURL.
        parent = dir.parent();
        // 10.3. If the folder at packageURL does not exist, then continue the next loop
        //       iteration.
        if !package_dir.is_dir() {
            continue;
        }
        let package = Package {
            name,
            dir: &package_dir,
            url: directory_url(&package_dir)?,
        };
        // 10.4. Let pjson be the result of READ_PACKAGE_JSON(packageURL).
        let pjson = read_package_json(&package_dir)?;
        // 10.5. If pjson is not null and pjson.exports is not null or undefined, then return
        //       the result of PACKAGE_EXPORTS_RESOLVE(packageURL, packageSubpath,
        //       pjson.exports, defaultConditions).
        if let Some(exports) = pjson.get("exports").filter(|e| **e != Json::Null) {
            return package_exports_resolve(&package, &subpath, exports);
        }
        // 10.6. Otherwise, if packageSubpath is equal to ".", then
        //       1. If pjson.main is a string, then return the URL resolution of main in
        //          packageURL.
        if subpath == "." {
            return legacy_main_resolve(&package, &pjson);
        }
        // 10.7. Otherwise, return the URL resolution of packageSubpath in packageURL.
        return join(&package.url, &subpath);
    }
    // 11. Throw a Module Not Found error.
    Err(format!(
        "no package \"{name}\" in node_modules of {} or of any directory above it",
        parent_dir.display()
    ))
}

/// The legacy entry point of a package without `exports`. Deviation: the `module` field
/// comes first (the bundlers' ES module entry point); for each of `module` and `main`, the
/// file, then with ".js", then its "index.js" (as Node's LEGACY_MAIN_RESOLVE); without
/// either, "index.js".
fn legacy_main_resolve(package: &Package<'_>, pjson: &Json) -> Result<Url, String> {
    for field in ["module", "main"] {
        let Some(main) = pjson.get(field).and_then(Json::as_str) else {
            continue;
        };
        for candidate in [
            main.to_owned(),
            format!("{main}.js"),
            format!("{}/index.js", main.trim_end_matches('/')),
        ] {
            if package.dir.join(&candidate).is_file() {
                return join(&package.url, &candidate);
            }
        }
        return Err(format!(
            "the \"{field}\" of {}, \"{main}\", names no file",
            package.package_json()
        ));
    }
    if package.dir.join("index.js").is_file() {
        return join(&package.url, "index.js");
    }
    Err(format!(
        "package \"{}\" at {} has no entry point (no \"exports\", \"module\" or \"main\" in its package.json, and no index.js)",
        package.name,
        package.dir.display()
    ))
}

/// PACKAGE_EXPORTS_RESOLVE(packageURL, subpath, exports, conditions).
fn package_exports_resolve(
    package: &Package<'_>,
    subpath: &str,
    exports: &Json,
) -> Result<Url, String> {
    let in_exports =
        |message: String| format!("{message} (\"exports\" of {})", package.package_json());
    let members = exports.as_object();
    let dot_keys = members.map_or(0, |m| m.iter().filter(|(k, _)| k.starts_with('.')).count());
    // 1. If exports is an Object with both a key starting with "." and a key not starting
    //    with ".", throw an Invalid Package Configuration error.
    if let Some(members) = members
        && dot_keys != 0
        && dot_keys != members.len()
    {
        return Err(in_exports(
            "invalid package configuration: keys starting with \".\" and other keys are mixed"
                .into(),
        ));
    }
    // 2. If subpath is equal to ".", then
    if subpath == "." {
        // 2.1. Let mainExport be undefined.
        // 2.2. If exports is a String or Array, or an Object containing no keys starting
        //      with ".", then set mainExport to exports.
        // 2.3. Otherwise if exports is an Object containing a "." property, then set
        //      mainExport to exports["."].
        let main_export = match exports {
            Json::String(_) | Json::Array(_) => Some(exports),
            Json::Object(_) if dot_keys == 0 => Some(exports),
            Json::Object(_) => exports.get("."),
            _ => None,
        };
        // 2.4. If mainExport is not undefined, then
        if let Some(main_export) = main_export {
            // 2.4.1. Let resolved be the result of PACKAGE_TARGET_RESOLVE(packageURL,
            //        mainExport, null, false, conditions).
            // 2.4.2. If resolved is not null or undefined, return resolved.
            if let Target::Url(url) =
                package_target_resolve(&package.url, main_export, None).map_err(in_exports)?
            {
                return Ok(url);
            }
        }
    // 3. Otherwise, if exports is an Object and all keys of exports start with ".", then
    } else if let Some(members) = members
        && dot_keys == members.len()
    {
        // 3.1. Assert: subpath begins with "./".
        // 3.2. Let resolved be the result of PACKAGE_IMPORTS_EXPORTS_RESOLVE(subpath,
        //      exports, packageURL, false, conditions).
        // 3.3. If resolved is not null or undefined, return resolved.
        if let Target::Url(url) =
            package_imports_exports_resolve(subpath, members, &package.url).map_err(in_exports)?
        {
            return Ok(url);
        }
    }
    // 4. Throw a Package Path Not Exported error.
    Err(in_exports(format!(
        "package \"{}\" exports no \"{subpath}\" for the conditions taskhost matches ({}, default)",
        package.name,
        CONDITIONS.join(", ")
    )))
}

/// PACKAGE_IMPORTS_EXPORTS_RESOLVE(matchKey, matchObj, packageURL, isImports, conditions),
/// for `exports` (isImports false).
fn package_imports_exports_resolve(
    match_key: &str,
    match_obj: &[(String, Json)],
    package_url: &Url,
) -> Result<Target, String> {
    // 1. If matchKey ends in "/", then throw an Invalid Module Specifier error.
    if match_key.ends_with('/') {
        return Err(format!(
            "\"{match_key}\" ends in \"/\": a directory cannot be imported"
        ));
    }
    // 2. If matchKey is a key of matchObj and does not contain "*", then
    //    1. Let target be the value of matchObj[matchKey].
    //    2. Return the result of PACKAGE_TARGET_RESOLVE(packageURL, target, null, isImports,
    //       conditions).
    if !match_key.contains('*')
        && let Some((_, target)) = match_obj.iter().find(|(k, _)| k == match_key)
    {
        return package_target_resolve(package_url, target, None);
    }
    // 3. Let expansionKeys be the list of keys of matchObj containing only a single "*",
    //    sorted by the sorting function PATTERN_KEY_COMPARE which orders in descending order
    //    of specificity.
    let mut expansion_keys: Vec<&(String, Json)> = match_obj
        .iter()
        .filter(|(k, _)| k.matches('*').count() == 1)
        .collect();
    expansion_keys.sort_by(|(a, _), (b, _)| pattern_key_compare(a, b));
    // 4. For each key expansionKey in expansionKeys, do
    for (expansion_key, target) in expansion_keys {
        // 4.1. Let patternBase be the substring of expansionKey up to but excluding the first
        //      "*" character.
        let star = expansion_key.find('*').unwrap_or(expansion_key.len());
        let pattern_base = &expansion_key[..star];
        // 4.2. If matchKey starts with but is not equal to patternBase, then
        if match_key.starts_with(pattern_base) && match_key != pattern_base {
            // 4.2.1. Let patternTrailer be the substring of expansionKey from the index after
            //        the first "*" character.
            let pattern_trailer = &expansion_key[star + 1..];
            // 4.2.2. If patternTrailer has zero length, or if matchKey ends with
            //        patternTrailer and the length of matchKey is greater than or equal to
            //        the length of expansionKey, then
            if pattern_trailer.is_empty()
                || (match_key.ends_with(pattern_trailer) && match_key.len() >= expansion_key.len())
            {
                // 4.2.2.1. Let target be the value of matchObj[expansionKey].
                // 4.2.2.2. Let patternMatch be the substring of matchKey starting at the
                //          index of the length of patternBase up to the length of matchKey
                //          minus the length of patternTrailer.
                let pattern_match =
                    &match_key[pattern_base.len()..match_key.len() - pattern_trailer.len()];
                // 4.2.2.3. Return the result of PACKAGE_TARGET_RESOLVE(packageURL, target,
                //          patternMatch, isImports, conditions).
                return package_target_resolve(package_url, target, Some(pattern_match));
            }
        }
    }
    // 5. Return null.
    Ok(Target::Null)
}

/// PATTERN_KEY_COMPARE(keyA, keyB).
fn pattern_key_compare(a: &str, b: &str) -> Ordering {
    // 1-2. Assert: keyA and keyB contain only a single "*".
    // 3. Let baseLengthA be the index of "*" in keyA.
    // 4. Let baseLengthB be the index of "*" in keyB.
    let base_a = a.find('*').unwrap_or(a.len());
    let base_b = b.find('*').unwrap_or(b.len());
    // 5. If baseLengthA is greater than baseLengthB, return -1.
    // 6. If baseLengthB is greater than baseLengthA, return 1.
    // 7. If the length of keyA is greater than the length of keyB, return -1.
    // 8. If the length of keyB is greater than the length of keyA, return 1.
    // 9. Return 0.
    base_b.cmp(&base_a).then(b.len().cmp(&a.len()))
}

/// Whether a path split on "/" or "\" has a "", ".", "..", or "node_modules" segment (case
/// insensitive and including percent-encoded variants).
fn has_invalid_segment<'a>(mut segments: impl Iterator<Item = &'a str>) -> bool {
    segments.any(|segment| {
        let decoded = segment.to_ascii_lowercase().replace("%2e", ".");
        matches!(decoded.as_str(), "" | "." | ".." | "node_modules")
    })
}

/// PACKAGE_TARGET_RESOLVE(packageURL, target, patternMatch, isImports, conditions), for
/// `exports` (isImports false).
fn package_target_resolve(
    package_url: &Url,
    target: &Json,
    pattern_match: Option<&str>,
) -> Result<Target, String> {
    match target {
        // 1. If target is a String, then
        Json::String(target) => {
            // 1.1. If target does not start with "./", then
            //      1. If isImports is false, or if target starts with "../" or "/", or if
            //         target is a valid URL, then throw an Invalid Package Target error.
            if !target.starts_with("./") {
                return Err(format!(
                    "invalid package target \"{target}\": targets start with \"./\""
                ));
            }
            // 1.2. If target split on "/" or "\" contains any "", ".", "..", or
            //      "node_modules" segments after the first "." segment, case insensitive and
            //      including percent encoded variants, throw an Invalid Package Target error.
            if has_invalid_segment(target.split(['/', '\\']).skip(1)) {
                return Err(format!(
                    "invalid package target \"{target}\": an empty, \".\", \"..\" or \"node_modules\" segment"
                ));
            }
            // 1.3. Let resolvedTarget be the URL resolution of the concatenation of
            //      packageURL and target.
            // 1.4. Assert: packageURL is contained in resolvedTarget.
            // 1.5. If patternMatch is null, then return resolvedTarget.
            let Some(pattern_match) = pattern_match else {
                return join(package_url, target).map(Target::Url);
            };
            // 1.6. If patternMatch split on "/" or "\" contains any "", ".", "..", or
            //      "node_modules" segments, case insensitive and including percent encoded
            //      variants, throw an Invalid Module Specifier error.
            if has_invalid_segment(pattern_match.split(['/', '\\'])) {
                return Err(format!(
                    "\"{pattern_match}\" is not a valid subpath for \"{target}\": an empty, \".\", \"..\" or \"node_modules\" segment"
                ));
            }
            // 1.7. Return the URL resolution of resolvedTarget with every instance of "*"
            //      replaced with patternMatch.
            join(package_url, &target.replace('*', pattern_match)).map(Target::Url)
        }
        // 2. Otherwise, if target is a non-null Object, then
        Json::Object(members) => {
            // 2.1. If target contains any index property keys, as defined in ECMA-262 6.1.7
            //      Array Index, throw an Invalid Package Configuration error.
            if let Some((key, _)) = members.iter().find(|(k, _)| is_array_index(k)) {
                return Err(format!(
                    "invalid package configuration: the condition \"{key}\" is a number"
                ));
            }
            // 2.2. For each property p of target, in object insertion order as,
            for (p, target_value) in members {
                // 2.2.1. If p equals "default" or conditions contains an entry for p, then
                if p == "default" || CONDITIONS.contains(&p.as_str()) {
                    // 2.2.1.1. Let targetValue be the value of the p property in target.
                    // 2.2.1.2. Let resolved be the result of PACKAGE_TARGET_RESOLVE(
                    //          packageURL, targetValue, patternMatch, isImports, conditions).
                    let resolved =
                        package_target_resolve(package_url, target_value, pattern_match)?;
                    // 2.2.1.3. If resolved is equal to undefined, continue the loop.
                    // 2.2.1.4. Return resolved.
                    if resolved != Target::Undefined {
                        return Ok(resolved);
                    }
                }
            }
            // 2.3. Return undefined.
            Ok(Target::Undefined)
        }
        // 3. Otherwise, if target is an Array, then
        Json::Array(items) => {
            // 3.1. If target.length is zero, return null.
            // 3.2. For each item targetValue in target, do
            //      1. Let resolved be the result of PACKAGE_TARGET_RESOLVE(packageURL,
            //         targetValue, patternMatch, isImports, conditions), continuing the loop
            //         on any Invalid Package Target error.
            //      2. If resolved is undefined, continue the loop.
            //      3. Return resolved.
            // 3.3. Return or throw the last fallback resolution null return or error.
            // (As Node's implementation, a null result is a fallback too: the loop goes on.)
            let mut last = Ok(Target::Null);
            for target_value in items {
                match package_target_resolve(package_url, target_value, pattern_match) {
                    Ok(Target::Url(url)) => return Ok(Target::Url(url)),
                    Ok(Target::Undefined) => {}
                    other => last = other,
                }
            }
            last
        }
        // 4. Otherwise, if target is null, return null.
        Json::Null => Ok(Target::Null),
        // 5. Otherwise throw an Invalid Package Target error.
        other => Err(format!(
            "invalid package target: {} (targets are strings, objects, arrays or null)",
            other.kind()
        )),
    }
}

/// Whether `key` is an array index (ECMA-262 6.1.7): a canonical numeric string below 2³² − 1.
fn is_array_index(key: &str) -> bool {
    key.parse::<u32>()
        .is_ok_and(|n| n != u32::MAX && n.to_string() == key)
}

/// READ_PACKAGE_JSON(packageURL): the parsed `package.json` of a directory, or null without
/// one.
fn read_package_json(dir: &Path) -> Result<Json, String> {
    let path = dir.join("package.json");
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Json::Null),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    Json::parse(&text).map_err(|e| {
        format!(
            "{}:{}:{}: invalid package configuration: {e}",
            path.display(),
            e.line(),
            e.column()
        )
    })
}

/// The `file:` URL of a directory (with its trailing slash).
fn directory_url(dir: &Path) -> Result<Url, String> {
    Url::from_directory_path(dir).map_err(|()| format!("{} is not an absolute path", dir.display()))
}

fn join(base: &Url, relative: &str) -> Result<Url, String> {
    base.join(relative)
        .map_err(|e| format!("\"{relative}\" does not resolve against {base}: {e}"))
}

/// The format of a module file.
#[derive(Debug, PartialEq, Eq)]
pub enum Format {
    /// An ES module.
    Module,
    /// A CommonJS module, and why it is one.
    CommonJs(String),
    /// Decided by the source: an ES module if it has module syntax (import or export
    /// declarations, `import.meta`, top-level await), else CommonJS.
    Detect,
}

/// ESM_FILE_FORMAT(url) for a file of a package (a path with a `node_modules` directory in
/// it); `None` for other files, which are always ES modules (as in a browser). JSON is told
/// by the import's `type` attribute, so ".json" is not looked at here.
pub fn package_file_format(path: &Path) -> Result<Option<Format>, String> {
    if !path.components().any(|c| c.as_os_str() == "node_modules") {
        return Ok(None);
    }
    let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    // 2. If url ends in ".mjs", then return "module".
    if extension == "mjs" {
        return Ok(Some(Format::Module));
    }
    // 3. If url ends in ".cjs", then return "commonjs".
    if extension == "cjs" {
        return Ok(Some(Format::CommonJs("its name ends in .cjs".into())));
    }
    // 7. Let packageURL be the result of LOOKUP_PACKAGE_SCOPE(url).
    // 8. Let pjson be the result of READ_PACKAGE_JSON(packageURL).
    // 9. Let packageType be null.
    // 10. If pjson?.type is "module" or "commonjs", then set packageType to pjson.type.
    let scope = lookup_package_scope(path);
    let package_type = match &scope {
        Some(dir) => read_package_json(dir)?
            .get("type")
            .and_then(Json::as_str)
            .filter(|t| matches!(*t, "module" | "commonjs"))
            .map(str::to_owned),
        None => None,
    };
    // 11. If url ends in ".js", then
    //     1. If packageType is not null, then return packageType.
    //     2. If the result of DETECT_MODULE_SYNTAX(source) is true, then return "module".
    //     3. Return "commonjs".
    // 12-13. (No or another extension: the same.)
    Ok(Some(match package_type.as_deref() {
        Some("module") => Format::Module,
        Some(_) => Format::CommonJs(format!(
            "{} has \"type\": \"commonjs\"",
            scope.unwrap_or_default().join("package.json").display()
        )),
        None => Format::Detect,
    }))
}

/// LOOKUP_PACKAGE_SCOPE(url): the nearest directory above the file with a `package.json`,
/// stopping at a `node_modules` directory.
fn lookup_package_scope(path: &Path) -> Option<PathBuf> {
    // 1. Let scopeURL be url.
    // 2. While scopeURL is not the file system root,
    let mut scope = path;
    while let Some(parent) = scope.parent() {
        // 2.1. Set scopeURL to the parent URL of scopeURL.
        scope = parent;
        // 2.2. If scopeURL ends in a "node_modules" path segment, return null.
        if scope.file_name().is_some_and(|n| n == "node_modules") {
            return None;
        }
        // 2.3. Let pjsonURL be the resolution of "package.json" within scopeURL.
        // 2.4. If the file at pjsonURL exists, then return scopeURL.
        if scope.join("package.json").is_file() {
            return Some(scope.to_path_buf());
        }
    }
    // 3. Return null.
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A directory tree under the temporary directory, removed when dropped.
    struct Tree(PathBuf);

    impl Tree {
        fn new(name: &str, files: &[(&str, &str)]) -> Self {
            let root = std::env::temp_dir()
                .join(format!("taskhost-packages-{}-{name}", std::process::id()));
            let _ = std::fs::remove_dir_all(&root);
            for (path, text) in files {
                let path = root.join(path);
                std::fs::create_dir_all(path.parent().unwrap()).unwrap();
                std::fs::write(path, text).unwrap();
            }
            Self(root)
        }

        fn resolve(&self, specifier: &str, from: &str) -> Result<String, String> {
            package_resolve(specifier, &self.0.join(from)).map(|url| {
                let path = url.to_file_path().unwrap();
                path.strip_prefix(&self.0).unwrap().display().to_string()
            })
        }
    }

    impl Drop for Tree {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    #[test]
    fn exports_string_conditions_and_subpaths() {
        let tree = Tree::new(
            "exports",
            &[
                (
                    "node_modules/a/package.json",
                    r#"{"exports": "./main.js", "main": "./legacy.js"}"#,
                ),
                (
                    "node_modules/b/package.json",
                    r#"{"exports": {".": {"types": "./b.d.ts", "node": "./node.js", "require": "./b.cjs", "browser": "./browser.js", "default": "./b.js"}, "./sub": {"import": "./sub.mjs", "default": "./sub.cjs"}, "./feature/*.js": "./src/feature/*.js", "./feature/internal/*": null, "./package.json": "./package.json"}}"#,
                ),
                (
                    "node_modules/c/package.json",
                    r#"{"exports": {"default": "./c-default.js", "import": "./c.mjs"}}"#,
                ),
                (
                    "node_modules/d/package.json",
                    r#"{"exports": [{"worker": "./w.js"}, "./fallback.js"]}"#,
                ),
            ],
        );
        assert_eq!(tree.resolve("a", "src").unwrap(), "node_modules/a/main.js");
        assert_eq!(
            tree.resolve("b", "src").unwrap(),
            "node_modules/b/browser.js"
        );
        assert_eq!(
            tree.resolve("b/sub", "src").unwrap(),
            "node_modules/b/sub.mjs"
        );
        assert_eq!(
            tree.resolve("b/feature/x/y.js", "src").unwrap(),
            "node_modules/b/src/feature/x/y.js"
        );
        assert_eq!(
            tree.resolve("b/package.json", "src").unwrap(),
            "node_modules/b/package.json"
        );
        // Conditions are tried in the order of the object: "default" first wins.
        assert_eq!(
            tree.resolve("c", "src").unwrap(),
            "node_modules/c/c-default.js"
        );
        assert_eq!(
            tree.resolve("d", "src").unwrap(),
            "node_modules/d/fallback.js"
        );
        let error = tree.resolve("b/other", "src").unwrap_err();
        assert!(
            error.contains("package \"b\" exports no \"./other\" for the conditions taskhost matches (import, browser, default)"),
            "{error}"
        );
        assert!(error.contains("node_modules/b/package.json"), "{error}");
        assert!(tree.resolve("b/feature/internal/x", "src").is_err());
        assert!(tree.resolve("b/feature/../x.js", "src").is_err());
        assert!(tree.resolve("a/main.js", "src").is_err());
    }

    #[test]
    fn invalid_exports_are_errors() {
        let tree = Tree::new(
            "invalid",
            &[
                (
                    "node_modules/mixed/package.json",
                    r#"{"exports": {".": "./a.js", "import": "./b.js"}}"#,
                ),
                ("node_modules/up/package.json", r#"{"exports": "../x.js"}"#),
                (
                    "node_modules/num/package.json",
                    r#"{"exports": {"0": "./x.js"}}"#,
                ),
                ("node_modules/json/package.json", "{\"exports\": }"),
            ],
        );
        assert!(tree.resolve("mixed", "").unwrap_err().contains("are mixed"));
        assert!(
            tree.resolve("up", "")
                .unwrap_err()
                .contains("invalid package target \"../x.js\"")
        );
        assert!(
            tree.resolve("num", "")
                .unwrap_err()
                .contains("\"0\" is a number")
        );
        assert!(
            tree.resolve("json", "")
                .unwrap_err()
                .contains("package.json:1:13: invalid package configuration")
        );
    }

    #[test]
    fn legacy_entry_points() {
        let tree = Tree::new(
            "legacy",
            &[
                (
                    "node_modules/m/package.json",
                    r#"{"module": "./esm/index.js", "main": "./cjs/index.js"}"#,
                ),
                ("node_modules/m/esm/index.js", ""),
                ("node_modules/main/package.json", r#"{"main": "lib"}"#),
                ("node_modules/main/lib/index.js", ""),
                ("node_modules/bare/index.js", ""),
                ("node_modules/bare/util/x.js", ""),
                ("node_modules/none/package.json", "{}"),
                ("node_modules/gone/package.json", r#"{"main": "./gone.js"}"#),
            ],
        );
        assert_eq!(
            tree.resolve("m", "").unwrap(),
            "node_modules/m/esm/index.js"
        );
        assert_eq!(
            tree.resolve("main", "").unwrap(),
            "node_modules/main/lib/index.js"
        );
        assert_eq!(
            tree.resolve("bare", "").unwrap(),
            "node_modules/bare/index.js"
        );
        assert_eq!(
            tree.resolve("bare/util/x.js", "").unwrap(),
            "node_modules/bare/util/x.js"
        );
        assert!(
            tree.resolve("none", "")
                .unwrap_err()
                .contains("has no entry point")
        );
        assert!(
            tree.resolve("gone", "")
                .unwrap_err()
                .contains("\"./gone.js\", names no file")
        );
    }

    #[test]
    fn scoped_packages_and_walking_up() {
        let tree = Tree::new(
            "scoped",
            &[
                (
                    "node_modules/@s/p/package.json",
                    r#"{"exports": {"./x": "./x.js", ".": "./p.js"}}"#,
                ),
                ("app/node_modules/near/index.js", ""),
                ("app/src/deep/file.js", ""),
            ],
        );
        assert_eq!(
            tree.resolve("@s/p", "app/src/deep").unwrap(),
            "node_modules/@s/p/p.js"
        );
        assert_eq!(
            tree.resolve("@s/p/x", "app/src/deep").unwrap(),
            "node_modules/@s/p/x.js"
        );
        assert_eq!(
            tree.resolve("near", "app/src/deep").unwrap(),
            "app/node_modules/near/index.js"
        );
        assert!(tree.resolve("near", "").is_err());
        let missing = tree.resolve("@s/q", "app").unwrap_err();
        assert!(
            missing.starts_with("no package \"@s/q\" in node_modules of "),
            "{missing}"
        );
        assert!(tree.resolve("@s", "").unwrap_err().contains("@scope/name"));
        assert!(tree.resolve("@/x", "").unwrap_err().contains("empty"));
        assert!(tree.resolve(".hidden", "").is_err());
        assert!(tree.resolve("a%20b", "").is_err());
    }

    #[test]
    fn pattern_keys_order_by_specificity() {
        let mut keys = vec!["./*", "./a/*.js", "./a/*", "./a/b/*"];
        keys.sort_by(|a, b| pattern_key_compare(a, b));
        assert_eq!(keys, ["./a/b/*", "./a/*.js", "./a/*", "./*"]);
    }

    #[test]
    fn file_formats_in_packages() {
        let tree = Tree::new(
            "formats",
            &[
                ("node_modules/esm/package.json", r#"{"type": "module"}"#),
                ("node_modules/cjs/package.json", r#"{"type": "commonjs"}"#),
                ("node_modules/plain/package.json", r#"{"name": "plain"}"#),
                ("node_modules/esm/node_modules/x/a.js", ""),
            ],
        );
        let format = |p: &str| package_file_format(&tree.0.join(p)).unwrap();
        assert_eq!(format("src/a.js"), None);
        assert_eq!(format("node_modules/esm/a.js"), Some(Format::Module));
        assert_eq!(
            format("node_modules/esm/lib/a.cjs"),
            Some(Format::CommonJs("its name ends in .cjs".into()))
        );
        assert_eq!(format("node_modules/plain/a.mjs"), Some(Format::Module));
        assert_eq!(format("node_modules/plain/lib/a.js"), Some(Format::Detect));
        assert!(
            matches!(format("node_modules/cjs/a.js"), Some(Format::CommonJs(why)) if why.contains("\"type\": \"commonjs\""))
        );
        // The scope lookup stops at node_modules: x has no package.json of its own.
        assert_eq!(
            format("node_modules/esm/node_modules/x/a.js"),
            Some(Format::Detect)
        );
    }
}
