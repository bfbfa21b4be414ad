//! The alea-iacta-est rules engine (in progress).
#![forbid(unsafe_code)]
#![warn(missing_docs)]
