//! GCP offers composed from a SkyPilot-format `gcp/vms.csv` (anycloud-sh/catalog).
//!
//! That file prices a GCP GPU machine in two rows: the host VM (an
//! `InstanceType` row) and the attached accelerator (a row with only an
//! `AcceleratorName`), each per zone; a TPU slice is one accelerator row whose
//! price is the whole slice. Which host goes with which accelerator is not in
//! the file, so `gcp_compositions.csv` beside it lists the compositions the
//! catalog carries (the machine types with their own GPU, the N1 host SkyPilot's
//! default host rule picks for each attachable GPU and count, and one row per
//! TPU generation). For each composition and region the offer's price is the
//! lowest over the region's zones of host + accelerator (on-demand and spot
//! separately), which is how the catalog's rows of 2026-05-20 were made.

use crate::manifest::Entry;
use crate::table::{number_cell, Table};
use std::collections::BTreeMap;

/// The note on a composed row whose spot price equals its on-demand price.
const SPOT_EQUALS: &str = "spot == on-demand in source (suspect)";
/// The note on a composed row whose spot price is above its on-demand price.
const SPOT_ABOVE: &str = "spot>ondemand in source";

/// One row of `gcp_compositions.csv`.
#[derive(Debug, Clone, Default)]
struct Composition {
    /// The offer's instance type, or `tpu-vN-*` for every slice of a TPU generation.
    instance_type: String,
    /// The host VM's `InstanceType` (empty for TPUs).
    host: String,
    /// The accelerator row's `AcceleratorName` and `AcceleratorCount` (empty for TPUs).
    accelerator: String,
    accelerator_count: String,
    accelerator_name: String,
    accelerator_variant: String,
    gpu_memory_gib: String,
    /// TPU slice names count TensorCores (v2, v3, v4, v5p: 2 per chip) or chips (1).
    tensorcores_per_chip: String,
    notes: String,
}

fn compositions(file: &str, text: &str) -> Result<Vec<Composition>, String> {
    let t = Table::parse(file, text)?;
    let col = |n: &str| t.column(n).map_err(|e| format!("{file}: {e}"));
    let c = [
        col("instance_type")?,
        col("host")?,
        col("accelerator")?,
        col("accelerator_count")?,
        col("accelerator_name")?,
        col("accelerator_variant")?,
        col("gpu_memory_gib_per_accelerator")?,
        col("tensorcores_per_chip")?,
        col("notes")?,
    ];
    let mut out = Vec::new();
    for (n, row) in t.rows.iter().enumerate() {
        let comp = Composition {
            instance_type: row[c[0]].clone(),
            host: row[c[1]].clone(),
            accelerator: row[c[2]].clone(),
            accelerator_count: row[c[3]].clone(),
            accelerator_name: row[c[4]].clone(),
            accelerator_variant: row[c[5]].clone(),
            gpu_memory_gib: row[c[6]].clone(),
            tensorcores_per_chip: row[c[7]].clone(),
            notes: row[c[8]].clone(),
        };
        let is_tpu = comp.instance_type.ends_with("-*");
        let complete = if is_tpu {
            comp.tensorcores_per_chip.parse::<u32>().is_ok_and(|k| k > 0)
        } else {
            !comp.host.is_empty() && !comp.accelerator.is_empty() && comp.accelerator_count.parse::<f64>().is_ok()
        };
        if !complete || comp.gpu_memory_gib.parse::<f64>().is_err() {
            return Err(format!(
                "{file}:{}: a composition needs host, accelerator and count (or a `tpu-…-*` generation with tensorcores_per_chip) and GPU memory",
                n + 2
            ));
        }
        out.push(comp);
    }
    Ok(out)
}

/// Prices of one zone: on-demand and spot, `None` where the cell is empty.
type ZonePrice = (Option<f64>, Option<f64>);

/// The file's rows by (InstanceType or AcceleratorName, AcceleratorCount, Region) → zone → prices.
struct VmsFile {
    hosts: BTreeMap<(String, String), BTreeMap<String, ZonePrice>>,
    host_specs: BTreeMap<String, (Option<f64>, Option<f64>)>,
    accelerators: BTreeMap<(String, String, String), BTreeMap<String, ZonePrice>>,
}

fn number(file: &str, line: usize, column: &str, cell: &str) -> Result<Option<f64>, String> {
    let cell = cell.trim();
    if cell.is_empty() {
        return Ok(None);
    }
    match cell.parse::<f64>() {
        Ok(v) if v.is_finite() && v >= 0.0 => Ok(Some(v)),
        _ => Err(format!("{file}:{line}: column `{column}`: `{cell}` is not a price or size")),
    }
}

