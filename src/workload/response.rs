//! What `estimate` answers: the demand in numbers, with its assumptions.

use super::compute::Range;
use super::gpu_check;
use super::memory::{MemoryBreakdown, Optimizer, Recompute};
use super::model::ModelSpec;
use super::precision::Precision;
use super::words::Said;
use serde::Serialize;

/// A list of texts shared by reference: `recommend` estimates the demand once
/// per accelerator, and a list copied each time would multiply the request.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SharedTexts(pub std::sync::Arc<[String]>);

impl SharedTexts {
    pub fn of(texts: &[&str]) -> Self {
        SharedTexts(texts.iter().map(|t| t.to_string()).collect())
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

crate::ts_as!(SharedTexts, "Array<string>");

impl Serialize for SharedTexts {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.as_ref().serialize(serializer)
    }
}

impl<'de> serde::Deserialize<'de> for SharedTexts {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Vec::<String>::deserialize(deserializer).map(|v| SharedTexts(v.into()))
    }
}

/// One assumption the estimate used, with where it comes from.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct Assumption {
    pub name: String,
    pub value: AssumptionValue,
    pub source: String,
    /// `source` in Simplified Chinese.
    pub source_zh: String,
}

/// An assumption's value: a number, a name, or a low–expected–high range.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(untagged)]
#[derive(ts_rs::TS)]
pub enum AssumptionValue {
    Number(f64),
    Text(String),
    Range(Range),
}

impl From<f64> for AssumptionValue {
    fn from(v: f64) -> Self {
        AssumptionValue::Number(v)
    }
}

impl From<u8> for AssumptionValue {
    fn from(v: u8) -> Self {
        AssumptionValue::Number(f64::from(v))
    }
}

impl From<&str> for AssumptionValue {
    fn from(v: &str) -> Self {
        AssumptionValue::Text(v.to_string())
    }
}

impl From<&String> for AssumptionValue {
    fn from(v: &String) -> Self {
        AssumptionValue::Text(v.clone())
    }
}

impl From<Range> for AssumptionValue {
    fn from(v: Range) -> Self {
        AssumptionValue::Range(v)
    }
}

impl From<Recompute> for AssumptionValue {
    fn from(v: Recompute) -> Self {
        let name = match v {
            Recompute::None => "none",
            Recompute::Selective => "selective",
            Recompute::Full => "full",
            Recompute::SelectiveOp => "selective-op",
        };
        AssumptionValue::Text(name.into())
    }
}

impl From<Optimizer> for AssumptionValue {
    fn from(v: Optimizer) -> Self {
        let name = match v {
            Optimizer::Adam => "adam",
            Optimizer::Adam8bit => "adam8bit",
            Optimizer::Sgd => "sgd",
        };
        AssumptionValue::Text(name.into())
    }
}

impl From<Precision> for AssumptionValue {
    fn from(v: Precision) -> Self {
        AssumptionValue::Text(v.name().to_ascii_lowercase())
    }
}

#[derive(Serialize, Debug, Clone, Default)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct ComputeEstimate {
    /// Floating-point operations of the whole job (hardware FLOPs).
    pub total_flops: Option<f64>,
    /// The format the math runs in on the chosen accelerator.
    pub math_precision: Option<Precision>,
    pub peak_tflops: Option<f64>,
    /// Training: GPU-hours including the cluster-scale loss of `scalingEfficiency`.
    pub gpu_hours: Option<Range>,
    /// Training: GPU-hours at perfect scaling. Another cluster's time is this
    /// divided by that cluster's scaling efficiency (not `gpuHours`, which has
    /// this estimate's loss in it already).
    pub ideal_gpu_hours: Option<Range>,
    /// Training: the scaling efficiency `gpuHours` already includes.
    pub scaling_efficiency: Option<f64>,
    pub wall_clock_hours: Option<Range>,
    pub tokens_per_second: Option<Range>,
    pub ttft_ms: Option<Range>,
    pub itl_ms: Option<Range>,
    pub decode_bound: Option<&'static str>,
    /// Inference: GPUs per model replica and replicas to meet the target.
    pub gpus_per_replica: Option<f64>,
    pub replicas: Option<f64>,
    /// GPUs the workload needs on this accelerator (memory and throughput).
    /// Infinite inside the engine when no count fits (the fit reads that); `null` in JSON.
    #[serde(serialize_with = "finite_or_null")]
    pub gpus_needed: Option<f64>,
    /// `false` when a latency target cannot be met on this accelerator at all.
    pub latency_feasible: Option<bool>,
    /// Why, in numbers, when the demand cannot be met on this accelerator.
    pub infeasible: Option<Infeasible>,
    /// Training: the best data × tensor × pipeline (× expert) layout found and the
    /// runner-up, with their step times (`perf::training::best_layout`).
    pub training_layout: Option<crate::workload::perf::training::LayoutChoice>,
    /// Training: steady-state tokens/s per GPU of that layout (no restarts), low–high.
    pub steady_tokens_per_second_per_gpu: Option<Range>,
}

