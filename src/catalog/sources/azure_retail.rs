//! Importer for the Azure Retail Prices API (`prices.azure.com/api/retail/prices`
//! JSON pages) into the shape of `data/azure_reserved.csv`, so refreshing
//! Azure prices needs no hand edits.
//!
//! Rules: Linux only (products named "… Windows" are skipped), no Dev/Test or
//! Low Priority meters; a `Consumption` row whose SKU ends in "Spot" is the spot
//! price; `Reservation` rows hold the whole-term total, divided here by 8,760
//! (1 year) or 26,280 (3 years) hours.
//!
//! Also read: a dump of the same API re-keyed by its collector
//! (ibranibeny/azure-pricing-dashboard `data/pricing/*.json`): `pricePoints`
//! instead of `Items`, `price` instead of `retailPrice`, and `purchaseOption`
//! (`PAYG`, `RI_1Y`, `RI_3Y`) instead of `type`; `reservationTerm` is kept.

use serde::Deserialize;
use std::collections::BTreeMap;

pub const HOURS_1Y: f64 = 8_760.0;
pub const HOURS_3Y: f64 = 26_280.0;

#[derive(Deserialize, Debug)]
#[serde(rename_all = "PascalCase")]
struct Page {
    #[serde(alias = "pricePoints")]
    items: Vec<Item>,
}

#[derive(Deserialize, Debug)]
#[serde(rename_all = "camelCase")]
struct Item {
    arm_sku_name: String,
    arm_region_name: String,
    /// `Consumption`, `Reservation`, `DevTestConsumption`; absent in a dump that has `purchase_option`.
    #[serde(rename = "type", default)]
    kind: String,
    /// The dump's `PAYG`, `RI_1Y`, `RI_3Y` in place of `type`.
    #[serde(default)]
    purchase_option: Option<String>,
    #[serde(default)]
    reservation_term: Option<String>,
    #[serde(alias = "price")]
    retail_price: f64,
    sku_name: String,
    product_name: String,
    currency_code: String,
    #[serde(default)]
    unit_of_measure: String,
}

/// One size in one region, as `azure_reserved.csv` holds it.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct RetailRow {
    pub instance: String,
    pub region: String,
    pub on_demand_hourly: Option<f64>,
    pub spot_hourly: Option<f64>,
    pub reserved_1y_total: Option<f64>,
    pub reserved_3y_total: Option<f64>,
    pub currency: String,
}

impl RetailRow {
    pub fn reserved_1y_hourly(&self) -> Option<f64> {
        self.reserved_1y_total.map(|t| t / HOURS_1Y)
    }
    pub fn reserved_3y_hourly(&self) -> Option<f64> {
        self.reserved_3y_total.map(|t| t / HOURS_3Y)
    }
}

/// Reads one or more API pages (each `{ "Items": [...] }`) into rows per size and region.
pub fn import(pages: &[&str]) -> Result<Vec<RetailRow>, String> {
    let mut rows: BTreeMap<(String, String), RetailRow> = BTreeMap::new();
    for (n, text) in pages.iter().enumerate() {
        let page: Page = serde_json::from_str(text).map_err(|e| format!("page {}: {e}", n + 1))?;
        for item in page.items {
            let linux = !item.product_name.contains("Windows");
            let hourly_meter = item.unit_of_measure.is_empty() || item.unit_of_measure == "1 Hour";
            if !linux || !hourly_meter || item.sku_name.contains("Low Priority") || item.arm_sku_name.is_empty() {
                continue;
            }
            let row =
                rows.entry((item.arm_sku_name.clone(), item.arm_region_name.clone())).or_insert_with(|| RetailRow {
                    instance: item.arm_sku_name.clone(),
                    region: item.arm_region_name.clone(),
                    currency: item.currency_code.clone(),
                    ..RetailRow::default()
                });
            if row.currency != item.currency_code {
                return Err(format!("{} {}: mixed currencies", item.arm_sku_name, item.arm_region_name));
            }
            if !item.retail_price.is_finite() || item.retail_price < 0.0 {
                return Err(format!("{}: price {} is not a price", item.arm_sku_name, item.retail_price));
            }
            let price = Some(item.retail_price);
            let kind = match (item.kind.as_str(), item.purchase_option.as_deref()) {
                ("", Some("PAYG")) => "Consumption",
                ("", Some(option @ ("RI_1Y" | "RI_3Y"))) => {
                    let term = if option == "RI_1Y" { "1 Year" } else { "3 Years" };
                    if item.reservation_term.as_deref() != Some(term) {
                        return Err(format!(
                            "{}: purchaseOption {option} with reservationTerm {:?}",
                            item.arm_sku_name, item.reservation_term
                        ));
                    }
                    "Reservation"
                }
                ("", other) => return Err(format!("{}: no `type` and purchaseOption {other:?}", item.arm_sku_name)),
                (kind, _) => kind,
            };
            match (kind, item.reservation_term.as_deref()) {
                ("Consumption", _) if item.sku_name.ends_with("Spot") => row.spot_hourly = price,
                ("Consumption", _) => row.on_demand_hourly = price,
                ("Reservation", Some("1 Year")) => row.reserved_1y_total = price,
                ("Reservation", Some("3 Years")) => row.reserved_3y_total = price,
                ("Reservation", other) => {
                    return Err(format!("{}: unknown reservation term {other:?}", item.arm_sku_name));
                }
                _ => {} // DevTestConsumption and anything new
            }
        }
    }
    Ok(rows.into_values().collect())
}

