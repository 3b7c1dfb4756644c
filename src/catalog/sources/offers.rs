//! `data/offers.csv` → offers, with every correction and doubt kept as a flag.

use super::fields::{is_iso_date, records, Columns};
use super::regions::unknown_region;
use crate::catalog::schema::{Accelerator, Flag, Offer, Prices, Region, Source};
use csv::StringRecord;

/// A fact about a whole provider's data (`data/provider_notes.csv`).
pub struct ProviderNote {
    pub provider: String,
    pub code: String,
    pub message: String,
}

/// A value replaced from a better source (`data/corrections.csv`).
pub struct Correction {
    pub provider: String,
    pub instance: String,
    pub field: String,
    pub value: String,
    pub reason: String,
}

pub fn read_provider_notes(text: &str) -> Result<Vec<ProviderNote>, String> {
    let (cols, rows) = records("provider_notes.csv", text)?;
    rows.iter()
        .map(|r| {
            Ok(ProviderNote {
                provider: cols.text(r, "provider")?.to_string(),
                code: cols.text(r, "code")?.to_string(),
                message: cols.text(r, "message")?.to_string(),
            })
        })
        .collect()
}

pub fn read_corrections(text: &str) -> Result<Vec<Correction>, String> {
    let (cols, rows) = records("corrections.csv", text)?;
    rows.iter()
        .map(|r| {
            let field = cols.text(r, "field")?.to_string();
            if field != "gpu_count" {
                return Err(format!(
                    "corrections.csv: field `{field}` cannot be corrected (only gpu_count)"
                ));
            }
            Ok(Correction {
                provider: cols.text(r, "provider")?.to_string(),
                instance: cols.text(r, "instance")?.to_string(),
                value: cols.text(r, "value")?.to_string(),
                reason: cols.text(r, "reason")?.to_string(),
                field,
            })
        })
        .collect()
}

/// Tables the offers refer to by index; regions and sources grow as offers name them.
pub struct Tables<'a> {
    pub accelerators: &'a [Accelerator],
    pub regions: &'a mut Vec<Region>,
    pub sources: &'a mut Vec<Source>,
    pub flags: &'a mut Vec<Flag>,
    pub notes: &'a [ProviderNote],
    pub corrections: &'a [Correction],
}

pub fn read_offers(text: &str, tables: &mut Tables) -> Result<Vec<Offer>, String> {
    let (cols, rows) = records("offers.csv", text)?;
    let mut offers: Vec<Offer> = Vec::with_capacity(rows.len());
    let mut keys = std::collections::HashSet::new();
    for r in &rows {
        let offer = read_offer(&cols, r, tables)?;
        let key = (offer.provider.clone(), offer.instance.clone(), offer.region);
        if !keys.insert(key) {
            return Err(format!(
                "offers.csv:{}: offer {}/{} in region #{} appears twice",
                r.position().map_or(0, |p| p.line()),
                offer.provider,
                offer.instance,
                offer.region
            ));
        }
        offers.push(offer);
    }
    Ok(offers)
}

