//! gpuplan: a GPU cloud server advisor and cost calculator.
//!
//! The engine is plain Rust; `wasm_api.rs` is the only module that knows about
//! JavaScript. This file maps the modules and holds the public API, no logic.

pub mod catalog;
pub mod cost;
pub mod error;
pub mod input;
pub mod planner;
pub mod recommend;
pub mod workload;

/// The JavaScript API (wasm builds only); public so the boundary tests can call it.
#[cfg(target_arch = "wasm32")]
pub mod wasm_api;

pub use catalog::info::CatalogInfo;
pub use catalog::query::{OfferFilter, OfferList};
pub use error::Error;
pub use planner::{Planner, PlannerOptions};
use serde::Serialize;

/// `catalogInfo()`: counts, providers, sources and snapshot dates.
pub fn catalog_info() -> Result<&'static CatalogInfo, Error> {
    Planner::default_planner()?.catalog_info()
}

/// `listOffers(filter)`: matching offers, sorted and paged.
pub fn list_offers(filter: &OfferFilter) -> Result<OfferList, Error> {
    Planner::default_planner()?.list_offers(filter)
}

#[derive(Serialize, Debug)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct VersionInfo {
    pub version: &'static str,
    pub catalog_format: u32,
}

/// `estimate(request)`: memory, compute and assumptions for a workload.
pub fn estimate(request: &workload::EstimateRequest) -> Result<workload::EstimateResponse, Error> {
    Planner::default_planner()?.estimate(request)
}

/// `recommend(request)`: fitted, ranked candidates with reasons, and why not for the rest.
pub fn recommend(request: &recommend::RecommendRequest) -> Result<recommend::RecommendResponse, Error> {
    Planner::default_planner()?.recommend(request)
}

/// `whyNot(request, page)`: the offers `recommend` leaves out, a page at a time.
pub fn why_not(
    request: &recommend::RecommendRequest,
    page: &recommend::WhyNotPage,
) -> Result<recommend::WhyNotResponse, Error> {
    Planner::default_planner()?.why_not(request, page)
}

/// `listModels()`: the model presets with their architecture and source.
pub fn list_models() -> Vec<workload::model::ModelSpec> {
    workload::model::presets().to_vec()
}

/// Largest custom catalog file accepted, in bytes.
pub const MAX_CATALOG_FILE_BYTES: usize = 5_000_000;

#[derive(Serialize, Debug)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct ParsedCatalog {
    /// Offers in the documented schema, ready for `userPrices.customOffers`.
    pub offers: Vec<catalog::user::CustomOffer>,
}

/// `parseCatalogFile(text, format)`: reads a custom catalog (`csv` or `json`);
/// errors name the line and column.
pub fn parse_catalog_file(text: &str, format: &str) -> Result<ParsedCatalog, Error> {
    if text.len() > MAX_CATALOG_FILE_BYTES {
        return Err(Error::new("file", format!("the file is larger than {MAX_CATALOG_FILE_BYTES} bytes")));
    }
    // Editors on Windows start UTF-8 files with a byte-order mark.
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    let offers = catalog::user::parse_custom_catalog(text, format).map_err(|e| {
        if text.contains('\u{FFFD}') {
            let message = format!(
                "{} (the file holds U+FFFD replacement characters: it was probably not UTF-8; save it as UTF-8)",
                e.message
            );
            Error { message, ..e }
        } else {
            e
        }
    })?;
    check_custom_offers(&offers)?;
    Ok(ParsedCatalog { offers })
}

/// Most offers a custom catalog may hold: every call carries them as
/// `userPrices.customOffers`, up to 17 values each within the 500,000 values
/// of one request (29,410 with the rest of a request), rounded down.
pub const MAX_CUSTOM_OFFERS: usize = 29_000;

/// A file is accepted only if every call will accept its offers: the same
/// bounds on their count and on each text.
fn check_custom_offers(offers: &[catalog::user::CustomOffer]) -> Result<(), Error> {
    if offers.len() > MAX_CUSTOM_OFFERS {
        let message = format!("the file holds {} offers; at most {MAX_CUSTOM_OFFERS} can be used", offers.len());
        return Err(Error::coded("too-large", "file", message, &[("max", MAX_CUSTOM_OFFERS as f64)]));
    }
    for (i, o) in offers.iter().enumerate() {
        let texts = [
            ("provider", Some(&o.provider)),
            ("instance", Some(&o.instance)),
            ("region", Some(&o.region)),
            ("accelerator", Some(&o.accelerator)),
            ("currency", o.currency.as_ref()),
            ("source", o.source.as_ref()),
            ("date", o.date.as_ref()),
            ("interconnect", o.interconnect.as_ref()),
        ];
        for (name, text) in texts {
            if text.is_some_and(|t| t.encode_utf16().count() > input::MAX_TEXT_UNITS) {
                return Err(input::text_too_long(&format!("file.offers[{i}].{name}")));
            }
        }
    }
    Ok(())
}

/// `tco(request)`: buy vs rent over the years, with the break-even utilization and month.
pub fn tco(request: &cost::tco::TcoRequest) -> Result<cost::tco::TcoResponse, Error> {
    Planner::default_planner()?.tco(request)
}

/// `version()`: the engine's version and the catalog format it reads.
pub fn version() -> VersionInfo {
    VersionInfo { version: env!("CARGO_PKG_VERSION"), catalog_format: catalog::schema::FORMAT_VERSION }
}
