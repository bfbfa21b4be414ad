//! Writes the seed corpora `seeds/<target>/` from seeded random games of every player count:
//! `cargo run --release --example seeds` in `fuzz/`. The inputs are the same bytes for the same
//! games, and a file is written only when its bytes change (a file no target writes any more is
//! removed), so running it again on unchanged games changes nothing.

use std::path::Path;

fn main() -> std::io::Result<()> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("seeds");
    let (mut written, mut removed) = (0, 0);
    for game in tabula_fuzz::GAMES {
        for (kind, _) in tabula_fuzz::KINDS {
            let target = format!("{game}_{kind}");
            let dir = root.join(&target);
            std::fs::create_dir_all(&dir)?;
            let inputs = tabula_fuzz::seed_inputs(&target);
            let bytes: usize = inputs.iter().map(|(_, b)| b.len()).sum();
            for (name, data) in &inputs {
                let path = dir.join(name);
                if std::fs::read(&path).ok().as_deref() != Some(data.as_slice()) {
                    std::fs::write(&path, data)?;
                    written += 1;
                }
            }
            let mut stale = Vec::new();
            for entry in std::fs::read_dir(&dir)? {
                let entry = entry?;
                let name = entry.file_name().to_string_lossy().into_owned();
                if !inputs.iter().any(|(n, _)| *n == name) {
                    stale.push(entry.path());
                }
            }
            stale.sort();
            for path in stale {
                std::fs::remove_file(&path)?;
                removed += 1;
            }
            println!("{target}: {} inputs, {bytes} bytes", inputs.len());
        }
    }
    println!("{written} files written, {removed} removed, the rest unchanged");
    Ok(())
}
