//! A later copy of AWS global's on-demand prices: tsaol/aws-gpu's generated
//! `data/all_gpu_instances.js` (`const allGPUInstances = [...]`, built from
//! instances.vantage.sh data; per type and region `onDemand` USD/h and one
//! `reserved` rate, no spot). It dates the AWS offers of an older snapshot:
//! - the copy shows the offer's on-demand price: the price held on the copy's
//!   date, and the offer takes that date; its spot price, of the older
//!   snapshot, stays only within the observations' spot window (60 days);
//! - the copy shows another price: the offer takes it with the copy's date,
//!   and its spot price goes (it belonged to the older price);
//! - the copy lists a type and region the catalog lacks: a new offer with the
//!   hardware of the catalog's offer of the same type, on-demand only.

use crate::manifest::Entry;
use crate::table::{number_cell, Table};
use gpuplan::catalog::sources::fields::days_since_epoch;
use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Deserialize)]
struct Instance {
    /// The API name; UltraServer rows written from AWS's page name only `name` (and carry no price).
    #[serde(rename = "apiName", default)]
    api_name: String,
    #[serde(default)]
    pricing: BTreeMap<String, Price>,
}

#[derive(Deserialize)]
struct Price {
    #[serde(rename = "onDemand")]
    on_demand: Option<f64>,
}

/// What the pass did, for the refresh report.
#[derive(Debug, Default, PartialEq)]
pub struct Dated {
    pub same_price: usize,
    pub price_moved: usize,
    pub added: usize,
    /// Spot prices older than the window, removed.
    pub spot_removed: usize,
}

/// The array of the file: the text between the first `[` and the last `]`.
fn array<T: serde::de::DeserializeOwned>(name: &str, text: &str) -> Result<Vec<T>, String> {
    let (Some(start), Some(end)) = (text.find('['), text.rfind(']')) else {
        return Err(format!("{name}: no `[ … ]` array of instances"));
    };
    if end < start {
        return Err(format!("{name}: no `[ … ]` array of instances"));
    }
    serde_json::from_str(&text[start..=end]).map_err(|e| format!("{name}: {e}"))
}

fn days(name: &str, date: &str) -> Result<i64, String> {
    days_since_epoch(date).ok_or_else(|| format!("{name}: `{date}` is not a date"))
}

pub fn apply(offers: &mut Table, name: &str, text: &str, entry: &Entry) -> Result<Dated, String> {
    let instances: Vec<Instance> = array(name, text)?;
    let c = |n: &str| offers.column(n);
    let (provider, instance, region) = (c("provider")?, c("instance_type")?, c("region")?);
    let (od, spot, spot_avg, date, notes) = (
        c("ondemand_usd_per_hour")?,
        c("spot_usd_per_hour")?,
        c("spot_avg_usd_per_hour")?,
        c("snapshot_date")?,
        c("notes")?,
    );
    let (repo, path, commit) = (c("source_repo")?, c("source_path")?, c("source_commit")?);
    let new_day = days(name, &entry.date)?;
    let short: String = entry.commit.chars().take(8).collect();
    let mut index: BTreeMap<(String, String), usize> = BTreeMap::new();
    let mut hardware: BTreeMap<String, usize> = BTreeMap::new();
    for (n, row) in offers.rows.iter().enumerate() {
        if row[provider] == entry.provider {
            index.insert((row[instance].clone(), row[region].clone()), n);
            hardware.entry(row[instance].clone()).or_insert(n);
        }
    }
    let mut out = Dated::default();
    let mut added = Vec::new();
    for i in &instances {
        for (r, p) in &i.pricing {
            let Some(price) = p.on_demand else { continue };
            if !(price.is_finite() && price > 0.0) {
                return Err(format!("{name}: {} {r}: onDemand {price} is not a positive price", i.api_name));
            }
            let Some(&n) = index.get(&(i.api_name.clone(), r.clone())) else {
                let Some(&like) = hardware.get(&i.api_name) else {
                    return Err(format!(
                        "{name}: {} is a type the catalog has no offer of; its hardware is unknown",
                        i.api_name
                    ));
                };
                let mut row = offers.rows[like].clone();
                row[region] = r.clone();
                row[od] = number_cell(Some(price));
                row[spot] = String::new();
                row[spot_avg] = String::new();
                row[date] = entry.date.clone();
                (row[repo], row[path], row[commit]) = (entry.repo.clone(), entry.path.clone(), entry.commit.clone());
                row[notes] = format!("{}; hardware of the catalog's other {} offers", entry.row_note, i.api_name);
                added.push(row);
                out.added += 1;
                continue;
            };
            let row = &mut offers.rows[n];
            let old_day = days(name, &row[date])?;
            if old_day >= new_day {
                continue; // as new as the copy, or newer
            }
            let old_date = row[date].clone();
            let old_price: Option<f64> = row[od].parse().ok();
            let mut note = if old_price == Some(price) {
                out.same_price += 1;
                format!("on-demand price unchanged in {} {} @{short} ({})", entry.repo, entry.path, entry.date)
            } else {
                out.price_moved += 1;
                let was = std::mem::replace(&mut row[od], number_cell(Some(price)));
                row[spot].clear();
                row[spot_avg].clear();
                format!(
                    "on-demand {was} of {old_date} → {} in {} {} @{short} ({}); the older spot price removed",
                    row[od], entry.repo, entry.path, entry.date
                )
            };
            if !row[spot].is_empty() || !row[spot_avg].is_empty() {
                if new_day - old_day <= crate::observations::SPOT_WINDOW_DAYS {
                    note.push_str(&format!("; spot of {old_date}"));
                } else {
                    row[spot].clear();
                    row[spot_avg].clear();
                    out.spot_removed += 1;
                    note.push_str(&format!("; spot of {old_date} removed (more than 60 days older)"));
                }
            }
            row[date] = entry.date.clone();
            row[notes] = if row[notes].is_empty() { note } else { format!("{}; {note}", row[notes]) };
        }
    }
    if !added.is_empty() {
        crate::table::merge(
            offers,
            added,
            &["provider", "instance_type", "region"],
            &["ondemand_usd_per_hour"],
            &|_| false,
        )?;
    }
    Ok(out)
}

