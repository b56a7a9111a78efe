//! Which discovered tests run, as wptrunner chooses them: `--include`/`--exclude` rules
//! (`testloader.TestFilter` over `manifestinclude.IncludeManifest`) and the chunkers of
//! `--this-chunk`/`--total-chunks` (`testloader.HashChunker` and its kinds).
//!
//! Invariants:
//! - A rule is a test URL, a URL directory prefix (matched by whole path components, a `?query`
//!   being a component of its own) or a test file (all its variants). The deepest rule that
//!   matches a test decides; at equal depth an exclude wins (wptrunner adds excludes after
//!   includes). A test no rule matches runs unless there are include rules.
//! - Every test is in exactly one of the chunks `1..=total`: `md5(key) % total + 1`, where the
//!   key is the test file's path from the WPT root (`hash`), its directory (`dir_hash`,
//!   wptrunner's default when `--total-chunks` is over 1) or the test's URL (`id_hash`). With
//!   `hash` and `dir_hash` the variants of one file stay together.

use std::path::{Path, PathBuf};

use super::manifest::TestVariant;
use super::md5::digest_number;

/// Whether a rule adds tests or removes them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Direction {
    Include,
    Exclude,
}

/// What a rule names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// URL path components from the WPT root: a directory prefix or a test URL (a `?query`
    /// or `#fragment` is a last component of its own).
    Url(Vec<String>),
    /// A test file on disk (canonical), standing for all its variants.
    File(PathBuf),
}

/// One `--include`/`--exclude` entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule {
    pub direction: Direction,
    pub target: Target,
    /// Where the rule came from, for messages: `--include /x/` or `list.txt:3: /x/`.
    pub origin: String,
}

/// The URL components of a test name: `/a/b.any.html?x` → `a`, `b.any.html`, `?x`.
#[must_use]
pub fn url_components(url: &str) -> Vec<String> {
    let (path, variant) = match url.find(['?', '#']) {
        Some(at) => (&url[..at], Some(&url[at..])),
        None => (url, None),
    };
    let mut out: Vec<String> = path
        .split('/')
        .filter(|c| !c.is_empty())
        .map(str::to_owned)
        .collect();
    if let Some(v) = variant.filter(|v| v.len() > 1) {
        out.push(v.to_owned());
    }
    out
}

/// What an entry names: an existing file or directory (relative to the working directory,
/// else to the WPT root), else a URL from the WPT root.
pub fn resolve(entry: &str, root: &Path, cwd: &Path) -> Result<Target, String> {
    let entry = entry.trim();
    if entry.is_empty() {
        return Err("an empty test path".into());
    }
    let candidates = [cwd.join(entry), root.join(entry.trim_start_matches('/'))];
    let mut outside = None;
    for candidate in candidates {
        let Ok(path) = std::fs::canonicalize(&candidate) else {
            continue;
        };
        let Ok(relative) = path.strip_prefix(root) else {
            outside.get_or_insert(path);
            continue;
        };
        if path.is_file() {
            return Ok(Target::File(path));
        }
        return Ok(Target::Url(
            relative
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect(),
        ));
    }
    if let Some(path) = outside {
        return Err(format!(
            "{} is outside the WPT root {}",
            path.display(),
            root.display()
        ));
    }
    Ok(Target::Url(url_components(entry)))
}

/// Read an `--include-file`: one test path or URL a line; blank lines and lines starting with
/// `#` are skipped. Each entry with its `file:line`.
pub fn read_list(path: &Path) -> Result<Vec<(String, String)>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Ok(text
        .lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'))
        .map(|(n, line)| (line.to_owned(), format!("{}:{n}", path.display())))
        .collect())
}

impl Rule {
    /// How deep the rule matches `variant` (its number of components), or `None`.
    #[must_use]
    pub fn depth(&self, variant: &TestVariant, root: &Path) -> Option<usize> {
        match &self.target {
            Target::Url(components) => {
                let test = url_components(&variant.name);
                test.starts_with(components).then_some(components.len())
            }
            Target::File(path) => (variant.path == *path).then(|| {
                path.strip_prefix(root)
                    .map_or(0, |relative| relative.components().count())
            }),
        }
    }

    /// The directory or file to discover tests in for an include rule: the file, or the
    /// deepest existing directory of the URL.
    #[must_use]
    pub fn discovery_path(&self, root: &Path) -> PathBuf {
        match &self.target {
            Target::File(path) => path.clone(),
            Target::Url(components) => {
                let mut dir = root.to_owned();
                for c in components {
                    let next = dir.join(c);
                    if !next.is_dir() {
                        break;
                    }
                    dir = next;
                }
                dir
            }
        }
    }
}

/// Whether the rules select `variant`.
#[must_use]
pub fn selected(variant: &TestVariant, rules: &[Rule], root: &Path) -> bool {
    let mut best: Option<(usize, Direction)> = None;
    for rule in rules {
        if let Some(depth) = rule.depth(variant, root) {
            let wins = match best {
                None => true,
                Some((d, _)) if depth > d => true,
                Some((d, _)) if depth == d => rule.direction == Direction::Exclude,
                Some(_) => false,
            };
            if wins {
                best = Some((depth, rule.direction));
            }
        }
    }
    match best {
        Some((_, direction)) => direction == Direction::Include,
        None => !rules.iter().any(|r| r.direction == Direction::Include),
    }
}

