//! Google Cloud's `pricing.yml` (Cyclenerd/google-cloud-pricing-cost-calculator,
//! generated weekly from Google's billing SKUs) read with a YAML parser.
//!
//! The file is one snapshot of every price, so a newer file replaces the
//! catalog's copy whole, verbatim (the build reads it as published). What the
//! parser adds is the check and the report: the new file must parse, name its
//! generation date and be no older than the copy it replaces, and the GPU
//! machine types' hourly prices are compared region by region.

use crate::table::MergeCounts;
use serde_yaml::Value;
use std::collections::BTreeMap;

/// The GPU keys the catalog reads (`gcp.rs`); machine types with one of them are compared.
const GPU_KEYS: [&str; 6] = ["a100", "a100-80gb", "h100-80gb", "h100-80gb-mega", "l4", "rtx6000"];

/// A parsed pricing file: its generation date and the GPU types' on-demand and
/// spot $/h per (machine type, region).
#[derive(Debug, Default)]
pub struct Snapshot {
    pub date: String,
    pub prices: BTreeMap<(String, String), (Option<f64>, Option<f64>)>,
}

/// "Thu Aug 20 06:13:17 2026" → 2026-08-20.
fn iso_date(generated: &str) -> Option<String> {
    let w: Vec<&str> = generated.split_whitespace().collect();
    let month = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        .iter()
        .position(|m| w.get(1) == Some(m))?;
    let day: u32 = w.get(2)?.parse().ok()?;
    let year: u32 = w.get(4)?.parse().ok()?;
    Some(format!("{year:04}-{:02}-{day:02}", month + 1))
}

pub fn parse(name: &str, text: &str) -> Result<Snapshot, String> {
    let doc: Value = serde_yaml::from_str(text).map_err(|e| format!("{name}: {e}"))?;
    let generated = doc["about"]["generated"].as_str().ok_or(format!("{name}: no `about.generated` date"))?;
    let date = iso_date(generated).ok_or(format!("{name}: `about.generated` is not a date: `{generated}`"))?;
    let instances = doc["compute"]["instance"].as_mapping().ok_or(format!("{name}: no `compute.instance` table"))?;
    let mut prices = BTreeMap::new();
    for (machine, spec) in instances {
        let Some(machine) = machine.as_str() else { continue };
        if !GPU_KEYS.iter().any(|k| spec.get(*k).is_some()) {
            continue;
        }
        let Some(cost) = spec["cost"].as_mapping() else {
            return Err(format!("{name}: {machine} has a GPU and no `cost` table"));
        };
        for (region, c) in cost {
            let Some(region) = region.as_str() else { continue };
            let number = |key: &str| -> Result<Option<f64>, String> {
                match c.get(key) {
                    None => Ok(None),
                    Some(v) => v
                        .as_f64()
                        .filter(|x| x.is_finite() && *x >= 0.0)
                        .map(Some)
                        .ok_or(format!("{name}: {machine} {region} `{key}` is not a price")),
                }
            };
            prices.insert((machine.to_string(), region.to_string()), (number("hour")?, number("hour_spot")?));
        }
    }
    if prices.is_empty() {
        return Err(format!("{name}: no GPU machine type priced"));
    }
    Ok(Snapshot { date, prices })
}

/// What replacing `old` by `new` changes, for the report.
pub fn compare(old: &Snapshot, new: &Snapshot) -> MergeCounts {
    let mut c = MergeCounts::default();
    for (key, price) in &new.prices {
        match old.prices.get(key) {
            None => c.added += 1,
            Some(p) if p == price => c.unchanged += 1,
            Some(p) => {
                c.prices_moved += 1;
                if c.examples.len() < 5 {
                    // Name the price that moved: most weekly files move only spot.
                    let fmt = |x: Option<f64>| x.map_or("none".to_string(), |v| v.to_string());
                    let mut moved = Vec::new();
                    if p.0 != price.0 {
                        moved.push(format!("hour {} → {}", fmt(p.0), fmt(price.0)));
                    }
                    if p.1 != price.1 {
                        moved.push(format!("hour_spot {} → {}", fmt(p.1), fmt(price.1)));
                    }
                    c.examples.push(format!("{} {} {}", key.0, key.1, moved.join(", ")));
                }
            }
        }
    }
    // A type the new file drops is gone from Google's price list (the file is the whole list).
    c.removed = old.prices.keys().filter(|k| !new.prices.contains_key(*k)).count();
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = "about:\n  generated: Thu Aug 20 06:13:17 2026\ncompute:\n  instance:\n    a2-highgpu-1g:\n      a100: 1\n      cost:\n        us-central1:\n          hour: 3.67\n          hour_spot: 0.5\n    n2-standard-2:\n      cost:\n        us-central1:\n          hour: 0.09\n";

    #[test]
    fn gpu_types_are_read_with_their_date() {
        let s = parse("p.yml", FILE).unwrap();
        assert_eq!(s.date, "2026-08-20");
        assert_eq!(s.prices.len(), 1, "CPU-only types are not compared");
        assert_eq!(s.prices[&("a2-highgpu-1g".into(), "us-central1".into())], (Some(3.67), Some(0.5)));
    }

    #[test]
    fn a_moved_price_is_reported() {
        let old = parse("p.yml", FILE).unwrap();
        let new = parse("p.yml", &FILE.replace("3.67", "3.80")).unwrap();
        let c = compare(&old, &new);
        assert_eq!((c.prices_moved, c.unchanged), (1, 0));
        assert_eq!(c.examples, ["a2-highgpu-1g us-central1 hour 3.67 → 3.8"]);
        let spot = parse("p.yml", &FILE.replace("hour_spot: 0.5", "hour_spot: 0.45")).unwrap();
        assert_eq!(compare(&old, &spot).examples, ["a2-highgpu-1g us-central1 hour_spot 0.5 → 0.45"]);
    }

    #[test]
    fn a_file_that_is_not_yaml_or_has_no_date_is_refused() {
        assert!(parse("p.yml", "about: [").unwrap_err().starts_with("p.yml:"));
        let err = parse("p.yml", "compute:\n  instance: {}\n").unwrap_err();
        assert!(err.contains("about.generated"), "{err}");
        let err = parse("p.yml", &FILE.replace("3.67", "cheap")).unwrap_err();
        assert!(err.contains("`hour` is not a price"), "{err}");
    }
}
