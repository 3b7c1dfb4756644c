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
