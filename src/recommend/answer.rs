//! What `recommend` and `whyNot` answer: plain data, serialized for the page.
//! Built only for what an answer returns.

use super::outcome::Params;
use crate::catalog::query::OfferView;
use crate::cost::api_break_even::ApiBreakEven;
use crate::workload::EstimateResponse;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

pub use crate::cost::text::{Costs, PlanCost};

/// Energy and emissions of the run: GPUs × board power × 80% load × hours × PUE.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct Footprint {
    pub kwh: f64,
    /// `null` when the region's grid intensity is unknown.
    pub co2_kg: Option<f64>,
    pub pue: f64,
    pub assumptions: String,
}

#[derive(Serialize, Debug, Clone)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct Candidate {
    pub rank: usize,
    pub offer: OfferView,
    pub fit: FitView,
    /// Wall-clock hours (equals `fit.hours`).
    pub hours: f64,
    /// Every plan side by side (`null` where a price is unknown) and the one the ranking used.
    pub cost: Costs,
    /// Inference with `pricing.apiPrice`: the monthly tokens above which self-hosting is cheaper.
    pub api_break_even: Option<ApiBreakEven>,
    pub footprint: Option<Footprint>,
    /// Data-quality doubt about this offer, shown beside its price; `null`
    /// when none. It orders only `rank: "risk-adjusted"`, never `cheapest`.
    pub doubt: Option<Doubt>,
    /// Lower is better under the chosen priority.
    pub score: f64,
    pub pareto: bool,
    pub reasons: Vec<String>,
    pub reasons_zh: Vec<String>,
    pub software_stack: &'static str,
    pub lock_in: &'static str,
    pub lock_in_zh: &'static str,
    pub scorecard: Scorecard,
    /// 0 may lead the answer; a higher tier is ranked below every lower one
    /// (desktop hosting unknown, a marketplace host in a regulated answer, no
    /// mainland-China licence, users far away), with the reason in `reasons`.
    pub tier: u8,
    /// What the provider can host and who operates it, each with its source; `null` when the file has no row.
    pub capabilities: Option<CapabilitiesView>,
    /// With `constraints.usersCountry`: the estimated round trip from the users to the region, ms.
    pub users_rtt_ms: Option<f64>,
}

/// A candidate as the results table reads it (`recommendRows`): its offer and
/// the row's figures and words, without what only its details show (every plan
/// with its lines, the scorecard, the provider's capabilities, the footprint).
/// Those are three quarters of a candidate's size, and turning a 100-candidate
/// answer into JS objects cost more than ranking it (docs/PERFORMANCE.md, round 21).
/// The offer is apart from the figures so that the boundary can hand out one JS
/// object per offer across answers (src/wasm_api.rs `OfferObjects`).
#[derive(Serialize, Debug, Clone, ts_rs::TS)]
pub struct CandidateRow {
    pub offer: OfferView,
    #[serde(flatten)]
    pub figures: RowFigures,
}

/// A results row without its offer: the figures and words the ranking gave it.
#[derive(Serialize, Debug, Clone)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct RowFigures {
    pub rank: usize,
    pub fit: FitView,
    /// Wall-clock hours (equals `fit.hours`).
    pub hours: f64,
    /// The plan the ranking used and its figures, as in `Candidate.cost`.
    pub cost: ChosenPlan,
    pub doubt: Option<Doubt>,
    pub score: f64,
    pub pareto: bool,
    pub reasons: Vec<String>,
    pub reasons_zh: Vec<String>,
    pub tier: u8,
    pub users_rtt_ms: Option<f64>,
}

/// `Candidate.cost.chosen` and that plan's figures, without its lines.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct ChosenPlan {
    /// `null` when no plan has a price.
    pub chosen: Option<crate::cost::PlanKind>,
    /// `null` when no plan has a price.
    pub plan: Option<PlanFigures>,
}

/// A plan's figures as `PlanCost` gives them.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct PlanFigures {
    pub total: f64,
    pub usd_per_hour: f64,
    pub hours: f64,
    /// Services only.
    pub usd_per_month: Option<f64>,
}

