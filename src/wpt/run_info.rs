//! The run's `run_info`, as wptrunner (mozinfo) names it: what the wptreport carries and what
//! metadata conditions test (`if os == "linux"`).
//!
//! wpt.fyi takes `product`, `browser_version`, `os` and `revision` (the WPT commit) as
//! required, `os_version` as optional; `os` uses mozinfo's names (`linux`, `mac`, `win`).
//!
//! Invariant: every value is known before the run starts and stays the same through it.

use std::path::Path;

use serde::Serialize;

use super::condition::{RunInfo as ConditionInfo, Value};

/// The run_info of a run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RunInfo {
    pub product: &'static str,
    pub browser_version: &'static str,
    pub os: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub os_version: Option<String>,
    pub processor: &'static str,
    pub bits: u32,
    pub debug: bool,
    /// The WPT checkout's commit, when the root is a git checkout.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub revision: Option<String>,
    /// The harness used: `built-in` or the path of the upstream `testharness.js`.
    pub harness: String,
}

/// mozinfo's name of an OS.
#[must_use]
pub fn mozinfo_os(os: &str) -> &str {
    match os {
        "macos" => "mac",
        "windows" => "win",
        other => other,
    }
}

/// `VERSION_ID` of `/etc/os-release` (mozinfo's `os_version` on Linux: `22.04`, `12`).
fn linux_version() -> Option<String> {
    let text = std::fs::read_to_string("/etc/os-release").ok()?;
    os_release_version(&text)
}

fn os_release_version(text: &str) -> Option<String> {
    text.lines()
        .find_map(|l| l.strip_prefix("VERSION_ID="))
        .map(|v| v.trim().trim_matches('"').to_owned())
        .filter(|v| !v.is_empty())
}

/// The commit of the git checkout at `root` (only when `root` itself is one: a directory
/// inside another project's checkout is not a WPT checkout).
fn git_revision(root: &Path) -> Option<String> {
    if !root.join(".git").exists() {
        return None;
    }
    let output = std::process::Command::new("git")
        .arg("rev-parse")
        .arg("HEAD")
        .current_dir(root)
        .stderr(std::process::Stdio::null())
        .output()
        .ok()?;
    let text = String::from_utf8(output.stdout).ok()?;
    let rev = text.trim();
    (output.status.success() && rev.len() == 40 && rev.chars().all(|c| c.is_ascii_hexdigit()))
        .then(|| rev.to_owned())
}

impl RunInfo {
    /// The run_info of this build on this machine, for tests under `root`.
    #[must_use]
    pub fn detect(root: &Path, harness: &str) -> Self {
        let os = mozinfo_os(std::env::consts::OS).to_owned();
        Self {
            product: "taskhost",
            browser_version: env!("CARGO_PKG_VERSION"),
            os_version: if os == "linux" { linux_version() } else { None },
            os,
            processor: std::env::consts::ARCH,
            bits: usize::BITS,
            debug: cfg!(debug_assertions),
            revision: git_revision(root),
            harness: harness.to_owned(),
        }
    }

    /// The values conditions read.
    #[must_use]
    pub fn conditions(&self) -> ConditionInfo {
        let mut map = ConditionInfo::new();
        let mut set = |k: &str, v: Value| {
            map.insert(k.to_owned(), v);
        };
        set("product", Value::Str(self.product.into()));
        set("browser_version", Value::Str(self.browser_version.into()));
        set("os", Value::Str(self.os.clone()));
        if let Some(v) = &self.os_version {
            set("os_version", Value::Str(v.clone()));
        }
        set("processor", Value::Str(self.processor.into()));
        set("bits", Value::Num(f64::from(self.bits)));
        set("debug", Value::Bool(self.debug));
        map
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_mozinfo() {
        assert_eq!(mozinfo_os("linux"), "linux");
        assert_eq!(mozinfo_os("macos"), "mac");
        assert_eq!(mozinfo_os("windows"), "win");
        assert_eq!(
            os_release_version("NAME=\"Debian\"\nVERSION_ID=\"12\"\n").as_deref(),
            Some("12")
        );
        assert_eq!(
            os_release_version("VERSION_ID=22.04\n").as_deref(),
            Some("22.04")
        );
        assert_eq!(os_release_version("NAME=x\n"), None);
    }

    #[test]
    fn detect_fills_what_wpt_fyi_needs() {
        let dir = std::env::temp_dir();
        let info = RunInfo::detect(&dir, "built-in");
        assert_eq!(info.product, "taskhost");
        assert!(!info.browser_version.is_empty());
        assert!(!info.os.is_empty());
        assert_eq!(info.revision, None, "not a git checkout");
        let conditions = info.conditions();
        assert_eq!(conditions["product"], Value::Str("taskhost".into()));
        assert_eq!(conditions["bits"], Value::Num(f64::from(usize::BITS)));
    }

    #[test]
    fn a_git_checkout_gives_its_revision() {
        // The project's own checkout, when the tests run in one with git available.
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        if !root.join(".git").exists() {
            return;
        }
        let has_git = std::process::Command::new("git")
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success());
        if !has_git {
            return;
        }
        let rev = git_revision(root).expect("a revision");
        assert_eq!(rev.len(), 40);
        assert_eq!(
            git_revision(&root.join("src")),
            None,
            "not the checkout's root"
        );
    }
}
