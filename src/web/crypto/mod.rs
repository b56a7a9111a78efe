//! Web Cryptography API: the `Crypto` interface and the global's `crypto` attribute (without
//! `SubtleCrypto`, see `crypto.rs`).

// One file per WebIDL interface, named after it (as everywhere in `web/`).
#[allow(clippy::module_inception)]
pub mod crypto;

pub use crypto::register;
