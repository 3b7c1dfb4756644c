//! `recommend(request)`: every offer fitted to the demand under the user's
//! constraints, ranked with reasons; every offer not kept says why not.
//!
//! Pipeline: demand (the workload estimate) → hard constraints → fit per
//! offer (GPUs, instances, time) → on-demand cost → rank, Pareto front,
//! scorecard and reasons → a proof-of-concept suggestion.

pub mod explain;
pub mod facts;
pub mod fit;
pub mod request;

use crate::catalog::query::{view, JurisdictionName, OfferView};
use crate::catalog::schema::Accelerator;
use crate::catalog::user::{offer_id, Entry, PricedCatalog};
use crate::catalog::Catalog;
use crate::error::Error;
use crate::workload::{self, EstimateRequest, EstimateResponse, Workload};
use fit::{exclude, Exclusion, Fit, FitInput};
pub use request::{Rank, RecommendRequest};
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};

/// What a plan costs. Per instance-hour price × instances × hours.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct PlanCost {
    pub usd_per_hour: f64,
    pub hours: f64,
    /// USD for the whole run (or the service period).
    pub total: f64,
}

#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Costs {
    pub on_demand: PlanCost,
}

/// Energy and emissions of the run: GPUs × board power × 80% load × hours × PUE.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Footprint {
    pub kwh: f64,
    /// `null` when the region's grid intensity is unknown.
    pub co2_kg: Option<f64>,
    pub pue: f64,
    pub assumptions: String,
}

#[derive(Serialize, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct Candidate {
    pub rank: usize,
    pub offer: OfferView,
    pub fit: Fit,
    /// Wall-clock hours (equals `fit.hours`).
    pub hours: f64,
    pub cost: Costs,
    pub footprint: Option<Footprint>,
    /// Lower is better under the chosen priority.
    pub score: f64,
    pub pareto: bool,
    pub reasons: Vec<String>,
    pub reasons_zh: Vec<String>,
    pub software_stack: &'static str,
    pub lock_in: &'static str,
    pub lock_in_zh: &'static str,
    pub scorecard: explain::Scorecard,
}

/// An offer left out, in brief, and why.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct OfferRef {
    pub id: String,
    pub provider: String,
    pub instance: String,
    pub region: String,
    pub accelerator: String,
}

#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Excluded {
    pub offer: OfferRef,
    pub code: &'static str,
    pub reason: String,
    pub reason_zh: String,
}

#[derive(Serialize, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct ProofOfConcept {
    pub offer_id: String,
    pub hours: f64,
    pub cost_usd: f64,
    pub advice: String,
    pub advice_zh: String,
}

#[derive(Serialize, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct Counts {
    pub considered: usize,
    pub candidates: usize,
    pub excluded: usize,
    pub excluded_by_reason: BTreeMap<&'static str, usize>,
}

#[derive(Serialize, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct RecommendResponse {
    /// The workload's demand, independent of any offer.
    pub demand: EstimateResponse,
    /// Best first, at most `priorities.limit`.
    pub candidates: Vec<Candidate>,
    pub excluded: Vec<Excluded>,
    /// Ids of candidates no other candidate beats on both cost and time.
    pub pareto_front: Vec<String>,
    pub proof_of_concept: Option<ProofOfConcept>,
    pub counts: Counts,
    pub notes: Vec<String>,
}

fn offer_ref(e: &Entry) -> OfferRef {
    OfferRef {
        id: offer_id(e.catalog, e.offer),
        provider: e.offer.provider.to_string(),
        instance: e.offer.instance.to_string(),
        region: e.catalog.region_of(e.offer).map_or(String::new(), |g| g.id.to_string()),
        accelerator: e.catalog.accelerator_of(e.offer).map_or(String::new(), |a| a.key.to_string()),
    }
}

