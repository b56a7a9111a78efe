//! Workers that end leave nothing behind: starting and terminating workers one after another
//! (each with a pending delayed task, an interval and a timer) keeps the process's peak memory
//! flat, whatever the number — their threads, contexts, ports and `Worker` objects are all
//! released. (One test in this crate: it reads the peak RSS of its own children.)

mod common;

use common::{taskhost, text};

/// The largest peak RSS of any child this process has waited for, in KiB.
fn children_max_rss_kib() -> i64 {
    // SAFETY: getrusage only writes the struct it is given.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let status = unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) };
    assert_eq!(status, 0, "getrusage");
    usage.ru_maxrss
}

fn run(count: u32) -> i64 {
    let count = count.to_string();
    let out = taskhost(&[
        "run",
        "js-tests/workers/resources/lifecycles.js",
        "--",
        &count,
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), format!("ended {count}\n"));
    children_max_rss_kib()
}

#[test]
fn ended_workers_release_everything() {
    // The first few hundred settle the window's heap and the allocator's caches.
    let after_few = run(300);
    let after_many = run(2400);
    // Each lifecycle that leaked even 10 KiB would add 21 MiB over the 2,100 extra ones; the
    // peak also moves by a few MiB with how many ending threads overlap the next one's start.
    assert!(
        after_many < after_few + 16 * 1024,
        "peak RSS grew from {after_few} KiB (300 workers) to {after_many} KiB (2,400 workers)"
    );
}