/// One type of a per-family file of the same repository (`data/g7e_instances.js`:
/// `var instanceData = [...]`), which states the hardware too.
#[derive(Deserialize)]
struct TypeRow {
    name: String,
    gpu: String,
    #[serde(rename = "gpuCount")]
    gpu_count: f64,
    /// "96 GB GDDR7": per GPU.
    #[serde(rename = "gpuMemory")]
    gpu_memory: String,
    vcpu: f64,
    /// "512 GB".
    memory: String,
    #[serde(default)]
    pricing: BTreeMap<String, Price>,
}

/// The file's GPU labels: our accelerator key and what the catalog says of the card.
const TYPE_GPUS: [(&str, &str, &str); 1] =
    [("NVIDIA RTX PRO 6000 Blackwell", "RTXPRO6000", "RTX PRO 6000 Blackwell Server Edition")];

/// The leading number of "96 GB GDDR7" or "512 GB" (the file's GB, written as the catalog's GiB as before).
fn leading_gb(name: &str, what: &str, cell: &str) -> Result<f64, String> {
    let number: String = cell.trim().chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
    match (number.parse::<f64>(), cell.contains("GB")) {
        (Ok(v), true) if v > 0.0 => Ok(v),
        _ => Err(format!("{name}: {what} `{cell}` is not a size in GB")),
    }
}