impl Candidate {
    /// The candidate as its results row reads it.
    pub fn into_row(self) -> CandidateRow {
        let plan = self.cost.chosen_cost().map(|(_, c)| PlanFigures {
            total: c.total,
            usd_per_hour: c.usd_per_hour,
            hours: c.hours,
            usd_per_month: c.usd_per_month,
        });
        CandidateRow {
            offer: self.offer,
            figures: RowFigures {
                rank: self.rank,
                fit: self.fit,
                hours: self.hours,
                cost: ChosenPlan { chosen: plan.as_ref().and(self.cost.chosen), plan },
                doubt: self.doubt,
                score: self.score,
                pareto: self.pareto,
                reasons: self.reasons,
                reasons_zh: self.reasons_zh,
                tier: self.tier,
                users_rtt_ms: self.users_rtt_ms,
            },
        }
    }
}

impl RecommendResponse {
    /// The same answer with each candidate as its results row (`recommendRows`).
    pub fn into_rows(self) -> RecommendResponse<CandidateRow> {
        self.map_candidates(Candidate::into_row)
    }
}

impl<C: ts_rs::TS> RecommendResponse<C> {
    /// The same answer with `f` applied to each candidate.
    pub fn map_candidates<D: ts_rs::TS>(self, f: impl FnMut(C) -> D) -> RecommendResponse<D> {
        RecommendResponse {
            verdict: self.verdict,
            demand: self.demand,
            candidates: self.candidates.into_iter().map(f).collect(),
            excluded: self.excluded,
            excluded_total: self.excluded_total,
            pareto_front: self.pareto_front,
            proof_of_concept: self.proof_of_concept,
            buy_vs_rent: self.buy_vs_rent,
            phases: self.phases,
            deadline: self.deadline,
            counts: self.counts,
            notes: self.notes,
        }
    }
}

/// A provider's capabilities as `data/provider_capabilities.csv` states them:
/// each value is a checked word (`unknown` where no source was read) beside its source.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct CapabilitiesView {
    /// `operated`, `marketplace`, `aggregator` or `unknown`.
    pub operator_kind: String,
    pub operator_kind_source: String,
    /// `yes`, `yes (secondary)`, `no` or `unknown`.
    pub desktop_hosting: String,
    pub desktop_hosting_source: String,
    /// `included`, `billed-by-provider`, `customer` or `unknown`.
    pub vgpu_licence: String,
    pub vgpu_licence_source: String,
    /// `yes`, `yes (secondary)`, `no` or `unknown`.
    pub cn_licensed_operator: String,
    pub cn_licensed_operator_source: String,
    /// The published MLPS (等保) status; `unknown` when none was found.
    pub mlps: String,
    pub mlps_source: String,
}

impl CapabilitiesView {
    pub fn of(c: &crate::catalog::schema::ProviderCapabilities) -> Self {
        let mlps = if c.mlps.is_empty() { "unknown".to_string() } else { c.mlps.to_string() };
        CapabilitiesView {
            operator_kind: c.operator_kind.to_string(),
            operator_kind_source: c.operator_kind_source.to_string(),
            desktop_hosting: c.desktop_hosting.to_string(),
            desktop_hosting_source: c.desktop_hosting_source.to_string(),
            vgpu_licence: c.vgpu_licence.to_string(),
            vgpu_licence_source: c.vgpu_licence_source.to_string(),
            cn_licensed_operator: c.cn_licensed_operator.to_string(),
            cn_licensed_operator_source: c.cn_licensed_operator_source.to_string(),
            mlps,
            mlps_source: c.mlps_source.to_string(),
        }
    }
}

/// Why the data behind an offer's price is less sure, and what it would weigh
/// under `rank: "risk-adjusted"`.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct Doubt {
    /// The doubt flags (`marketplace-sample`, `undated`, `stale`, `partial-provider`, `memory-mismatch`, `placeholder-price`).
    pub flags: Vec<String>,
    /// 1 + 0.25 per flag (an assumption, docs/API.md).
    pub weight: f64,
    /// The chosen plan's total × weight: the figure `risk-adjusted` ranks by.
    pub risk_adjusted_total: f64,
}

/// An offer left out, in brief, and why.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct OfferRef {
    pub id: String,
    pub provider: String,
    pub instance: String,
    pub region: String,
    pub accelerator: String,
}

#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct Excluded {
    pub offer: OfferRef,
    pub code: &'static str,
    /// The numbers behind the reason, by name: the page writes its own words from `code` and these.
    pub params: Params,
    pub reason: String,
    pub reason_zh: String,
}

/// A caution about a candidate: a stable code, its numbers, and words in en and zh.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct Message {
    pub code: &'static str,
    pub params: Params,
    pub message: String,
    pub message_zh: String,
}

