//! Turning the source files in `data/` into the catalog. Used by `build.rs` to
//! make the embedded catalog and by the engine's tests; it names no wasm type.
//! Each provider's reader feeds one `Builder`, which checks every offer alike.

pub mod alibaba;
pub mod aws;
pub mod azure;
pub mod azure_retail;
pub mod builder;
pub mod fields;
pub mod gcp;
pub mod offers;
pub mod regions;
pub mod specs;

use crate::catalog::schema::{CatalogData, FORMAT_VERSION};
use std::collections::BTreeMap;

/// Every file in `data/` the catalog is built from.
pub const SOURCE_FILES: [&str; 18] = [
    "accelerator_graphics.csv",
    "providers.csv",
    "offers.csv",
    "gpu_specs.csv",
    "gpu_specs_extra.csv",
    "accelerator_aliases.csv",
    "regions.csv",
    "carbon.csv",
    "pue.csv",
    "provider_notes.csv",
    "corrections.csv",
    "provider_prices.csv",
    "gcp_pricing.yml",
    "aws_reserved.csv",
    "azure_reserved.csv",
    "azure_reserved_levels.csv",
    "azure_np.csv",
    "alibaba_gpu.csv",
];
/// Read too, but not a price source.
pub const RATE_FILE: &str = "exchange_rates.csv";

/// The text of each source file by name.
#[derive(Default, Clone)]
pub struct SourceFiles(pub BTreeMap<String, String>);

impl SourceFiles {
    pub fn get(&self, name: &str) -> Result<&str, String> {
        self.0.get(name).map(String::as_str).ok_or_else(|| format!("source file `{name}` is missing"))
    }
}

pub fn build(files: &SourceFiles) -> Result<CatalogData, String> {
    build_with_notes(files).map(|b| b.data)
}

/// The catalog and what the build left out on purpose, for the report.
pub struct Built {
    pub data: CatalogData,
    /// Source rows dropped, each with its reason.
    pub dropped: Vec<String>,
}

pub fn build_with_notes(files: &SourceFiles) -> Result<Built, String> {
    let mut accelerators = Vec::new();
    specs::read_gpu_specs("gpu_specs.csv", files.get("gpu_specs.csv")?, &mut accelerators)?;
    specs::read_gpu_specs("gpu_specs_extra.csv", files.get("gpu_specs_extra.csv")?, &mut accelerators)?;
    let aliases = specs::read_aliases(files.get("accelerator_aliases.csv")?, &mut accelerators)?;
    specs::read_graphics(files.get("accelerator_graphics.csv")?, &mut accelerators)?;
    let providers = specs::read_providers(files.get("providers.csv")?)?;
    let mut region_table = regions::read_regions(files.get("regions.csv")?)?;
    regions::attach_carbon(&mut region_table, files.get("carbon.csv")?)?;
    regions::attach_pue(&mut region_table, files.get("pue.csv")?)?;
    let rates = alibaba::read_exchange_rates(files.get(RATE_FILE)?)?;

    let mut b = builder::Builder::new(accelerators, aliases, region_table);
    let gcp_yml = files.get("gcp_pricing.yml")?;
    // GCP from Google's billing SKUs; offers.csv keeps only the GCP types they lack.
    let gcp_types = gcp::priced_types(gcp_yml)?;
    gcp::read_gcp(gcp_yml, &mut b)?;
    let replaced = |provider: &str, instance: &str| provider == "gcp" && gcp_types.iter().any(|t| t == instance);
    let notes = offers::read_provider_notes(files.get("provider_notes.csv")?)?;
    let corrections = offers::read_corrections(files.get("corrections.csv")?)?;
    let page_prices = offers::read_page_prices(files.get("provider_prices.csv")?)?;
    offers::read_offers(
        files.get("offers.csv")?,
        &offers::OffersContext {
            notes: &notes,
            corrections: &corrections,
            page_prices: &page_prices,
            replaced: &replaced,
        },
        &mut b,
    )?;
    azure::read_azure_np(files.get("azure_np.csv")?, &mut b)?;
    alibaba::read_alibaba(files.get("alibaba_gpu.csv")?, &rates, &mut b)?;
    aws::read_aws_reserved(files.get("aws_reserved.csv")?, &mut b)?;
    azure::read_azure_reserved(files.get("azure_reserved.csv")?, files.get("azure_reserved_levels.csv")?, &mut b)?;

    // Regions no offer uses are kept: a custom catalog may name them.
    let data = CatalogData {
        format_version: FORMAT_VERSION,
        sources: b.sources,
        accelerators: b.accelerators,
        regions: b.regions,
        flags: b.flags,
        exchange_rates: rates,
        providers,
        accelerator_aliases: b.aliases,
        offers: b.offers,
    };
    Ok(Built { data, dropped: b.dropped })
}

/// A short text report: offers per provider, prices of each kind, flags, and
/// the source rows left out with their reasons.
pub fn report(data: &CatalogData, dropped: &[String]) -> String {
    #[derive(Default)]
    struct Counts {
        offers: usize,
        on_demand: usize,
        spot: usize,
        reserved: usize,
    }
    let mut per_provider: BTreeMap<&str, Counts> = BTreeMap::new();
    let mut per_flag: BTreeMap<&str, usize> = BTreeMap::new();
    for o in &data.offers {
        let c = per_provider.entry(&o.provider).or_default();
        c.offers += 1;
        c.on_demand += usize::from(o.prices.on_demand.is_some());
        c.spot += usize::from(o.prices.spot.is_some());
        c.reserved += usize::from(o.prices.reserved_1y.is_some() || o.prices.reserved_3y.is_some());
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
    out.push_str("provider          offers on-demand   spot reserved\n");
    for (p, c) in &per_provider {
        out.push_str(&format!("  {p:<16}{:>6}{:>10}{:>7}{:>9}\n", c.offers, c.on_demand, c.spot, c.reserved));
    }
    out.push_str("offers per flag:\n");
    for (f, n) in &per_flag {
        out.push_str(&format!("  {f:<24}{n:>6}\n"));
    }
    out.push_str(&format!("source rows left out: {}\n", dropped.len()));
    for d in dropped {
        out.push_str(&format!("  {d}\n"));
    }
    out
}
