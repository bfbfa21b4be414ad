#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| tabula_fuzz::records::<sequence_dice::State>(data));