/// `1`, `1.0` and `1.00` name the same count.
fn count_key(cell: &str) -> String {
    cell.trim().parse::<f64>().map_or_else(|_| cell.trim().to_string(), |v| format!("{v}"))
}

fn read_vms(file: &str, text: &str) -> Result<VmsFile, String> {
    let t = Table::parse_source(file, text)?;
    let col = |n: &str| t.column(n).map_err(|e| format!("{file}: {e}"));
    let (it, vcpu, mem, acc, count) =
        (col("InstanceType")?, col("vCPUs")?, col("MemoryGiB")?, col("AcceleratorName")?, col("AcceleratorCount")?);
    let (region, zone, price, spot) = (col("Region")?, col("AvailabilityZone")?, col("Price")?, col("SpotPrice")?);
    let mut f = VmsFile { hosts: BTreeMap::new(), host_specs: BTreeMap::new(), accelerators: BTreeMap::new() };
    for (n, row) in t.rows.iter().enumerate() {
        let line = n + 2;
        let p = (number(file, line, "Price", &row[price])?, number(file, line, "SpotPrice", &row[spot])?);
        if !row[it].is_empty() {
            let specs = (number(file, line, "vCPUs", &row[vcpu])?, number(file, line, "MemoryGiB", &row[mem])?);
            f.host_specs.insert(row[it].clone(), specs);
            f.hosts.entry((row[it].clone(), row[region].clone())).or_default().insert(row[zone].clone(), p);
        } else if !row[acc].is_empty() {
            let key = (row[acc].clone(), count_key(&row[count]), row[region].clone());
            f.accelerators.entry(key).or_default().insert(row[zone].clone(), p);
        }
    }
    Ok(f)
}

/// The file's prices are given to 5 decimals; a sum of two is written to 5 too.
fn five_decimals(v: f64) -> f64 {
    (v * 1e5).round() / 1e5
}

fn lowest(values: impl Iterator<Item = Option<f64>>) -> Option<f64> {
    values.flatten().fold(None, |m: Option<f64>, v| Some(m.map_or(v, |m| m.min(v))))
}

/// One offer's prices: on-demand, spot, and an attachable GPU's own on-demand price.
struct Priced {
    od: f64,
    spot: Option<f64>,
    gpu_only: Option<f64>,
}

/// An offers.csv row of a composition in one region; `specs` are the host's vCPUs and RAM.
fn offer_row(
    entry: &Entry,
    comp: &Composition,
    instance: &str,
    count: f64,
    specs: (Option<f64>, Option<f64>),
    region: &str,
    p: Priced,
) -> Vec<String> {
    let mut notes = vec![comp.notes.clone()];
    if let Some(g) = p.gpu_only {
        notes.push(format!("GPU-only price = {}", number_cell(Some(g))));
    }
    match p.spot {
        Some(s) if s == p.od => notes.push(SPOT_EQUALS.into()),
        Some(s) if s > p.od => notes.push(SPOT_ABOVE.into()),
        _ => {}
    }
    // Checked to be a number when the composition was read.
    let memory: f64 = comp.gpu_memory_gib.parse().unwrap_or(0.0);
    vec![
        "gcp".to_string(),
        instance.to_string(),
        comp.accelerator_name.clone(),
        comp.accelerator_variant.clone(),
        format!("{count}"),
        comp.gpu_memory_gib.clone(),
        number_cell(Some(count * memory)),
        number_cell(specs.0),
        number_cell(specs.1),
        region.to_string(),
        number_cell(Some(p.od)),
        number_cell(p.spot),
        String::new(),
        entry.date.clone(),
        entry.repo.clone(),
        entry.path.clone(),
        entry.commit.clone(),
        notes.into_iter().filter(|n| !n.is_empty()).collect::<Vec<_>>().join("; "),
    ]
}

