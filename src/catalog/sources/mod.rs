//! Turning the source files in `data/` into the catalog. Used by `build.rs` to
//! make the embedded catalog and by the engine's tests; it names no wasm type.

pub mod fields;
pub mod offers;
pub mod regions;
pub mod specs;

use crate::catalog::schema::{CatalogData, FORMAT_VERSION};
use std::collections::BTreeMap;

/// The text of every source file the catalog is built from.
pub struct SourceFiles<'a> {
    pub offers_csv: &'a str,
    pub gpu_specs_csv: &'a str,
    pub regions_csv: &'a str,
    pub provider_notes_csv: &'a str,
    pub corrections_csv: &'a str,
}

/// The data files, relative to the crate root, in the order of `SourceFiles`.
pub const SOURCE_PATHS: [&str; 5] = [
    "data/offers.csv",
    "data/gpu_specs.csv",
    "data/regions.csv",
    "data/provider_notes.csv",
    "data/corrections.csv",
];

pub fn build(files: &SourceFiles) -> Result<CatalogData, String> {
    let accelerators = specs::read_gpu_specs(files.gpu_specs_csv)?;
    let mut regions = regions::read_regions(files.regions_csv)?;
    let notes = offers::read_provider_notes(files.provider_notes_csv)?;
    let corrections = offers::read_corrections(files.corrections_csv)?;
    let mut sources = Vec::new();
    let mut flags = Vec::new();
    let offers = offers::read_offers(
        files.offers_csv,
        &mut offers::Tables {
            accelerators: &accelerators,
            regions: &mut regions,
            sources: &mut sources,
            flags: &mut flags,
            notes: &notes,
            corrections: &corrections,
        },
    )?;
    for c in &corrections {
        if !offers
            .iter()
            .any(|o| o.provider == c.provider && o.instance == c.instance)
        {
            return Err(format!(
                "corrections.csv: {}/{} matches no offer",
                c.provider, c.instance
            ));
        }
    }
    Ok(CatalogData {
        format_version: FORMAT_VERSION,
        sources,
        accelerators,
        regions,
        flags,
        offers,
    })
}

/// A short text report: offers per provider and how many carry each flag.
pub fn report(data: &CatalogData) -> String {
    let mut per_provider: BTreeMap<&str, usize> = BTreeMap::new();
    let mut per_flag: BTreeMap<&str, usize> = BTreeMap::new();
    for o in &data.offers {
        *per_provider.entry(&o.provider).or_default() += 1;
        for &f in &o.flags {
            let code = data.flags.get(f as usize).map_or("?", |f| f.code.as_str());
            *per_flag.entry(code).or_default() += 1;
        }
    }
    let mut out = format!(
        "catalog: {} offers, {} accelerators, {} regions, {} sources\n",
        data.offers.len(),
        data.accelerators.len(),
        data.regions.len(),
        data.sources.len()
    );
    out.push_str("offers per provider:\n");
    for (p, n) in &per_provider {
        out.push_str(&format!("  {p:<16}{n:>6}\n"));
    }
    out.push_str("offers per flag:\n");
    for (f, n) in &per_flag {
        out.push_str(&format!("  {f:<24}{n:>6}\n"));
    }
    out
}
