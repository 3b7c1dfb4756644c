//! Turning the source files in `data/` into the catalog. Used by `build.rs` to
//! make the embedded catalog and by the engine's tests; it names no wasm type.
//! Each provider's reader feeds one `Builder`, which checks every offer alike.

pub mod alibaba;
pub mod aws;
pub mod azure;
pub mod azure_retail;
pub mod builder;
pub mod capabilities;
pub mod fields;
pub mod gcp;
pub mod offers;
pub mod regions;
pub mod specs;

use crate::catalog::schema::{CatalogData, Jurisdiction, Offer, FORMAT_VERSION};
use std::collections::BTreeMap;

/// A price older than this on the day of the answer is stale (`catalog::age`):
/// judged per call on the reader's clock, so no offer is flagged at build time.
pub const STALE_AFTER_DAYS: u32 = 365;

/// Every file in `data/` the catalog is built from.
pub const SOURCE_FILES: [&str; 21] = [
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
    "provider_capabilities.csv",
    "country_points.csv",
    "aws_china.csv",
];
/// Read too, but not a price source.
pub const RATE_FILE: &str = "exchange_rates.csv";

/// The text of each source file by name.
#[derive(Default, Clone)]
pub struct SourceFiles(pub BTreeMap<String, String>);

impl SourceFiles {
    /// The name of every file the catalog is built from.
    pub fn names() -> impl Iterator<Item = &'static str> {
        SOURCE_FILES.into_iter().chain([RATE_FILE])
    }

    /// Every one of them, read from `folder` (a checkout's `data/`).
    pub fn read_from(folder: &std::path::Path) -> Result<SourceFiles, String> {
        let mut files = SourceFiles::default();
        for name in Self::names() {
            let path = folder.join(name);
            let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            files.0.insert(name.to_string(), text);
        }
        Ok(files)
    }

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
    let capabilities = capabilities::read_capabilities(files.get("provider_capabilities.csv")?)?;
    let country_points = capabilities::read_country_points(files.get("country_points.csv")?)?;
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
    // After offers.csv and its corrections: AWS China takes the hardware of the AWS types.
    aws::read_aws_china(files.get("aws_china.csv")?, &rates, &mut b)?;
    azure::read_azure_reserved(files.get("azure_reserved.csv")?, files.get("azure_reserved_levels.csv")?, &mut b)?;

    let flag_sets = b.take_flag_sets();
    // Regions no offer uses are kept: a custom catalog may name them.
    let data = CatalogData {
        format_version: FORMAT_VERSION,
        sources: b.sources,
        accelerators: b.accelerators,
        regions: b.regions,
        flags: b.flags,
        flag_sets,
        exchange_rates: rates,
        providers,
        accelerator_aliases: b.aliases,
        offers: b.offers,
        capabilities,
        country_points,
    };
    Ok(Built { data, dropped: b.dropped })
}

/// The newest dated snapshot among `sources` (yyyy-mm-dd).
pub fn newest_snapshot(sources: &[crate::catalog::schema::Source]) -> Option<String> {
    sources.iter().filter_map(|s| s.snapshot_date.as_deref()).max().map(str::to_string)
}

/// Offers by the age of their price, counted from the catalog's newest snapshot.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct AgeCounts {
    pub within_90_days: usize,
    pub within_365_days: usize,
    pub over_365_days: usize,
    pub undated: usize,
}

pub fn offer_ages(data: &CatalogData) -> AgeCounts {
    offer_ages_on(data, newest_snapshot(&data.sources).and_then(|d| fields::days_since_epoch(&d)))
}

/// Offers by the age of their price on `reference` (days since 1970-01-01):
/// the reader's today, so a page opened next year calls last year's prices stale.
pub fn offer_ages_on(data: &CatalogData, reference: Option<i64>) -> AgeCounts {
    ages_of(data, data.offers.iter(), reference)
}

