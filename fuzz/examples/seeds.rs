//! Writes the seed corpora `seeds/<target>/` from seeded random games of every player count
//! (replacing what is there): `cargo run --release --example seeds` in `fuzz/`.

use std::path::Path;

fn main() -> std::io::Result<()> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("seeds");
    for game in tabula_fuzz::GAMES {
        for (kind, _) in tabula_fuzz::KINDS {
            let target = format!("{game}_{kind}");
            let dir = root.join(&target);
            if dir.exists() {
                std::fs::remove_dir_all(&dir)?;
            }
            std::fs::create_dir_all(&dir)?;
            let inputs = tabula_fuzz::seed_inputs(&target);
            let bytes: usize = inputs.iter().map(|(_, b)| b.len()).sum();
            for (name, data) in &inputs {
                std::fs::write(dir.join(name), data)?;
            }
            println!("{target}: {} inputs, {bytes} bytes", inputs.len());
        }
    }
    Ok(())
}
