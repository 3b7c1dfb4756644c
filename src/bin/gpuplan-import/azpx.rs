//! The Azure pricing calculator's data as sstybel/azure-vm-price-importer packs
//! it: an `.azpx` file is a zip of the calculator API's JSON answers, one file
//! per question (`az_azure_currencies_*.json`, `az_azure_metadata_*.json`,
//! `az_azure_sku_region_<os>_<region>_*.json`, …). The sources folder holds the
//! members the rows need in one JSON object keyed by the member's file name,
//! each member's entries as published:
//!
//! - `az_azure_currencies_*`: `usd.conversion` is 1.0, i.e. the prices are USD;
//! - `az_azure_metadata_*`: `resources` maps the calculator's slug
//!   (`nc24adsv4`) to the size's display name (`NC24ads A100 v4`), from which
//!   the ARM name follows (`Standard_NC24ads_A100_v4`); the slug alone does not
//!   give it (the GPU part is dropped in some slugs and not in others);
//! - `az_azure_sku_region_linux_<region>_*`: per `linux-<slug>-<tier>`, hourly
//!   prices `perhour`, `perhourspot` and reserved `perhouroneyearreserved`,
//!   `perhourthreeyearreserved` (`perhourfiveyearreserved` where sold). The
//!   reserved figures are per hour (the term total spread over its hours); the
//!   catalog's file keeps the term total, so it is hourly × 8,760 or × 26,280.

use gpuplan::catalog::sources::azure_retail::{RetailRow, HOURS_1Y, HOURS_3Y};
use serde::Deserialize;
use std::collections::BTreeMap;

/// The calculator writes the reserved hourly figure to 10 decimals (e.g. `0.0254566210`),
/// so hourly × 26,280 h is the term total to within 26,280 × 0.5e-10 ≈ 1.3e-6: rounded to
/// 5 decimals it is the total again (exact for any total in 1e-5 steps; Azure's are in cents
/// or whole dollars), where the bare product gives `14989.000001` for 14,989.
const TOTAL_STEPS_PER_USD: f64 = 1e5;

fn term_total(hourly: f64, hours: f64) -> f64 {
    (hourly * hours * TOTAL_STEPS_PER_USD).round() / TOTAL_STEPS_PER_USD
}

#[derive(Deserialize)]
struct Currency {
    conversion: f64,
}

#[derive(Deserialize)]
struct Metadata {
    resources: BTreeMap<String, String>,
}

/// One size's prices in one region; an entry without prices is `{}`.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Prices {
    perhour: Option<f64>,
    perhourspot: Option<f64>,
    perhouroneyearreserved: Option<f64>,
    perhourthreeyearreserved: Option<f64>,
    perhourfiveyearreserved: Option<f64>,
    // Savings-plan rates per unit: not a reservation; not carried.
    #[serde(default, rename = "perunitoneyearsavings")]
    _savings_1y: Option<f64>,
    #[serde(default, rename = "perunitthreeyearsavings")]
    _savings_3y: Option<f64>,
}

/// The member of `files` whose name starts with `prefix`; exactly one.
fn member<'a>(
    name: &str,
    files: &'a BTreeMap<String, serde_json::Value>,
    prefix: &str,
) -> Result<&'a serde_json::Value, String> {
    let mut found = files.iter().filter(|(k, _)| k.starts_with(prefix));
    match (found.next(), found.next()) {
        (Some((_, v)), None) => Ok(v),
        (None, _) => Err(format!("{name}: no member `{prefix}*.json`")),
        (Some(_), Some(_)) => Err(format!("{name}: more than one member `{prefix}*.json`")),
    }
}

