//! The Planner: the catalog priced for one user, built once from options and
//! then asked many questions. The free functions of the API are a default
//! planner with no user prices, so both give the same answers.

use crate::catalog::info::CatalogInfo;
use crate::catalog::query::{list_priced_offers, OfferFilter, OfferList};
use crate::catalog::user::{PricedCatalog, UserPrices};
use crate::catalog::{self, Catalog};
use crate::cost::tco::{TcoRequest, TcoResponse};
use crate::error::Error;
use crate::recommend::{self, RecommendRequest, RecommendResponse, WhyNotPage, WhyNotResponse};
use crate::workload::{self, EstimateRequest, EstimateResponse};
use serde::Deserialize;
use std::sync::OnceLock;

/// `new Planner(options)`.
#[derive(Deserialize, Debug, Clone, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
#[derive(ts_rs::TS)]
#[ts(optional_fields = nullable)]
pub struct PlannerOptions {
    /// Your prices, applied once to every answer of this planner.
    #[ts(optional = nullable)]
    pub user_prices: UserPrices,
}

pub struct Planner {
    priced: PricedCatalog<'static>,
}

impl Planner {
    pub fn new(options: &PlannerOptions) -> Result<Planner, Error> {
        let base = catalog::embedded()?;
        Ok(Planner { priced: PricedCatalog::new(base, &options.user_prices, "userPrices")? })
    }

    /// The planner with no user prices, built on first use.
    pub fn default_planner() -> Result<&'static Planner, Error> {
        static DEFAULT: OnceLock<Result<Planner, Error>> = OnceLock::new();
        DEFAULT.get_or_init(|| Planner::new(&PlannerOptions::default())).as_ref().map_err(Clone::clone)
    }

    fn base(&self) -> &'static Catalog {
        self.priced.base
    }

    /// Prices given with one call replace the planner's for that call.
    fn with_prices<T>(
        &self,
        user: &UserPrices,
        field: &str,
        answer: impl FnOnce(&PricedCatalog) -> Result<T, Error>,
    ) -> Result<T, Error> {
        if user == &UserPrices::default() {
            answer(&self.priced)
        } else {
            answer(&PricedCatalog::new(self.base(), user, field)?)
        }
    }

    /// `catalogInfo()`: the embedded catalog's counts, computed once.
    pub fn catalog_info(&self) -> Result<&'static CatalogInfo, Error> {
        static INFO: OnceLock<CatalogInfo> = OnceLock::new();
        let base = self.base();
        Ok(INFO.get_or_init(|| catalog::info::catalog_info(base, catalog::embedded_size_bytes())))
    }

    /// `catalogInfo` with price ages counted on the reader's `today` (yyyy-mm-dd).
    pub fn catalog_info_on(&self, today: &str) -> Result<CatalogInfo, Error> {
        if catalog::sources::fields::days_since_epoch(today).is_none() {
            return Err(Error::new("today", format!("`{today}` is not a yyyy-mm-dd date")));
        }
        Ok(catalog::info::catalog_info_on(self.base(), catalog::embedded_size_bytes(), Some(today)))
    }

    pub fn list_offers(&self, filter: &OfferFilter) -> Result<OfferList, Error> {
        self.with_prices(&filter.user_prices, "userPrices", |priced| list_priced_offers(priced, filter))
    }

    pub fn estimate(&self, request: &EstimateRequest) -> Result<EstimateResponse, Error> {
        workload::estimate(self.base(), request)
    }

    pub fn recommend(&self, request: &RecommendRequest) -> Result<RecommendResponse, Error> {
        let user = &request.pricing.user_prices;
        self.with_prices(user, "pricing.userPrices", |priced| recommend::recommend_priced(priced, request))
    }

    /// `tco(request)`: buy vs rent; a `rentOfferId` reads the embedded catalog.
    pub fn tco(&self, request: &TcoRequest) -> Result<TcoResponse, Error> {
        crate::cost::tco::tco(request)
    }

    pub fn why_not(&self, request: &RecommendRequest, page: &WhyNotPage) -> Result<WhyNotResponse, Error> {
        let user = &request.pricing.user_prices;
        self.with_prices(user, "pricing.userPrices", |priced| recommend::why_not(priced, request, page))
    }
}
