//! Import maps (HTML §8.1.5.3 "Import maps"): parsing an import map string into sorted,
//! normalized specifier maps and scopes, and "resolve an imports match".
//!
//! Keys are compared and sorted by UTF-16 code units, as the standard says. The one map a run
//! has comes from `taskhost run --import-map FILE`, its base URL the file's `file:` URL (as an
//! external import map's would be its own URL).

use std::cmp::Ordering;

use url::Url;

use super::json::Json;

/// A specifier map: normalized specifier keys to addresses (`None`: blocked by a null or
/// invalid entry), sorted by key in descending code-unit order.
pub type SpecifierMap = Vec<(String, Option<Url>)>;

/// An import map (HTML "import map": imports, scopes and integrity).
#[derive(Clone, Debug, Default)]
pub struct ImportMap {
    pub imports: SpecifierMap,
    /// Normalized scope prefixes to their specifier maps, sorted by prefix in descending
    /// code-unit order.
    pub scopes: Vec<(String, SpecifierMap)>,
    /// Module URLs to integrity metadata. Deviation: parsed and checked, but unused: files are
    /// not fetched with integrity checks.
    pub integrity: Vec<(Url, String)>,
}

/// The standard's "sort in descending order, with a less than b if a's key is code unit less
/// than b's key".
fn descending_by_code_units<T>(entries: &mut [(String, T)]) {
    entries.sort_by(|(a, _), (b, _)| code_unit_order(b, a));
}

fn code_unit_order(a: &str, b: &str) -> Ordering {
    a.encode_utf16().cmp(b.encode_utf16())
}

/// Set `map[key]` to `value` (an ordered map's set: an existing key keeps its place).
fn set<T>(map: &mut Vec<(String, T)>, key: String, value: T) {
    match map.iter_mut().find(|(k, _)| *k == key) {
        Some(entry) => entry.1 = value,
        None => map.push((key, value)),
    }
}

/// HTML "resolve a URL-like module specifier", given specifier and baseURL:
/// 1. If specifier starts with "/", "./", or "../", then:
///    1. Let url be the result of URL parsing specifier with baseURL.
///    2. If url is failure, then return null.
///    3. Return url.
/// 2. Let url be the result of URL parsing specifier (with no base URL).
/// 3. If url is failure, then return null.
/// 4. Return url.
pub fn resolve_url_like(specifier: &str, base: &Url) -> Option<Url> {
    if specifier.starts_with('/') || specifier.starts_with("./") || specifier.starts_with("../") {
        return base.join(specifier).ok();
    }
    Url::parse(specifier).ok()
}