/// The first hard constraint an offer breaks, if any.
fn constraint_failure(
    e: &Entry,
    a: &Accelerator,
    r: &RecommendRequest,
    checked: &request::Checked,
) -> Option<Exclusion> {
    let c = &r.constraints;
    let o = e.offer;
    let region = e.catalog.region_of(o);
    let lower = |v: &[String]| v.iter().map(|s| s.trim().to_ascii_lowercase()).collect::<Vec<_>>();
    if !c.providers.is_empty() && !lower(&c.providers).iter().any(|p| *p == o.provider) {
        return Some(exclude(
            "provider",
            format!("provider {} is not among {}", o.provider, c.providers.join(", ")),
            format!("服务商 {} 不在所选范围内", o.provider),
        ));
    }
    let region_id = region.map_or("", |g| g.id.as_str());
    if !c.regions.is_empty() && !c.regions.iter().any(|x| x.trim().eq_ignore_ascii_case(region_id)) {
        return Some(exclude(
            "region",
            format!("region {region_id} is not among {}", c.regions.join(", ")),
            format!("区域 {region_id} 不在所选范围内"),
        ));
    }
    let jurisdiction = region.map_or(JurisdictionName::Unknown, |g| g.jurisdiction.into());
    if !c.jurisdictions.is_empty() && !c.jurisdictions.contains(&jurisdiction) {
        let want: Vec<String> = c.jurisdictions.iter().map(|j| format!("{j:?}").to_uppercase()).collect();
        return Some(exclude(
            "jurisdiction",
            format!("region {region_id} is outside {} ({:?})", want.join("/"), jurisdiction),
            format!("区域 {region_id} 不在 {} 范围内", want.join("/")),
        ));
    }
    if !c.accelerators.is_empty()
        && !c
            .accelerators
            .iter()
            .any(|k| e.catalog.accelerator_index(k).is_some_and(|i| e.catalog.data.accelerators[i].key == a.key))
    {
        return Some(exclude(
            "accelerator",
            format!("{} is not among the accelerators asked for", a.key),
            format!("{} 不在所选加速器内", a.key),
        ));
    }
    if !c.vendors.is_empty() && !lower(&c.vendors).iter().any(|v| a.vendor.to_ascii_lowercase().contains(v.as_str())) {
        return Some(exclude(
            "vendor",
            format!("{} is made by {}", a.key, a.vendor),
            format!("{} 的厂商为 {}", a.key, a.vendor),
        ));
    }
    let stack = facts::stack(a);
    if !c.software_stacks.is_empty() && !lower(&c.software_stacks).iter().any(|s| s == stack) {
        return Some(exclude("software-stack", format!("{} needs {stack}", a.key), format!("{} 需要 {stack}", a.key)));
    }
    let provider_facts = e.catalog.data.providers.iter().find(|p| p.provider == o.provider);
    for rule in &checked.compliance {
        let status = rule.status(provider_facts);
        if rule == &facts::Compliance::Gdpr && jurisdiction != JurisdictionName::Eu {
            return Some(exclude(
                "compliance",
                format!("GDPR residency: region {region_id} is outside the EU/EEA"),
                format!("GDPR 数据驻留：区域 {region_id} 不在欧盟/欧洲经济区"),
            ));
        }
        let allowed = status.is_yes() || (c.allow_unknown_compliance && status == facts::Status::Unknown);
        if !allowed {
            return Some(exclude(
                "compliance",
                format!("{}: {} for {}", rule.name(), status.describe(), o.provider),
                format!(
                    "{}：{} 的状态为{}",
                    rule.name(),
                    o.provider,
                    match status {
                        facts::Status::Listed => "仅见于二手来源",
                        _ => "未知（数据中没有）",
                    }
                ),
            ));
        }
    }
    if !c.include_doubtful_prices {
        if let Some(f) = e.catalog.flags_of(o).find(|f| f.code == "doubtful-price" || f.code == "placeholder-price") {
            return Some(exclude(
                "doubtful-price",
                format!("its price in our data is doubtful, so it is not ranked: {}", f.message),
                "数据中的价格存疑，不参与排名".into(),
            ));
        }
    }
    if c.confidential_computing && !facts::confidential(o) {
        return Some(exclude(
            "confidential",
            format!("{} is not a confidential-computing GPU size", o.instance),
            format!("{} 不是机密计算 GPU 规格", o.instance),
        ));
    }
    if c.bare_metal && !facts::bare_metal(o) {
        return Some(exclude(
            "bare-metal",
            format!("{} is virtualized, not bare metal", o.instance),
            format!("{} 为虚拟机，非裸金属", o.instance),
        ));
    }
    None
}

fn footprint(e: &Entry, a: &Accelerator, fit: &Fit) -> Option<Footprint> {
    let watts = a.tdp_watts?;
    let region = e.catalog.region_of(e.offer)?;
    let pue = region.pue.unwrap_or(1.58);
    let kwh = fit.gpus * watts * 0.8 * fit.hours * pue / 1000.0;
    Some(Footprint {
        kwh,
        co2_kg: region.carbon_g_per_kwh.map(|g| kwh * g / 1000.0),
        pue,
        assumptions: format!(
            "{} GPUs × {watts} W × 80% load × {:.1} h × PUE {pue}{}; GPU power only",
            fit.gpus,
            fit.hours,
            if region.pue.is_none() { " (industry average: the provider's is unknown)" } else { "" }
        ),
    })
}

