//! Builds the embedded catalog from `data/` into `$OUT_DIR/catalog.postcard`
//! and its report into `$OUT_DIR/catalog-report.txt`.

#[allow(dead_code)]
#[path = "src/catalog/schema.rs"]
pub mod schema;
#[allow(dead_code)]
#[path = "src/catalog/sources/mod.rs"]
mod sources;
/// The sources name the schema by its path in the engine.
mod catalog {
    pub use crate::schema;
}

use sources::{build, report, SourceFiles, SOURCE_PATHS};
use std::{env, fs, path::PathBuf};

fn main() {
    for path in SOURCE_PATHS {
        println!("cargo:rerun-if-changed={path}");
    }
    println!("cargo:rerun-if-changed=src/catalog/schema.rs");
    println!("cargo:rerun-if-changed=src/catalog/sources");
    if let Err(e) = run() {
        // A build script reports failure by exiting non-zero with the reason.
        eprintln!("catalog build failed: {e}");
        std::process::exit(1);
    }
}

fn run() -> Result<(), String> {
    let read = |p: &str| fs::read_to_string(p).map_err(|e| format!("{p}: {e}"));
    let texts: Vec<String> = SOURCE_PATHS
        .iter()
        .map(|p| read(p))
        .collect::<Result<_, _>>()?;
    let data = build(&SourceFiles {
        offers_csv: &texts[0],
        gpu_specs_csv: &texts[1],
        regions_csv: &texts[2],
        provider_notes_csv: &texts[3],
        corrections_csv: &texts[4],
    })?;
    let bytes = postcard::to_allocvec(&data).map_err(|e| e.to_string())?;
    let out = PathBuf::from(env::var("OUT_DIR").map_err(|e| e.to_string())?);
    fs::write(out.join("catalog.postcard"), bytes).map_err(|e| e.to_string())?;
    fs::write(out.join("catalog-report.txt"), report(&data)).map_err(|e| e.to_string())?;
    Ok(())
}
