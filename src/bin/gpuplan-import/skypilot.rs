//! SkyPilot-format `vms.csv` (skypilot-org/skypilot-catalog and its mirrors such
//! as anycloud-sh/catalog) → rows of `data/offers.csv`.
//!
//! The file gives per instance type and region: accelerator name and count,
//! vCPUs, RAM (GiB), GPU memory (`GpuInfo`, MiB), on-demand and spot USD/h.
//! What it lacks or gets wrong (accelerators of sizes it leaves blank, the
//! SXM/PCIe variant, memory Azure does not state) comes from
//! `instance_facts.csv`, one row per provider and instance with its basis.

use crate::manifest::Entry;
use crate::table::{number_cell, Table};
use std::collections::BTreeMap;

/// The columns of `data/offers.csv`.
pub const OFFER_COLUMNS: [&str; 18] = [
    "provider",
    "instance_type",
    "accelerator_name",
    "accelerator_variant",
    "accelerator_count",
    "gpu_memory_gib_per_accelerator",
    "total_accelerator_memory_gib",
    "vcpus",
    "memory_gib",
    "region",
    "ondemand_usd_per_hour",
    "spot_usd_per_hour",
    "spot_avg_usd_per_hour",
    "snapshot_date",
    "source_repo",
    "source_path",
    "source_commit",
    "notes",
];

/// Notes the importer adds where the rule applies (the same words the catalog has always carried).
pub const SPOT_EQUALS_PRICE: &str = "source SpotPrice == Price (no real spot meter) -> spot blanked";
pub const SPOT_AT_FLOOR: &str = "spot at ~10% of on-demand (AWS/Azure discount floor)";

/// What `instance_facts.csv` says about one instance type; empty cells leave the source's value.
#[derive(Debug, Clone, Default)]
pub struct Facts {
    pub accelerator_name: String,
    pub accelerator_variant: String,
    pub accelerator_count: String,
    pub gpu_memory_gib_per_accelerator: String,
    pub total_accelerator_memory_gib: String,
    pub memory_gib: String,
    pub notes: String,
    /// Where the facts come from (a sentence, or a source's repository@commit).
    pub basis: String,
}

/// Facts by (provider, instance type).
pub type FactsTable = BTreeMap<(String, String), Facts>;

pub fn read_facts(text: &str) -> Result<FactsTable, String> {
    let t = Table::parse("instance_facts.csv", text)?;
    let col = |n: &str| t.column(n).map_err(|e| format!("instance_facts.csv: {e}"));
    let (p, i) = (col("provider")?, col("instance_type")?);
    let cols = [
        col("accelerator_name")?,
        col("accelerator_variant")?,
        col("accelerator_count")?,
        col("gpu_memory_gib_per_accelerator")?,
        col("total_accelerator_memory_gib")?,
        col("memory_gib")?,
        col("notes")?,
    ];
    let basis = col("basis")?; // every row says where its facts come from
    let mut out = FactsTable::new();
    for row in &t.rows {
        let c = |k: usize| row[cols[k]].clone();
        let facts = Facts {
            accelerator_name: c(0),
            accelerator_variant: c(1),
            accelerator_count: c(2),
            gpu_memory_gib_per_accelerator: c(3),
            total_accelerator_memory_gib: c(4),
            memory_gib: c(5),
            notes: c(6),
            basis: row[basis].clone(),
        };
        if out.insert((row[p].clone(), row[i].clone()), facts).is_some() {
            return Err(format!("instance_facts.csv: {} {} is listed twice", row[p], row[i]));
        }
    }
    Ok(out)
}

/// The GPU memory of one device from a `GpuInfo` cell (`'SizeInMiB': 81920` → 80 GiB), unrounded.
fn gpu_memory_gib(gpu_info: &str) -> Option<f64> {
    let at = gpu_info.find("SizeInMiB")?;
    let digits: String = gpu_info[at + "SizeInMiB".len()..]
        .chars()
        .skip_while(|c| !c.is_ascii_digit())
        .take_while(char::is_ascii_digit)
        .collect();
    let mib: f64 = digits.parse().ok()?;
    Some(mib / 1024.0)
}

/// GiB to two decimals, as the file is written.
fn two_decimals(v: f64) -> f64 {
    (v * 100.0).round() / 100.0
}

fn parse_number(file: &str, line: usize, column: &str, cell: &str) -> Result<Option<f64>, String> {
    let cell = cell.trim();
    if cell.is_empty() {
        return Ok(None);
    }
    match cell.parse::<f64>() {
        Ok(v) if v.is_finite() => Ok(Some(v)),
        _ => Err(format!("{file}:{line}: column `{column}`: `{cell}` is not a number")),
    }
}