/// [`offer_ages_on`] of some of the catalog's offers.
fn ages_of<'a>(data: &CatalogData, offers: impl Iterator<Item = &'a Offer>, reference: Option<i64>) -> AgeCounts {
    let mut counts = AgeCounts::default();
    for o in offers {
        let date = data.sources.get(o.source as usize).and_then(|s| s.snapshot_date.as_deref());
        match (reference, date.and_then(fields::days_since_epoch)) {
            (Some(r), Some(d)) if r - d <= 90 => counts.within_90_days += 1,
            (Some(r), Some(d)) if r - d <= i64::from(STALE_AFTER_DAYS) => counts.within_365_days += 1,
            (Some(_), Some(_)) => counts.over_365_days += 1,
            _ => counts.undated += 1,
        }
    }
    counts
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
        for &f in data.flag_sets.get(o.flag_set as usize).map_or(&[][..], Vec::as_slice) {
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
    let newest = newest_snapshot(&data.sources);
    let reference = newest.as_deref().and_then(fields::days_since_epoch);
    out.push_str(&age_report(
        data,
        reference,
        &format!("the newest snapshot, {}", newest.as_deref().unwrap_or("none")),
    ));
    out.push_str(&reserved_report(data));
    out.push_str(&unknown_jurisdiction_report(data));
    out.push_str(&format!("source rows left out: {}\n", dropped.len()));
    for d in dropped {
        out.push_str(&format!("  {d}\n"));
    }
    out
}

/// Offers by price age, in all and per provider, on `reference` (days since
/// 1970-01-01): older than `STALE_AFTER_DAYS` is what the engine flags `stale` that day.
pub fn age_report(data: &CatalogData, reference: Option<i64>, on: &str) -> String {
    let mut providers: Vec<&str> = data.offers.iter().map(|o| o.provider.as_str()).collect();
    providers.sort_unstable();
    providers.dedup();
    let all = offer_ages_on(data, reference);
    let mut out = format!(
        "offers by price age (on {on}; > {STALE_AFTER_DAYS} days is stale)\n  provider        <=90 days <=365 days  >365 days    undated\n"
    );
    let row = |name: &str, c: &AgeCounts| {
        format!(
            "  {name:<16}{:>9}{:>11}{:>11}{:>11}\n",
            c.within_90_days, c.within_365_days, c.over_365_days, c.undated
        )
    };
    for p in providers {
        out.push_str(&row(p, &ages_of(data, data.offers.iter().filter(|o| o.provider == p), reference)));
    }
    out.push_str(&row("all", &all));
    out
}

/// Reserved prices per provider and term: published by the provider or derived.
fn reserved_report(data: &CatalogData) -> String {
    let mut rows: BTreeMap<&str, [usize; 4]> = BTreeMap::new();
    for o in &data.offers {
        let p = &o.prices;
        let r = rows.entry(&o.provider).or_default();
        for (k, (price, derived)) in
            [(p.reserved_1y, p.reserved_1y_derived), (p.reserved_3y, p.reserved_3y_derived)].into_iter().enumerate()
        {
            if price.is_some() {
                r[k * 2 + usize::from(derived)] += 1;
            }
        }
    }
    let mut out = String::from("reserved prices      1y published  1y derived  3y published  3y derived\n");
    for (provider, [p1, d1, p3, d3]) in rows.iter().filter(|(_, r)| r.iter().any(|n| *n > 0)) {
        out.push_str(&format!("  {provider:<16}{p1:>14}{d1:>12}{p3:>14}{d3:>12}\n"));
    }
    out
}

/// Regions used by offers whose jurisdiction is unknown, with why (no country).
fn unknown_jurisdiction_report(data: &CatalogData) -> String {
    let mut used: BTreeMap<(&str, &str, &str), usize> = BTreeMap::new();
    for o in &data.offers {
        if let Some(g) = data.regions.get(o.region as usize).filter(|g| g.jurisdiction == Jurisdiction::Unknown) {
            *used.entry((&g.provider, &g.id, &g.country)).or_default() += 1;
        }
    }
    let offers: usize = used.values().sum();
    let mut out = format!("regions with unknown jurisdiction: {} ({offers} offers)\n", used.len());
    for ((provider, id, country), n) in &used {
        let why = if country.is_empty() { "no country in the source" } else { "several countries" };
        out.push_str(&format!("  {provider:<16}{id:<28}{n:>5}  {why}\n"));
    }
    out
}
