//! Costs beside compute: storage, egress, a managed-service surcharge, staff
//! and the cost of finishing later. Storage and egress prices per provider come
//! from `data/cost_storage.csv` and `data/cost_egress.csv` (sources per row).
//! Compute them once per provider and region, not per offer.

use super::{Extras, HOURS_PER_MONTH};
use crate::error::{check_range, Error};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

const EGRESS_CSV: &str = include_str!("../../data/cost_egress.csv");
const STORAGE_CSV: &str = include_str!("../../data/cost_storage.csv");

/// One egress price tier: `usd_per_gb` from `from_gb` to `to_gb` GB per month.
#[derive(Deserialize, Serialize, Debug, Clone, PartialEq)]
pub struct EgressTier {
    pub provider: String,
    /// `default`, a region id, or `cn-mainland`.
    pub scope: String,
    pub from_gb: f64,
    pub to_gb: Option<f64>,
    pub usd_per_gb: f64,
    pub date: String,
    pub source: String,
}

#[derive(Deserialize, Serialize, Debug, Clone, PartialEq)]
pub struct StoragePrice {
    pub provider: String,
    pub kind: String,
    pub usd_per_gb_month: f64,
    pub product: String,
    pub date: String,
    pub source: String,
}

/// Reads one of the cost data files embedded in the module; errors name the line.
pub(crate) fn parse<T: serde::de::DeserializeOwned>(name: &str, text: &str) -> Result<Vec<T>, Error> {
    let mut rows = Vec::new();
    for (i, r) in csv::Reader::from_reader(text.as_bytes()).deserialize().enumerate() {
        rows.push(r.map_err(|e| Error::in_file(name, i as u64 + 2, "?", e.to_string()))?);
    }
    Ok(rows)
}

pub fn egress_table() -> Result<&'static [EgressTier], Error> {
    static T: OnceLock<Result<Vec<EgressTier>, Error>> = OnceLock::new();
    T.get_or_init(|| parse("data/cost_egress.csv", EGRESS_CSV)).as_deref().map_err(Clone::clone)
}

pub fn storage_table() -> Result<&'static [StoragePrice], Error> {
    static T: OnceLock<Result<Vec<StoragePrice>, Error>> = OnceLock::new();
    T.get_or_init(|| parse("data/cost_storage.csv", STORAGE_CSV)).as_deref().map_err(Clone::clone)
}

fn in_scope(scope: &str, region: &str) -> bool {
    match scope {
        "default" => true,
        // Alibaba's Chinese mainland regions; Hong Kong is priced apart.
        "cn-mainland" => region.starts_with("cn-") && region != "cn-hongkong",
        s => s == region,
    }
}

/// Egress price for `gb` in one month, tier by tier.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EgressCost {
    pub usd: f64,
    /// GB above the last published tier, priced at that tier (an upper bound).
    pub beyond_tiers_gb: f64,
}

/// `None` when no tier is known for the provider and region.
pub fn egress_usd_per_month(provider: &str, region: &str, gb: f64) -> Result<Option<EgressCost>, Error> {
    let mut tiers: Vec<&EgressTier> =
        egress_table()?.iter().filter(|t| t.provider == provider && in_scope(&t.scope, region)).collect();
    if tiers.is_empty() {
        return Ok(None);
    }
    tiers.sort_by(|a, b| a.from_gb.total_cmp(&b.from_gb));
    let mut usd = 0.0;
    let mut last = 0.0;
    let mut last_price = 0.0;
    for t in &tiers {
        let top = t.to_gb.unwrap_or(f64::INFINITY);
        usd += (gb.min(top) - t.from_gb).max(0.0) * t.usd_per_gb;
        last = top;
        last_price = t.usd_per_gb;
    }
    let beyond_tiers_gb = (gb - last).max(0.0);
    usd += beyond_tiers_gb * last_price;
    Ok(Some(EgressCost { usd, beyond_tiers_gb }))
}

/// Storage kinds a request may name.
pub const STORAGE_KINDS: [&str; 5] = ["object", "objectCool", "archive", "blockSsd", "blockHdd"];

