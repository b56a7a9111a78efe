//! High Resolution Time: `performance.now()` and `performance.timeOrigin` on the loop's clock.

pub mod performance;

pub use performance::register;
