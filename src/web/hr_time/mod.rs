//! High Resolution Time: the `Performance` interface (`now()`, `timeOrigin`, `toJSON()`) on the
//! loop's clock, and the global's `performance` attribute.

pub mod performance;

pub use performance::register;
