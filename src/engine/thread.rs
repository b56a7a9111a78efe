//! The engine thread: Boa parses, compiles and collects recursively, so it runs on a thread whose
//! stack holds the deepest input the source guard admits (see `source_guard`).
//!
//! The stack is reserved address space, not memory: pages are only committed when touched.

/// Native stack of the engine thread.
pub const ENGINE_STACK_BYTES: usize = 4 << 30;

/// Run `f` on the engine thread and return its result. A panic inside (a bug, never input) is
/// reported as an error instead of unwinding into the caller.
pub fn run_on_engine_thread<T, F>(f: F) -> anyhow::Result<T>
where
    F: FnOnce() -> T + Send + 'static,
    T: Send + 'static,
{
    let handle = std::thread::Builder::new()
        .name("taskhost-engine".into())
        .stack_size(ENGINE_STACK_BYTES)
        .spawn(f)
        .map_err(|e| anyhow::anyhow!("could not start the engine thread: {e}"))?;
    handle
        .join()
        .map_err(|_| anyhow::anyhow!("internal error: the engine thread panicked"))
}
