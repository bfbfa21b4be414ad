#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    assert!(
        tabula_fuzz::run(env!("CARGO_BIN_NAME"), data),
        "not a target"
    );
});
