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

use sources::{build_with_notes, report, SourceFiles};
use std::{env, fs, path::PathBuf};

fn main() {
    for name in SourceFiles::names() {
        println!("cargo:rerun-if-changed=data/{name}");
    }
    println!("cargo:rerun-if-changed=src/catalog/schema.rs");
    println!("cargo:rerun-if-changed=src/catalog/offer_columns.rs");
    println!("cargo:rerun-if-changed=src/catalog/sources");
    if let Err(e) = run() {
        // A build script reports failure by exiting non-zero with the reason.
        eprintln!("catalog build failed: {e}");
        std::process::exit(1);
    }
}

fn run() -> Result<(), String> {
    let files = SourceFiles::read_from(std::path::Path::new("data"))?;
    let built = build_with_notes(&files)?;
    let data = built.data;
    let bytes = postcard::to_allocvec(&data).map_err(|e| e.to_string())?;
    let out = PathBuf::from(env::var("OUT_DIR").map_err(|e| e.to_string())?);
    fs::write(out.join("catalog.postcard"), bytes).map_err(|e| e.to_string())?;
    fs::write(out.join("catalog-report.txt"), report(&data, &built.dropped)).map_err(|e| e.to_string())?;
    Ok(())
}