/// A per-family file's types as offers.csv rows, on-demand only (the file has no spot).
pub fn import_types(name: &str, text: &str, entry: &Entry) -> Result<Vec<Vec<String>>, String> {
    let types: Vec<TypeRow> = array(name, text)?;
    let mut out = Vec::new();
    for t in &types {
        let Some((_, key, card)) = TYPE_GPUS.iter().find(|(label, _, _)| *label == t.gpu) else {
            return Err(format!("{name}: {}: GPU `{}` is not one the importer knows", t.name, t.gpu));
        };
        if !(t.gpu_count.is_finite() && t.gpu_count > 0.0 && t.vcpu.is_finite() && t.vcpu > 0.0) {
            return Err(format!("{name}: {}: gpuCount and vcpu must be positive", t.name));
        }
        let per_gpu = leading_gb(name, "gpuMemory", &t.gpu_memory)?;
        let memory = leading_gb(name, "memory", &t.memory)?;
        let variant =
            format!("{} {}GB", t.gpu.trim_start_matches("NVIDIA "), number_cell(Some(per_gpu)).trim_end_matches(".0"));
        for (region, p) in &t.pricing {
            let Some(price) = p.on_demand.filter(|x| x.is_finite() && *x > 0.0) else {
                return Err(format!("{name}: {} {region}: onDemand is not a positive price", t.name));
            };
            out.push(vec![
                entry.provider.clone(),
                t.name.clone(),
                key.to_string(),
                variant.clone(),
                format!("{}", t.gpu_count),
                format!("{per_gpu}"),
                number_cell(Some(t.gpu_count * per_gpu)),
                number_cell(Some(t.vcpu)),
                number_cell(Some(memory)),
                region.clone(),
                number_cell(Some(price)),
                String::new(),
                String::new(),
                entry.date.clone(),
                entry.repo.clone(),
                entry.path.clone(),
                entry.commit.clone(),
                [card.to_string(), entry.row_note.clone()]
                    .into_iter()
                    .filter(|n| !n.is_empty())
                    .collect::<Vec<_>>()
                    .join("; "),
            ]);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::skypilot::OFFER_COLUMNS;

    fn table(date: &str) -> Table {
        let header = OFFER_COLUMNS.join(",");
        let row = |region: &str, price: &str| {
            format!(
                "aws,g5.xlarge,A10G,,1,24.0,24.0,4.0,16.0,{region},{price},0.4,0.45,{date},r,old.json,c,spot note\n"
            )
        };
        Table::parse("offers.csv", &format!("{header}\n{}{}", row("us-east-1", "1.006"), row("us-west-2", "1.006")))
            .unwrap()
    }

    fn entry() -> Entry {
        Entry {
            provider: "aws".into(),
            repo: "r".into(),
            path: "all.js".into(),
            commit: "7412fd256c5e".into(),
            date: "2026-01-21".into(),
            row_note: "on-demand only".into(),
            ..Entry::default()
        }
    }

    const JS: &str = r#"// generated
const allGPUInstances = [
  {"apiName": "g5.xlarge", "pricing": {"us-east-1": {"onDemand": 1.006}, "us-west-2": {"onDemand": 1.1}, "ap-east-1": {"onDemand": 1.5488}}},
  {"name": "u-p6e-gb200x36", "pricing": {}}
];
"#;

    #[test]
    fn a_later_copy_dates_equal_prices_moves_others_and_adds_regions() {
        let mut t = table("2025-11-30");
        let d = apply(&mut t, "all.js", JS, &entry()).unwrap();
        assert_eq!(d, Dated { same_price: 1, price_moved: 1, added: 1, spot_removed: 0 });
        let east = t.rows.iter().find(|r| r[9] == "us-east-1").unwrap();
        assert_eq!((east[10].as_str(), east[11].as_str(), east[13].as_str()), ("1.006", "0.4", "2026-01-21"));
        assert!(east[17].ends_with("unchanged in r all.js @7412fd25 (2026-01-21); spot of 2025-11-30"), "{}", east[17]);
        let west = t.rows.iter().find(|r| r[9] == "us-west-2").unwrap();
        assert_eq!((west[10].as_str(), west[11].as_str(), west[12].as_str()), ("1.1", "", ""));
        let hk = t.rows.iter().find(|r| r[9] == "ap-east-1").unwrap();
        assert_eq!((hk[10].as_str(), hk[11].as_str(), hk[15].as_str()), ("1.5488", "", "all.js"));
        // Applied again, nothing changes.
        let before = t.clone();
        assert_eq!(apply(&mut t, "all.js", JS, &entry()).unwrap(), Dated::default());
        assert_eq!(t, before);
    }

    #[test]
    fn a_spot_price_more_than_60_days_older_goes() {
        let mut t = table("2025-10-01");
        let d = apply(&mut t, "all.js", JS, &entry()).unwrap();
        assert_eq!(d.spot_removed, 1);
        assert!(t.rows.iter().all(|r| r[11].is_empty()));
        let err =
            apply(&mut t, "all.js", r#"[{"apiName":"x9.large","pricing":{"us-east-1":{"onDemand":1}}}]"#, &entry())
                .unwrap_err();
        assert!(err.contains("x9.large is a type the catalog has no offer of"), "{err}");
    }

    #[test]
    fn a_family_file_states_its_hardware_and_an_unknown_gpu_is_refused() {
        let file = r#"// header
var instanceData = [{"name": "g7e.12xlarge", "gpu": "NVIDIA RTX PRO 6000 Blackwell", "gpuCount": 2,
  "gpuMemory": "96 GB GDDR7", "vcpu": 48, "memory": "512 GB", "pricing": {"us-east-1": {"onDemand": 8.28608}}}];"#;
        let entry = Entry {
            provider: "aws".into(),
            date: "2026-01-21".into(),
            row_note: "on-demand only".into(),
            ..Entry::default()
        };
        let rows = import_types("g7e.js", file, &entry).unwrap();
        assert_eq!(rows.len(), 1);
        let r = &rows[0];
        assert_eq!(
            &r[1..12],
            [
                "g7e.12xlarge",
                "RTXPRO6000",
                "RTX PRO 6000 Blackwell 96GB",
                "2",
                "96",
                "192.0",
                "48.0",
                "512.0",
                "us-east-1",
                "8.28608",
                ""
            ]
        );
        assert_eq!(r[17], "RTX PRO 6000 Blackwell Server Edition; on-demand only");
        let err = import_types("g7e.js", &file.replace("RTX PRO 6000 Blackwell", "B9000"), &entry).unwrap_err();
        assert!(err.contains("GPU `NVIDIA B9000`"), "{err}");
        let err = import_types("g7e.js", &file.replace("512 GB", "lots"), &entry).unwrap_err();
        assert!(err.contains("memory `lots`"), "{err}");
    }
}
