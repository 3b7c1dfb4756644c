//! Users' own prices: a discount per provider, per-offer prices, exchange
//! rates, and offers from a custom catalog file. Applied by composing a view
//! over the embedded catalog (`priced.rs`), which is never modified; custom
//! catalog files are read by `custom_file.rs`.

pub use super::custom_file::{parse_custom_catalog, CustomOffer, CUSTOM_COLUMNS};
pub use super::priced::{offer_id, Entry, PricedCatalog};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The `userPrices` part of a request.
#[derive(Deserialize, Serialize, Debug, Default, Clone, PartialEq)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
#[derive(ts_rs::TS)]
#[ts(optional_fields = nullable)]
pub struct UserPrices {
    /// Percent off list prices per provider id (enterprise agreements), 0–100.
    /// Applies to on-demand and reserved prices, not to spot.
    #[ts(optional = nullable)]
    pub discounts: BTreeMap<String, f64>,
    /// Prices you pay for particular offers, by offer id (`provider/instance/region`).
    #[ts(optional = nullable)]
    pub overrides: BTreeMap<String, PriceOverride>,
    /// Units of a currency per US dollar, e.g. `{ "CNY": 7.2 }`, replacing the catalog's rate.
    #[ts(optional = nullable)]
    pub exchange_rates: BTreeMap<String, f64>,
    /// Offers from your own catalog; one with the id of a catalog offer replaces it.
    #[ts(optional = nullable)]
    pub custom_offers: Vec<CustomOffer>,
}

/// USD per instance-hour; a field left out keeps the catalog's price.
#[derive(Deserialize, Serialize, Debug, Default, Clone, PartialEq)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
#[derive(ts_rs::TS)]
#[ts(optional_fields = nullable)]
pub struct PriceOverride {
    pub on_demand: Option<f64>,
    pub spot: Option<f64>,
    #[serde(rename = "reserved1y")]
    pub reserved_1y: Option<f64>,
    #[serde(rename = "reserved3y")]
    pub reserved_3y: Option<f64>,
}
