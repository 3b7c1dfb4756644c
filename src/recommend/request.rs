//! What `recommend(request)` accepts, checked once up front.

use super::facts::Compliance;
use crate::catalog::query::JurisdictionName;
use crate::catalog::user::UserPrices;
use crate::catalog::Catalog;
use crate::error::{check_range, Error};
use crate::workload::{Overrides, Workload};
use serde::Deserialize;

#[derive(Deserialize, Debug, Clone)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RecommendRequest {
    /// As in `estimate`: `{ kind, … }`.
    pub workload: Workload,
    #[serde(default)]
    pub constraints: Constraints,
    #[serde(default)]
    pub pricing: Pricing,
    #[serde(default)]
    pub priorities: Priorities,
    #[serde(default)]
    pub overrides: Overrides,
}

#[derive(Deserialize, Debug, Clone, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct Constraints {
    pub providers: Vec<String>,
    /// Region ids, e.g. `eastus`, `europe-west4`.
    pub regions: Vec<String>,
    pub jurisdictions: Vec<JurisdictionName>,
    /// `hipaa`, `soc2`, `iso27001`, `gdpr`, `pcidss`, `fedramp`, `mlps`.
    pub compliance: Vec<String>,
    /// Keep offers whose compliance status is not known ("unknown" shown), instead of excluding them.
    pub allow_unknown_compliance: bool,
    pub confidential_computing: bool,
    pub bare_metal: bool,
    /// `nvidia`, `amd`, `google`, `aws`, …
    pub vendors: Vec<String>,
    /// `cuda`, `rocm`, `xla`, `neuron`.
    pub software_stacks: Vec<String>,
    pub accelerators: Vec<String>,
    /// Finish within this many hours.
    pub deadline_hours: Option<f64>,
    /// Spend at most this much (USD, on the ranked plan).
    pub budget_usd: Option<f64>,
    /// Rank offers whose price our data marks as doubtful or a placeholder (left out by default).
    pub include_doubtful_prices: bool,
}

#[derive(Deserialize, Debug, Clone, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct Pricing {
    pub user_prices: UserPrices,
    /// Extra run time from virtualization, 0–0.15 (default 0.05).
    pub virtualization_overhead: Option<f64>,
    /// How long a service runs (inference online, VDI) for its cost, hours (default 730 = one month).
    pub service_hours: Option<f64>,
}

#[derive(Deserialize, Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
pub enum Rank {
    #[default]
    Cheapest,
    Fastest,
    Balanced,
    Greenest,
}

#[derive(Deserialize, Debug, Clone, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct Priorities {
    pub rank: Rank,
    /// Candidates returned (default 50, at most 10,000).
    pub limit: Option<u32>,
    /// "Why not" entries returned with the answer (default 100, at most 10,000);
    /// `whyNot` pages through the rest.
    pub excluded_limit: Option<u32>,
}

pub const DEFAULT_EXCLUDED_LIMIT: u32 = 100;
pub const DEFAULT_VIRTUALIZATION_OVERHEAD: f64 = 0.05;
pub const HOURS_PER_MONTH: f64 = 730.0;

/// Checked values the pipeline uses, resolved once per request.
pub struct Checked {
    pub compliance: Vec<Compliance>,
    /// Lower-cased provider ids, vendors and software stacks.
    pub providers: Vec<String>,
    pub vendors: Vec<String>,
    pub stacks: Vec<String>,
    /// Accelerators asked for, as rows of the embedded catalog.
    pub accelerators: Vec<usize>,
    pub overhead: f64,
    pub service_hours: f64,
    pub limit: usize,
    pub excluded_limit: usize,
}

pub fn check(r: &RecommendRequest, catalog: &Catalog) -> Result<Checked, Error> {
    let c = &r.constraints;
    let lower = |v: &[String]| v.iter().map(|s| s.trim().to_ascii_lowercase()).collect::<Vec<_>>();
    let mut accelerators = Vec::new();
    for (i, k) in c.accelerators.iter().enumerate() {
        accelerators.push(catalog.accelerator_index(k).ok_or_else(|| {
            Error::new(format!("constraints.accelerators[{i}]"), format!("unknown accelerator `{k}`"))
        })?);
    }
    let mut compliance = Vec::new();
    for (i, name) in c.compliance.iter().enumerate() {
        compliance.push(Compliance::parse(name).ok_or_else(|| {
            Error::new(
                format!("constraints.compliance[{i}]"),
                format!("unknown `{name}`; use hipaa, soc2, iso27001, gdpr, pcidss, fedramp or mlps"),
            )
        })?);
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
    check_range("priorities.limit", f64::from(limit), 1.0, 10_000.0)?;
    let excluded_limit = r.priorities.excluded_limit.unwrap_or(DEFAULT_EXCLUDED_LIMIT);
    check_range("priorities.excludedLimit", f64::from(excluded_limit), 0.0, 10_000.0)?;
    Ok(Checked {
        compliance,
        providers: lower(&c.providers),
        vendors: lower(&c.vendors),
        stacks: lower(&c.software_stacks),
        accelerators,
        overhead,
        service_hours,
        limit: limit as usize,
        excluded_limit: excluded_limit as usize,
    })
}
