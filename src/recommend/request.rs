//! What `recommend(request)` accepts, checked once up front.

use super::facts::Compliance;
use crate::catalog::query::JurisdictionName;
use crate::catalog::user::UserPrices;
use crate::catalog::Catalog;
use crate::cost::api_break_even::ApiPrice;
use crate::cost::blended::LoadProfile;
use crate::cost::hidden::{HiddenCosts, StorageItem};
use crate::cost::{PlanKind, Terms};
use crate::error::{check_range, Error};
use crate::workload::{self, Overrides, Workload};
use serde::Deserialize;
use std::collections::{HashMap, HashSet};

#[derive(Deserialize, Debug, Clone)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[derive(ts_rs::TS)]
#[ts(optional_fields = nullable)]
pub struct RecommendRequest {
    /// As in `estimate`: `{ kind, … }`.
    pub workload: Workload,
    #[serde(default)]
    #[ts(optional = nullable)]
    pub constraints: Constraints,
    #[serde(default)]
    #[ts(optional = nullable)]
    pub pricing: Pricing,
    #[serde(default)]
    #[ts(optional = nullable)]
    pub priorities: Priorities,
    #[serde(default)]
    #[ts(optional = nullable)]
    pub overrides: Overrides,
    /// The day price ages are counted on (yyyy-mm-dd): prices more than 365
    /// days older are `stale` and weigh as doubtful data. The module fills in
    /// the reader's today (`Date.now()`); give it for a reproducible answer.
    #[serde(default)]
    pub today: Option<String>,
    /// A project in phases ("train, then serve"): each phase is ranked with
    /// this request's constraints and pricing, and the answer's `phases` sums
    /// the top candidate of each (at most 20).
    #[serde(default)]
    #[ts(optional = nullable)]
    pub phases: Vec<crate::cost::phases::Phase<Workload>>,
    /// As in `estimate`: "does this need a GPU?" (Amdahl's law with the PCIe
    /// copies). When it says a GPU will not pay off, the answer's `verdict`
    /// says so first and labels the candidates "if you use a GPU anyway".
    #[serde(default)]
    pub gpu_check: Option<workload::gpu_check::GpuCheckInput>,
}

#[derive(Deserialize, Debug, Clone, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
#[derive(ts_rs::TS)]
#[ts(optional_fields = nullable)]
pub struct Constraints {
    #[ts(optional = nullable)]
    pub providers: Vec<String>,
    /// Region ids, e.g. `eastus`, `europe-west4`.
    #[ts(optional = nullable)]
    pub regions: Vec<String>,
    #[ts(optional = nullable)]
    pub jurisdictions: Vec<JurisdictionName>,
    /// `hipaa`, `soc2`, `iso27001`, `gdpr`, `pcidss`, `fedramp`, `mlps`.
    #[ts(optional = nullable)]
    pub compliance: Vec<String>,
    /// Keep offers whose compliance status is not known ("unknown" shown), instead of excluding them.
    #[ts(optional = nullable)]
    pub allow_unknown_compliance: bool,
    #[ts(optional = nullable)]
    pub confidential_computing: bool,
    #[ts(optional = nullable)]
    pub bare_metal: bool,
    /// `nvidia`, `amd`, `google`, `aws`, …
    #[ts(optional = nullable)]
    pub vendors: Vec<String>,
    /// `cuda`, `rocm`, `xla`, `neuron`.
    #[ts(optional = nullable)]
    pub software_stacks: Vec<String>,
    #[ts(optional = nullable)]
    pub accelerators: Vec<String>,
    /// Finish within this many hours.
    pub deadline_hours: Option<f64>,
    /// Spend at most this much (USD, on the ranked plan).
    pub budget_usd: Option<f64>,
    /// Rank offers whose price our data marks as doubtful or a placeholder (left out by default).
    #[ts(optional = nullable)]
    pub include_doubtful_prices: bool,
    /// Where the users are (ISO 3166 alpha-2, e.g. `DE`): virtual desktops are
    /// ranked and bounded by the estimated round trip to each region.
    pub users_country: Option<String>,
    /// A production service (online inference) ranks marketplaces, aggregators
    /// and providers not known to run their own machines below known operators;
    /// `true` ranks them all by cost alone.
    #[ts(optional = nullable)]
    pub allow_marketplace: bool,
}

