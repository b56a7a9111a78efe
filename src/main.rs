use std::alloc::{GlobalAlloc, Layout};
use std::process::ExitCode;

/// Boa allocates and frees a great many small objects; mimalloc serves that pattern several times
/// faster than the system allocator (measured with `taskhost bench`, docs/PERFORMANCE.md).
///
/// Wrapped to count the bytes each thread allocates and frees, which the loop's collection pace
/// reads (`taskhost::agent::collection_pace`): a thread-local addition per call.
#[global_allocator]
static ALLOCATOR: Counting = Counting;

struct Counting;

// SAFETY: every call is passed on unchanged to mimalloc, which upholds GlobalAlloc's contract;
// the counting touches only thread-local integers and allocates nothing.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        taskhost::agent::collection_pace::count_allocated(layout.size());
        // SAFETY: the caller's contract is GlobalAlloc's, passed on.
        unsafe { mimalloc::MiMalloc.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        taskhost::agent::collection_pace::count_allocated(layout.size());
        // SAFETY: as above.
        unsafe { mimalloc::MiMalloc.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        taskhost::agent::collection_pace::count_freed(layout.size());
        // SAFETY: as above.
        unsafe { mimalloc::MiMalloc.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        taskhost::agent::collection_pace::count_freed(layout.size());
        taskhost::agent::collection_pace::count_allocated(new_size);
        // SAFETY: as above.
        unsafe { mimalloc::MiMalloc.realloc(ptr, layout, new_size) }
    }
}

unsafe extern "C" {
    /// mimalloc's `void mi_collect(bool force)` (linked in with the global allocator).
    fn mi_collect(force: bool);
}

/// Return mimalloc's free pages to the system now (for the loop's memory reducer).
fn release_free_pages() {
    // SAFETY: mi_collect only walks the allocator's own free pages and returns them to the
    // system; it may be called from any thread at any time.
    unsafe { mi_collect(true) };
}

use clap::Parser;
use clap::error::ErrorKind;
use taskhost::cli::{Cli, execute};

/// No transparent huge pages for this process's heap, unless the environment asks mimalloc for a
/// setting of its own (`MIMALLOC_ALLOW_THP`). mimalloc advises huge pages for its arenas; on a
/// kernel whose THP `defrag` setting is `madvise` (Debian's default), each fault in an advised
/// region may compact memory synchronously and clears 2 MiB, and the allocator's purges of
/// freed pages split those pages and fault them again. Measured (docs/PERFORMANCE.md): a
/// 10^6-task burst spent about a third of its time in the kernel clearing pages; without huge
/// pages it is 30% faster, and the other cases 0-10%.
fn no_transparent_huge_pages() {
    if std::env::var_os("MIMALLOC_ALLOW_THP").is_some() {
        return;
    }
    #[cfg(target_os = "linux")]
    // SAFETY: PR_SET_THP_DISABLE takes an integer flag and touches no memory of ours; a kernel
    // without it returns an error, which changes nothing.
    unsafe {
        libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0);
    }
}

fn main() -> ExitCode {
    no_transparent_huge_pages();
    taskhost::runtime::memory_reducer::set_release_free_pages(release_free_pages);
    // A panic is a bug in taskhost, never the script's fault: say so in one line.
    std::panic::set_hook(Box::new(|info| {
        let location = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        eprintln!("taskhost: internal error (please report it): {message}{location}");
    }));
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return usage_error(&error),
    };
    let status = execute(cli);
    ExitCode::from(u8::try_from(status).unwrap_or(1))
}

/// Help and version go to stdout as clap writes them; any other command-line error is one line
/// on stderr, with status 2.
fn usage_error(error: &clap::Error) -> ExitCode {
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = error.print();
            ExitCode::SUCCESS
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = error.print();
            ExitCode::from(2)
        }
        _ => {
            // clap's message is its first paragraph (which may wrap onto indented lines), then
            // tips and the usage: keep the message, on one line.
            let text = error.render().to_string();
            let message: Vec<&str> = text
                .lines()
                .take_while(|line| !line.trim().is_empty())
                .map(str::trim)
                .collect();
            let message = message.join(" ");
            let message = message.strip_prefix("error: ").unwrap_or(&message);
            eprintln!("taskhost: {message} (see taskhost --help)");
            ExitCode::from(2)
        }
    }
}