impl ImportMap {
    /// HTML "parse an import map string", given input and baseURL. Errors are the standard's
    /// exceptions (a SyntaxError for JSON text, TypeErrors for the shape); `warnings` gets what
    /// the standard reports to the console.
    pub fn parse(input: &str, base: &Url, warnings: &mut Vec<String>) -> Result<Self, String> {
        // 1. Let parsed be the result of parsing a JSON string to an Infra value given input.
        let parsed = Json::parse(input).map_err(|e| {
            format!(
                "{}:{}: invalid JSON: {}",
                e.line(),
                e.column(),
                strip_position(&e.to_string())
            )
        })?;
        // 2. If parsed is not an ordered map, then throw a TypeError indicating that the
        //    top-level value needs to be a JSON object.
        let Some(members) = parsed.as_object() else {
            return Err(format!(
                "the top-level value needs to be a JSON object, not {}",
                parsed.kind()
            ));
        };
        // 3. Let sortedAndNormalizedImports be an empty ordered map.
        let mut imports = SpecifierMap::new();
        // 4. If parsed["imports"] exists, then:
        if let Some(value) = parsed.get("imports") {
            // 4.1. If parsed["imports"] is not an ordered map, then throw a TypeError
            //      indicating that the value for the "imports" top-level key needs to be a
            //      JSON object.
            let Some(map) = value.as_object() else {
                return Err(format!(
                    "the value of \"imports\" needs to be a JSON object, not {}",
                    value.kind()
                ));
            };
            // 4.2. Set sortedAndNormalizedImports to the result of sorting and normalizing a
            //      module specifier map given parsed["imports"] and baseURL.
            imports = sort_and_normalize_specifier_map(map, base, warnings);
        }
        // 5. Let sortedAndNormalizedScopes be an empty ordered map.
        let mut scopes = Vec::new();
        // 6. If parsed["scopes"] exists, then:
        if let Some(value) = parsed.get("scopes") {
            // 6.1. If parsed["scopes"] is not an ordered map, then throw a TypeError
            //      indicating that the value for the "scopes" top-level key needs to be a
            //      JSON object.
            let Some(map) = value.as_object() else {
                return Err(format!(
                    "the value of \"scopes\" needs to be a JSON object, not {}",
                    value.kind()
                ));
            };
            // 6.2. Set sortedAndNormalizedScopes to the result of sorting and normalizing
            //      scopes given parsed["scopes"] and baseURL.
            scopes = sort_and_normalize_scopes(map, base, warnings)?;
        }
        // 7. Let normalizedIntegrity be an empty ordered map.
        let mut integrity = Vec::new();
        // 8. If parsed["integrity"] exists, then:
        if let Some(value) = parsed.get("integrity") {
            // 8.1. If parsed["integrity"] is not an ordered map, then throw a TypeError
            //      indicating that the value for the "integrity" top-level key needs to be a
            //      JSON object.
            let Some(map) = value.as_object() else {
                return Err(format!(
                    "the value of \"integrity\" needs to be a JSON object, not {}",
                    value.kind()
                ));
            };
            // 8.2. Set normalizedIntegrity to the result of normalizing a module integrity
            //      map given parsed["integrity"] and baseURL.
            integrity = normalize_integrity(map, base, warnings);
        }
        // 9. If parsed's keys contains any items besides "imports", "scopes", or
        //    "integrity", then the user agent should report a warning to the console
        //    indicating that an invalid top-level key was present in the import map.
        for (key, _) in members {
            if !matches!(key.as_str(), "imports" | "scopes" | "integrity") {
                warnings.push(format!(
                    "invalid top-level key \"{key}\" (an import map has \"imports\", \"scopes\" and \"integrity\")"
                ));
            }
        }
        // 10. Return an import map whose imports are sortedAndNormalizedImports, whose scopes
        //     are sortedAndNormalizedScopes, and whose integrity are normalizedIntegrity.
        Ok(Self {
            imports,
            scopes,
            integrity,
        })
    }
}

/// serde_json's message without its trailing " at line L column C" (the position leads).
fn strip_position(message: &str) -> &str {
    message
        .rfind(" at line ")
        .map_or(message, |at| &message[..at])
}

/// HTML "sort and normalize a module specifier map", given originalMap and baseURL.
fn sort_and_normalize_specifier_map(
    original: &[(String, Json)],
    base: &Url,
    warnings: &mut Vec<String>,
) -> SpecifierMap {
    // 1. Let normalized be an empty ordered map.
    let mut normalized = SpecifierMap::new();
    // 2. For each specifierKey → value of originalMap:
    for (specifier_key, value) in original {
        // 2.1. Let normalizedSpecifierKey be the result of normalizing a specifier key given
        //      specifierKey and baseURL.
        // 2.2. If normalizedSpecifierKey is null, then continue.
        let Some(normalized_key) = normalize_specifier_key(specifier_key, base, warnings) else {
            continue;
        };
        // 2.3. If value is not a string, then: report a warning that addresses need to be
        //      strings; set normalized[normalizedSpecifierKey] to null; continue.
        //      (A null value is the usual way to block a specifier: no warning for it.)
        let Some(value) = value.as_str() else {
            if *value != Json::Null {
                warnings.push(format!(
                    "the address of \"{specifier_key}\" needs to be a string, not {}; the specifier is blocked",
                    value.kind()
                ));
            }
            set(&mut normalized, normalized_key, None);
            continue;
        };
        // 2.4. Let addressURL be the result of resolving a URL-like module specifier given
        //      value and baseURL.
        // 2.5. If addressURL is null, then: report a warning that the address was invalid;
        //      set normalized[normalizedSpecifierKey] to null; continue.
        let Some(address) = resolve_url_like(value, base) else {
            warnings.push(format!(
                "the address \"{value}\" of \"{specifier_key}\" is not a URL or a path starting with \"/\", \"./\" or \"../\"; the specifier is blocked"
            ));
            set(&mut normalized, normalized_key, None);
            continue;
        };
        // 2.6. If specifierKey ends with U+002F (/), and the serialization of addressURL does
        //      not end with U+002F (/), then: report a warning that since specifierKey ends
        //      in a slash, the address needs to as well; set
        //      normalized[normalizedSpecifierKey] to null; continue.
        if specifier_key.ends_with('/') && !address.as_str().ends_with('/') {
            warnings.push(format!(
                "the address \"{value}\" of \"{specifier_key}\" needs to end with \"/\" as the key does; the specifier is blocked"
            ));
            set(&mut normalized, normalized_key, None);
            continue;
        }
        // 2.7. Set normalized[normalizedSpecifierKey] to addressURL.
        set(&mut normalized, normalized_key, Some(address));
    }
    // 3. Return the result of sorting in descending order normalized, with an entry a being
    //    less than an entry b if a's key is code unit less than b's key.
    descending_by_code_units(&mut normalized);
    normalized
}