/// How an offer meets the demand, as returned.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct FitView {
    pub instances: f64,
    /// GPUs in use: instances × GPUs per instance (fractions for vGPU slices).
    pub gpus: f64,
    /// Wall-clock hours, including scaling losses and virtualization overhead.
    pub hours: f64,
    pub gpu_hours: f64,
    pub memory_needed_gib: f64,
    pub memory_per_gpu_gib: f64,
    pub scaling_efficiency: f64,
    /// How the GPUs talk: one node over NVLink/PCIe, or several over RDMA.
    pub interconnect: String,
    /// `interconnect` in Simplified Chinese.
    pub interconnect_zh: String,
    pub peak_tflops: f64,
    /// The notices' English and Chinese words, in order (kept for callers of v0.1).
    pub warnings: Vec<String>,
    pub warnings_zh: Vec<String>,
    pub notices: Vec<Message>,
    /// Inference: the serving layout chosen on this offer and the runner-up, with their numbers.
    pub serving: Option<ServingView>,
}

/// The serving layout chosen on one offer and the runner-up.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct ServingView {
    pub chosen: ServingOption,
    pub runner_up: Option<ServingOption>,
}

/// A serving layout on one offer: GPUs per replica (tensor parallel),
/// replicas, instances of the offer they need, and how a replica runs.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct ServingOption {
    pub instances: f64,
    #[serde(flatten)]
    pub layout: crate::workload::ServingLayout,
}

#[derive(Serialize, Debug, Clone)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct ProofOfConcept {
    pub offer_id: String,
    pub hours: f64,
    pub cost_usd: f64,
    pub advice: String,
    pub advice_zh: String,
}

#[derive(Serialize, Debug, Clone)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct Counts {
    pub considered: usize,
    pub candidates: usize,
    pub excluded: usize,
    pub excluded_by_reason: BTreeMap<&'static str, usize>,
}

/// `recommend`'s answer; `recommendRows` answers the same with each candidate
/// as a `CandidateRow`.
#[derive(Serialize, Debug, Clone)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct RecommendResponse<C: ts_rs::TS = Candidate> {
    /// With `gpuCheck`: whether a GPU pays off at all, said before the
    /// candidates (which then are "if you use a GPU anyway"); else `null`.
    pub verdict: Option<Verdict>,
    /// The workload's demand, independent of any offer.
    pub demand: EstimateResponse,
    /// Best first, at most `priorities.limit`.
    pub candidates: Vec<C>,
    /// At most `priorities.excludedLimit` (default 100), in the order of `whyNot`.
    pub excluded: Vec<Excluded>,
    /// Every offer left out; `whyNot` pages through them.
    pub excluded_total: usize,
    /// Ids of candidates no other candidate beats on both cost and time.
    pub pareto_front: Vec<String>,
    pub proof_of_concept: Option<ProofOfConcept>,
    /// Where buy vs rent (`tco`) starts for this answer: the cheapest ranked
    /// offer comparable to the top candidate (same accelerator, same GPUs per
    /// instance) with an on-demand price; `null` when none is in the embedded catalog.
    pub buy_vs_rent: Option<BuyVsRentStart>,
    /// With `phases`: each phase's top candidate and the project's sum; else `null`.
    pub phases: Option<PhasesAnswer>,
    /// With `constraints.deadlineHours`: the layout the ranking chose on each
    /// accelerator to finish in time (its best-ranked candidate), so an
    /// estimate on that accelerator shows the same GPUs and hours; else `null`.
    pub deadline: Option<DeadlineAnswer>,
    pub counts: Counts,
    pub notes: Vec<String>,
}

/// The answer to "does this need a GPU?", leading the answer.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct Verdict {
    /// `no-gpu` (a GPU will not pay off) or `gpu` (it should).
    pub code: &'static str,
    pub gpu_pays_off: bool,
    /// The check's verdict in words, English and Simplified Chinese.
    pub message: String,
    pub message_zh: String,
    /// What the candidates are: "If you use a GPU anyway" under `no-gpu`.
    pub candidates_label: String,
    pub candidates_label_zh: String,
    /// The check's numbers (as `estimate`'s `gpuCheck`).
    pub check: crate::workload::gpu_check::GpuCheck,
}