#[derive(Deserialize, Debug, Clone, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
#[derive(ts_rs::TS)]
#[ts(optional_fields = nullable)]
pub struct Pricing {
    #[ts(optional = nullable)]
    pub user_prices: UserPrices,
    /// Extra run time from virtualization, 0–0.15 (default 0.05).
    pub virtualization_overhead: Option<f64>,
    /// Hours a month a service runs (inference online; default 730 = always on).
    pub service_hours: Option<f64>,
    /// The plan the ranking uses (default `best`: the cheapest plan that fits the load).
    #[ts(optional = nullable)]
    pub plan: PlanKind,
    /// Months a service is costed for: its horizon (default 12).
    pub months: Option<f64>,
    /// A load profile for the blended plan, in units of the fitted deployment.
    pub load: Option<LoadProfile>,
    /// Reserved capacity the work leaves idle serves other work: charge only the hours used.
    #[ts(optional = nullable)]
    pub capacity_reused: bool,
    /// Spot evictions per instance-hour, replacing the provider default.
    pub eviction_per_hour: Option<f64>,
    pub checkpoint_hours: Option<f64>,
    pub restart_hours: Option<f64>,
    /// Share of paid time the GPUs do useful work (default 1).
    pub utilization: Option<f64>,
    /// An API's price, to compare self-hosting with (inference).
    pub api_price: Option<ApiPrice>,
    #[ts(optional = nullable)]
    pub storage: Vec<StorageItem>,
    pub egress_gb_per_month: Option<f64>,
    pub managed_surcharge_pct: Option<f64>,
    pub staff_usd_per_month: Option<f64>,
    pub delay_cost_usd_per_day: Option<f64>,
    /// Shared GPU desktops on a provider where you bring the NVIDIA vGPU
    /// licences: your price per concurrent desktop per month (RTX vWS), USD.
    /// Without it the list price of `data/vgpu_licence_prices.csv` is used, or the line is unknown.
    pub vgpu_licence_usd_per_desktop_month: Option<f64>,
}

#[derive(Deserialize, Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub enum Rank {
    /// By the cost shown: the chosen plan's total (a job) or per month (a service).
    #[default]
    Cheapest,
    /// The cost × (1 + 0.25 per data-quality doubt flag): doubtful data must be clearly cheaper.
    #[serde(rename = "risk-adjusted", alias = "riskAdjusted")]
    RiskAdjusted,
    Fastest,
    Balanced,
    Greenest,
}

#[derive(Deserialize, Debug, Clone, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
#[derive(ts_rs::TS)]
#[ts(optional_fields = nullable)]
pub struct Priorities {
    #[ts(optional = nullable)]
    pub rank: Rank,
    /// Candidates returned (default 50, at most 1,000): the page's size.
    pub limit: Option<u32>,
    /// Candidates skipped before the first returned (default 0): with
    /// `limit`, pages through every candidate (`counts.candidates` of them).
    pub offset: Option<u32>,
    /// "Why not" entries returned with the answer (default 100, at most 10,000);
    /// `whyNot` pages through the rest.
    pub excluded_limit: Option<u32>,
}

pub const DEFAULT_EXCLUDED_LIMIT: u32 = 100;
/// Candidates one answer holds at most. Each carries its costs under every
/// plan, its scorecard and its reasons in two languages (about 7 kB as JS
/// values), so 1,000 answer in a few hundred milliseconds in the page while the
/// 4,600 of a 10,000 page took 1.3 s (docs/PERFORMANCE.md "Issue 20 round 6");
/// `offset` pages through the rest.
pub const MAX_CANDIDATES_LIMIT: u32 = 1_000;
pub const DEFAULT_VIRTUALIZATION_OVERHEAD: f64 = 0.05;
pub const HOURS_PER_MONTH: f64 = 730.0;
/// A service's horizon when none is given: a year, the shortest reservation
/// term, so that a 24×7 service is costed over the time it will run and a
/// reservation can be seen to win (a choice, stated in docs/API.md).
pub const DEFAULT_SERVICE_MONTHS: f64 = 12.0;

