//! `data/regions.csv` → regions with display names and jurisdiction.

use super::fields::records;
use crate::catalog::schema::{Jurisdiction, Region, Text};

pub fn read_regions(text: &str) -> Result<Vec<Region>, String> {
    let (cols, rows) = records("regions.csv", text)?;
    let mut out: Vec<Region> = Vec::with_capacity(rows.len());
    for r in &rows {
        let provider = cols.text(r, "provider")?.to_ascii_lowercase();
        let id = cols.text(r, "region")?.to_string();
        if out.iter().any(|g| g.provider == provider && g.id == id) {
            return Err(format!("regions.csv: region `{provider}/{id}` appears twice"));
        }
        let name_zh = cols.text(r, "display_name_zh")?;
        out.push(Region {
            name_en: non_empty_or(cols.text(r, "display_name_en")?, &id).into(),
            name_zh: (!name_zh.is_empty()).then(|| name_zh.to_string()).map(Into::into),
            city: cols.text(r, "city")?.into(),
            country: cols.text(r, "country")?.into(),
            continent: cols.text(r, "continent")?.into(),
            jurisdiction: jurisdiction_of(cols.text(r, "jurisdiction_group")?),
            carbon_g_per_kwh: None,
            carbon_source: Text::default(),
            pue: None,
            pue_source: Text::default(),
            provider: provider.into(),
            id: id.into(),
        });
    }
    Ok(out)
}

/// A region named by an offer but absent from `regions.csv`: kept, metadata unknown.
pub fn unknown_region(provider: &str, id: &str) -> Region {
    Region {
        provider: provider.to_string().into(),
        id: id.to_string().into(),
        name_en: id.to_string().into(),
        name_zh: None,
        city: Text::default(),
        country: Text::default(),
        continent: Text::default(),
        jurisdiction: Jurisdiction::Unknown,
        carbon_g_per_kwh: None,
        carbon_source: Text::default(),
        pue: None,
        pue_source: Text::default(),
    }
}

/// The carbon dataset used for each provider: one per provider, named in the data.
const CARBON_DATASETS: [(&str, &str); 3] = [
    ("aws", "ccf_app_default"),
    ("azure", "ccf_app_default"),
    // Google's own per-region figures are newer than CCF's copy.
    ("gcp", "google_region_carbon_info_2024"),
];

/// Grid carbon intensity per region from `carbon.csv`.
pub fn attach_carbon(regions: &mut [Region], text: &str) -> Result<(), String> {
    let (cols, rows) = records("carbon.csv", text)?;
    for r in &rows {
        let provider = cols.text(r, "provider")?.to_ascii_lowercase();
        let dataset = cols.text(r, "dataset")?;
        let chosen = CARBON_DATASETS.iter().any(|(p, d)| *p == provider && dataset.starts_with(d));
        if !chosen {
            continue;
        }
        let id = cols.text(r, "region")?;
        let intensity = cols.number(r, "gco2e_per_kwh")?;
        for g in regions.iter_mut().filter(|g| g.provider == provider && g.id.eq_ignore_ascii_case(id)) {
            g.carbon_g_per_kwh = intensity;
            g.carbon_source = format!("{dataset}; {}", cols.text(r, "upstream_source")?).into();
        }
    }
    Ok(())
}

/// Data-centre PUE per region from `pue.csv`: a provider's own regional figure
/// where it publishes one, else its fleet figure. Other providers stay unknown.
pub fn attach_pue(regions: &mut [Region], text: &str) -> Result<(), String> {
    let (cols, rows) = records("pue.csv", text)?;
    let mut fleet: Vec<(String, f64, String)> = Vec::new();
    let mut regional: Vec<(String, String, f64, String)> = Vec::new();
    for r in &rows {
        let provider = cols.text(r, "provider")?.to_ascii_lowercase();
        let scope = cols.text(r, "scope")?;
        let Ok(pue) = cols.text(r, "pue")?.parse::<f64>() else { continue };
        let source = format!("{scope}: {}", cols.text(r, "source")?);
        let fleet_scope = match provider.as_str() {
            "aws" => scope == "global average 2025 (published by AWS)",
            "azure" => scope == "fleet average (CCF constant)",
            "gcp" => scope == "fleet default (CCF constant)",
            _ => false,
        };
        if fleet_scope {
            fleet.push((provider, pue, source));
        } else if let Some(region) = scope.strip_suffix(" (TTM)") {
            regional.push((provider, region.to_string(), pue, source));
        }
    }
    for g in regions.iter_mut() {
        let own = regional.iter().find(|(p, id, _, _)| *p == g.provider && *id == g.id);
        let any = own
            .map(|(_, _, v, s)| (*v, s))
            .or_else(|| fleet.iter().find(|(p, _, _)| *p == g.provider).map(|(_, v, s)| (*v, s)));
        if let Some((pue, source)) = any {
            g.pue = Some(pue);
            g.pue_source = source.clone().into();
        }
    }
    Ok(())
}

fn non_empty_or(text: &str, fallback: &str) -> String {
    if text.is_empty() { fallback } else { text }.to_string()
}

pub fn jurisdiction_of(group: &str) -> Jurisdiction {
    let group = group.trim().to_ascii_uppercase();
    match group.as_str() {
        "EU/EEA" | "EU" => Jurisdiction::Eu,
        "US" => Jurisdiction::Us,
        "CN" | "CN MAINLAND" => Jurisdiction::Cn,
        "UK" => Jurisdiction::Uk,
        "OTHER" => Jurisdiction::Other,
        // Empty, or "mixed: …" (one price for several countries): residency unknown.
        _ => Jurisdiction::Unknown,
    }
}
