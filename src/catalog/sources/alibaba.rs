//! Alibaba Cloud (`data/alibaba_gpu.csv`): China-site pay-as-you-go list prices
//! in CNY, kept as published and converted to USD at the rate in
//! `data/exchange_rates.csv` (users can set their own rate). Types with no
//! price are listed with their specs and "price unknown".

use super::builder::{flag, Builder, OfferDraft};
use super::fields::records;
use super::specs::unspecified;
use crate::catalog::schema::{ExchangeRate, OriginalPrice, Prices, Source, Text};

/// Alibaba's GPU names → our keys; the memory column picks the variant.
fn accelerator_key(name: &str, memory_gib: Option<f64>) -> Option<&'static str> {
    let m = memory_gib.unwrap_or(0.0);
    Some(match name {
        "A10" => "A10",
        "T4" => "T4",
        "P100" => "P100",
        "P4" => "P4",
        "A100" if m > 40.0 => "A100-80GB",
        "A100" => "A100",
        "V100" if m > 16.0 => "V100-32GB",
        "V100" => "V100",
        "A30" => "A30",
        "M40" => "M40",
        "L20" => "L20",
        "A800" => "A800",
        "H20" => "H20",
        "RTX 5880" | "5880" => "RTX5880-Ada",
        "5090" => "RTX5090",
        "RTX 6000" => "RTX6000",
        _ => return None,
    })
}

/// Alibaba's vGPU families (sgn*, vgn*) sell a slice of one GPU; the memory
/// column is the slice's memory.
fn is_vgpu_family(instance: &str) -> bool {
    let family = instance.trim_start_matches("ecs.");
    family.starts_with("sgn") || family.starts_with("vgn")
}

/// The family of an instance type: `ecs.sgn8ia-m16.8xlarge` → `sgn8ia`.
fn family_of(instance: &str) -> &str {
    let rest = instance.trim_start_matches("ecs.");
    let end = rest.find(['.', '-']).unwrap_or(rest.len());
    &rest[..end]
}

/// What the whole file says about cards the spec table lacks: a vGPU family's
/// whole card is its largest slice (sgn8ia-m48 has all 48 GB of the card the
/// m2 … m24 types slice), and one published name on cards of different memory
/// (`L20N` on 48 GB gn9g and 72 GB ebmgn9ge) is more than one card.
#[derive(Default)]
struct FileFacts {
    vgpu_card_gib: std::collections::BTreeMap<String, f64>,
    whole_card_gib: std::collections::BTreeMap<String, Vec<f64>>,
}

fn file_facts(cols: &super::fields::Columns, rows: &[csv::StringRecord]) -> Result<FileFacts, String> {
    let mut f = FileFacts::default();
    for r in rows {
        let instance = cols.text(r, "instance")?;
        let Some(memory) = cols.number(r, "gpu_mem_gb")? else { continue };
        if is_vgpu_family(instance) {
            let max = f.vgpu_card_gib.entry(family_of(instance).to_string()).or_insert(memory);
            *max = max.max(memory);
        } else {
            let list = f.whole_card_gib.entry(cols.text(r, "gpu")?.to_string()).or_default();
            if !list.contains(&memory) {
                list.push(memory);
            }
        }
    }
    Ok(f)
}