/// Checked values the pipeline uses, resolved once per request. The lists
/// of `constraints` become sets of distinct values here, so the per-offer
/// pass does one lookup per constraint however long the lists were.
pub struct Checked {
    /// Distinct rules, in the order first listed.
    pub compliance: Vec<Compliance>,
    /// Distinct jurisdictions, in the order first listed.
    pub jurisdictions: Vec<JurisdictionName>,
    /// Lower-cased, trimmed provider ids (with the index each was first listed at), region ids,
    /// vendors and software stacks.
    pub providers: HashMap<String, usize>,
    pub regions: HashSet<String>,
    pub vendors: HashSet<String>,
    pub stacks: HashSet<String>,
    /// Keys of the accelerators asked for, as the embedded catalog names them.
    pub accelerators: HashSet<String>,
    pub plan: PlanKind,
    pub months: f64,
    /// Terms every offer shares; `interruptible` and `synchronous` are set per fit.
    pub terms: Terms,
    pub hidden: HiddenCosts,
    /// Storage, egress, staff or a managed surcharge were asked for.
    pub has_extras: bool,
    pub overhead: f64,
    pub service_hours: f64,
    pub limit: usize,
    pub offset: usize,
    pub excluded_limit: usize,
    /// The workload, checked once (its kind's defaults and bounds).
    pub job: workload::Checked,
    /// Which providers may lead this answer (desktop, regulated, mainland-China rules).
    pub lead: super::lead::Rules,
    /// The "does this need a GPU?" answer, when asked.
    pub gpu_check: Option<workload::gpu_check::GpuCheck>,
    /// Shared GPU desktops: how many run at once (one vGPU licence each).
    pub desktops: Option<f64>,
    /// `pricing.vgpuLicenceUsdPerDesktopMonth`, checked.
    pub licence_quote: Option<f64>,
}

/// Distinct lower-cased, trimmed values.
fn lower_set(values: &[String]) -> HashSet<String> {
    values.iter().map(|s| s.trim().to_ascii_lowercase()).collect()
}