/// Where to look for tests: the PATHs, narrowed to the include rules' directories and files
/// when there are include rules (so `--include /scheduler/` does not walk the whole root).
#[must_use]
pub fn discovery_paths(paths: &[PathBuf], rules: &[Rule], root: &Path) -> Vec<PathBuf> {
    let includes: Vec<PathBuf> = rules
        .iter()
        .filter(|r| r.direction == Direction::Include)
        .map(|r| r.discovery_path(root))
        .collect();
    if includes.is_empty() {
        return paths.to_vec();
    }
    let mut out = Vec::new();
    for path in paths {
        for include in &includes {
            let narrower = if include.starts_with(path) {
                include
            } else if path.starts_with(include) {
                path
            } else {
                continue;
            };
            if !out.contains(narrower) {
                out.push(narrower.clone());
            }
        }
    }
    out
}

/// Keep the variants the rules select; an include rule that matches no discovered test is an
/// error.
pub fn apply_rules(
    variants: Vec<TestVariant>,
    rules: &[Rule],
    root: &Path,
) -> Result<Vec<TestVariant>, String> {
    for rule in rules.iter().filter(|r| r.direction == Direction::Include) {
        if !variants.iter().any(|v| rule.depth(v, root).is_some()) {
            return Err(format!("{}: no test matches it", rule.origin));
        }
    }
    Ok(variants
        .into_iter()
        .filter(|v| selected(v, rules, root))
        .collect())
}

/// wptrunner's `--chunk-type`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ChunkType {
    /// One chunk (`--total-chunks 1` only).
    None,
    /// By the test file's path (`PathHashChunker`).
    Hash,
    /// By the test's URL (`IDHashChunker`).
    IdHash,
    /// By the test file's directory (`DirectoryHashChunker`).
    DirHash,
}

impl ChunkType {
    /// Parse a `--chunk-type` value.
    #[must_use]
    pub fn parse(text: &str) -> Option<Self> {
        Some(match text {
            "none" => Self::None,
            "hash" => Self::Hash,
            "id_hash" => Self::IdHash,
            "dir_hash" => Self::DirHash,
            _ => return None,
        })
    }
}

/// `--this-chunk N --total-chunks M`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Chunking {
    pub this: u32,
    pub total: u32,
    /// `None`: wptrunner's default (`dir_hash` when `total` is over 1).
    pub kind: Option<ChunkType>,
}

impl Default for Chunking {
    fn default() -> Self {
        Self {
            this: 1,
            total: 1,
            kind: None,
        }
    }
}

impl Chunking {
    /// Check `1 <= this <= total` and that the kind can split into `total` chunks.
    pub fn validate(&self) -> Result<(), String> {
        if self.total == 0 {
            return Err("--total-chunks must be at least 1".into());
        }
        if self.this == 0 || self.this > self.total {
            return Err(format!(
                "--this-chunk {} is not a chunk of --total-chunks {} (1 to {})",
                self.this, self.total, self.total
            ));
        }
        if self.kind == Some(ChunkType::None) && self.total > 1 {
            return Err("--chunk-type none cannot split into more than one chunk".into());
        }
        Ok(())
    }

    /// The chunker's name, as `--chunk-type` spells it.
    #[must_use]
    pub fn kind_name(&self) -> &'static str {
        match self.kind() {
            ChunkType::None => "none",
            ChunkType::Hash => "hash",
            ChunkType::IdHash => "id_hash",
            ChunkType::DirHash => "dir_hash",
        }
    }

    fn kind(&self) -> ChunkType {
        self.kind.unwrap_or(if self.total > 1 {
            ChunkType::DirHash
        } else {
            ChunkType::None
        })
    }

    /// The chunk (1-based) a variant belongs to.
    #[must_use]
    pub fn chunk_of(&self, variant: &TestVariant, root: &Path) -> u32 {
        let key = match self.kind() {
            ChunkType::None => return 1,
            ChunkType::IdHash => variant.name.clone(),
            ChunkType::Hash => relative_path(&variant.path, root),
            ChunkType::DirHash => {
                let path = relative_path(&variant.path, root);
                path.rsplit_once('/')
                    .map_or_else(String::new, |(dir, _)| dir.to_owned())
            }
        };
        let index = digest_number(key.as_bytes()) % u128::from(self.total);
        // Smaller than `total`, a u32.
        u32::try_from(index).unwrap_or(0) + 1
    }

    /// The variants of this chunk, in order.
    #[must_use]
    pub fn select(&self, variants: Vec<TestVariant>, root: &Path) -> Vec<TestVariant> {
        variants
            .into_iter()
            .filter(|v| self.chunk_of(v, root) == self.this)
            .collect()
    }
}

/// A test file's path from the WPT root with `/` separators, as the WPT manifest keys it
/// (`scheduler/x.any.js`).
fn relative_path(path: &Path, root: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/")
}

#[cfg(test)]
#[path = "select_tests.rs"]
mod tests;