#[derive(Serialize, Debug, Clone)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct EstimateResponse {
    pub kind: &'static str,
    pub model: Option<ModelSpec>,
    pub accelerator: Option<String>,
    /// Memory per GPU for the parallel layout in `gpus`.
    pub memory: MemoryBreakdown,
    /// GPUs the memory figure assumes.
    pub gpus: f64,
    /// Memory for the whole job across GPUs, GiB.
    pub total_memory_gib: f64,
    /// Inference: the longest context per sequence whose KV cache fits the accelerator.
    pub longest_context_tokens: Option<f64>,
    pub compute: ComputeEstimate,
    /// Inference on an accelerator: every layout that serves the load, precision
    /// × GPUs per replica in the order tried (the precision searched when the
    /// request leaves it open); empty otherwise.
    pub serving_layouts: Vec<ServingLayout>,
    /// Graphics APIs the workload needs (render, VDI): shared with the
    /// request, not copied into each accelerator's estimate.
    pub graphics_apis: SharedTexts,
    pub hours: Option<f64>,
    /// Host vCPUs and RAM (GiB) each desktop needs (VDI).
    pub host_per_desktop: Option<HostDemand>,
    pub assumptions: Vec<Assumption>,
    pub notes: Vec<String>,
    /// `notes` in Simplified Chinese, one for one.
    pub notes_zh: Vec<String>,
    pub gpu_check: Option<gpu_check::GpuCheck>,
}

#[derive(Serialize, Debug, Clone, Copy, PartialEq)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct HostDemand {
    pub vcpus: f64,
    pub memory_gib: f64,
}

/// A demand this accelerator cannot meet, with the figures that say so.
#[derive(Serialize, Debug, Clone, Copy, PartialEq)]
#[serde(rename_all = "camelCase", tag = "code")]
#[derive(ts_rs::TS)]
pub enum Infeasible {
    /// Time to first token even on 8 GPUs with one request, against the target.
    #[serde(rename = "ttft", rename_all = "camelCase")]
    Ttft { best_ms: f64, target_ms: f64 },
    /// Time per output token even on 8 GPUs at batch 1, against the target.
    #[serde(rename = "itl", rename_all = "camelCase")]
    Itl { best_ms: f64, target_ms: f64 },
    /// Weights and one sequence's cache need more than `gpus` of these GPUs hold.
    #[serde(rename = "memory", rename_all = "camelCase")]
    Memory { need_gib: f64, gpus: f64 },
    /// The per-token target is below the bandwidth floor (the weights one
    /// token reads over HBM bandwidth × GPUs) of the largest replica this
    /// accelerator allows.
    #[serde(rename = "itl-floor", rename_all = "camelCase")]
    ItlFloor { floor_ms: f64, target_ms: f64, gpus: f64 },
}

/// One serving layout on one accelerator: `gpus_per_replica` GPUs in tensor
/// parallel, `replicas` of them for the load, and how each runs.
#[derive(Serialize, Debug, Clone, Copy, PartialEq)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct ServingLayout {
    /// Weight precision of the replica: the request's, or the one the search
    /// chose when the request left it open (`serving_precisions`).
    pub precision: Precision,
    pub gpus_per_replica: f64,
    /// How the replica's GPUs share the attention and other non-expert
    /// layers: split (`tensor`) or each GPU a whole copy serving its own
    /// requests, the routed experts spread over them (`data`).
    pub attention_parallelism: crate::workload::perf::serving::AttentionParallelism,
    pub replicas: f64,
    pub ttft_ms: f64,
    pub itl_ms: f64,
    /// Output tokens per second of one replica at its share of the load.
    pub tokens_per_second: f64,
    /// Sequences in flight per replica, and the most its KV cache holds.
    pub batch: f64,
    pub max_batch: f64,
    /// The weights one token reads (of a mixture of experts, the layers
    /// outside the routed experts and the experts it is routed to) over HBM
    /// bandwidth × GPUs per replica: no token is faster.
    pub bandwidth_floor_ms: f64,
    /// GPU memory per GPU of this layout, GiB: its weights over the tensor-
    /// parallel degree, the KV cache of its batch, the engine's reserve, the overhead.
    pub memory_per_gpu_gib: f64,
    /// GPU-hours per million output tokens at the stated load (cost per token
    /// before price; the offer's price per GPU-hour turns it into money).
    pub gpu_hours_per_million_tokens: f64,
}

