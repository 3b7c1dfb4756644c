//! `data/offers.csv` → offers, with every correction and doubt kept as a flag.

use super::builder::{flag, Builder, OfferDraft};
use super::fields::{is_iso_date, records, Columns};
use crate::catalog::schema::{Prices, Source, Text};
use csv::StringRecord;

/// A fact about a whole provider's rows in offers.csv (`data/provider_notes.csv`).
pub struct ProviderNote {
    pub provider: String,
    pub code: String,
    pub message: String,
    /// The note is about GPU rows only (`applies_to` = `gpu`): GCP's GPU prices
    /// in offers.csv are doubtful, its TPU slice prices are not.
    pub gpu_only: bool,
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
                gpu_only: match cols.text(r, "applies_to")? {
                    "" | "all" => false,
                    "gpu" => true,
                    other => return Err(format!("provider_notes.csv: `applies_to` is `all` or `gpu`, not `{other}`")),
                },
            })
        })
        .collect()
}

/// A list price read from the provider's own dated page, replacing the catalog
/// file's price for that instance (`data/provider_prices.csv`).
pub struct PagePrice {
    pub provider: String,
    pub instance: String,
    pub on_demand_usd_per_hour: f64,
    pub publisher: String,
    pub page: String,
    pub date: String,
    pub reason: String,
}

pub fn read_page_prices(text: &str) -> Result<Vec<PagePrice>, String> {
    let (cols, rows) = records("provider_prices.csv", text)?;
    rows.iter()
        .map(|r| {
            let date = cols.text(r, "date")?.to_string();
            if !is_iso_date(&date) {
                return Err(format!("provider_prices.csv: `{date}` is not a yyyy-mm-dd date"));
            }
            Ok(PagePrice {
                provider: cols.text(r, "provider")?.to_string(),
                instance: cols.text(r, "instance")?.to_string(),
                on_demand_usd_per_hour: cols.required_number(r, "ondemand_usd_per_hour")?,
                publisher: cols.text(r, "publisher")?.to_string(),
                page: cols.text(r, "page")?.to_string(),
                date,
                reason: cols.text(r, "reason")?.to_string(),
            })
        })
        .collect()
}

