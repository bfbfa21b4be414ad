//! Runs inputs through a fuzz target's harness without libFuzzer (stable Rust), one by one,
//! and says for each whether it keeps the laws and how long it took:
//!
//! ```sh
//! cargo run --release --example run -- alea_iacta_est_states crash-0c6f… corpus/dir/
//! TABULA_FUZZ_TRACE=1 cargo run --release --example run -- mosaix_actions crash   # the story
//! ```
//!
//! A directory stands for every file in it. Exits with failure if any input breaks a law.

use std::path::PathBuf;
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(target) = args.next() else {
        eprintln!("usage: run <target> <input file or directory>...");
        std::process::exit(2);
    };
    let mut files: Vec<PathBuf> = Vec::new();
    for arg in args.map(PathBuf::from) {
        match std::fs::read_dir(&arg) {
            Ok(dir) => {
                let mut inside: Vec<PathBuf> = dir.filter_map(|e| Some(e.ok()?.path())).collect();
                inside.sort();
                files.extend(inside);
            }
            Err(_) => files.push(arg),
        }
    }
    let mut failed = 0;
    for file in &files {
        let data = std::fs::read(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let start = Instant::now();
        let ran = std::panic::catch_unwind(|| tabula_fuzz::run(&target, &data));
        let took = start.elapsed();
        match ran {
            Ok(true) => println!("{}: ok, {} bytes, {took:.1?}", file.display(), data.len()),
            Ok(false) => {
                eprintln!("{target} is not a target (cargo +nightly fuzz list)");
                std::process::exit(2);
            }
            Err(_) => {
                println!("{}: BREAKS A LAW (above), {took:.1?}", file.display());
                failed += 1;
            }
        }
    }
    if failed > 0 {
        eprintln!("{failed} of {} inputs break a law", files.len());
        std::process::exit(1);
    }
}
