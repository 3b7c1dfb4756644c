//! The Planner: the catalog priced for one user, built once from options and
//! then asked many questions. The free functions of the API are a default
//! planner with no user prices, so both give the same answers.

use crate::catalog::age::AgeReference;
use crate::catalog::info::CatalogInfo;
use crate::catalog::query::{list_priced_offers, OfferFilter, OfferList};
use crate::catalog::user::{PricedCatalog, UserPrices};
use crate::catalog::{self, Catalog};
use crate::cost::tco::{TcoRequest, TcoResponse};
use crate::error::Error;
use crate::recommend::{self, CandidateRow, RecommendRequest, RecommendResponse, WhyNotPage, WhyNotResponse};
use crate::workload::{self, EstimateRequest, EstimateResponse};
use serde::Deserialize;
use std::borrow::Cow;
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
    /// The day price ages are counted on (yyyy-mm-dd) for every call that
    /// gives none; the module fills in the reader's today (`Date.now()`).
    pub today: Option<String>,
}

pub struct Planner {
    priced: PricedCatalog<'static>,
    /// `options.today`, checked.
    today: Option<String>,
    /// The demands of its last `recommend` or `whyNot`, for the next call with the same workload.
    demands: recommend::DemandMemo,
}

impl Planner {
    pub fn new(options: &PlannerOptions) -> Result<Planner, Error> {
        let base = catalog::embedded()?;
        AgeReference::resolve(base, options.today.as_deref(), "today")?;
        Ok(Planner {
            priced: PricedCatalog::new(base, &options.user_prices, "userPrices")?,
            today: options.today.clone(),
            demands: recommend::DemandMemo::default(),
        })
    }

    /// The planner with no user prices, built on first use.
    pub fn default_planner() -> Result<&'static Planner, Error> {
        static DEFAULT: OnceLock<Result<Planner, Error>> = OnceLock::new();
        DEFAULT.get_or_init(|| Planner::new(&PlannerOptions::default())).as_ref().map_err(Clone::clone)
    }

    /// Whether the options gave the day price ages are counted on.
    pub fn has_today(&self) -> bool {
        self.today.is_some()
    }

    fn base(&self) -> &'static Catalog {
        self.priced.base
    }

    /// Prices given with one call replace the planner's for that call; only
    /// with the planner's own does the call see its kept demands (they were
    /// computed on its catalog).
    fn with_prices<T>(
        &self,
        user: &UserPrices,
        field: &str,
        answer: impl FnOnce(&PricedCatalog, Option<&recommend::DemandMemo>) -> Result<T, Error>,
    ) -> Result<T, Error> {
        if user == &UserPrices::default() {
            answer(&self.priced, Some(&self.demands))
        } else {
            answer(&PricedCatalog::new(self.base(), user, field)?, None)
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
        AgeReference::resolve(self.base(), Some(today), "today")?;
        Ok(catalog::info::catalog_info_on(self.base(), catalog::embedded_size_bytes(), Some(today)))
    }

    /// The day of the planner's options when a call gives none.
    fn dated<'r, T: Clone>(&self, request: &'r T, has_today: bool, set: impl FnOnce(&mut T, String)) -> Cow<'r, T> {
        match (&self.today, has_today) {
            (Some(today), false) => {
                let mut owned = request.clone();
                set(&mut owned, today.clone());
                Cow::Owned(owned)
            }
            _ => Cow::Borrowed(request),
        }
    }

    pub fn list_offers(&self, filter: &OfferFilter) -> Result<OfferList, Error> {
        let filter = self.dated(filter, filter.today.is_some(), |f, t| f.today = Some(t));
        self.with_prices(&filter.user_prices, "userPrices", |priced, _| list_priced_offers(priced, &filter))
    }

    pub fn estimate(&self, request: &EstimateRequest) -> Result<EstimateResponse, Error> {
        workload::estimate(self.base(), request)
    }

    pub fn recommend(&self, request: &RecommendRequest) -> Result<RecommendResponse, Error> {
        self.recommend_in(request, recommend::Detail::Full)
    }

    /// `recommendRows(request)`: `recommend`'s answer with each candidate as
    /// its results row.
    pub fn recommend_rows(&self, request: &RecommendRequest) -> Result<RecommendResponse<CandidateRow>, Error> {
        self.recommend_in(request, recommend::Detail::Row).map(RecommendResponse::into_rows)
    }

    fn recommend_in(&self, request: &RecommendRequest, detail: recommend::Detail) -> Result<RecommendResponse, Error> {
        let request = self.dated(request, request.today.is_some(), |r, t| r.today = Some(t));
        let user = &request.pricing.user_prices;
        self.with_prices(user, "pricing.userPrices", |priced, memo| {
            recommend::recommend_priced_with(priced, &request, memo, detail)
        })
    }

    /// `tco(request)`: buy vs rent; a `rentOfferId` reads the embedded catalog.
    pub fn tco(&self, request: &TcoRequest) -> Result<TcoResponse, Error> {
        crate::cost::tco::tco(request)
    }

    pub fn why_not(&self, request: &RecommendRequest, page: &WhyNotPage) -> Result<WhyNotResponse, Error> {
        let request = self.dated(request, request.today.is_some(), |r, t| r.today = Some(t));
        let user = &request.pricing.user_prices;
        self.with_prices(user, "pricing.userPrices", |priced, memo| recommend::why_not(priced, &request, page, memo))
    }
}