/// HTML "normalize a specifier key", given specifierKey and baseURL.
fn normalize_specifier_key(key: &str, base: &Url, warnings: &mut Vec<String>) -> Option<String> {
    // 1. If specifierKey is the empty string, then: report a warning that specifier keys may
    //    not be the empty string; return null.
    if key.is_empty() {
        warnings.push("specifier keys may not be the empty string; the entry is ignored".into());
        return None;
    }
    // 2. Let url be the result of resolving a URL-like module specifier, given specifierKey
    //    and baseURL.
    // 3. If url is not null, then return the serialization of url.
    // 4. Return specifierKey.
    Some(resolve_url_like(key, base).map_or_else(|| key.to_owned(), String::from))
}

/// HTML "sort and normalize scopes", given originalMap and baseURL.
fn sort_and_normalize_scopes(
    original: &[(String, Json)],
    base: &Url,
    warnings: &mut Vec<String>,
) -> Result<Vec<(String, SpecifierMap)>, String> {
    // 1. Let normalized be an empty ordered map.
    let mut normalized = Vec::new();
    // 2. For each scopePrefix → potentialSpecifierMap of originalMap:
    for (scope_prefix, potential) in original {
        // 2.1. If potentialSpecifierMap is not an ordered map, then throw a TypeError
        //      indicating that the value of the scope with prefix scopePrefix needs to be a
        //      JSON object.
        let Some(map) = potential.as_object() else {
            return Err(format!(
                "the value of the scope \"{scope_prefix}\" needs to be a JSON object, not {}",
                potential.kind()
            ));
        };
        // 2.2. Let scopePrefixURL be the result of URL parsing scopePrefix with baseURL.
        // 2.3. If scopePrefixURL is failure, then: report a warning that the scope prefix URL
        //      was not parseable; continue.
        let Ok(prefix_url) = base.join(scope_prefix) else {
            warnings.push(format!(
                "the scope prefix \"{scope_prefix}\" is not a URL; the scope is ignored"
            ));
            continue;
        };
        // 2.4. Let normalizedScopePrefix be the serialization of scopePrefixURL.
        // 2.5. Set normalized[normalizedScopePrefix] to the result of sorting and normalizing
        //      a module specifier map given potentialSpecifierMap and baseURL.
        let specifier_map = sort_and_normalize_specifier_map(map, base, warnings);
        set(&mut normalized, prefix_url.into(), specifier_map);
    }
    // 3. Return the result of sorting in descending order normalized, with an entry a being
    //    less than an entry b if a's key is code unit less than b's key.
    descending_by_code_units(&mut normalized);
    Ok(normalized)
}

/// HTML "normalize a module integrity map", given originalMap and baseURL.
fn normalize_integrity(
    original: &[(String, Json)],
    base: &Url,
    warnings: &mut Vec<String>,
) -> Vec<(Url, String)> {
    // 1. Let normalized be an empty ordered map.
    let mut normalized: Vec<(Url, String)> = Vec::new();
    // 2. For each key → value of originalMap:
    for (key, value) in original {
        // 2.1. Let resolvedURL be the result of resolving a URL-like module specifier given
        //      key and baseURL.
        // 2.2. If resolvedURL is null, then: report a warning that the key failed to resolve;
        //      continue.
        let Some(url) = resolve_url_like(key, base) else {
            warnings.push(format!(
                "the integrity key \"{key}\" is not a URL or a path starting with \"/\", \"./\" or \"../\"; it is ignored"
            ));
            continue;
        };
        // 2.3. If value is not a string, then: report a warning that integrity metadata
        //      values need to be strings; continue.
        let Some(value) = value.as_str() else {
            warnings.push(format!(
                "the integrity of \"{key}\" needs to be a string, not {}; it is ignored",
                value.kind()
            ));
            continue;
        };
        // 2.4. Set normalized[resolvedURL] to value.
        match normalized.iter_mut().find(|(u, _)| *u == url) {
            Some(entry) => entry.1 = value.to_owned(),
            None => normalized.push((url, value.to_owned())),
        }
    }
    // 3. Return normalized.
    normalized
}

