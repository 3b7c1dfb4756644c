//! AWS China prices in the instances.vantage.sh JSON shape (a list of instance
//! types, each with `pricing.<region>.linux.ondemand` as text in the region's
//! currency, CNY for AWS China): the rows of `data/aws_china.csv`. Only the
//! Linux on-demand price is read; the hardware comes from the AWS global
//! offer of the same type when the catalog is built.

use crate::manifest::Entry;
use serde::Deserialize;
use std::collections::BTreeMap;

pub const COLUMNS: [&str; 9] = [
    "instance_type",
    "region",
    "ondemand_per_hour",
    "currency",
    "snapshot_date",
    "source_repo",
    "source_path",
    "source_commit",
    "notes",
];

#[derive(Deserialize)]
struct Instance {
    instance_type: String,
    #[serde(default)]
    pricing: BTreeMap<String, Region>,
}

#[derive(Deserialize)]
struct Region {
    linux: Option<Os>,
}

#[derive(Deserialize)]
struct Os {
    ondemand: Option<String>,
}

/// One row per instance type and region with a Linux on-demand price, in
/// the order of the file (types) and of region ids; AWS China publishes CNY.
pub fn import_china(name: &str, text: &str, entry: &Entry) -> Result<Vec<Vec<String>>, String> {
    let instances: Vec<Instance> = serde_json::from_str(text).map_err(|e| format!("{name}: {e}"))?;
    let mut rows = Vec::new();
    for i in instances {
        for (region, prices) in &i.pricing {
            if !region.starts_with("cn-") {
                return Err(format!("{name}: {} lists region `{region}`, not an AWS China region", i.instance_type));
            }
            let Some(price) = prices.linux.as_ref().and_then(|l| l.ondemand.as_deref()) else { continue };
            let value: f64 =
                price.parse().map_err(|_| format!("{name}: {} {region}: price `{price}`", i.instance_type))?;
            if !(value.is_finite() && value > 0.0) {
                return Err(format!("{name}: {} {region}: price {value} is not positive", i.instance_type));
            }
            rows.push(vec![
                i.instance_type.clone(),
                region.clone(),
                price.to_string(),
                "CNY".to_string(),
                entry.date.clone(),
                entry.repo.clone(),
                entry.path.clone(),
                entry.commit.clone(),
                entry.row_note.clone(),
            ]);
        }
    }
    Ok(rows)
}

/// The columns of `data/aws_reserved.csv`.
pub const RESERVED_COLUMNS: [&str; 16] = [
    "provider",
    "instance_type",
    "accelerator_name",
    "accelerator_count",
    "region",
    "term_years",
    "offering_class",
    "payment_option",
    "effective_hourly_usd",
    "ondemand_usd_per_hour",
    "discount_vs_ondemand_pct",
    "os",
    "snapshot_date",
    "source_repo",
    "source_path",
    "notes",
];

/// What every reserved row says about its figure (instances.vantage.sh's convention).
pub const RESERVED_NOTE: &str = "effective hourly = upfront amortised + recurring (vantage convention)";

/// instances.vantage.sh's `GPU_model` labels → the catalog's accelerator keys.
/// A label not here needs a row in `instance_facts.csv` (the import says so).
const GPU_MODELS: [(&str, &str); 19] = [
    ("AMD Radeon Pro V520", "Radeon-Pro-V520"),
    ("AWS Inferentia", "Inferentia"),
    ("AWS Inferentia2", "Inferentia2"),
    ("AWS Trainium2", "Trainium2"),
    ("NVIDIA A100", "A100"),
    ("NVIDIA A10G", "A10G"),
    ("NVIDIA B200", "B200"),
    ("NVIDIA B300", "B300"),
    ("NVIDIA GRID K520", "K520"),
    ("NVIDIA H100", "H100"),
    ("NVIDIA H200", "H200"),
    ("NVIDIA L4", "L4"),
    ("NVIDIA L40S", "L40S"),
    ("NVIDIA T4 Tensor Core", "T4"),
    ("NVIDIA T4G Tensor Core", "T4G"),
    ("NVIDIA Tesla K80", "K80"),
    ("NVIDIA Tesla M60", "M60"),
    ("NVIDIA Tesla V100", "V100"),
    ("Qualcomm AI 100 Accelerators", "Qualcomm-AI100"),
];