fn read_offer(cols: &Columns, r: &StringRecord, t: &mut Tables) -> Result<Offer, String> {
    let provider = cols.text(r, "provider")?.to_ascii_lowercase();
    let instance = cols.text(r, "instance_type")?.to_string();
    let mut flags = Vec::new();

    let accel_key = cols.text(r, "accelerator_name")?;
    let accelerator = t
        .accelerators
        .iter()
        .position(|a| a.key == accel_key)
        .ok_or_else(|| format!("offers.csv: {provider}/{instance}: accelerator `{accel_key}` has no row in gpu_specs.csv"))?;

    let region_id = cols.text(r, "region")?;
    let region = match t
        .regions
        .iter()
        .position(|g| g.provider == provider && g.id == region_id)
    {
        Some(i) => i,
        None => {
            flags.push(flag(
                "region-unknown",
                format!("region `{region_id}` has no metadata (name, country, jurisdiction)"),
            ));
            t.regions.push(unknown_region(&provider, region_id));
            t.regions.len() - 1
        }
    };

    let source = source_index(cols, r, &provider, t.sources)?;

    let mut gpu_count = cols.required_number(r, "accelerator_count")?;
    for c in t
        .corrections
        .iter()
        .filter(|c| c.provider == provider && c.instance == instance)
    {
        let value: f64 = c
            .value
            .parse()
            .map_err(|_| format!("corrections.csv: `{}` is not a number", c.value))?;
        flags.push(flag(
            "corrected",
            format!("GPU count {gpu_count} → {value}: {}", c.reason),
        ));
        gpu_count = value;
    }
    let memory_per_gpu_gib = cols.required_number(r, "gpu_memory_gib_per_accelerator")?;
    if gpu_count <= 0.0 || memory_per_gpu_gib <= 0.0 {
        return Err(format!(
            "offers.csv: {provider}/{instance}: GPU count and memory must be positive"
        ));
    }
    if gpu_count < 1.0 {
        flags.push(flag(
            "fractional-gpu",
            format!("a {:.3} share of one GPU (vGPU partition)", gpu_count),
        ));
    }

    let mut memory_gib = cols.number(r, "memory_gib")?;
    for note in t.notes.iter().filter(|n| n.provider == provider) {
        if note.code == "ram-unknown" {
            memory_gib = None;
        }
        flags.push(flag(&note.code, note.message.clone()));
    }
    let source_note = cols.text(r, "notes")?;
    if !source_note.is_empty() {
        flags.push(flag("source-note", source_note.to_string()));
    }

    let mut prices = Prices {
        on_demand: checked_price(
            cols.number(r, "ondemand_usd_per_hour")?,
            "on-demand",
            &mut flags,
        ),
        spot: checked_price(cols.number(r, "spot_usd_per_hour")?, "spot", &mut flags),
        ..Prices::default()
    };
    if t.notes
        .iter()
        .any(|n| n.provider == provider && n.code == "placeholder-price")
    {
        prices = Prices::default();
    }
    if let (Some(spot), Some(on_demand)) = (prices.spot, prices.on_demand) {
        if spot > on_demand {
            flags.push(flag("spot-above-on-demand", format!("published spot ${spot}/h is above on-demand ${on_demand}/h; spot treated as unknown")));
            prices.spot = None;
        }
    }
    if prices.on_demand.is_none() {
        flags.push(flag(
            "price-unknown",
            "no usable on-demand price in the source".to_string(),
        ));
    }

    Ok(Offer {
        flags: flags.into_iter().map(|f| intern(t.flags, f)).collect(),
        family: family_of(&provider, &instance),
        region: region as u32,
        accelerator: accelerator as u32,
        gpu_memory_gib: round2(gpu_count * memory_per_gpu_gib),
        gpu_count,
        memory_per_gpu_gib,
        vcpus: cols.number(r, "vcpus")?,
        memory_gib,
        prices,
        source: source as u32,
        provider,
        instance,
    })
}

/// The index of `flag` in the shared table, adding it if new.
fn intern(table: &mut Vec<Flag>, flag: Flag) -> u32 {
    let index = table.iter().position(|f| *f == flag).unwrap_or_else(|| {
        table.push(flag);
        table.len() - 1
    });
    index as u32
}

fn flag(code: &str, message: String) -> Flag {
    Flag {
        code: code.to_string(),
        message,
    }
}

/// A price must be positive and finite; anything else becomes unknown, with a flag.
fn checked_price(value: Option<f64>, kind: &str, flags: &mut Vec<Flag>) -> Option<f64> {
    match value {
        Some(v) if v > 0.0 => Some(v),
        Some(v) => {
            flags.push(flag(
                "price-invalid",
                format!("{kind} price {v} is not positive; treated as unknown"),
            ));
            None
        }
        None => None,
    }
}

fn source_index(
    cols: &Columns,
    r: &StringRecord,
    provider: &str,
    sources: &mut Vec<Source>,
) -> Result<usize, String> {
    let date = cols.text(r, "snapshot_date")?;
    let (snapshot_date, date_note) = if is_iso_date(date) {
        (Some(date.to_string()), String::new())
    } else {
        (None, date.to_string())
    };
    let source = Source {
        provider: provider.to_string(),
        name: cols.text(r, "source_repo")?.to_string(),
        path: cols.text(r, "source_path")?.to_string(),
        commit: cols.text(r, "source_commit")?.to_string(),
        snapshot_date,
        date_note,
    };
    Ok(match sources.iter().position(|s| *s == source) {
        Some(i) => i,
        None => {
            sources.push(source);
            sources.len() - 1
        }
    })
}

/// The provider's family name for an instance type.
pub fn family_of(provider: &str, instance: &str) -> String {
    match provider {
        // Standard_ND96isr_H100_v5 → ND; Standard_NCC40ads_H100_v5 → NCC.
        "azure" => instance
            .trim_start_matches("Standard_")
            .chars()
            .take_while(|c| c.is_ascii_uppercase())
            .collect(),
        // p4d.24xlarge → p4d
        "aws" => instance.split('.').next().unwrap_or_default().to_string(),
        // a3-highgpu-8g → a3; n1-highmem-8+1xT4 → n1
        "gcp" => instance.split('-').next().unwrap_or_default().to_string(),
        _ => String::new(),
    }
}

fn round2(v: f64) -> f64 {
    (v * 100.0).round() / 100.0
}