pub fn check(r: &RecommendRequest, catalog: &Catalog) -> Result<Checked, Error> {
    let c = &r.constraints;
    // Each distinct name is looked up once: a list of 100,000 copies costs one lookup.
    let mut accelerators = HashSet::new();
    let mut seen = HashSet::new();
    for (i, k) in c.accelerators.iter().enumerate() {
        if !seen.insert(k.as_str()) {
            continue;
        }
        let row = catalog.accelerator_index(k).and_then(|row| catalog.data.accelerators.get(row));
        let row = row.ok_or_else(|| {
            Error::new(format!("constraints.accelerators[{i}]"), format!("unknown accelerator `{k}`"))
        })?;
        accelerators.insert(row.key.to_string());
    }
    let mut compliance = Vec::new();
    for (i, name) in c.compliance.iter().enumerate() {
        let rule = Compliance::parse(name).ok_or_else(|| {
            Error::new(
                format!("constraints.compliance[{i}]"),
                format!("unknown `{name}`; use hipaa, soc2, iso27001, gdpr, pcidss, fedramp or mlps"),
            )
        })?;
        if !compliance.contains(&rule) {
            compliance.push(rule);
        }
    }
    let mut jurisdictions = Vec::new();
    for j in &c.jurisdictions {
        if !jurisdictions.contains(j) {
            jurisdictions.push(*j);
        }
    }
    let mut providers = HashMap::new();
    for (i, p) in c.providers.iter().enumerate() {
        providers.entry(p.trim().to_ascii_lowercase()).or_insert(i);
    }
    if let Some(d) = c.deadline_hours {
        check_range("constraints.deadlineHours", d, 0.001, 1e7)?;
    }
    if let Some(b) = c.budget_usd {
        check_range("constraints.budgetUsd", b, 0.0, 1e12)?;
    }
    let overhead = r.pricing.virtualization_overhead.unwrap_or(DEFAULT_VIRTUALIZATION_OVERHEAD);
    check_range("pricing.virtualizationOverhead", overhead, 0.0, 0.15)?;
    let service_hours = r.pricing.service_hours.unwrap_or(HOURS_PER_MONTH);
    check_range("pricing.serviceHours", service_hours, 0.001, 1e6)?;
    let limit = r.priorities.limit.unwrap_or(50);
    check_range("priorities.limit", f64::from(limit), 1.0, f64::from(MAX_CANDIDATES_LIMIT))?;
    let offset = r.priorities.offset.unwrap_or(0);
    let excluded_limit = r.priorities.excluded_limit.unwrap_or(DEFAULT_EXCLUDED_LIMIT);
    check_range("priorities.excludedLimit", f64::from(excluded_limit), 0.0, 10_000.0)?;
    let p = &r.pricing;
    let months = p.months.unwrap_or(DEFAULT_SERVICE_MONTHS);
    check_range("pricing.months", months, 0.01, 120.0)?;
    if let Some(load) = &p.load {
        load.check("pricing.load")?;
    }
    if let Some(api) = &p.api_price {
        api.check("pricing.apiPrice")?;
    }
    let defaults = Terms::default();
    let terms = Terms {
        eviction_per_hour: p.eviction_per_hour,
        checkpoint_hours: p.checkpoint_hours.unwrap_or(defaults.checkpoint_hours),
        restart_hours: p.restart_hours.unwrap_or(defaults.restart_hours),
        capacity_reused: p.capacity_reused,
        virtualization_overhead: overhead,
        utilization: p.utilization.unwrap_or(1.0),
        ..defaults
    };
    terms.check("pricing")?;
    let mut hidden = HiddenCosts {
        storage: p.storage.clone(),
        egress_gb_per_month: p.egress_gb_per_month,
        managed_surcharge_pct: p.managed_surcharge_pct,
        staff_usd_per_month: p.staff_usd_per_month,
        delay_cost_usd_per_day: p.delay_cost_usd_per_day,
    };
    // Checked on the list as given (errors name its items), then summed by kind.
    hidden.check("pricing")?;
    hidden.storage = storage_by_kind(&hidden.storage);
    let has_extras = !hidden.storage.is_empty()
        || hidden.egress_gb_per_month.is_some()
        || hidden.managed_surcharge_pct.is_some()
        || hidden.staff_usd_per_month.is_some();
    let job = r.workload.check(catalog, &r.overrides)?;
    let licence_quote = crate::cost::licence::check_quote(
        p.vgpu_licence_usd_per_desktop_month,
        "pricing.vgpuLicenceUsdPerDesktopMonth",
    )?;
    // Checked with the workload above: at least one desktop.
    let desktops = match &r.workload {
        Workload::Vdi(v) => Some(v.desktops),
        _ => None,
    };
    let gpu_check = r.gpu_check.as_ref().map(|g| workload::gpu_check::check(g, "gpuCheck")).transpose()?;
    let users = match &c.users_country {
        Some(country) => {
            let p = super::lead::users_point(&catalog.data.country_points, country, "constraints.usersCountry")?;
            Some((p.latitude_deg, p.longitude_deg))
        }
        None => None,
    };
    let description = job.describe();
    let lead = super::lead::Rules {
        production: description.kind == "inference" && description.service && !c.allow_marketplace,
        desktop: description.kind == "vdi",
        regulated: !jurisdictions.is_empty() || !compliance.is_empty(),
        china: super::lead::china_rule(&jurisdictions, compliance.contains(&Compliance::ChinaMlps)),
        users,
    };
    Ok(Checked {
        desktops,
        licence_quote,
        gpu_check,
        lead,
        job,
        plan: p.plan,
        months,
        terms,
        hidden,
        has_extras,
        compliance,
        jurisdictions,
        providers,
        regions: lower_set(&c.regions),
        vendors: lower_set(&c.vendors),
        stacks: lower_set(&c.software_stacks),
        accelerators,
        overhead,
        service_hours,
        limit: limit as usize,
        offset: offset as usize,
        excluded_limit: excluded_limit as usize,
    })
}

/// Storage items summed by kind, in the order each kind is first listed: the
/// cost of each offer is then one price lookup per kind, not per item.
fn storage_by_kind(items: &[StorageItem]) -> Vec<StorageItem> {
    let mut summed: Vec<StorageItem> = Vec::new();
    for item in items {
        match summed.iter_mut().find(|s| s.kind == item.kind) {
            Some(s) => s.gb += item.gb,
            None => summed.push(item.clone()),
        }
    }
    summed
}
