//! `data/regions.csv` → regions with display names and jurisdiction.

use super::fields::records;
use crate::catalog::schema::{Jurisdiction, Region};

pub fn read_regions(text: &str) -> Result<Vec<Region>, String> {
    let (cols, rows) = records("regions.csv", text)?;
    let mut out: Vec<Region> = Vec::with_capacity(rows.len());
    for r in &rows {
        let provider = cols.text(r, "provider")?.to_ascii_lowercase();
        let id = cols.text(r, "region")?.to_string();
        if out.iter().any(|g| g.provider == provider && g.id == id) {
            return Err(format!(
                "regions.csv: region `{provider}/{id}` appears twice"
            ));
        }
        let name_zh = cols.text(r, "display_name_zh")?;
        out.push(Region {
            name_en: non_empty_or(cols.text(r, "display_name_en")?, &id),
            name_zh: (!name_zh.is_empty()).then(|| name_zh.to_string()),
            city: cols.text(r, "city")?.to_string(),
            country: cols.text(r, "country")?.to_string(),
            continent: cols.text(r, "continent")?.to_string(),
            jurisdiction: jurisdiction_of(cols.text(r, "jurisdiction_group")?),
            provider,
            id,
        });
    }
    Ok(out)
}

/// A region named by an offer but absent from `regions.csv`: kept, metadata unknown.
pub fn unknown_region(provider: &str, id: &str) -> Region {
    Region {
        provider: provider.to_string(),
        id: id.to_string(),
        name_en: id.to_string(),
        name_zh: None,
        city: String::new(),
        country: String::new(),
        continent: String::new(),
        jurisdiction: Jurisdiction::Unknown,
    }
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
