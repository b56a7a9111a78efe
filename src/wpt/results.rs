//! The results of one test file, and the statuses of WPT.
//!
//! Invariant: a [`FileResult`] always has a status; its subtests are in the order the harness
//! defined them. A file that was not run has status `SKIP` and no subtests.

use serde::{Deserialize, Serialize};

/// The status of a test file (the harness status, or what the runner saw).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum FileStatus {
    Ok,
    Error,
    Timeout,
    PreconditionFailed,
    /// The runtime died without a result (a signal, an internal error).
    Crash,
    /// Not run (a global or feature taskhost does not provide).
    Skip,
}

impl FileStatus {
    /// From testharness.js's numeric harness status (OK 0, ERROR 1, TIMEOUT 2,
    /// PRECONDITION_FAILED 3).
    #[must_use]
    pub fn from_harness(code: i64) -> Option<Self> {
        Some(match code {
            0 => Self::Ok,
            1 => Self::Error,
            2 => Self::Timeout,
            3 => Self::PreconditionFailed,
            _ => return None,
        })
    }

    /// The name WPT uses.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Ok => "OK",
            Self::Error => "ERROR",
            Self::Timeout => "TIMEOUT",
            Self::PreconditionFailed => "PRECONDITION_FAILED",
            Self::Crash => "CRASH",
            Self::Skip => "SKIP",
        }
    }

    /// Parse a WPT name.
    #[must_use]
    pub fn parse(text: &str) -> Option<Self> {
        [
            Self::Ok,
            Self::Error,
            Self::Timeout,
            Self::PreconditionFailed,
            Self::Crash,
            Self::Skip,
        ]
        .into_iter()
        .find(|s| s.as_str() == text)
    }
}

/// The status of a subtest.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum SubtestStatus {
    Pass,
    Fail,
    Timeout,
    Notrun,
    PreconditionFailed,
}

impl SubtestStatus {
    /// From testharness.js's numeric test status (PASS 0, FAIL 1, TIMEOUT 2, NOTRUN 3,
    /// PRECONDITION_FAILED 4).
    #[must_use]
    pub fn from_harness(code: i64) -> Option<Self> {
        Some(match code {
            0 => Self::Pass,
            1 => Self::Fail,
            2 => Self::Timeout,
            3 => Self::Notrun,
            4 => Self::PreconditionFailed,
            _ => return None,
        })
    }

    /// The name WPT uses.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Pass => "PASS",
            Self::Fail => "FAIL",
            Self::Timeout => "TIMEOUT",
            Self::Notrun => "NOTRUN",
            Self::PreconditionFailed => "PRECONDITION_FAILED",
        }
    }

    /// Parse a WPT name.
    #[must_use]
    pub fn parse(text: &str) -> Option<Self> {
        [
            Self::Pass,
            Self::Fail,
            Self::Timeout,
            Self::Notrun,
            Self::PreconditionFailed,
        ]
        .into_iter()
        .find(|s| s.as_str() == text)
    }
}

/// One subtest's result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SubtestResult {
    pub name: String,
    pub status: SubtestStatus,
    pub message: Option<String>,
}

/// One test file's result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileResult {
    pub status: FileStatus,
    pub message: Option<String>,
    pub subtests: Vec<SubtestResult>,
}

impl FileResult {
    /// A result without subtests.
    #[must_use]
    pub fn bare(status: FileStatus, message: impl Into<String>) -> Self {
        Self {
            status,
            message: Some(message.into()),
            subtests: Vec::new(),
        }
    }
}

/// What the harness hands over (numeric statuses, as testharness.js has them).
#[derive(Debug, Deserialize)]
pub struct HarnessReport {
    pub status: i64,
    pub message: Option<String>,
    pub subtests: Vec<HarnessSubtest>,
}

/// A subtest as the harness hands it over.
#[derive(Debug, Deserialize)]
pub struct HarnessSubtest {
    pub name: String,
    pub status: i64,
    pub message: Option<String>,
}

impl HarnessReport {
    /// The report as a result; unknown status codes are a harness error.
    pub fn into_result(self) -> Result<FileResult, String> {
        let status = FileStatus::from_harness(self.status)
            .ok_or_else(|| format!("unknown harness status {}", self.status))?;
        let subtests = self
            .subtests
            .into_iter()
            .map(|s| {
                let status = SubtestStatus::from_harness(s.status).ok_or_else(|| {
                    format!("unknown status {} of subtest {:?}", s.status, s.name)
                })?;
                Ok(SubtestResult {
                    name: s.name,
                    status,
                    message: s.message,
                })
            })
            .collect::<Result<_, String>>()?;
        Ok(FileResult {
            status,
            message: self.message,
            subtests,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_round_trip() {
        for code in 0..4 {
            let s = FileStatus::from_harness(code).unwrap();
            assert_eq!(FileStatus::parse(s.as_str()), Some(s));
        }
        for code in 0..5 {
            let s = SubtestStatus::from_harness(code).unwrap();
            assert_eq!(SubtestStatus::parse(s.as_str()), Some(s));
        }
        assert_eq!(FileStatus::from_harness(4), None);
        assert_eq!(SubtestStatus::from_harness(5), None);
        assert_eq!(
            serde_json::to_string(&FileStatus::PreconditionFailed).unwrap(),
            "\"PRECONDITION_FAILED\""
        );
    }

    #[test]
    fn a_report_becomes_a_result() {
        let report: HarnessReport = serde_json::from_str(
            r#"{"status":0,"message":null,"subtests":[{"name":"a","status":1,"message":"m"}]}"#,
        )
        .unwrap();
        let result = report.into_result().unwrap();
        assert_eq!(result.status, FileStatus::Ok);
        assert_eq!(result.subtests[0].status, SubtestStatus::Fail);
        let bad: HarnessReport =
            serde_json::from_str(r#"{"status":9,"message":null,"subtests":[]}"#).unwrap();
        assert!(bad.into_result().is_err());
    }
}