/// Tensor-parallel degrees tried for a replica, within one instance.
pub const TP_DEGREES: [f64; 4] = [1.0, 2.0, 4.0, 8.0];

/// Every layout tried on one accelerator (precision × tensor-parallel degree,
/// in the order tried): the layout, or why it cannot serve.
pub type ServingLayouts = Vec<Result<ServingLayout, Infeasible>>;

/// Framework and CUDA memory per GPU by default: CUDA context 0.3–2 GiB on first use
/// plus allocator reserve (estimation_formulas.md §4.1).
pub const DEFAULT_OVERHEAD_GIB: f64 = 1.5;

/// A workload's demand on one accelerator (or on none): plain numbers, no
/// words. The fit of every offer reads this; `EstimateResponse` is a view of it
/// with the assumptions and notes collected while it was computed.
#[derive(Debug, Clone, Default)]
pub struct Demand {
    /// Memory per GPU for the parallel layout in `gpus`.
    pub memory: MemoryBreakdown,
    /// GPUs the memory figure assumes.
    pub gpus: f64,
    /// Memory for the whole job across GPUs, GiB.
    pub total_memory_gib: f64,
    pub longest_context_tokens: Option<f64>,
    pub compute: ComputeEstimate,
    /// Hours the kind states itself (dev box and desktop hours a month, raw hours).
    pub hours: Option<f64>,
    pub host_per_desktop: Option<HostDemand>,
    /// Inference: each precision × tensor-parallel degree of `TP_DEGREES` tried.
    pub serving: ServingLayouts,
    /// Training: scaling efficiency against the per-GPU rate of `ideal_gpu_hours`
    /// at cluster sizes (GPUs, ascending), from the step model's own layout search:
    /// the one scaling every offer's fit reads.
    pub training_scaling: Vec<(f64, f64)>,
    /// Training whose own layout does not fit the accelerator's memory: where the layout search
    /// fits it, by tensor-parallel degree (ascending; each on fewer GPUs than the one before).
    pub training_layout_fits: Vec<LayoutFit>,
}

/// The fewest GPUs at which a training run's layouts of one tensor-parallel degree fit memory.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LayoutFit {
    pub tensor_parallel: f64,
    /// The context-parallel degree of that layout: the sequence split it needs to fit.
    pub context_parallel: f64,
    pub gpus: f64,
    /// Memory per GPU of the fastest such layout on those GPUs.
    pub memory_per_gpu_gib: f64,
}

impl Demand {
    /// A demand of one GPU and nothing else yet.
    pub(crate) fn one_gpu() -> Demand {
        Demand { gpus: 1.0, ..Demand::default() }
    }
}

/// What a caller of `Checked::demand_on` reads: the ranking's demand on each
/// accelerator row reads only the numbers, so its sentences are not written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reading {
    NumbersAndWords,
    NumbersOnly,
}

/// The words of an estimate, collected beside its numbers.
#[derive(Debug, Clone, Default)]
pub struct Words {
    pub assumptions: Vec<Assumption>,
    pub notes: Vec<Said>,
}

impl EstimateResponse {
    /// The view of a demand for JS: its numbers, what the checked workload
    /// resolved (model, graphics APIs) and the words collected.
    pub(crate) fn view(
        kind: &'static str,
        demand: &Demand,
        model: Option<ModelSpec>,
        graphics_apis: SharedTexts,
        accelerator: Option<String>,
        words: Words,
    ) -> EstimateResponse {
        EstimateResponse {
            kind,
            model,
            accelerator,
            memory: demand.memory,
            gpus: demand.gpus,
            total_memory_gib: demand.total_memory_gib,
            longest_context_tokens: demand.longest_context_tokens,
            compute: demand.compute.clone(),
            serving_layouts: demand.serving.iter().flatten().copied().collect(),
            graphics_apis,
            hours: demand.hours,
            host_per_desktop: demand.host_per_desktop,
            assumptions: words.assumptions,
            notes: words.notes.iter().map(|n| n.en.clone()).collect(),
            notes_zh: words.notes.into_iter().map(|n| n.zh).collect(),
            gpu_check: None,
        }
    }
}

/// A number that may be infinite inside the engine, as `null` when it is.
fn finite_or_null<S: serde::Serializer>(v: &Option<f64>, s: S) -> Result<S::Ok, S::Error> {
    v.filter(|x| x.is_finite()).serialize(s)
}
