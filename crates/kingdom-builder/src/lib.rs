//! The kingdom-builder rules engine (in progress).
#![forbid(unsafe_code)]
#![warn(missing_docs)]
