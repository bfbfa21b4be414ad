#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| tabula_fuzz::actions::<sequence_dice::State>(data));