/// The file's accelerator rows (and rows of instances `facts` describes) as offers.csv rows.
pub fn import(text: &str, entry: &Entry, facts: &FactsTable) -> Result<Vec<Vec<String>>, String> {
    let file = entry.file.as_str();
    let t = Table::parse_source(file, text)?;
    let col = |n: &str| t.column(n).map_err(|e| format!("{file}: {e}"));
    let (instance_c, accel_c, count_c) = (col("InstanceType")?, col("AcceleratorName")?, col("AcceleratorCount")?);
    let (vcpu_c, mem_c, price_c, region_c) = (col("vCPUs")?, col("MemoryGiB")?, col("Price")?, col("Region")?);
    let gpu_info_c = t.column("GpuInfo").ok();
    let spot_c = t.column("SpotPrice").ok();
    let mut out = Vec::new();
    for (n, row) in t.rows.iter().enumerate() {
        let line = n + 2;
        let instance = &row[instance_c];
        let f = facts.get(&(entry.provider.clone(), instance.clone()));
        if row[accel_c].trim().is_empty() && f.is_none() {
            continue; // a CPU-only type
        }
        let f = f.cloned().unwrap_or_default();
        let num = |c: usize, name: &str| parse_number(file, line, name, &row[c]);
        let price = num(price_c, "Price")?;
        let Some(on_demand) = price.filter(|p| *p > 0.0) else {
            continue; // no public price in this region
        };
        let mut notes: Vec<String> = Vec::new();
        if !f.notes.is_empty() {
            notes.push(f.notes.clone());
        }
        let mut spot = match spot_c {
            Some(c) => num(c, "SpotPrice")?.filter(|s| *s > 0.0),
            None => None,
        };
        if spot == Some(on_demand) {
            spot = None;
            notes.push(SPOT_EQUALS_PRICE.into());
        } else if spot.is_some_and(|s| (s / on_demand - 0.1).abs() < 0.005) {
            notes.push(SPOT_AT_FLOOR.into());
        }
        if !entry.row_note.is_empty() {
            notes.push(entry.row_note.clone());
        }
        let or = |fact: &str, source: String| if fact.is_empty() { source } else { fact.to_string() };
        // Counts are written `2`, shares `0.333`.
        let count_text =
            or(&f.accelerator_count, num(count_c, "AcceleratorCount")?.map_or(String::new(), |c| format!("{c}")));
        let count: Option<f64> = count_text.parse().ok();
        let source_gib = gpu_info_c.and_then(|c| gpu_memory_gib(&row[c]));
        let per_gpu_text = or(&f.gpu_memory_gib_per_accelerator, number_cell(source_gib.map(two_decimals)));
        // The total from the unrounded device memory, so 2 × 159.29 is 318.59 (2 × 163,116 MiB).
        let per_gpu: Option<f64> =
            if f.gpu_memory_gib_per_accelerator.is_empty() { source_gib } else { per_gpu_text.parse().ok() };
        let total = match (count, per_gpu) {
            (Some(c), Some(m)) => number_cell(Some(two_decimals(c * m))),
            _ => String::new(),
        };
        out.push(vec![
            entry.provider.clone(),
            instance.clone(),
            or(&f.accelerator_name, row[accel_c].trim().to_string()),
            f.accelerator_variant.clone(),
            count_text,
            per_gpu_text,
            or(&f.total_accelerator_memory_gib, total),
            number_cell(num(vcpu_c, "vCPUs")?),
            or(&f.memory_gib, number_cell(num(mem_c, "MemoryGiB")?)),
            row[region_c].clone(),
            number_cell(Some(on_demand)),
            number_cell(spot),
            String::new(),
            entry.date.clone(),
            entry.repo.clone(),
            entry.path.clone(),
            entry.commit.clone(),
            notes.join("; "),
        ]);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry() -> Entry {
        Entry {
            file: "vms.csv".into(),
            format: "skypilot-vms".into(),
            provider: "azure".into(),
            repo: "owner/repo".into(),
            path: "azure/vms.csv".into(),
            commit: "abc".into(),
            date: "2026-05-20".into(),
            row_note: String::new(),
            note: String::new(),
            usd_per_cny: None,
        }
    }

    const VMS: &str = "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,Price,SpotPrice,Region\n\
        Standard_D2,,,2,8,,0.1,0.01,eastus\n\
        Standard_NC6s_v3,V100,1,6,112,\"{'Gpus': [{'MemoryInfo': {'SizeInMiB': 16384}}]}\",3.06,3.06,eastus\n\
        Standard_NC6s_v3,V100,1,6,112,,3.5,0.35,westus\n\
        Standard_GB,,,128,864,,156.84,,eastus\n";

    #[test]
    fn gpu_rows_become_offers_and_cpu_rows_are_skipped() {
        let rows = import(VMS, &entry(), &FactsTable::new()).unwrap();
        assert_eq!(rows.len(), 2, "{rows:?}");
        assert_eq!(rows[0][5], "16.0", "GPU memory from GpuInfo MiB");
        assert_eq!(rows[0][11], "", "spot equal to on-demand is no spot price");
        assert_eq!(rows[0][17], SPOT_EQUALS_PRICE);
        assert_eq!(rows[1][17], SPOT_AT_FLOOR);
    }

    #[test]
    fn facts_name_the_accelerator_of_a_size_the_file_leaves_blank() {
        let facts = read_facts(
            "provider,instance_type,accelerator_name,accelerator_variant,accelerator_count,gpu_memory_gib_per_accelerator,total_accelerator_memory_gib,memory_gib,notes,basis\n\
             azure,Standard_GB,GB200,,4,186,744.0,,inferred,name\n",
        )
        .unwrap();
        let rows = import(VMS, &entry(), &facts).unwrap();
        let gb = rows.iter().find(|r| r[1] == "Standard_GB").unwrap();
        assert_eq!((gb[2].as_str(), gb[4].as_str(), gb[6].as_str()), ("GB200", "4", "744.0"));
    }

    #[test]
    fn a_bad_price_names_file_line_and_column() {
        let err = import(
            "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,Region\nx,T4,1,4,16,abc,r\n",
            &entry(),
            &FactsTable::new(),
        )
        .unwrap_err();
        assert_eq!(err, "vms.csv:2: column `Price`: `abc` is not a number");
    }
}
