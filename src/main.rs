use std::process::ExitCode;

use clap::Parser;
use taskhost::cli::{Cli, execute};

fn main() -> ExitCode {
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
    let cli = Cli::parse();
    let status = execute(cli);
    ExitCode::from(u8::try_from(status).unwrap_or(1))
}