/// The composed offers.csv rows of `vms` (the file `entry` names) and `compositions_text`.
pub fn import(vms: &str, compositions_text: &str, entry: &Entry) -> Result<Vec<Vec<String>>, String> {
    let comps = compositions("gcp_compositions.csv", compositions_text)?;
    let f = read_vms(&entry.file, vms)?;
    let mut out = Vec::new();
    for comp in &comps {
        if let Some(generation) = comp.instance_type.strip_suffix('*') {
            // Every slice of the generation: `tpu-v5p-128` is 128 TensorCores, 64 chips.
            let per_chip: f64 = comp.tensorcores_per_chip.parse().unwrap_or(1.0);
            for ((name, _, region), zones) in &f.accelerators {
                let Some(size) = name.strip_prefix(generation).and_then(|s| s.parse::<f64>().ok()) else { continue };
                let Some(od) = lowest(zones.values().map(|z| z.0)) else { continue };
                let spot = lowest(zones.values().map(|z| z.1));
                out.push(offer_row(
                    entry,
                    comp,
                    name,
                    size / per_chip,
                    (None, None),
                    region,
                    Priced { od, spot, gpu_only: None },
                ));
            }
            continue;
        }
        let count_text = count_key(&comp.accelerator_count);
        let count: f64 = count_text.parse().unwrap_or(0.0);
        let specs = f.host_specs.get(&comp.host).copied().unwrap_or((None, None));
        for ((name, n, region), accel_zones) in &f.accelerators {
            if *name != comp.accelerator || *n != count_text {
                continue;
            }
            let Some(host_zones) = f.hosts.get(&(comp.host.clone(), region.clone())) else { continue };
            // Zones where both the host and the accelerator are offered.
            let both: Vec<(ZonePrice, ZonePrice)> =
                host_zones.iter().filter_map(|(z, h)| accel_zones.get(z).map(|a| (*h, *a))).collect();
            let sum = |a: Option<f64>, b: Option<f64>| a.zip(b).map(|(a, b)| five_decimals(a + b));
            let Some(od) = lowest(both.iter().map(|(h, a)| sum(h.0, a.0))) else { continue };
            let spot = lowest(both.iter().map(|(h, a)| sum(h.1, a.1)));
            // An attachable GPU's own price is worth seeing beside the host's.
            let gpu_only = (comp.instance_type != comp.host).then(|| lowest(both.iter().map(|(_, a)| a.0))).flatten();
            out.push(offer_row(entry, comp, &comp.instance_type, count, specs, region, Priced { od, spot, gpu_only }));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const VMS: &str = "InstanceType,vCPUs,MemoryGiB,AcceleratorName,AcceleratorCount,GpuInfo,Region,AvailabilityZone,Price,SpotPrice\n\
        n1-highmem-4,4.0,26.0,,,,us-central1,us-central1-a,0.23661,0.08638\n\
        n1-highmem-4,4.0,26.0,,,,us-central1,us-central1-b,0.23661,0.08638\n\
        ,,,T4,1,{'Gpus': []},us-central1,us-central1-a,0.35,0.1654\n\
        ,,,T4,1,{'Gpus': []},us-central1,us-central1-c,0.30,0.1\n\
        ,,,tpu-v5p-8,1,tpu-v5p-8,us-east5,us-east5-a,16.8,7.5\n";
    const COMPS: &str = "instance_type,host,accelerator,accelerator_count,accelerator_name,accelerator_variant,gpu_memory_gib_per_accelerator,tensorcores_per_chip,notes\n\
        n1-highmem-4+1xT4,n1-highmem-4,T4,1,T4,,16,,attachable GPU\n\
        tpu-v5p-*,,,,TPU-v5p,,95,2,TPU slice\n";

    fn entry() -> Entry {
        Entry {
            file: "gcp_vms.csv".into(),
            date: "2026-05-20".into(),
            repo: "r".into(),
            path: "gcp/vms.csv".into(),
            ..Entry::default()
        }
    }

    #[test]
    fn host_and_accelerator_of_a_shared_zone_are_summed_and_tpu_slices_count_chips() {
        let rows = import(VMS, COMPS, &entry()).unwrap();
        assert_eq!(rows.len(), 2, "{rows:?}");
        let n1 = &rows[0];
        // Zone c has a cheaper T4 but no host: only zone a counts.
        assert_eq!((n1[1].as_str(), n1[10].as_str(), n1[11].as_str()), ("n1-highmem-4+1xT4", "0.58661", "0.25178"));
        assert_eq!((n1[7].as_str(), n1[8].as_str()), ("4.0", "26.0"));
        assert_eq!(n1[17], "attachable GPU; GPU-only price = 0.35");
        let tpu = &rows[1];
        assert_eq!(
            (tpu[1].as_str(), tpu[4].as_str(), tpu[6].as_str(), tpu[10].as_str()),
            ("tpu-v5p-8", "4", "380.0", "16.8")
        );
    }

    #[test]
    fn an_incomplete_composition_names_its_line() {
        let bad = COMPS.replace("n1-highmem-4,T4,1", "n1-highmem-4,,1");
        let err = import(VMS, &bad, &entry()).unwrap_err();
        assert!(err.starts_with("gcp_compositions.csv:2:"), "{err}");
    }
}
