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
        let city = cols.text(r, "city")?;
        let country = cols.text(r, "country")?;
        let name_en = match cols.text(r, "display_name_en")? {
            "" => readable_name(&id, &[city, cols.text(r, "state_or_province")?], country),
            name => name.to_string(),
        };
        // The group column is blank on some rows whose country is known.
        let jurisdiction = match jurisdiction_of(cols.text(r, "jurisdiction_group")?) {
            Jurisdiction::Unknown => country_jurisdiction(country),
            known => known,
        };
        out.push(Region {
            name_en: name_en.into(),
            name_zh: (!name_zh.is_empty()).then(|| name_zh.to_string()).map(Into::into),
            city: city.into(),
            country: country.into(),
            continent: cols.text(r, "continent")?.into(),
            jurisdiction,
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
        provider: provider.into(),
        id: id.into(),
        name_en: readable_name(id, &[], "").into(),
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

/// A display name for a region the source names only by id: its place and
/// country in words, the id kept where it is a code; ids that say nothing
/// ("default", a hash) are called what they are.
pub fn readable_name(id: &str, places: &[&str], country: &str) -> String {
    let country_name = country_name(country);
    let mut parts: Vec<&str> = Vec::new();
    for p in places.iter().copied().chain(country_name) {
        if !p.is_empty() && !parts.iter().any(|q| q.eq_ignore_ascii_case(p)) {
            parts.push(p);
        }
    }
    let says_nothing = id.trim().is_empty()
        || id.eq_ignore_ascii_case("default")
        || (id.len() >= 8 && id.chars().all(|c| c.is_ascii_hexdigit()) && id.chars().any(|c| c.is_ascii_digit()));
    match (parts.is_empty(), says_nothing) {
        (true, true) => format!("Region not named by the source ({})", if id.is_empty() { "blank" } else { id }),
        (true, false) => id.to_string(),
        // Marketplace ids ("Ontario, CA, NA") are the place itself.
        (false, _) if says_nothing || id.contains(',') => parts.join(", "),
        (false, _) => format!("{} ({id})", parts.join(", ")),
    }
}

/// English names of the countries the region table uses (ISO 3166 alpha-2).
fn country_name(code: &str) -> Option<&'static str> {
    const NAMES: [(&str, &str); 40] = [
        ("AT", "Austria"),
        ("BE", "Belgium"),
        ("BG", "Bulgaria"),
        ("CA", "Canada"),
        ("CH", "Switzerland"),
        ("CN", "China"),
        ("CZ", "Czechia"),
        ("DE", "Germany"),
        ("DK", "Denmark"),
        ("EE", "Estonia"),
        ("ES", "Spain"),
        ("FI", "Finland"),
        ("FR", "France"),
        ("GB", "United Kingdom"),
        ("HK", "Hong Kong"),
        ("IE", "Ireland"),
        ("IN", "India"),
        ("IS", "Iceland"),
        ("IT", "Italy"),
        ("JP", "Japan"),
        ("KR", "South Korea"),
        ("NL", "Netherlands"),
        ("NO", "Norway"),
        ("PL", "Poland"),
        ("PT", "Portugal"),
        ("RO", "Romania"),
        ("RU", "Russia"),
        ("SE", "Sweden"),
        ("SG", "Singapore"),
        ("TW", "Taiwan"),
        ("US", "United States"),
        ("VN", "Vietnam"),
        ("AU", "Australia"),
        ("BR", "Brazil"),
        ("IL", "Israel"),
        ("SA", "Saudi Arabia"),
        ("ZA", "South Africa"),
        ("MX", "Mexico"),
        ("CL", "Chile"),
        ("AE", "United Arab Emirates"),
    ];
    NAMES.iter().find(|(c, _)| c.eq_ignore_ascii_case(code)).map(|(_, n)| *n)
}

/// EU member states plus the EEA's Iceland, Liechtenstein and Norway.
const EU_EEA: [&str; 30] = [
    "AT", "BE", "BG", "HR", "CY", "CZ", "DK", "EE", "FI", "FR", "DE", "GR", "HU", "IE", "IT", "LV", "LT", "LU", "MT",
    "NL", "PL", "PT", "RO", "SK", "SI", "ES", "SE", "IS", "LI", "NO",
];

/// The jurisdiction group of one country; `Unknown` only when no single country is given.
pub fn country_jurisdiction(country: &str) -> Jurisdiction {
    let code = country.trim().to_ascii_uppercase();
    match code.as_str() {
        "" => Jurisdiction::Unknown,
        c if c.len() != 2 || !c.chars().all(|x| x.is_ascii_alphabetic()) => Jurisdiction::Unknown,
        "US" => Jurisdiction::Us,
        "CN" => Jurisdiction::Cn,
        "GB" | "UK" => Jurisdiction::Uk,
        c if EU_EEA.contains(&c) => Jurisdiction::Eu,
        _ => Jurisdiction::Other,
    }
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
