//! Web Cryptography API: the `Crypto` interface and the global's `crypto` attribute (without
//! `SubtleCrypto`, see `crypto.rs`).

pub mod crypto;

pub use crypto::register;