/// Why resolving through a specifier map failed.
#[derive(Debug, PartialEq, Eq)]
pub enum MatchError {
    /// The entry for this key is null (or was invalid).
    Blocked { key: String },
    /// The part after a prefix key does not parse as a URL relative to the prefix's address.
    Unparsable { key: String },
    /// The part after a prefix key backtracks above the prefix's address.
    Backtracks { key: String },
}

/// HTML "resolve an imports match", given a string normalizedSpecifier, a URL-or-null asURL,
/// and a module specifier map specifierMap.
pub fn resolve_imports_match(
    normalized_specifier: &str,
    as_url: Option<&Url>,
    specifier_map: &SpecifierMap,
) -> Result<Option<Url>, MatchError> {
    // 1. For each specifierKey → resolutionResult of specifierMap:
    for (specifier_key, resolution_result) in specifier_map {
        // 1.1. If specifierKey is normalizedSpecifier, then:
        if specifier_key == normalized_specifier {
            // 1.1.1. If resolutionResult is null, then throw a TypeError indicating that
            //        resolution of specifierKey was blocked by a null entry.
            // 1.1.2. Assert: resolutionResult is a URL.
            // 1.1.3. Return resolutionResult.
            return match resolution_result {
                Some(url) => Ok(Some(url.clone())),
                None => Err(MatchError::Blocked {
                    key: specifier_key.clone(),
                }),
            };
        }
        // 1.2. If all of the following are true: specifierKey ends with U+002F (/);
        //      specifierKey is a code unit prefix of normalizedSpecifier; and either asURL is
        //      null, or asURL is special, then:
        if specifier_key.ends_with('/')
            && normalized_specifier.starts_with(specifier_key.as_str())
            && as_url.is_none_or(Url::is_special)
        {
            // 1.2.1. If resolutionResult is null, then throw a TypeError indicating that the
            //        resolution of specifierKey was blocked by a null entry.
            // 1.2.2. Assert: resolutionResult is a URL.
            let Some(resolution_result) = resolution_result else {
                return Err(MatchError::Blocked {
                    key: specifier_key.clone(),
                });
            };
            // 1.2.3. Let afterPrefix be the portion of normalizedSpecifier after the initial
            //        specifierKey prefix.
            let after_prefix = &normalized_specifier[specifier_key.len()..];
            // 1.2.4. Assert: resolutionResult, serialized, ends with U+002F (/), as enforced
            //        during parsing.
            // 1.2.5. Let url be the result of URL parsing afterPrefix with resolutionResult.
            // 1.2.6. If url is failure, then throw a TypeError indicating that resolution of
            //        normalizedSpecifier was blocked since the afterPrefix portion could not
            //        be URL-parsed relative to the resolutionResult mapped to by the
            //        specifierKey prefix.
            // 1.2.7. Assert: url is a URL.
            let Ok(url) = resolution_result.join(after_prefix) else {
                return Err(MatchError::Unparsable {
                    key: specifier_key.clone(),
                });
            };
            // 1.2.8. If the serialization of resolutionResult is not a code unit prefix of
            //        the serialization of url, then throw a TypeError indicating that the
            //        resolution of normalizedSpecifier was blocked due to it backtracking
            //        above its prefix specifierKey.
            if !url.as_str().starts_with(resolution_result.as_str()) {
                return Err(MatchError::Backtracks {
                    key: specifier_key.clone(),
                });
            }
            // 1.2.9. Return url.
            return Ok(Some(url));
        }
    }
    // 2. Return null.
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn base() -> Url {
        Url::parse("file:///app/importmap.json").unwrap()
    }

    fn parse(text: &str) -> (ImportMap, Vec<String>) {
        let mut warnings = Vec::new();
        let map = ImportMap::parse(text, &base(), &mut warnings).unwrap();
        (map, warnings)
    }

    fn parse_error(text: &str) -> String {
        ImportMap::parse(text, &base(), &mut Vec::new()).unwrap_err()
    }

    fn keys(map: &SpecifierMap) -> Vec<&str> {
        map.iter().map(|(k, _)| k.as_str()).collect()
    }

    #[test]
    fn keys_are_normalized_and_sorted_longest_prefix_first() {
        let (map, warnings) = parse(
            r#"{"imports": {"a": "./a.js", "a/": "./a/", "a/b/": "./ab/", "./rel.js": "/abs.js"}}"#,
        );
        assert!(warnings.is_empty());
        assert_eq!(
            keys(&map.imports),
            ["file:///app/rel.js", "a/b/", "a/", "a"]
        );
        assert_eq!(
            map.imports[3].1.as_ref().unwrap().as_str(),
            "file:///app/a.js"
        );
        assert_eq!(
            map.imports[0].1.as_ref().unwrap().as_str(),
            "file:///abs.js"
        );
    }

    #[test]
    fn invalid_entries_are_blocked_with_warnings() {
        let (map, warnings) = parse(
            r#"{"imports": {"n": 1, "bare": "lodash", "slash/": "./no-slash", "": "./e.js", "null": null}, "extra": 1}"#,
        );
        assert_eq!(keys(&map.imports), ["slash/", "null", "n", "bare"]);
        assert!(map.imports.iter().all(|(_, v)| v.is_none()));
        assert_eq!(warnings.len(), 5, "{warnings:?}");
        assert!(warnings[4].contains("\"extra\""));
    }

    #[test]
    fn shape_errors_are_errors() {
        assert_eq!(
            parse_error("[]"),
            "the top-level value needs to be a JSON object, not an array"
        );
        assert!(
            parse_error(r#"{"imports": []}"#).contains("\"imports\" needs to be a JSON object")
        );
        assert!(parse_error(r#"{"scopes": 1}"#).contains("\"scopes\" needs to be a JSON object"));
        assert!(
            parse_error(r#"{"scopes": {"/x/": "y"}}"#)
                .contains("the scope \"/x/\" needs to be a JSON object, not a string")
        );
        assert!(parse_error(r#"{"integrity": null}"#).contains("\"integrity\""));
        let json = parse_error("{\n \"imports\": {,}\n}");
        assert!(json.starts_with("2:14: invalid JSON: "), "{json}");
    }

    #[test]
    fn scopes_are_normalized_against_the_base() {
        let (map, _) = parse(r#"{"scopes": {"./vendor/": {"a": "./v/a.js"}, "/": {}}}"#);
        let prefixes: Vec<_> = map.scopes.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(prefixes, ["file:///app/vendor/", "file:///"]);
    }

    #[test]
    fn integrity_is_normalized() {
        let (map, warnings) =
            parse(r#"{"integrity": {"./a.js": "sha384-x", "bare": "sha384-y", "./b.js": 1}}"#);
        assert_eq!(map.integrity.len(), 1);
        assert_eq!(map.integrity[0].0.as_str(), "file:///app/a.js");
        assert_eq!(warnings.len(), 2);
    }

    #[test]
    fn imports_match_exact_and_prefix_keys() {
        let (map, _) = parse(
            r#"{"imports": {"pkg": "./p/index.js", "pkg/": "./p/", "blocked": null, "https://cdn.example/": "./cdn/"}}"#,
        );
        let m = |s: &str, u: Option<&Url>| resolve_imports_match(s, u, &map.imports);
        assert_eq!(
            m("pkg", None).unwrap().unwrap().as_str(),
            "file:///app/p/index.js"
        );
        assert_eq!(
            m("pkg/sub/x.js", None).unwrap().unwrap().as_str(),
            "file:///app/p/sub/x.js"
        );
        assert_eq!(m("pkgx", None), Ok(None));
        assert_eq!(
            m("blocked", None),
            Err(MatchError::Blocked {
                key: "blocked".into()
            })
        );
        assert_eq!(
            m("pkg/../../etc.js", None),
            Err(MatchError::Backtracks { key: "pkg/".into() })
        );
        let cdn = Url::parse("https://cdn.example/lib.js").unwrap();
        assert_eq!(
            m(cdn.as_str(), Some(&cdn)).unwrap().unwrap().as_str(),
            "file:///app/cdn/lib.js"
        );
    }

    #[test]
    fn prefix_keys_do_not_apply_to_non_special_urls() {
        let (map, _) = parse(r#"{"imports": {"data:text/": "./d/"}}"#);
        let data = Url::parse("data:text/javascript,1").unwrap();
        assert_eq!(
            resolve_imports_match(data.as_str(), Some(&data), &map.imports),
            Ok(None)
        );
    }

    #[test]
    fn keys_sort_by_utf16_code_units() {
        // U+1F600 sorts above U+FF5E by code points, below it by UTF-16 code units (its first
        // code unit is the surrogate 0xD83D).
        let (map, _) = parse(r#"{"imports": {"\uff5e": "./a.js", "\ud83d\ude00": "./b.js"}}"#);
        assert_eq!(keys(&map.imports), ["\u{ff5e}", "\u{1f600}"]);
    }
}
