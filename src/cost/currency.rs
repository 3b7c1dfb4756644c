//! Currency: every figure is computed in USD; the page shows it in another
//! currency at a rate the user sets, or at a default with its date and source.
//! Prices published in another currency (Alibaba's CNY) convert the other way.

use crate::catalog::schema::ExchangeRate;
use crate::error::{check_range, Error};
use serde::Serialize;
use std::sync::OnceLock;

const RATES_CSV: &str = include_str!("../../data/cost_exchange_rates.csv");

/// A rate for display: units of `currency` per USD.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct DisplayRate {
    pub currency: String,
    pub units_per_usd: f64,
    /// `null` for a rate the user set.
    pub date: Option<String>,
    pub source: String,
}

/// Display defaults beyond the catalog's own rates (data/cost_exchange_rates.csv).
pub fn default_rates() -> Result<&'static [ExchangeRate], Error> {
    static T: OnceLock<Result<Vec<ExchangeRate>, Error>> = OnceLock::new();
    T.get_or_init(|| super::hidden::parse("data/cost_exchange_rates.csv", RATES_CSV)).as_deref().map_err(Clone::clone)
}

/// The rate to show `currency` at: the user's, else the catalog's (the rate its
/// CNY prices were converted at), else the display default. `None` when no rate
/// is known: the page then asks for one rather than guess.
pub fn display_rate(
    currency: &str,
    user_units_per_usd: Option<f64>,
    catalog_rates: &[ExchangeRate],
    field: &str,
) -> Result<Option<DisplayRate>, Error> {
    let code = currency.trim().to_ascii_uppercase();
    if code.len() != 3 || !code.bytes().all(|b| b.is_ascii_uppercase()) {
        return Err(Error::new(field, format!("`{currency}` is not a three-letter currency code")));
    }
    if let Some(r) = user_units_per_usd {
        check_range(&format!("{field}Rate"), r, 1e-6, 1e6)?;
        return Ok(Some(DisplayRate { currency: code, units_per_usd: r, date: None, source: "your rate".into() }));
    }
    if code == "USD" {
        return Ok(Some(DisplayRate {
            currency: code,
            units_per_usd: 1.0,
            date: None,
            source: "base currency".into(),
        }));
    }
    let found = catalog_rates.iter().chain(default_rates()?).find(|r| r.currency == code);
    Ok(found.map(|r| DisplayRate {
        currency: code,
        units_per_usd: r.units_per_usd,
        date: Some(r.date.clone()),
        source: r.source.clone(),
    }))
}

pub fn from_usd(usd: f64, units_per_usd: f64) -> f64 {
    usd * units_per_usd
}

pub fn to_usd(amount: f64, units_per_usd: f64) -> f64 {
    amount / units_per_usd
}