pub fn read_corrections(text: &str) -> Result<Vec<Correction>, String> {
    let (cols, rows) = records("corrections.csv", text)?;
    rows.iter()
        .map(|r| {
            let field = cols.text(r, "field")?.to_string();
            if !["gpu_count", "accelerator", "memory_per_gpu_gib"].contains(&field.as_str()) {
                return Err(format!(
                    "corrections.csv: field `{field}` cannot be corrected (gpu_count, accelerator, memory_per_gpu_gib)"
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

/// What offers.csv needs besides its own text.
pub struct OffersContext<'a> {
    pub notes: &'a [ProviderNote],
    pub corrections: &'a [Correction],
    pub page_prices: &'a [PagePrice],
    /// Instance types whose prices come from a better source and are skipped here.
    pub replaced: &'a dyn Fn(&str, &str) -> bool,
}

/// A TPU slice price is per slice and grows with its chips. Where one region
/// gives the same price to every slice size of a generation (GCP TPU v6e at
/// $700/h from 1 to 256 chips in asia-east1, southamerica-east1, us-central2,
/// against $2.70 per chip-hour elsewhere), the figure is a placeholder, not a
/// price: (provider, accelerator, region) → that price and the sizes it covers.
const FLAT_SLICE_SIZES: usize = 3;

/// (provider, accelerator, region): a generation's slices in one region.
type SliceGroup = (String, String, String);

/// A slice group whose every size has one price: that price and how many sizes.
struct FlatPrice {
    group: SliceGroup,
    usd_per_hour: f64,
    sizes: usize,
}

fn flat_slice_prices(cols: &Columns, rows: &[StringRecord]) -> Result<Vec<FlatPrice>, String> {
    // Per group: the distinct prices and the slice sizes (chip counts as bits, to sort).
    let mut seen: std::collections::BTreeMap<SliceGroup, (Vec<f64>, Vec<u64>)> = Default::default();
    for r in rows {
        let accelerator = cols.text(r, "accelerator_name")?;
        let Some(price) = cols.number(r, "ondemand_usd_per_hour")? else { continue };
        if !accelerator.starts_with("TPU") {
            continue;
        }
        let key = (
            cols.text(r, "provider")?.to_ascii_lowercase(),
            accelerator.to_string(),
            cols.text(r, "region")?.to_string(),
        );
        let e = seen.entry(key).or_default();
        if !e.0.contains(&price) {
            e.0.push(price);
        }
        e.1.push(cols.required_number(r, "accelerator_count")?.to_bits());
    }
    Ok(seen
        .into_iter()
        .filter_map(|(group, (prices, mut sizes))| {
            sizes.sort_unstable();
            sizes.dedup();
            (prices.len() == 1 && sizes.len() >= FLAT_SLICE_SIZES).then(|| FlatPrice {
                group,
                usd_per_hour: prices[0],
                sizes: sizes.len(),
            })
        })
        .collect())
}

pub fn read_offers(text: &str, ctx: &OffersContext, builder: &mut Builder) -> Result<(), String> {
    let (cols, rows) = records("offers.csv", text)?;
    let flat = flat_slice_prices(&cols, &rows)?;
    for r in &rows {
        let provider = cols.text(r, "provider")?.to_ascii_lowercase();
        let instance = cols.text(r, "instance_type")?;
        if (ctx.replaced)(&provider, instance) {
            continue;
        }
        let at = format!("offers.csv:{}", r.position().map_or(0, |p| p.line()));
        let accelerator = cols.text(r, "accelerator_name")?;
        let is_gpu = builder
            .accelerator_index(accelerator)
            .is_none_or(|i| builder.accelerators[i].kind == crate::catalog::schema::AcceleratorKind::Gpu);
        let mut draft = read_offer(&cols, r, provider, ctx, is_gpu)?;
        let region = draft.region.clone();
        if let Some(FlatPrice { usd_per_hour: price, sizes, .. }) =
            flat.iter().find(|f| f.group.0 == draft.provider && f.group.1 == accelerator && f.group.2 == region)
        {
            draft.prices = Prices::default();
            draft.flags.push(flag(
                "placeholder-price",
                format!(
                    "the source gives every {accelerator} slice in {region} the same ${price}/h ({sizes} sizes): a slice price grows with its chips, so this is a placeholder; price unknown"
                ),
            ));
        }
        let page = ctx.page_prices.iter().find(|p| p.provider == draft.provider && p.instance == draft.instance);
        let source = match page {
            Some(p) => {
                let was = draft.prices.on_demand.map_or("no price".to_string(), |v| format!("${v}/h"));
                let message = format!(
                    "on-demand {was} → ${}/h from {} ({}): {}",
                    p.on_demand_usd_per_hour, p.publisher, p.date, p.reason
                );
                draft.flags.push(flag("corrected", message));
                draft.prices.on_demand = Some(p.on_demand_usd_per_hour);
                builder.source_index(Source {
                    provider: draft.provider.clone().into(),
                    name: p.publisher.clone().into(),
                    path: p.page.clone().into(),
                    commit: Text::default(),
                    snapshot_date: Some(p.date.clone().into()),
                    date_note: Text::default(),
                })
            }
            None => builder.source_index(source_of(&cols, r, &draft.provider)?),
        };
        builder.add(draft, source, &at)?;
    }
    for p in ctx.page_prices {
        if !builder.offers.iter().any(|o| o.provider == p.provider && o.instance == p.instance) {
            return Err(format!("provider_prices.csv: {}/{} matches no offer", p.provider, p.instance));
        }
    }
    for c in ctx.corrections {
        if !builder.offers.iter().any(|o| o.provider == c.provider && o.instance == c.instance) {
            return Err(format!("corrections.csv: {}/{} matches no offer", c.provider, c.instance));
        }
    }
    Ok(())
}

fn read_offer(
    cols: &Columns,
    r: &StringRecord,
    provider: String,
    ctx: &OffersContext,
    is_gpu: bool,
) -> Result<OfferDraft, String> {
    let instance = cols.text(r, "instance_type")?.to_string();
    let mut d = OfferDraft {
        region: cols.text(r, "region")?.to_string(),
        accelerator: cols.text(r, "accelerator_name")?.to_string(),
        gpu_count: cols.required_number(r, "accelerator_count")?,
        memory_per_gpu_gib: Some(cols.required_number(r, "gpu_memory_gib_per_accelerator")?),
        vcpus: cols.number(r, "vcpus")?,
        memory_gib: cols.number(r, "memory_gib")?,
        prices: Prices {
            on_demand: cols.number(r, "ondemand_usd_per_hour")?,
            spot: cols.number(r, "spot_usd_per_hour")?,
            ..Prices::default()
        },
        ..OfferDraft::default()
    };
    for c in ctx.corrections.iter().filter(|c| c.provider == provider && c.instance == instance) {
        let number = || c.value.parse::<f64>().map_err(|_| format!("corrections.csv: `{}` is not a number", c.value));
        if c.field == "gpu_count" {
            let value = number()?;
            d.flags.push(flag("corrected", format!("GPU count {} → {value}: {}", d.gpu_count, c.reason)));
            d.gpu_count = value;
        } else if c.field == "memory_per_gpu_gib" {
            let value = number()?;
            let was = d.memory_per_gpu_gib.map_or("unknown".to_string(), |m| format!("{m} GiB"));
            d.flags.push(flag("corrected", format!("memory per GPU {was} → {value} GiB: {}", c.reason)));
            d.memory_per_gpu_gib = Some(value);
        } else {
            d.flags.push(flag("corrected", format!("accelerator {} → {}: {}", d.accelerator, c.value, c.reason)));
            d.accelerator = c.value.clone();
            d.memory_per_gpu_gib = None;
        }
    }
    for note in ctx.notes.iter().filter(|n| n.provider == provider && (is_gpu || !n.gpu_only)) {
        match note.code.as_str() {
            "ram-unknown" => d.memory_gib = None,
            // The per-GPU column holds the instance's total GPU memory.
            "memory-is-instance-total" => d.memory_per_gpu_gib = d.memory_per_gpu_gib.map(|m| m / d.gpu_count),
            "placeholder-price" => d.prices = Prices::default(),
            _ => {}
        }
        d.flags.push(flag(&note.code, note.message.clone()));
    }
    let source_note = cols.text(r, "notes")?;
    if !source_note.is_empty() {
        d.flags.push(flag("source-note", source_note));
    }
    d.provider = provider;
    d.instance = instance;
    Ok(d)
}

fn source_of(cols: &Columns, r: &StringRecord, provider: &str) -> Result<Source, String> {
    let date = cols.text(r, "snapshot_date")?;
    let (snapshot_date, date_note) =
        if is_iso_date(date) { (Some(date.to_string()), String::new()) } else { (None, date.to_string()) };
    Ok(Source {
        provider: provider.into(),
        name: cols.text(r, "source_repo")?.into(),
        path: cols.text(r, "source_path")?.into(),
        commit: cols.text(r, "source_commit")?.into(),
        snapshot_date: snapshot_date.map(Into::into),
        date_note: date_note.into(),
    })
}