/// What a row's `notes` add to the source's note: a spot meter priced as on-demand is no spot discount.
pub fn row_note(r: &RetailRow, source_note: &str) -> String {
    match (r.spot_hourly, r.on_demand_hourly) {
        (Some(spot), Some(od)) if spot == od => {
            format!("{source_note}; spot meter equals on-demand in source (no spot discount published)")
        }
        _ => source_note.to_string(),
    }
}

/// The header of `data/azure_reserved.csv`.
pub const CSV_HEADER: &str = "instance,region,on_demand_hourly,spot_hourly,reserved_1y_total,reserved_1y_hourly,reserved_3y_total,reserved_3y_hourly,pct_off_1y,pct_off_3y,currency,source_repo,source_path,source_commit,source_date,notes";

/// Where imported rows came from, written on every row.
pub struct Provenance<'a> {
    pub repo: &'a str,
    pub path: &'a str,
    pub commit: &'a str,
    pub date: &'a str,
    pub note: &'a str,
}

/// One row's cells in the columns of `CSV_HEADER`.
pub fn cells(r: &RetailRow, from: &Provenance) -> Vec<String> {
    // Six decimals; whole numbers as `551221.0`, as the data file writes them.
    let cell = |v: Option<f64>| {
        v.map_or(String::new(), |x| {
            let x = (x * 1e6).round() / 1e6;
            if x.fract() == 0.0 {
                format!("{x:.1}")
            } else {
                format!("{x}")
            }
        })
    };
    let pct = |r: Option<f64>, od: Option<f64>| match (r, od) {
        (Some(r), Some(od)) if od > 0.0 => format!("{:.1}", (1.0 - r / od) * 100.0),
        _ => String::new(),
    };
    vec![
        r.instance.clone(),
        r.region.clone(),
        cell(r.on_demand_hourly),
        cell(r.spot_hourly),
        cell(r.reserved_1y_total),
        cell(r.reserved_1y_hourly()),
        cell(r.reserved_3y_total),
        cell(r.reserved_3y_hourly()),
        pct(r.reserved_1y_hourly(), r.on_demand_hourly),
        pct(r.reserved_3y_hourly(), r.on_demand_hourly),
        r.currency.clone(),
        from.repo.to_string(),
        from.path.to_string(),
        from.commit.to_string(),
        from.date.to_string(),
        from.note.to_string(),
    ]
}

/// The rows as `azure_reserved.csv`, with the source named on every row.
/// This is a whole file of its own: to update the catalog's file without
/// losing its other rows, use `gpuplan-import refresh`, which merges.
pub fn to_csv(rows: &[RetailRow], source_repo: &str, source_path: &str, source_date: &str) -> String {
    let from = Provenance {
        repo: source_repo,
        path: source_path,
        commit: "",
        date: source_date,
        note: "Retail Prices API import; reservation totals divided by term hours",
    };
    let quote = |s: &str| {
        if s.contains(',') || s.contains('"') {
            format!("\"{}\"", s.replace('"', "\"\""))
        } else {
            s.to_string()
        }
    };
    let mut out = format!("{CSV_HEADER}\n");
    for r in rows {
        let line: Vec<String> = cells(r, &from).iter().map(|c| quote(c)).collect();
        out.push_str(&line.join(","));
        out.push('\n');
    }
    out
}
