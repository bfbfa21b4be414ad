//! The the-border rules engine (in progress).
#![forbid(unsafe_code)]
#![warn(missing_docs)]