impl Verdict {
    pub fn of(check: &crate::workload::gpu_check::GpuCheck) -> Verdict {
        let pays = check.worth_it;
        let (label, label_zh) = if pays {
            ("GPU servers that fit the work, ranked:", "适合此工作的 GPU 服务器（已排序）：")
        } else {
            (
                "If you use a GPU anyway (it will not pay off, see above), these fit the work:",
                "如果仍然使用 GPU（如上所述并不划算），以下服务器适合此工作：",
            )
        };
        Verdict {
            code: if pays { "gpu" } else { "no-gpu" },
            gpu_pays_off: pays,
            message: check.verdict.clone(),
            message_zh: check.verdict_zh.clone(),
            candidates_label: label.into(),
            candidates_label_zh: label_zh.into(),
            check: check.clone(),
        }
    }
}

/// The layouts the ranking chose for a deadline, one per accelerator.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct DeadlineAnswer {
    pub deadline_hours: f64,
    /// In ranking order: the first candidate of each accelerator.
    pub layouts: Vec<DeadlineLayout>,
}

#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct DeadlineLayout {
    /// Accelerator key, as `estimate`'s `accelerator`.
    pub accelerator: String,
    pub offer_id: String,
    pub gpus: f64,
    pub instances: f64,
    /// Hours to finish on this layout (within the deadline).
    pub hours: f64,
    /// GPUs × hours: the GPU-hours paid on this layout.
    pub gpu_hours: f64,
}

/// The rent reference for `tco`, from the ranking.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct BuyVsRentStart {
    /// For `tco({ rentOfferId })`.
    pub rent_offer_id: String,
    /// The top candidate's accelerator key and GPUs per instance (`tco`'s `server.accelerator`, `server.gpus`).
    pub accelerator: String,
    pub gpus: f64,
    /// Its on-demand price per GPU-hour, with your prices applied.
    pub rent_usd_per_gpu_hour: f64,
}

/// A kept offer's numbers, for ranking; `entry` indexes the evaluation's entries.
pub struct Scored {
    pub entry: usize,
    pub usd_per_hour: f64,
    pub total: f64,
    pub hours: f64,
    pub co2_kg: Option<f64>,
    pub peak_tflops: f64,
    pub gpus: f64,
    pub instances: f64,
    /// How many of the offer's flags make its data doubtful.
    pub doubts: usize,
    /// Identity of the accelerator row (same row, same accelerator).
    pub accelerator: usize,
    /// Lead tier (`lead.rs`): lower tiers are ranked first, whatever the cost.
    pub tier: u8,
    pub score: f64,
    pub pareto: bool,
}

/// Which "why not" entries to return: one reason code or all, from `offset`.
#[derive(Deserialize, Debug, Clone, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
#[derive(ts_rs::TS)]
#[ts(optional_fields = nullable)]
pub struct WhyNotPage {
    pub code: Option<String>,
    pub offset: Option<u32>,
    /// Default 100, at most 10,000.
    pub limit: Option<u32>,
}

#[derive(Serialize, Debug, Clone)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct WhyNotResponse {
    /// Excluded offers with this code (or all), before paging.
    pub total: usize,
    pub offset: usize,
    pub excluded: Vec<Excluded>,
}

/// One dimension: a 0–5 score and the facts behind it.
#[derive(Serialize, Debug, Clone, Default, PartialEq)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct Dimension {
    pub score: u8,
    pub facts: Vec<String>,
    /// `facts` in Simplified Chinese, one for one.
    pub facts_zh: Vec<String>,
}

#[derive(Serialize, Debug, Clone, Default, PartialEq)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct Scorecard {
    pub demand_fit: Dimension,
    pub hardware: Dimension,
    pub cloud_offering: Dimension,
    pub cost: Dimension,
    pub software_ecosystem: Dimension,
    pub security_compliance: Dimension,
}

/// A phased project: each phase's top candidate, then the sum.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct PhasesAnswer {
    pub phases: Vec<PhaseAnswer>,
    /// Phases run one after another: hours add up; the total is `null` when any phase's is unknown.
    pub project: crate::cost::phases::ProjectCost,
}

#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct PhaseAnswer {
    pub name: String,
    /// The phase's top candidate (`null` when no offer meets every constraint).
    pub offer_id: Option<String>,
    pub plan: Option<crate::cost::PlanKind>,
    /// The chosen plan's total over the phase (USD) and its wall-clock hours.
    pub cost: crate::cost::phases::PhaseCost,
    /// The phase's own `excludedTotal` and candidate count, to judge it by.
    pub candidates: usize,
}
