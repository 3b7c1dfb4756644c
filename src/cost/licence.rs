//! The NVIDIA vGPU licence a shared GPU desktop needs, as a cost line.
//!
//! NVIDIA licenses vGPU per concurrent user (CCU): one licence per VM in use
//! at once (NVIDIA Virtual GPU Software Packaging, Pricing, and Licensing
//! Guide, `data/vgpu_licence_prices.csv`). Who pays for it depends on the
//! provider (`data/provider_capabilities.csv` column `vgpu_licence`): some
//! include it in the desktop instance's price, some bill it beside the GPU,
//! on others the customer brings their own. The list price per CCU is read
//! from the data file; where it is empty (not found in a source read) the
//! line is unknown unless the user gives their quote. Numbers only: the words
//! are in `text`.

use crate::error::{check_range, Error};
use serde::Deserialize;
use std::sync::OnceLock;

const PRICES_CSV: &str = include_str!("../../data/vgpu_licence_prices.csv");

/// One row of `data/vgpu_licence_prices.csv`.
#[derive(Deserialize, Debug, Clone, PartialEq)]
pub struct LicencePrice {
    /// `rtx-vws`, `vpc` or `vapps`.
    pub edition: String,
    /// `annual-subscription` or `perpetual`.
    pub licence: String,
    /// List price per concurrent user; empty where no source read gives it.
    pub usd_per_ccu: Option<f64>,
    /// Months one payment covers (12 for an annual subscription).
    pub term_months: Option<f64>,
    pub document: String,
    pub read: String,
    pub notes: String,
}

pub fn price_table() -> Result<&'static [LicencePrice], Error> {
    static T: OnceLock<Result<Vec<LicencePrice>, Error>> = OnceLock::new();
    T.get_or_init(|| super::hidden::parse("data/vgpu_licence_prices.csv", PRICES_CSV)).as_deref().map_err(Clone::clone)
}

/// The RTX vWS annual subscription per desktop-month at NVIDIA's list price,
/// `None` while the data file has no price. CAD and 3D desktops need vWS
/// (vPC stops at business desktops; NVIDIA's guide, Table "vGPU software
/// products and entitlement").
pub fn list_usd_per_desktop_month() -> Result<Option<f64>, Error> {
    let row = price_table()?.iter().find(|p| p.edition == "rtx-vws" && p.licence == "annual-subscription");
    Ok(row.and_then(|p| Some(p.usd_per_ccu? / p.term_months.filter(|m| *m > 0.0)?)))
}

/// Who pays for the licence on a provider's desktop instances.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Payer {
    /// In the instance's price (the provider's licensed GRID/RTX driver).
    Included,
    /// Billed by the provider beside the GPU; the amount is not in our data.
    Provider,
    /// The customer brings their own licences.
    Customer,
    /// No source read says.
    Unknown,
}

impl Payer {
    /// From the checked word of `provider_capabilities.csv` (`None`: the provider has no row).
    pub fn of(word: Option<&str>) -> Payer {
        match word {
            Some("included") => Payer::Included,
            Some("billed-by-provider") => Payer::Provider,
            Some("customer") => Payer::Customer,
            _ => Payer::Unknown,
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Payer::Included => "included",
            Payer::Provider => "billedByProvider",
            Payer::Customer => "customer",
            Payer::Unknown => "unknown",
        }
    }
}

/// The licence of one desktop offer over the horizon.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DesktopLicence {
    pub payer: Payer,
    /// Concurrent desktops: one CCU licence each.
    pub desktops: f64,
    /// The price per desktop-month used when the customer pays (`None`: unknown).
    pub usd_per_desktop_month: Option<f64>,
    /// The price is the user's quote, not the list price.
    pub quoted: bool,
    pub months: f64,
    /// `usd()`, computed once here from defined numbers. Computed where it is read, the product
    /// was evaluated ahead of the branch (the compiler's choice) on whatever bytes a `None`
    /// licence's payload held: when they read as subnormal floats, each multiplication took a
    /// microcode assist, five times per offer and keystroke (docs/PERFORMANCE.md, round 45).
    usd: Option<f64>,
}

impl DesktopLicence {
    /// `quote` is the user's price per desktop-month, if given; else the list price.
    pub fn new(payer: Payer, desktops: f64, months: f64, quote: Option<f64>) -> Result<DesktopLicence, Error> {
        let usd_per_desktop_month = match quote {
            Some(q) => Some(q),
            None => list_usd_per_desktop_month()?,
        };
        let product = usd_per_desktop_month.unwrap_or(0.0) * desktops * months;
        let usd = match payer {
            Payer::Included => Some(0.0),
            Payer::Customer => usd_per_desktop_month.map(|_| product),
            Payer::Provider | Payer::Unknown => None,
        };
        Ok(DesktopLicence { payer, desktops, usd_per_desktop_month, quoted: quote.is_some(), months, usd })
    }

    /// USD over the horizon: 0 when included, `None` when the amount is unknown.
    pub fn usd(&self) -> Option<f64> {
        self.usd
    }
}

/// `pricing.vgpuLicenceUsdPerDesktopMonth`: a quote of up to $10,000 per desktop-month.
pub fn check_quote(quote: Option<f64>, field: &str) -> Result<Option<f64>, Error> {
    quote.map(|q| check_range(field, q, 0.0, 10_000.0)).transpose()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_parses_and_names_its_source() {
        let t = price_table().unwrap();
        assert!(t.iter().any(|p| p.edition == "rtx-vws" && p.licence == "annual-subscription"));
        assert!(t.iter().all(|p| p.document.contains("docs.nvidia.com/vgpu") && p.read == "2026-12-01"));
    }

    #[test]
    fn who_pays_decides_the_line() {
        let quoted = |payer| DesktopLicence::new(payer, 50.0, 12.0, Some(20.0)).unwrap();
        assert_eq!(quoted(Payer::Included).usd(), Some(0.0));
        assert_eq!(quoted(Payer::Customer).usd(), Some(50.0 * 12.0 * 20.0));
        assert_eq!(quoted(Payer::Provider).usd(), None);
        assert_eq!(quoted(Payer::Unknown).usd(), None);
        // Without a quote the customer's line is the list price, unknown while the file has none.
        let listed = DesktopLicence::new(Payer::Customer, 50.0, 12.0, None).unwrap();
        assert_eq!(listed.usd().is_some(), list_usd_per_desktop_month().unwrap().is_some());
        assert_eq!(Payer::of(Some("customer")), Payer::Customer);
        assert_eq!(Payer::of(None), Payer::Unknown);
        assert!(check_quote(Some(-1.0), "pricing.vgpuLicenceUsdPerDesktopMonth").is_err());
    }
}