pub fn storage_price(provider: &str, kind: &str) -> Result<Option<&'static StoragePrice>, Error> {
    Ok(storage_table()?.iter().find(|p| p.provider == provider && p.kind == kind))
}

/// Storage the work keeps for the horizon.
#[derive(Deserialize, Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[derive(ts_rs::TS)]
pub struct StorageItem {
    /// `object`, `objectCool`, `archive`, `blockSsd` or `blockHdd`.
    pub kind: String,
    pub gb: f64,
}

/// `pricing` fields for the costs beside compute.
#[derive(Deserialize, Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct HiddenCosts {
    pub storage: Vec<StorageItem>,
    pub egress_gb_per_month: Option<f64>,
    /// Managed ML platform surcharge, % of compute.
    pub managed_surcharge_pct: Option<f64>,
    pub staff_usd_per_month: Option<f64>,
    /// What each day of finishing later than the fastest candidate costs you.
    pub delay_cost_usd_per_day: Option<f64>,
}

impl HiddenCosts {
    /// Range checks; `path` is where these fields sit in the request (`pricing`).
    pub fn check(&self, path: &str) -> Result<(), Error> {
        for (i, s) in self.storage.iter().enumerate() {
            if !STORAGE_KINDS.contains(&s.kind.as_str()) {
                return Err(Error::new(
                    format!("{path}.storage[{i}].kind"),
                    format!("unknown `{}`; use {}", s.kind, STORAGE_KINDS.join(", ")),
                ));
            }
            check_range(&format!("{path}.storage[{i}].gb"), s.gb, 0.0, 1e9)?;
        }
        let fields = [
            ("egressGbPerMonth", self.egress_gb_per_month, 1e9),
            ("managedSurchargePct", self.managed_surcharge_pct, 200.0),
            ("staffUsdPerMonth", self.staff_usd_per_month, 1e8),
            ("delayCostUsdPerDay", self.delay_cost_usd_per_day, 1e9),
        ];
        for (name, value, max) in fields {
            if let Some(v) = value {
                check_range(&format!("{path}.{name}"), v, 0.0, max)?;
            }
        }
        Ok(())
    }

    /// The plan-independent costs for one provider and region over `months`.
    pub fn extras(&self, provider: &str, region: &str, months: f64) -> Result<Extras, Error> {
        let mut storage = Some(0.0);
        for s in &self.storage {
            storage = match (storage, storage_price(provider, &s.kind)?) {
                (Some(sum), Some(p)) => Some(sum + s.gb * p.usd_per_gb_month * months),
                _ if s.gb == 0.0 => storage,
                _ => None,
            };
        }
        let (egress, beyond) = match self.egress_gb_per_month.filter(|gb| *gb > 0.0) {
            None => (Some(0.0), false),
            Some(gb) => match egress_usd_per_month(provider, region, gb)? {
                Some(c) => (Some(c.usd * months), c.beyond_tiers_gb > 0.0),
                None => (None, false),
            },
        };
        Ok(Extras {
            storage_usd: storage,
            egress_usd: egress,
            egress_beyond_tiers: beyond,
            staff_usd: self.staff_usd_per_month.unwrap_or(0.0) * months,
            managed_fraction: self.managed_surcharge_pct.unwrap_or(0.0) / 100.0,
            licence: None,
        })
    }
}

/// Months a job of `hours` spans, for its storage and staff.
pub fn months_of_hours(hours: f64) -> f64 {
    hours / HOURS_PER_MONTH
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_parse_and_tiers_are_ordered() {
        let t = egress_table().unwrap();
        assert!(t.len() >= 10);
        for p in ["aws", "azure", "gcp", "alibaba"] {
            assert!(t.iter().any(|r| r.provider == p), "{p}");
        }
        assert!(storage_table().unwrap().iter().all(|s| s.usd_per_gb_month > 0.0));
    }

    #[test]
    fn unknown_provider_is_unknown_not_zero() {
        assert_eq!(egress_usd_per_month("lambda", "us-east-1", 500.0).unwrap(), None);
        let h = HiddenCosts { storage: vec![StorageItem { kind: "object".into(), gb: 10.0 }], ..Default::default() };
        assert_eq!(h.extras("lambda", "x", 1.0).unwrap().storage_usd, None);
    }
}