pub fn read_alibaba(text: &str, rates: &[ExchangeRate], builder: &mut Builder) -> Result<(), String> {
    let (cols, rows) = records("alibaba_gpu.csv", text)?;
    let facts = file_facts(&cols, &rows)?;
    // Types priced in some region: their specification-only row (no region) is superseded.
    let mut priced = std::collections::BTreeSet::new();
    for r in &rows {
        if !cols.text(r, "region")?.is_empty() && cols.number(r, "payg_hourly")?.is_some() {
            priced.insert(cols.text(r, "instance")?.to_string());
        }
    }
    for r in &rows {
        let at = format!("alibaba_gpu.csv:{}", r.position().map_or(0, |p| p.line()));
        let instance = cols.text(r, "instance")?.to_string();
        if cols.text(r, "region")?.is_empty() && priced.contains(&instance) {
            builder
                .dropped
                .push(format!("alibaba {instance}: the specification-only row, superseded by the type's priced rows"));
            continue;
        }
        if instance.contains(".poc-test.") {
            builder.dropped.push(format!(
                "alibaba {instance}: a proof-of-concept test type (`poc-test`), not a listed instance family; no public price"
            ));
            continue;
        }
        let name = cols.text(r, "gpu")?;
        let row_memory = cols.number(r, "gpu_mem_gb")?;
        let vgpu_card =
            is_vgpu_family(&instance).then(|| facts.vgpu_card_gib.get(family_of(&instance)).copied()).flatten();
        let key = match accelerator_key(name, row_memory) {
            Some(k) => k.to_string(),
            None => {
                // Cards of different memory under one name get a key each.
                let several = facts.whole_card_gib.get(name).is_some_and(|m| m.len() > 1);
                let key = match row_memory {
                    Some(m) if several && vgpu_card.is_none() => format!("Alibaba {name} {m} GiB"),
                    _ => format!("Alibaba {name}"),
                };
                if builder.accelerator_index(&key).is_none() {
                    builder.accelerators.push(unspecified(&key, vgpu_card.or(row_memory)));
                }
                key
            }
        };
        let mut d = OfferDraft {
            provider: "alibaba".into(),
            region: cols.text(r, "region")?.to_string(),
            accelerator: key.clone(),
            gpu_count: cols.number(r, "gpu_count")?.filter(|c| *c > 0.0).unwrap_or(1.0),
            memory_per_gpu_gib: row_memory,
            vcpus: cols.number(r, "vcpu")?,
            memory_gib: cols.number(r, "ram_gb")?,
            ..OfferDraft::default()
        };
        let spec = builder.accelerator_index(&key).map(|i| &builder.accelerators[i]);
        let spec_memory = spec.and_then(|a| a.memory_gib);
        let specs_unknown = spec.is_none_or(|a| a.confidence == "none");
        if let (true, Some(slice), Some(full)) = (is_vgpu_family(&instance), row_memory, spec_memory) {
            if slice < full {
                d.flags.push(flag("vgpu-slice", format!("vGPU: {slice} GiB of a {full} GiB {key}")));
                d.gpu_count *= slice / full;
                d.memory_per_gpu_gib = Some(full);
            }
        }
        if specs_unknown {
            d.flags.push(flag(
                "specs-unknown",
                format!("`{name}` is Alibaba's own name; no specifications in our sources"),
            ));
        }
        if d.region.is_empty() {
            d.region = "(not stated)".into();
        }
        let currency = cols.text(r, "currency")?.to_string();
        if let Some(price) = cols.number(r, "payg_hourly")? {
            let rate = rates
                .iter()
                .find(|x| x.currency == currency)
                .ok_or_else(|| format!("{at}: no exchange rate for {currency} in exchange_rates.csv"))?;
            d.prices = Prices { on_demand: Some(price / rate.units_per_usd), ..Prices::default() };
            d.original_price = Some(OriginalPrice { currency: currency.into(), on_demand_per_hour: price });
        }
        let note = cols.text(r, "notes")?;
        d.flags.push(flag("source-note", note.split(';').next().unwrap_or(note).trim()));
        d.instance = instance;
        // A `source_date` that is not a date says why the price is undated.
        let date = cols.text(r, "source_date")?;
        let dated = super::fields::is_iso_date(date);
        let source = builder.source_index(Source {
            provider: "alibaba".into(),
            name: cols.text(r, "source_repo")?.into(),
            path: cols.text(r, "source_path")?.into(),
            commit: cols.text(r, "source_commit")?.into(),
            snapshot_date: dated.then(|| date.to_string()).map(Into::into),
            date_note: if dated {
                Text::default()
            } else if date.is_empty() {
                format!("specifications from {}", cols.text(r, "spec_source")?).into()
            } else {
                date.to_string().into()
            },
        });
        builder.add(d, source, &at)?;
    }
    Ok(())
}

pub fn read_exchange_rates(text: &str) -> Result<Vec<ExchangeRate>, String> {
    let (cols, rows) = records("exchange_rates.csv", text)?;
    rows.iter()
        .map(|r| {
            Ok(ExchangeRate {
                currency: cols.text(r, "currency")?.into(),
                units_per_usd: cols.required_number(r, "units_per_usd")?,
                date: cols.text(r, "date")?.into(),
                source: cols.text(r, "source")?.into(),
            })
        })
        .collect()
}
