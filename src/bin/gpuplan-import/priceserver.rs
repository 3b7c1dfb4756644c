//! Alibaba Cloud pay-as-you-go prices in the shape of cloudpilot-ai/priceserver's
//! built-in data (`pkg/client/builtin-data/alibabacloud_price.json`: per region
//! `instanceTypePrices`, each type with `vcpu`, `memory` in GiB, `gpu` count
//! and `onDemandPricePerHour`, the China-site list price in CNY) → the priced
//! rows of `data/alibaba_gpu.csv`. The file names no GPU model: the model and
//! its memory come from `instance_facts.csv` (rows whose basis names the
//! specification source, SpareCores' dumps of Alibaba's API), written to the
//! row's `spec_source`.

use crate::manifest::Entry;
use crate::skypilot::FactsTable;
use crate::table::number_cell;
use serde::Deserialize;
use std::collections::BTreeMap;

/// The columns of `data/alibaba_gpu.csv`.
pub const COLUMNS: [&str; 18] = [
    "instance",
    "gpu",
    "gpu_count",
    "gpu_mem_gb",
    "gpu_mem_total_gb",
    "vcpu",
    "ram_gb",
    "region",
    "payg_hourly",
    "currency",
    "monthly_sub",
    "yearly_sub",
    "source_repo",
    "source_path",
    "source_commit",
    "source_date",
    "spec_source",
    "notes",
];

/// Added to a row whose price the file gives as 0 (no price; the row stays, priced unknown).
pub const NO_PRICE: &str = "price missing/zero in source";

#[derive(Deserialize)]
struct Region {
    #[serde(rename = "instanceTypePrices", default)]
    instance_type_prices: BTreeMap<String, Instance>,
}

#[derive(Deserialize)]
struct Instance {
    vcpu: Option<serde_json::Number>,
    memory: Option<serde_json::Number>,
    #[serde(default)]
    gpu: Option<serde_json::Number>,
    #[serde(rename = "onDemandPricePerHour")]
    on_demand: Option<f64>,
}

fn text(n: &Option<serde_json::Number>) -> String {
    n.as_ref().map_or(String::new(), |n| n.to_string())
}

/// One row per region and GPU instance type (`gpu` > 0), regions and types in key order.
pub fn import(name: &str, source: &str, entry: &Entry, facts: &FactsTable) -> Result<Vec<Vec<String>>, String> {
    let regions: BTreeMap<String, Region> = serde_json::from_str(source).map_err(|e| format!("{name}: {e}"))?;
    let mut rows = Vec::new();
    for (region, r) in &regions {
        for (instance, i) in &r.instance_type_prices {
            let Some(count) = i.gpu.as_ref().and_then(serde_json::Number::as_f64).filter(|c| *c > 0.0) else {
                continue; // a CPU type
            };
            let at = format!("{name}: {instance} {region}");
            let Some(f) = facts.get(&(entry.provider.clone(), instance.clone())) else {
                return Err(format!(
                    "{at}: no row in instance_facts.csv names its GPU model (the price file gives only a count)"
                ));
            };
            let mut notes = vec![entry.row_note.clone()];
            let price = match i.on_demand {
                Some(p) if p.is_finite() && p > 0.0 => Some(p),
                Some(0.0) | None => {
                    notes.push(NO_PRICE.into());
                    None
                }
                Some(p) => return Err(format!("{at}: price {p} is not a positive number")),
            };
            let per_gpu: Option<f64> = f.gpu_memory_gib_per_accelerator.parse().ok();
            rows.push(vec![
                instance.clone(),
                f.accelerator_name.clone(),
                text(&i.gpu),
                f.gpu_memory_gib_per_accelerator.clone(),
                per_gpu.map_or(String::new(), |m| number_cell(Some(m * count))),
                text(&i.vcpu),
                text(&i.memory),
                region.clone(),
                price.map_or(String::new(), |p| format!("{p}")),
                "CNY".into(),
                String::new(),
                String::new(),
                entry.repo.clone(),
                entry.path.clone(),
                entry.commit.clone(),
                entry.date.clone(),
                f.basis.clone(),
                notes.into_iter().filter(|n| !n.is_empty()).collect::<Vec<_>>().join("; "),
            ]);
        }
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::skypilot::read_facts;

    #[test]
    fn gpu_types_become_rows_with_the_model_from_the_facts() {
        let facts = read_facts(
            "provider,instance_type,accelerator_name,accelerator_variant,accelerator_count,gpu_memory_gib_per_accelerator,total_accelerator_memory_gib,memory_gib,notes,basis\n\
             alibaba,ecs.gn7i-c8g1.2xlarge,A10,,,24.0,,,,specs@abc\n",
        )
        .unwrap();
        let entry = Entry {
            provider: "alibaba".into(),
            repo: "r".into(),
            path: "p".into(),
            commit: "c".into(),
            date: "2024-10-09".into(),
            row_note: "payg".into(),
            ..Entry::default()
        };
        let json = r#"{"cn-beijing":{"instanceTypePrices":{
            "ecs.c6.large":{"vcpu":2,"memory":4,"gpu":0,"onDemandPricePerHour":0.5},
            "ecs.gn7i-c8g1.2xlarge":{"vcpu":8,"memory":30,"gpu":1,"onDemandPricePerHour":17.973}}},
            "cn-hangzhou":{"instanceTypePrices":{"ecs.gn7i-c8g1.2xlarge":{"vcpu":8,"memory":30,"gpu":1,"onDemandPricePerHour":0}}}}"#;
        let rows = import("a.json", json, &entry, &facts).unwrap();
        assert_eq!(rows.len(), 2, "the CPU type is skipped");
        assert_eq!(
            rows[0][..9],
            ["ecs.gn7i-c8g1.2xlarge", "A10", "1", "24.0", "24.0", "8", "30", "cn-beijing", "17.973"]
        );
        assert_eq!((rows[0][16].as_str(), rows[0][17].as_str()), ("specs@abc", "payg"));
        assert_eq!((rows[1][8].as_str(), rows[1][17].as_str()), ("", "payg; price missing/zero in source"));
        let err = import("a.json", json, &entry, &FactsTable::new()).unwrap_err();
        assert!(err.starts_with("a.json: ecs.gn7i-c8g1.2xlarge cn-beijing: no row in instance_facts.csv"), "{err}");
    }
}