/// Notes on a spot price's relation to on-demand (the words the catalog has carried).
pub const SPOT_AT_CAP: &str = "spot at on-demand cap";
pub const SPOT_ABOVE: &str = "spot>ondemand in source";

#[derive(Deserialize)]
struct GlobalInstance {
    instance_type: String,
    #[serde(default)]
    generation: String,
    #[serde(rename = "GPU")]
    gpu: Option<f64>,
    #[serde(rename = "GPU_model")]
    gpu_model: Option<String>,
    #[serde(rename = "GPU_memory")]
    gpu_memory: Option<f64>,
    #[serde(rename = "vCPU")]
    vcpu: Option<f64>,
    memory: Option<f64>,
    #[serde(default)]
    pricing: BTreeMap<String, GlobalRegion>,
}

#[derive(Deserialize)]
struct GlobalRegion {
    linux: Option<GlobalOs>,
}

#[derive(Deserialize)]
struct GlobalOs {
    ondemand: Option<String>,
    spot_min: Option<String>,
    spot_avg: Option<String>,
    #[serde(default)]
    reserved: BTreeMap<String, String>,
}

/// The rows AWS global's JSON yields: offers.csv rows and aws_reserved.csv rows.
#[derive(Debug, Default)]
pub struct GlobalRows {
    pub offers: Vec<Vec<String>>,
    pub reserved: Vec<Vec<String>>,
}

/// A price cell of the file: a positive finite number, written as the data files write numbers.
fn price(name: &str, what: &str, text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 => Ok(v),
        _ => Err(format!("{name}: {what}: price `{text}` is not a positive number")),
    }
}

/// `yrTerm1Standard.noUpfront` → ("1", "Standard", "noUpfront").
fn reserved_term(key: &str) -> Option<(&str, &str, &str)> {
    let rest = key.strip_prefix("yrTerm")?;
    let (term, payment) = rest.split_once('.')?;
    let years = &term[..1];
    let class = &term[1..];
    if !matches!(years, "1" | "3") || !matches!(class, "Standard" | "Convertible") {
        return None;
    }
    Some((years, class, payment))
}