/// Rows of `azure_reserved.csv` (Linux sizes with an on-demand price), each with its note.
pub fn import(name: &str, text: &str, source_note: &str) -> Result<Vec<(RetailRow, String)>, String> {
    let files: BTreeMap<String, serde_json::Value> = serde_json::from_str(text).map_err(|e| format!("{name}: {e}"))?;
    let currencies: BTreeMap<String, Currency> =
        serde_json::from_value(member(name, &files, "az_azure_currencies_")?.clone())
            .map_err(|e| format!("{name}: currencies: {e}"))?;
    // The calculator's prices are in its base currency, the one converted at 1.0.
    if currencies.get("usd").map(|c| c.conversion) != Some(1.0) {
        return Err(format!("{name}: currencies: USD is not the base currency (conversion 1.0)"));
    }
    let metadata: Metadata = serde_json::from_value(member(name, &files, "az_azure_metadata_")?.clone())
        .map_err(|e| format!("{name}: metadata: {e}"))?;
    let mut rows: BTreeMap<(String, String), (RetailRow, String)> = BTreeMap::new();
    for (file, value) in files.iter().filter(|(k, _)| k.starts_with("az_azure_sku_region_")) {
        // az_azure_sku_region_<os>_<region>_<yyyymmddhhmmss>.json
        let parts: Vec<&str> = file.trim_end_matches(".json").split('_').collect();
        let (os, region) = match parts.as_slice() {
            [.., os, region, stamp] if stamp.len() == 14 && stamp.bytes().all(|b| b.is_ascii_digit()) => (*os, *region),
            _ => return Err(format!("{name}: member `{file}` is not az_azure_sku_region_<os>_<region>_<time>.json")),
        };
        if os != "linux" {
            continue; // software licences priced on top of the VM, not the VM
        }
        let region = region.replace('-', ""); // poland-central → polandcentral, the ARM region name
        let sizes: BTreeMap<String, Prices> =
            serde_json::from_value(value.clone()).map_err(|e| format!("{name}: {file}: {e}"))?;
        for (offer, p) in sizes {
            let slug = offer
                .strip_prefix("linux-")
                .and_then(|s| s.strip_suffix("-standard"))
                .ok_or_else(|| format!("{name}: {file}: `{offer}` is not linux-<size>-standard"))?;
            let Some(on_demand) = p.perhour else { continue }; // no price in this region
            let display = metadata
                .resources
                .get(slug)
                .ok_or_else(|| format!("{name}: {file}: `{slug}` has no display name in the metadata's resources"))?;
            let instance = format!("Standard_{}", display.replace(' ', "_"));
            for (field, v) in [
                ("perhour", Some(on_demand)),
                ("perhourspot", p.perhourspot),
                ("perhouroneyearreserved", p.perhouroneyearreserved),
                ("perhourthreeyearreserved", p.perhourthreeyearreserved),
            ] {
                if v.is_some_and(|v| !(v.is_finite() && v > 0.0)) {
                    return Err(format!("{name}: {file}: {offer}.{field} is not a positive price"));
                }
            }
            let row = RetailRow {
                instance: instance.clone(),
                region: region.clone(),
                on_demand_hourly: Some(on_demand),
                spot_hourly: p.perhourspot,
                reserved_1y_total: p.perhouroneyearreserved.map(|h| term_total(h, HOURS_1Y)),
                reserved_3y_total: p.perhourthreeyearreserved.map(|h| term_total(h, HOURS_3Y)),
                currency: "USD".to_string(),
            };
            let mut note = source_note.to_string();
            if let Some(h) = p.perhourfiveyearreserved {
                note.push_str(&format!("; 5-year reserved also listed: {h}/h"));
            }
            if p.perhourspot == Some(on_demand) {
                note.push_str("; spot equals on-demand in source");
            }
            if rows.insert((instance.clone(), region.clone()), (row, note)).is_some() {
                return Err(format!("{name}: {instance} in {region} listed twice"));
            }
        }
    }
    if rows.is_empty() {
        return Err(format!("{name}: no Linux size with a price"));
    }
    Ok(rows.into_values().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    const CURRENCIES: &str = r#""az_azure_currencies_1.json":{"usd":{"conversion":1.0}}"#;
    const METADATA: &str = r#""az_azure_metadata_1.json":{"resources":{"nv6adsv5":"NV6ads A10 v5"}}"#;

    fn pack(region: &str) -> String {
        format!("{{{CURRENCIES},{METADATA},{region}}}")
    }

    #[test]
    fn reserved_per_hour_becomes_the_term_total_and_the_name_comes_from_the_metadata() {
        let text = pack(
            r#""az_azure_sku_region_linux_poland-central_20260126133107.json":{"linux-nv6adsv5-standard":{"perhour":0.59,"perhouroneyearreserved":0.377739726,"perhourthreeyearreserved":0.2597031963,"perhourfiveyearreserved":0.2,"perhourspot":0.59}}"#,
        );
        let rows = import("p.json", &text, "calc").unwrap();
        let (r, note) = &rows[0];
        assert_eq!((r.instance.as_str(), r.region.as_str()), ("Standard_NV6ads_A10_v5", "polandcentral"));
        // 0.2597031963 × 26,280 = 6824.999998764: the published total is 6,825.
        assert_eq!((r.reserved_1y_total, r.reserved_3y_total), (Some(3309.0), Some(6825.0)));
        assert_eq!(note, "calc; 5-year reserved also listed: 0.2/h; spot equals on-demand in source");
    }

    #[test]
    fn bad_packs_are_named_errors() {
        let unnamed =
            pack(r#""az_azure_sku_region_linux_x_20260126133107.json":{"linux-zz1-standard":{"perhour":1.0}}"#);
        assert!(import("p.json", &unnamed, "").unwrap_err().contains("`zz1` has no display name"));
        let negative =
            pack(r#""az_azure_sku_region_linux_x_20260126133107.json":{"linux-nv6adsv5-standard":{"perhour":-1.0}}"#);
        assert!(import("p.json", &negative, "").unwrap_err().contains("perhour is not a positive price"));
        let euro = r#"{"az_azure_currencies_1.json":{"usd":{"conversion":0.9}}}"#;
        assert!(import("p.json", euro, "").unwrap_err().contains("base currency"));
        let empty = pack(r#""az_azure_sku_region_linux_x_20260126133107.json":{"linux-nv6adsv5-standard":{}}"#);
        assert!(import("p.json", &empty, "").unwrap_err().contains("no Linux size"));
    }
}