pub fn recommend(catalog: &Catalog, r: &RecommendRequest) -> Result<RecommendResponse, Error> {
    let checked = request::check(r)?;
    let workload = Workload::parse(&r.workload, "workload")?;
    let demand = workload::estimate(
        catalog,
        &EstimateRequest {
            workload: r.workload.clone(),
            accelerator: None,
            overrides: r.overrides.clone(),
            gpu_check: None,
        },
    )?;
    let priced = PricedCatalog::new(catalog, &r.pricing.user_prices, "pricing.userPrices")?;
    let known = priced.providers();
    for (i, p) in r.constraints.providers.iter().enumerate() {
        if !known.contains(&p.trim().to_ascii_lowercase().as_str()) {
            return Err(Error::new(
                format!("constraints.providers[{i}]"),
                format!("unknown provider `{p}`; the catalog has: {}", known.join(", ")),
            ));
        }
    }
    for (i, k) in r.constraints.accelerators.iter().enumerate() {
        if catalog.accelerator_index(k).is_none() {
            return Err(Error::new(format!("constraints.accelerators[{i}]"), format!("unknown accelerator `{k}`")));
        }
    }

    let entries = priced.entries();
    let mut estimates: HashMap<String, Result<EstimateResponse, Error>> = HashMap::new();
    let mut kept: Vec<(&Entry, &Accelerator, Fit, f64)> = Vec::new();
    let mut excluded = Vec::new();
    for e in &entries {
        let Some(a) = e.catalog.accelerator_of(e.offer) else { continue };
        let outcome = constraint_failure(e, a, r, &checked).map_or_else(
            || {
                let estimate = estimates.entry(a.key.to_string()).or_insert_with(|| {
                    let req = EstimateRequest {
                        workload: r.workload.clone(),
                        accelerator: Some(a.key.to_string()),
                        overrides: r.overrides.clone(),
                        gpu_check: None,
                    };
                    workload::estimate(e.catalog, &req)
                });
                let estimate = estimate.as_ref().map_err(|err| {
                    exclude(
                        "specs",
                        format!("{}: {}", a.key, err.message),
                        format!("{}：规格数据不足（{}）", a.key, err.message),
                    )
                })?;
                let f = fit::fit(&FitInput {
                    workload: &workload,
                    estimate,
                    offer: e.offer,
                    accel: a,
                    overhead: checked.overhead,
                    service_hours: checked.service_hours,
                    deadline_hours: r.constraints.deadline_hours,
                })?;
                let price = e.prices.on_demand.ok_or_else(|| {
                    exclude(
                        "price-unknown",
                        "no on-demand price in our data (price unknown)".into(),
                        "数据中没有按需价格（价格未知）".into(),
                    )
                })?;
                let total = price * f.instances * f.hours;
                if let Some(budget) = r.constraints.budget_usd {
                    if total > budget {
                        return Err(exclude(
                            "budget",
                            format!("costs ${total:.0}, above the ${budget:.0} budget"),
                            format!("费用 ${total:.0}，超出 ${budget:.0} 预算"),
                        ));
                    }
                }
                Ok((f, price))
            },
            Err,
        );
        match outcome {
            Ok((f, price)) => kept.push((e, a, f, price)),
            Err(x) => {
                excluded.push(Excluded { offer: offer_ref(e), code: x.code, reason: x.reason, reason_zh: x.reason_zh })
            }
        }
    }

    let mut candidates: Vec<Candidate> = kept
        .iter()
        .map(|(e, a, f, price)| {
            let stack = facts::stack(a);
            let (lock_in, lock_in_zh) = facts::lock_in(stack);
            Candidate {
                rank: 0,
                offer: view(e),
                fit: f.clone(),
                hours: f.hours,
                cost: Costs {
                    on_demand: PlanCost {
                        usd_per_hour: price * f.instances,
                        hours: f.hours,
                        total: price * f.instances * f.hours,
                    },
                },
                footprint: footprint(e, a, f),
                score: 0.0,
                pareto: false,
                reasons: Vec::new(),
                reasons_zh: Vec::new(),
                software_stack: stack,
                lock_in,
                lock_in_zh,
                scorecard: explain::Scorecard::default(),
            }
        })
        .collect();
    explain::rank(&mut candidates, r.priorities.rank);
    // Context, front and proof of concept see every candidate; the words and
    // scorecards are written only for those returned.
    let context = explain::Context::of(&candidates);
    let pareto_front = candidates.iter().filter(|c| c.pareto).map(|c| c.offer.id.clone()).collect();
    let proof_of_concept = explain::proof_of_concept(&candidates);
    let candidates_total = candidates.len();
    candidates.truncate(checked.limit);
    for c in candidates.iter_mut() {
        let provider = catalog.data.providers.iter().find(|p| p.provider == c.offer.provider);
        c.scorecard = explain::scorecard(c, &context, provider);
        let (en, zh) = explain::reasons(c, &context, r.priorities.rank);
        c.reasons = en;
        c.reasons_zh = zh;
    }
    // Reasons about the workload's fit first; offers the user's own filters removed last.
    const FILTERS: [&str; 6] = ["provider", "region", "jurisdiction", "accelerator", "vendor", "software-stack"];
    excluded.sort_by_key(|x| FILTERS.contains(&x.code));
    let mut by_reason: BTreeMap<&'static str, usize> = BTreeMap::new();
    for x in &excluded {
        *by_reason.entry(x.code).or_default() += 1;
    }
    let mut notes = demand.notes.clone();
    if candidates.is_empty() {
        notes.push("no offer meets every constraint: see `excluded` for why not".into());
    }
    let counts = Counts {
        considered: entries.len(),
        candidates: candidates_total,
        excluded: excluded.len(),
        excluded_by_reason: by_reason,
    };
    Ok(RecommendResponse { demand, candidates, excluded, pareto_front, proof_of_concept, counts, notes })
}