/// AWS global prices in the instances.vantage.sh JSON shape (tsaol/aws-gpu's
/// `data/gpu_instances_raw.json`): per type and region the Linux on-demand
/// price, the lowest recent spot price (`spot_min`) and its average, and the
/// reserved terms. The hardware is the file's (GPU count, `GPU_memory` as the
/// instance's total, vCPUs, RAM in GiB), with the accelerator key from its
/// `GPU_model` label; `instance_facts.csv` replaces what the file gets wrong
/// (variants, trn1 labelled Inferentia, fractional G6f slices).
pub fn import_global(
    name: &str,
    text: &str,
    entry: &Entry,
    facts: &crate::skypilot::FactsTable,
) -> Result<GlobalRows, String> {
    use crate::table::number_cell;
    let instances: Vec<GlobalInstance> = serde_json::from_str(text).map_err(|e| format!("{name}: {e}"))?;
    let mut out = GlobalRows::default();
    for i in instances {
        let f = facts.get(&(entry.provider.clone(), i.instance_type.clone())).cloned().unwrap_or_default();
        let priced: Vec<(&String, &GlobalOs)> = i
            .pricing
            .iter()
            .filter_map(|(r, p)| p.linux.as_ref().filter(|l| l.ondemand.is_some()).map(|l| (r, l)))
            .collect();
        if priced.is_empty() {
            continue; // no on-demand list price (capacity blocks only)
        }
        let accelerator = if f.accelerator_name.is_empty() {
            let label = i.gpu_model.as_deref().unwrap_or("");
            match GPU_MODELS.iter().find(|(l, _)| *l == label) {
                Some((_, key)) => key.to_string(),
                None => {
                    return Err(format!(
                        "{name}: {}: GPU_model `{label}` has no accelerator key (add it to the importer's map or instance_facts.csv)",
                        i.instance_type
                    ))
                }
            }
        } else {
            f.accelerator_name.clone()
        };
        let or = |fact: &str, source: String| if fact.is_empty() { source } else { fact.to_string() };
        let count = or(&f.accelerator_count, number_cell(i.gpu).trim_end_matches(".0").to_string());
        // `GPU_memory` is the instance's total; per device it is total ÷ count.
        let per_gpu = match (i.gpu_memory, i.gpu) {
            (Some(m), Some(c)) if c > 0.0 => number_cell(Some(m / c)),
            _ => String::new(),
        };
        let per_gpu = or(&f.gpu_memory_gib_per_accelerator, per_gpu);
        // For a slice of a GPU (G6f: 0.25) the device's memory × the share is the slice's.
        let total = match (count.parse::<f64>(), per_gpu.parse::<f64>()) {
            _ if !f.total_accelerator_memory_gib.is_empty() => f.total_accelerator_memory_gib.clone(),
            (Ok(c), Ok(m)) => number_cell(Some(c * m)),
            _ => String::new(),
        };
        let mut head_notes: Vec<String> = Vec::new();
        if !f.notes.is_empty() {
            head_notes.push(f.notes.clone());
        }
        if i.generation == "previous" {
            head_notes.push("previous generation".into());
        }
        if !entry.row_note.is_empty() {
            head_notes.push(entry.row_note.clone());
        }
        for (region, linux) in priced {
            let at = format!("{} {region}", i.instance_type);
            let on_demand = price(name, &at, linux.ondemand.as_deref().unwrap_or(""))?;
            let spot = linux.spot_min.as_deref().map(|s| price(name, &at, s)).transpose()?;
            let spot_avg = linux.spot_avg.as_deref().map(|s| price(name, &at, s)).transpose()?;
            let mut notes = head_notes.clone();
            if let Some(s) = spot {
                // vantage rounds to 4 decimals; AWS's floor is 10 % of on-demand exactly.
                if (s / on_demand - 0.1).abs() < 0.001 {
                    notes.push(crate::skypilot::SPOT_AT_FLOOR.into());
                }
                if s == on_demand {
                    notes.push(SPOT_AT_CAP.into());
                } else if s > on_demand {
                    notes.push(SPOT_ABOVE.into());
                }
            }
            out.offers.push(vec![
                entry.provider.clone(),
                i.instance_type.clone(),
                accelerator.clone(),
                f.accelerator_variant.clone(),
                count.clone(),
                per_gpu.clone(),
                total.clone(),
                number_cell(i.vcpu),
                or(&f.memory_gib, number_cell(i.memory)),
                region.clone(),
                number_cell(Some(on_demand)),
                number_cell(spot),
                number_cell(spot_avg),
                entry.date.clone(),
                entry.repo.clone(),
                entry.path.clone(),
                entry.commit.clone(),
                notes.join("; "),
            ]);
            for (key, value) in &linux.reserved {
                let Some((years, class, payment)) = reserved_term(key) else {
                    return Err(format!(
                        "{name}: {at}: reserved term `{key}` is not yrTerm<1|3><Standard|Convertible>.<payment>"
                    ));
                };
                let hourly = price(name, &format!("{at} {key}"), value)?;
                let discount = ((1.0 - hourly / on_demand) * 1000.0).round() / 10.0;
                out.reserved.push(vec![
                    entry.provider.clone(),
                    i.instance_type.clone(),
                    accelerator.clone(),
                    count.clone(),
                    region.clone(),
                    years.to_string(),
                    class.to_string(),
                    payment.to_string(),
                    number_cell(Some(hourly)),
                    number_cell(Some(on_demand)),
                    number_cell(Some(discount)),
                    "linux".to_string(),
                    entry.date.clone(),
                    entry.repo.clone(),
                    entry.path.clone(),
                    RESERVED_NOTE.to_string(),
                ]);
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::skypilot::read_facts;

    fn entry() -> Entry {
        Entry {
            file: "raw.json".into(),
            format: "vantage-json".into(),
            provider: "aws".into(),
            repo: "owner/repo".into(),
            path: "data/raw.json".into(),
            commit: "abc".into(),
            date: "2025-11-30".into(),
            row_note: "spot note".into(),
            note: String::new(),
            usd_per_cny: None,
        }
    }

    const RAW: &str = r#"[
        {"instance_type":"trn1.2xlarge","generation":"current","GPU":1,"GPU_model":"AWS Inferentia","GPU_memory":32,"vCPU":8,"memory":32,
         "pricing":{"us-east-1":{"linux":{"ondemand":"1.3438","spot_min":"0.1344","spot_avg":"0.1344","reserved":{"yrTerm1Standard.noUpfront":"0.8426"}}}}},
        {"instance_type":"g2.2xlarge","generation":"previous","GPU":1,"GPU_model":"NVIDIA GRID K520","GPU_memory":4,"vCPU":8,"memory":15,
         "pricing":{"us-east-1":{"linux":{"ondemand":"0.65"}},"us-west-2":{"rhel":{}}}},
        {"instance_type":"trn2.48xlarge","GPU":16,"GPU_model":"AWS Trainium2","GPU_memory":96,"pricing":{"us-east-1":{"linux":{"spot_avg":"10"}}}}
    ]"#;

    #[test]
    fn offers_and_reserved_rows_come_from_the_linux_prices() {
        let facts = read_facts(
            "provider,instance_type,accelerator_name,accelerator_variant,accelerator_count,gpu_memory_gib_per_accelerator,total_accelerator_memory_gib,memory_gib,notes,basis\n\
             aws,trn1.2xlarge,Trainium,Trainium1,,32,,,labelled Inferentia,family\n",
        )
        .unwrap();
        let rows = import_global("raw.json", RAW, &entry(), &facts).unwrap();
        assert_eq!(rows.offers.len(), 2, "no on-demand price, no offer (trn2); other OSes ignored");
        let trn = &rows.offers[0];
        assert_eq!((trn[2].as_str(), trn[3].as_str(), trn[5].as_str()), ("Trainium", "Trainium1", "32"));
        assert_eq!(trn[17], format!("labelled Inferentia; spot note; {}", crate::skypilot::SPOT_AT_FLOOR));
        let g2 = &rows.offers[1];
        assert_eq!((g2[2].as_str(), g2[4].as_str(), g2[5].as_str(), g2[8].as_str()), ("K520", "1", "4.0", "15.0"));
        assert_eq!(g2[17], "previous generation; spot note");
        assert_eq!(rows.reserved.len(), 1);
        let r = &rows.reserved[0];
        assert_eq!(
            (r[5].as_str(), r[6].as_str(), r[7].as_str(), r[8].as_str()),
            ("1", "Standard", "noUpfront", "0.8426")
        );
        assert_eq!(r[10], "37.3", "1 − 0.8426 / 1.3438, in percent to one decimal");
    }

    #[test]
    fn an_unknown_gpu_label_or_a_bad_price_is_named() {
        let raw = r#"[{"instance_type":"x1.large","GPU":1,"GPU_model":"Acme X","pricing":{"us-east-1":{"linux":{"ondemand":"1"}}}}]"#;
        let err = import_global("raw.json", raw, &entry(), &Default::default()).unwrap_err();
        assert!(err.contains("x1.large: GPU_model `Acme X`"), "{err}");
        let raw = r#"[{"instance_type":"g2.2xlarge","GPU":1,"GPU_model":"NVIDIA GRID K520","pricing":{"us-east-1":{"linux":{"ondemand":"-1"}}}}]"#;
        let err = import_global("raw.json", raw, &entry(), &Default::default()).unwrap_err();
        assert_eq!(err, "raw.json: g2.2xlarge us-east-1: price `-1` is not a positive number");
    }
}
