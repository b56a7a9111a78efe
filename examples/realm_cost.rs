//! What a new realm costs the engine alone: `Context::create_realm` (ECMAScript's intrinsics and an
//! empty global object) in a loop, with the same allocator and engine features as `taskhost`, and
//! nothing of taskhost's. docs/PERFORMANCE.md ("Realms") quotes its output.
//!
//! ```sh
//! cargo run --release --example realm_cost -- 200
//! valgrind --tool=callgrind target/release/examples/realm_cost 50
//! ```
//!
//! Prints the CPU time per realm with the realms kept alive (as an iframe's window is: the
//! collections the allocations start mark every realm made so far) and, separately, the time of
//! `create_realm` itself with the collections left out (each timed call starts after a forced
//! collection, and the collector's threshold is not reached within one realm).

use std::time::Duration;

use boa_engine::Context;

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn thread_cpu_time() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes into the timespec we pass and reads nothing else.
    unsafe {
        libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &raw mut ts);
    }
    Duration::new(
        u64::try_from(ts.tv_sec).unwrap_or(0),
        u32::try_from(ts.tv_nsec).unwrap_or(0),
    )
}

fn main() {
    let n: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    let mut context = Context::default();

    // 1. n realms in a row, all kept: the cost an iframe's window pays in the engine.
    let mut realms = Vec::with_capacity(n as usize);
    let start = thread_cpu_time();
    for _ in 0..n {
        realms.push(context.create_realm().expect("create_realm"));
    }
    let kept = thread_cpu_time() - start;

    // 2. create_realm alone: a collection before each call, outside the timed part.
    let mut alone = Duration::ZERO;
    for _ in 0..n {
        boa_gc::force_collect();
        let start = thread_cpu_time();
        let realm = context.create_realm().expect("create_realm");
        alone += thread_cpu_time() - start;
        realms.push(realm);
    }

    println!(
        "create_realm, {n} realms kept: {:.3} ms CPU per realm (collections included)",
        kept.as_secs_f64() * 1e3 / f64::from(n)
    );
    println!(
        "create_realm alone (no collection within the call): {:.3} ms CPU per realm",
        alone.as_secs_f64() * 1e3 / f64::from(n)
    );
}
