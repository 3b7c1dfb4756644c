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

/// `source_date` of a row whose source gives no date.
pub const UNDATED: &str = "undated: the file states no date and no commit date of it is known";

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

/// The cells from `currency` to `notes`: a CNY list price, no subscription prices, the source.
fn provenance(entry: &Entry, date: String, spec_source: &str, notes: String) -> [String; 9] {
    [
        "CNY".into(),
        String::new(),
        String::new(),
        entry.repo.clone(),
        entry.path.clone(),
        entry.commit.clone(),
        date,
        spec_source.to_string(),
        notes,
    ]
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
            let mut row = vec![
                instance.clone(),
                f.accelerator_name.clone(),
                text(&i.gpu),
                f.gpu_memory_gib_per_accelerator.clone(),
                per_gpu.map_or(String::new(), |m| number_cell(Some(m * count))),
                text(&i.vcpu),
                text(&i.memory),
                region.clone(),
                price.map_or(String::new(), |p| format!("{p}")),
            ];
            let notes = notes.into_iter().filter(|n| !n.is_empty()).collect::<Vec<_>>().join("; ");
            row.extend(provenance(entry, entry.date.clone(), &f.basis, notes));
            rows.push(row);
        }
    }
    Ok(rows)
}

/// Alibaba prices in a SkyPilot-format `vms.csv` (`catalogs/v8/alicloud/vms.csv`
/// of SkyPilot's catalog and its forks): the file's `Price` is USD, converted
/// by the file's own workflow from the CNY list price at a fixed
/// `usd_per_cny` (the manifest says which). The row keeps the list price in
/// CNY (`Price` ÷ `usd_per_cny`, to 6 decimals) so the catalog converts it
/// at its stated rate like every Alibaba price. The hardware is that of the
/// type's existing row in `alibaba_gpu.csv` (SpareCores' specifications), so
/// a type the file has no row of is an error.
pub fn import_skypilot(
    name: &str,
    source: &str,
    entry: &Entry,
    usd_per_cny: f64,
    existing: &crate::table::Table,
) -> Result<Vec<Vec<String>>, String> {
    if !(usd_per_cny.is_finite() && usd_per_cny > 0.0) {
        return Err(format!("{name}: usd_per_cny {usd_per_cny} is not a positive rate"));
    }
    let t = crate::table::Table::parse_source(name, source)?;
    let col = |n: &str| t.column(n).map_err(|e| format!("{name}: {e}"));
    let (instance_c, price_c, region_c) = (col("InstanceType")?, col("Price")?, col("Region")?);
    let inst = existing.column("instance")?;
    let mut hardware: BTreeMap<&str, &Vec<String>> = BTreeMap::new();
    for row in &existing.rows {
        hardware.entry(row[inst].as_str()).or_insert(row);
    }
    let mut out: BTreeMap<(String, String), Vec<String>> = BTreeMap::new();
    for (n, row) in t.rows.iter().enumerate() {
        let at = format!("{name}:{}", n + 2);
        let instance = &row[instance_c];
        let Some(hw) = hardware.get(instance.as_str()) else {
            return Err(format!("{at}: {instance} has no row in alibaba_gpu.csv to take its hardware from"));
        };
        let usd: f64 =
            row[price_c].trim().parse().map_err(|_| format!("{at}: Price `{}` is not a number", row[price_c]))?;
        if !(usd.is_finite() && usd > 0.0) {
            return Err(format!("{at}: Price {usd} is not a positive price"));
        }
        let cny = ((usd / usd_per_cny) * 1e6).round() / 1e6;
        let mut cells: Vec<String> = hw[..7].to_vec();
        cells.extend([row[region_c].clone(), number_cell(Some(cny))]);
        // The catalog reads a `source_date` that is not a date as the reason the price is undated.
        let date = if entry.date.is_empty() { UNDATED.to_string() } else { entry.date.clone() };
        cells.extend(provenance(entry, date, &hw[16], entry.row_note.clone()));
        let key = (row[region_c].clone(), instance.clone());
        match out.get(&key) {
            Some(seen) if seen != &cells => {
                return Err(format!("{at}: {instance} {} is listed twice with different prices", key.0))
            }
            _ => {
                out.insert(key, cells);
            }
        }
    }
    Ok(out.into_values().collect())
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
    #[test]
    fn a_skypilot_alicloud_file_gives_cny_list_prices_with_the_hardware_of_the_type() {
        let existing = crate::table::Table::parse(
            "alibaba_gpu.csv",
            &format!(
                "{}\necs.gn8is.2xlarge,L20,1,48.0,48.0,8,64.0,,,CNY,,,s,p,c,2026-01-31,SpareCores,spec only\n",
                COLUMNS.join(",")
            ),
        )
        .unwrap();
        let entry = Entry {
            provider: "alibaba".into(),
            repo: "fork".into(),
            path: "alicloud/vms.csv".into(),
            row_note: "via fork".into(),
            ..Entry::default()
        };
        let vms = "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,Price,SpotPrice,Region\n\
            ecs.gn8is.2xlarge,L20,1,8,64,L20 48GB,2.91309444,0.53,ap-northeast-1\n\
            ecs.gn8is.2xlarge,L20,1,8,64,L20 48GB,2.91309444,0.53,ap-northeast-1\n";
        let rows = import_skypilot("vms.csv", vms, &entry, 0.138, &existing).unwrap();
        assert_eq!(rows.len(), 1, "a row listed twice alike is one row");
        assert_eq!(
            rows[0][..10],
            ["ecs.gn8is.2xlarge", "L20", "1", "48.0", "48.0", "8", "64.0", "ap-northeast-1", "21.10938", "CNY"]
        );
        assert_eq!((rows[0][15].as_str(), rows[0][16].as_str()), (UNDATED, "SpareCores"));
        let twice = format!("{vms}ecs.gn8is.2xlarge,L20,1,8,64,,3.0,,ap-northeast-1\n");
        let err = import_skypilot("vms.csv", &twice, &entry, 0.138, &existing).unwrap_err();
        assert!(err.contains("listed twice with different prices"), "{err}");
        let unknown = "InstanceType,Price,Region\necs.gn99.xlarge,1.0,cn-hangzhou\n";
        let err = import_skypilot("vms.csv", unknown, &entry, 0.138, &existing).unwrap_err();
        assert_eq!(err, "vms.csv:2: ecs.gn99.xlarge has no row in alibaba_gpu.csv to take its hardware from");
    }
}
