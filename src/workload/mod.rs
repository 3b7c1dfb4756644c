//! The workload model: what the user wants to do → the hardware it needs.
//! `estimate(request)` gives memory (a breakdown), compute (FLOPs, GPU-hours
//! or speed, as low–expected–high), and every assumption it used.

pub mod calibration;
pub mod compute;
pub mod gpu_check;
pub mod memory;
pub mod model;
pub mod precision;

use crate::catalog::schema::Accelerator;
use crate::catalog::Catalog;
use crate::error::{check_range, Error};
use compute::{InferenceInputs, InferenceSpeed, Range};
use memory::{MemoryBreakdown, Optimizer, Parallelism, Recompute, GIB};
use model::{ModelInput, ModelSpec};
use precision::Precision;
use serde::{Deserialize, Serialize};

#[derive(Deserialize, Debug, Clone)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EstimateRequest {
    /// `{ kind, … }`: the kind selects the variant, the other keys are its fields.
    pub workload: Workload,
    /// Canonical accelerator key (`H100`, `A100-80GB`, `L4`) or alias.
    #[serde(default)]
    pub accelerator: Option<String>,
    #[serde(default)]
    pub overrides: Overrides,
    /// The Amdahl/PCIe check: does this job gain from a GPU at all?
    #[serde(default)]
    pub gpu_check: Option<gpu_check::GpuCheckInput>,
}

/// Assumptions a user may replace; each is echoed back under `assumptions`.
#[derive(Deserialize, Debug, Clone, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct Overrides {
    /// Training: fraction of dense peak reached (MFU-like), replacing the generation default.
    pub utilization: Option<f64>,
    /// Inference: fraction of peak reached in prefill.
    pub prefill_efficiency: Option<f64>,
    /// Inference: fraction of memory bandwidth reached in decode (MBU).
    pub bandwidth_efficiency: Option<f64>,
    /// Multi-GPU scaling efficiency (0–1).
    pub scaling_efficiency: Option<f64>,
    /// Framework and CUDA memory per GPU, GiB.
    pub overhead_gib: Option<f64>,
    /// Your measured throughput: training tokens/s per GPU, or inference output tokens/s per replica.
    pub measured_tokens_per_second: Option<f64>,
    /// The accelerator the measurement ran on. Other accelerators scale it by
    /// peak TFLOPS (training) or memory bandwidth (inference); without it the
    /// measurement applies as given.
    pub measured_accelerator: Option<String>,
    /// HPC: fraction of FP64/FP32 peak the code reaches.
    pub hpc_efficiency: Option<f64>,
}

/// What the user wants to do, by `workload.kind`.
#[derive(Deserialize, Debug, Clone)]
#[serde(rename_all = "lowercase")]
pub enum Workload {
    Pretrain(Training),
    Finetune(Training),
    Inference(Inference),
    Hpc(Hpc),
    Render(Render),
    Vdi(Vdi),
    Devtest(Devtest),
    Raw(Raw),
}

/// Workload kinds, as `workload.kind` names them.
pub const KINDS: [&str; 8] = ["pretrain", "finetune", "inference", "hpc", "render", "vdi", "devtest", "raw"];

impl Workload {
    pub fn kind(&self) -> &'static str {
        match self {
            Workload::Pretrain(_) => "pretrain",
            Workload::Finetune(_) => "finetune",
            Workload::Inference(_) => "inference",
            Workload::Hpc(_) => "hpc",
            Workload::Render(_) => "render",
            Workload::Vdi(_) => "vdi",
            Workload::Devtest(_) => "devtest",
            Workload::Raw(_) => "raw",
        }
    }
}

#[derive(Deserialize, Serialize, Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
pub enum FinetuneMethod {
    Full,
    #[default]
    Lora,
    Qlora,
}

#[derive(Deserialize, Debug, Clone)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Training {
    pub model: ModelInput,
    /// Training tokens.
    pub tokens: f64,
    #[serde(default)]
    pub method: Option<FinetuneMethod>,
    #[serde(default)]
    pub precision: Option<Precision>,
    /// Sequence length per sample (default 4096, or the model's context if shorter).
    #[serde(default)]
    pub context_tokens: Option<f64>,
    #[serde(default)]
    pub micro_batch: Option<f64>,
    #[serde(default)]
    pub recompute: Option<Recompute>,
    /// ZeRO stage (FSDP FULL_SHARD = 3, PyTorch's default).
    #[serde(default)]
    pub zero_stage: Option<u8>,
    #[serde(default)]
    pub gpus: Option<f64>,
    #[serde(default)]
    pub tensor_parallel: Option<f64>,
    #[serde(default)]
    pub pipeline_parallel: Option<f64>,
    #[serde(default)]
    pub optimizer: Option<Optimizer>,
    #[serde(default)]
    pub lora_rank: Option<f64>,
    /// `nvlink`, `pcie`, `infiniband`, `roce`, `ethernet`.
    #[serde(default)]
    pub interconnect: Option<String>,
    #[serde(default)]
    pub gpus_per_node: Option<f64>,
}

#[derive(Deserialize, Serialize, Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
pub enum InferenceMode {
    Batch,
    #[default]
    Online,
}

#[derive(Deserialize, Debug, Clone)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Inference {
    pub model: ModelInput,
    #[serde(default)]
    pub mode: InferenceMode,
    /// Weight precision (default BF16).
    #[serde(default)]
    pub precision: Option<Precision>,
    /// KV-cache precision (default BF16).
    #[serde(default)]
    pub kv_precision: Option<Precision>,
    #[serde(default)]
    pub prompt_tokens: Option<f64>,
    #[serde(default)]
    pub output_tokens: Option<f64>,
    /// Tokens held in the KV cache per sequence (default prompt + output).
    #[serde(default)]
    pub context_tokens: Option<f64>,
    #[serde(default)]
    pub concurrency: Option<f64>,
    #[serde(default)]
    pub requests_per_second: Option<f64>,
    /// Batch mode: output tokens or requests per day.
    #[serde(default)]
    pub tokens_per_day: Option<f64>,
    #[serde(default)]
    pub requests_per_day: Option<f64>,
    #[serde(default)]
    pub ttft_target_ms: Option<f64>,
    #[serde(default)]
    pub itl_target_ms: Option<f64>,
    /// GPUs per replica (tensor parallel); default: the fewest that fit.
    #[serde(default)]
    pub gpus: Option<f64>,
}

#[derive(Deserialize, Debug, Clone)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Hpc {
    #[serde(default)]
    pub precision: Option<Precision>,
    /// Total floating-point work, TFLOP.
    #[serde(default)]
    pub work_tflop: Option<f64>,
    /// Or a measured runtime on a reference accelerator.
    #[serde(default)]
    pub reference_hours: Option<f64>,
    #[serde(default)]
    pub reference_accelerator: Option<String>,
    #[serde(default)]
    pub memory_gib_per_job: Option<f64>,
    #[serde(default)]
    pub jobs: Option<f64>,
}

#[derive(Deserialize, Debug, Clone)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Render {
    pub frames: f64,
    pub minutes_per_frame: f64,
    pub reference_accelerator: String,
    #[serde(default)]
    pub memory_gib: Option<f64>,
}

#[derive(Deserialize, Debug, Clone)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Vdi {
    pub desktops: f64,
    /// GPU memory per desktop, GiB (the vGPU profile).
    pub profile_gib: f64,
    #[serde(default)]
    pub graphics_apis: Vec<String>,
    #[serde(default)]
    pub hours_per_month: Option<f64>,
    /// Host vCPUs each desktop needs (default 4).
    #[serde(default)]
    pub vcpus_per_desktop: Option<f64>,
    /// Host RAM each desktop needs, GiB (default 16).
    #[serde(default)]
    pub memory_gib_per_desktop: Option<f64>,
}

/// A CAD/3D power user's desktop: 4 vCPUs and 16 GiB of host RAM (assumed,
/// in line with NVIDIA's RTX vWS sizing for professional graphics users).
pub const DEFAULT_DESKTOP_VCPUS: f64 = 4.0;
pub const DEFAULT_DESKTOP_MEMORY_GIB: f64 = 16.0;

#[derive(Deserialize, Debug, Clone)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Devtest {
    pub hours_per_month: f64,
    #[serde(default)]
    pub min_gpu_memory_gib: Option<f64>,
}

#[derive(Deserialize, Debug, Clone)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Raw {
    pub gpu_memory_gib: f64,
    #[serde(default)]
    pub gpu_count: Option<f64>,
    #[serde(default)]
    pub hours: Option<f64>,
    #[serde(default)]
    pub precision: Option<Precision>,
    #[serde(default)]
    pub interconnect: Option<String>,
    /// Allow the GPUs to be spread over several instances (default: one instance holds them all).
    #[serde(default)]
    pub spread: bool,
}

/// One assumption the estimate used, with where it comes from.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Assumption {
    pub name: String,
    pub value: AssumptionValue,
    pub source: String,
}

/// An assumption's value: a number, a name, or a low–expected–high range.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(untagged)]
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
}

#[derive(Serialize, Debug, Clone)]
#[serde(rename_all = "camelCase")]
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
    /// Graphics APIs the workload needs (render, VDI).
    pub graphics_apis: Vec<String>,
    pub hours: Option<f64>,
    /// Host vCPUs and RAM (GiB) each desktop needs (VDI).
    pub host_per_desktop: Option<HostDemand>,
    pub assumptions: Vec<Assumption>,
    pub notes: Vec<String>,
    pub gpu_check: Option<gpu_check::GpuCheck>,
}

#[derive(Serialize, Debug, Clone, Copy, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct HostDemand {
    pub vcpus: f64,
    pub memory_gib: f64,
}

/// A demand this accelerator cannot meet, with the figures that say so.
#[derive(Serialize, Debug, Clone, Copy, PartialEq)]
#[serde(rename_all = "camelCase", tag = "code")]
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
}

/// Framework and CUDA memory per GPU by default: CUDA context 0.3–2 GiB on first use
/// plus allocator reserve (estimation_formulas.md §4.1).
pub const DEFAULT_OVERHEAD_GIB: f64 = 1.5;

struct Ctx<'a> {
    accel: Option<&'a Accelerator>,
    measured_on: Option<&'a Accelerator>,
    overrides: &'a Overrides,
    assumptions: Vec<Assumption>,
    notes: Vec<String>,
}

impl Ctx<'_> {
    fn assume(&mut self, name: &str, value: impl Into<AssumptionValue>, source: &str) {
        self.assumptions.push(Assumption { name: name.into(), value: value.into(), source: source.into() });
    }

    /// A user's value collapses the range to that value.
    fn range(&mut self, name: &str, user: Option<f64>, default: (Range, &str)) -> Range {
        match user {
            Some(v) => {
                self.assume(name, v, "your value (overrides)");
                Range::new(v, v, v)
            }
            None => {
                self.assume(name, default.0, default.1);
                default.0
            }
        }
    }

    /// The user's measured throughput for this accelerator: as given on the
    /// accelerator it was measured on (or when none is named), else scaled by
    /// the ratio of `figure` (peak TFLOPS or bandwidth) between the two.
    fn measured(&mut self, figure: impl Fn(&Accelerator) -> Option<f64>) -> Option<f64> {
        let tps = self.overrides.measured_tokens_per_second?;
        let (Some(here), Some(there)) = (self.accel, self.measured_on) else {
            self.notes.push(format!("throughput from your measured {tps} tokens/s"));
            return Some(tps);
        };
        if here.key == there.key {
            self.notes.push(format!("throughput from your measurement on {}: {tps} tokens/s", there.key));
            return Some(tps);
        }
        let ratio = figure(here)? / figure(there)?;
        let scaled = tps * ratio;
        self.notes.push(format!(
            "your {tps} tokens/s on {} scaled by {ratio:.2} to {}: {scaled:.0} tokens/s",
            there.key, here.key
        ));
        Some(scaled)
    }

    fn overhead(&mut self) -> f64 {
        let v = self.overrides.overhead_gib.unwrap_or(DEFAULT_OVERHEAD_GIB);
        let source = if self.overrides.overhead_gib.is_some() {
            "your value"
        } else {
            "CUDA context and allocator reserve, 0.3–2 GiB (estimation_formulas.md §4.1)"
        };
        self.assume("overheadGib", v, source);
        v
    }
}

/// A number that may be infinite inside the engine, as `null` when it is.
fn finite_or_null<S: serde::Serializer>(v: &Option<f64>, s: S) -> Result<S::Ok, S::Error> {
    v.filter(|x| x.is_finite()).serialize(s)
}

fn positive(field: &str, v: f64) -> Result<f64, Error> {
    check_range(field, v, 0.0, 1e18)
}

fn at_least_one(field: &str, v: Option<f64>, default: f64) -> Result<f64, Error> {
    let v = v.unwrap_or(default);
    check_range(field, v, 1.0, 1e7)?;
    Ok(v)
}

fn check_overrides(o: &Overrides) -> Result<(), Error> {
    for (name, v, max) in [
        ("overrides.utilization", o.utilization, 1.0),
        ("overrides.prefillEfficiency", o.prefill_efficiency, 1.0),
        ("overrides.bandwidthEfficiency", o.bandwidth_efficiency, 1.0),
        ("overrides.scalingEfficiency", o.scaling_efficiency, 1.0),
        ("overrides.hpcEfficiency", o.hpc_efficiency, 1.0),
    ] {
        if let Some(v) = v {
            check_range(name, v, 0.001, max)?;
        }
    }
    if let Some(v) = o.overhead_gib {
        check_range("overrides.overheadGib", v, 0.0, 1000.0)?;
    }
    if let Some(v) = o.measured_tokens_per_second {
        check_range("overrides.measuredTokensPerSecond", v, 1e-6, 1e12)?;
    }
    Ok(())
}

pub fn resolve_accelerator<'c>(catalog: &'c Catalog, key: &str, field: &str) -> Result<&'c Accelerator, Error> {
    catalog.accelerator_index(key.trim()).map(|i| &catalog.data.accelerators[i]).ok_or_else(|| {
        let keys: Vec<&str> = catalog.data.accelerators.iter().map(|a| a.key.as_str()).take(70).collect();
        Error::new(field, format!("unknown accelerator `{key}`; known keys include: {}", keys.join(", ")))
    })
}

pub fn estimate(catalog: &Catalog, req: &EstimateRequest) -> Result<EstimateResponse, Error> {
    let accel = req.accelerator.as_deref().map(|k| resolve_accelerator(catalog, k, "accelerator")).transpose()?;
    let mut response = estimate_on(catalog, &req.workload, accel, &req.overrides)?;
    if let Some(check) = &req.gpu_check {
        response.gpu_check = Some(gpu_check::check(check, "gpuCheck")?);
    }
    Ok(response)
}

/// The workload's demand, on `accel` when one is given (speeds and GPU counts
/// need one); `recommend` calls this once per accelerator.
pub fn estimate_on(
    catalog: &Catalog,
    workload: &Workload,
    accel: Option<&Accelerator>,
    overrides: &Overrides,
) -> Result<EstimateResponse, Error> {
    check_overrides(overrides)?;
    let measured_on = overrides
        .measured_accelerator
        .as_deref()
        .map(|k| resolve_accelerator(catalog, k, "overrides.measuredAccelerator"))
        .transpose()?;
    let mut ctx = Ctx { accel, measured_on, overrides, assumptions: Vec::new(), notes: Vec::new() };
    let mut response = match workload {
        Workload::Pretrain(t) => training(&mut ctx, t, "pretrain")?,
        Workload::Finetune(t) => training(&mut ctx, t, "finetune")?,
        Workload::Inference(i) => inference(&mut ctx, i)?,
        Workload::Hpc(h) => hpc(&mut ctx, catalog, h)?,
        Workload::Render(r) => render(&mut ctx, catalog, r)?,
        Workload::Vdi(v) => vdi(&mut ctx, v)?,
        Workload::Devtest(d) => devtest(&mut ctx, d)?,
        Workload::Raw(r) => raw(&mut ctx, r)?,
    };
    response.accelerator = accel.map(|a| a.key.to_string());
    response.assumptions = std::mem::take(&mut ctx.assumptions);
    response.notes.append(&mut ctx.notes);
    Ok(response)
}

fn empty_response(kind: &'static str) -> EstimateResponse {
    EstimateResponse {
        kind,
        model: None,
        accelerator: None,
        memory: MemoryBreakdown::default(),
        gpus: 1.0,
        total_memory_gib: 0.0,
        longest_context_tokens: None,
        compute: ComputeEstimate::default(),
        graphics_apis: Vec::new(),
        hours: None,
        host_per_desktop: None,
        assumptions: Vec::new(),
        notes: Vec::new(),
        gpu_check: None,
    }
}

/// KV-cache room is small below this share of the engine's memory (assumed:
/// then the batch, not the GPU, limits throughput).
const KV_ROOM_SMALL_SHARE: f64 = 0.1;

/// What one replica holds for the KV cache.
struct KvRoom {
    room_gib: f64,
    usable_gib: f64,
    /// The longest single sequence that fits.
    room_tokens: f64,
    /// Sequences of the requested context that fit.
    sequences_fit: f64,
}

/// A note when KV room is below the requested context × concurrency (code
/// `kv-room-below-request`, params roomGib, sequencesFit, contextTokens,
/// concurrency), or small (code `kv-room-small`, params roomGib, usableGib,
/// roomTokens, modelContextTokens).
fn kv_room_note(room: &KvRoom, context: f64, concurrency: f64, model_context: u32) -> Option<String> {
    let (room_gib, sequences_fit, usable_gib, room_tokens) =
        (room.room_gib, room.sequences_fit, room.usable_gib, room.room_tokens);
    if sequences_fit < concurrency {
        return Some(format!(
            "KV-cache room of {room_gib:.1} GiB per replica holds {sequences_fit:.0} sequence(s) of {context:.0} tokens, \
             fewer than the {concurrency:.0} requested: the load is spread over more replicas"
        ));
    }
    let model_context = f64::from(model_context);
    let short_of_window = model_context > 0.0 && room_tokens < model_context;
    if room_gib < KV_ROOM_SMALL_SHARE * usable_gib || short_of_window {
        let window = if short_of_window {
            format!(", less than the model's {model_context:.0}-token context window")
        } else {
            String::new()
        };
        return Some(format!(
            "little KV-cache room: {room_gib:.1} of {usable_gib:.0} GiB per replica, {room_tokens:.0} tokens in all{window}; \
             long prompts or many users need more GPUs per replica"
        ));
    }
    None
}

/// Without a GPU count, a run is assumed to take about two months: DeepSeek-V3
/// pre-trained in 54 days (2.664M H800-hours on 2,048 GPUs), Llama 3 405B's
/// reported snapshot spans 54 days, LLaMA 65B took 21 and BLOOM 118.
const REFERENCE_RUN_HOURS: f64 = 60.0 * 24.0;
const CLUSTER_SOURCE: &str =
    "no GPU count given: the GPUs that finish in about two months (DeepSeek-V3 and Llama 3 405B ran 54 days), at least what memory needs";

/// GPUs assumed when the request gives none: enough to finish the ideal
/// GPU-hours in `REFERENCE_RUN_HOURS`, and at least what memory needs.
fn assumed_cluster(gpus: f64, memory_gpus: Option<f64>, ideal_gpu_hours: f64) -> f64 {
    let by_time = (ideal_gpu_hours / REFERENCE_RUN_HOURS).ceil();
    let by_memory = memory_gpus.filter(|g| g.is_finite()).unwrap_or(1.0);
    gpus.max(by_time).max(by_memory).max(1.0)
}

/// Pre-training and fine-tuning: memory per GPU under the chosen sharding, and
/// GPU-hours from 6·N·D (8·N·D with full recomputation).
fn training(ctx: &mut Ctx, t: &Training, kind: &'static str) -> Result<EstimateResponse, Error> {
    let w = "workload";
    let model = model::resolve(&t.model, &format!("{w}.model"))?;
    let tokens = positive(&format!("{w}.tokens"), t.tokens)?;
    let method = if kind == "pretrain" {
        if t.method.is_some_and(|m| m != FinetuneMethod::Full) {
            return Err(Error::new(
                format!("{w}.method"),
                "pre-training trains every weight; LoRA and QLoRA are fine-tuning methods",
            ));
        }
        FinetuneMethod::Full
    } else {
        t.method.unwrap_or_default()
    };
    let precision = t.precision.unwrap_or(Precision::Bf16);
    if matches!(precision, Precision::Int8 | Precision::Int4 | Precision::Fp64) {
        return Err(Error::new(
            format!("{w}.precision"),
            "training runs in fp32, bf16, fp16 or fp8; int8/int4 are for inference (QLoRA stores 4-bit weights itself)",
        ));
    }
    let context_default = if model.context_tokens > 0 { f64::from(model.context_tokens).min(4096.0) } else { 4096.0 };
    let seq = at_least_one(&format!("{w}.contextTokens"), t.context_tokens, context_default)?;
    let micro_batch = at_least_one(&format!("{w}.microBatch"), t.micro_batch, 1.0)?;
    let gpus = at_least_one(&format!("{w}.gpus"), t.gpus, 1.0)?;
    let tensor = at_least_one(&format!("{w}.tensorParallel"), t.tensor_parallel, 1.0)?;
    let pipeline = at_least_one(&format!("{w}.pipelineParallel"), t.pipeline_parallel, 1.0)?;
    if tensor * pipeline > gpus {
        return Err(Error::new(
            format!("{w}.gpus"),
            format!("{gpus} GPUs cannot hold tensorParallel {tensor} × pipelineParallel {pipeline}"),
        ));
    }
    let zero_stage = t.zero_stage.unwrap_or(3);
    if zero_stage > 3 {
        return Err(Error::new(format!("{w}.zeroStage"), "must be 0, 1, 2 or 3"));
    }
    let recompute = t.recompute.unwrap_or(if kind == "finetune" { Recompute::Full } else { Recompute::Selective });
    let optimizer = t.optimizer.unwrap_or_default();
    let rank = t.lora_rank.unwrap_or(16.0);
    check_range(&format!("{w}.loraRank"), rank, 1.0, 4096.0)?;
    let par = Parallelism { gpus, tensor, pipeline, zero_stage };

    // Memory (estimation_formulas.md §3, §7).
    let params = model.params_b * 1e9;
    let (weight_bytes, trained) = match method {
        FinetuneMethod::Full => (precision.bytes(), params),
        FinetuneMethod::Lora => (precision.bytes(), memory::lora_params(&model, rank)),
        FinetuneMethod::Qlora => (precision::NF4_BYTES, memory::lora_params(&model, rank)),
    };
    let grad_bytes = if precision == Precision::Fp32 { 4.0 } else { 2.0 };
    let states = memory::States {
        params,
        trained,
        weight_bytes,
        grad_bytes,
        optimizer_bytes: optimizer.bytes_per_param(precision),
        frozen_base: method != FinetuneMethod::Full,
    };
    let (mut weights, grads, optimizer_state) = memory::model_states(&states, &par);
    if method != FinetuneMethod::Full {
        // Adapter weights (16-bit) on top of the frozen base.
        weights += trained * 2.0;
    }
    let activations = memory::training_activations(&model, seq, micro_batch, recompute, tensor);
    let overhead = ctx.overhead();
    let breakdown = MemoryBreakdown {
        weights_gib: weights / GIB,
        gradients_gib: grads / GIB,
        optimizer_gib: optimizer_state / GIB,
        activations_gib: activations / GIB,
        overhead_gib: overhead,
        ..MemoryBreakdown::default()
    }
    .summed();
    ctx.assume("contextTokens", seq, "sequence length per sample");
    ctx.assume("microBatch", micro_batch, "samples per GPU per step");
    ctx.assume("recompute", recompute, "Korthikanti et al. 2022 activation formulas");
    ctx.assume("zeroStage", zero_stage, "ZeRO / FSDP sharding (FULL_SHARD = 3 is PyTorch FSDP's default)");
    ctx.assume("optimizer", optimizer, "optimizer state bytes per parameter (EleutherAI cookbook)");
    if method != FinetuneMethod::Full {
        ctx.assume("loraRank", rank, "LoRA rank on Q, K, V, O and MLP matrices");
    }

    let mut response = empty_response(kind);
    response.gpus = gpus;
    response.total_memory_gib = breakdown.total_gib * gpus;
    response.memory = breakdown;

    // Compute: the backward pass of LoRA still runs through the frozen model, so
    // 6·N·D holds (the QLoRA paper's throughput figures are of that order).
    let flops = compute::training_flops(&model, tokens, seq, recompute == Recompute::Full);
    response.compute.total_flops = Some(flops);
    if model.is_moe() {
        ctx.notes.push(format!(
            "MoE: memory counts all {:.1} B parameters, compute the {:.1} B active per token",
            model.params_b, model.active_params_b
        ));
    }
    if let Some(a) = ctx.accel {
        let Some((peak, math)) = precision::peak_tflops(a, precision) else {
            return Err(Error::new("accelerator", format!("{} has no published {} figure", a.key, precision.name())));
        };
        if math != precision {
            ctx.notes.push(format!(
                "{} has no {} units; estimated at its {} peak",
                a.key,
                precision.name(),
                math.name()
            ));
        }
        let network = t.interconnect.as_deref().unwrap_or("infiniband").to_ascii_lowercase();
        let nvlink = a.interconnect.to_ascii_lowercase().contains("nvlink") || network == "nvlink";
        let per_node = t.gpus_per_node.unwrap_or(8.0);
        let memory_gpus = a.memory_gib.map(|mem| gpus_for_memory(breakdown, mem, &par, overhead));
        let setup = |multi_node: bool| compute::TrainingSetup {
            model: &model,
            accel: a,
            math,
            peak_tflops: peak,
            seq,
            multi_node,
        };
        let default_util = {
            let single = compute::training_utilization(&setup(gpus > per_node));
            match t.gpus {
                Some(_) => single,
                // The assumed cluster decides whether experts talk across nodes.
                None => {
                    let cluster =
                        assumed_cluster(gpus, memory_gpus, compute::gpu_hours(flops, peak, single.0).expected);
                    if cluster > per_node {
                        compute::training_utilization(&setup(true))
                    } else {
                        single
                    }
                }
            }
        };
        let util = ctx.range("utilization", ctx.overrides.utilization, (default_util.0, &default_util.1));
        let measured = ctx.measured(|x| precision::peak_tflops(x, precision).map(|(t, _)| t));
        // GPU-hours at perfect scaling; a measured rate already includes its own scaling.
        let ideal = match measured {
            Some(tps) => {
                let h = tokens / tps / 3600.0;
                Range::new(h, h, h)
            }
            None => compute::gpu_hours(flops, peak, util),
        };
        let cluster = match t.gpus {
            Some(_) => gpus,
            None => assumed_cluster(gpus, memory_gpus, ideal.expected),
        };
        if t.gpus.is_none() {
            ctx.assume("clusterGpus", cluster, CLUSTER_SOURCE);
        }
        let scaling = match (ctx.overrides.scaling_efficiency, measured) {
            (Some(s), _) => {
                ctx.assume("scalingEfficiency", s, "your value");
                Range::new(s, s, s)
            }
            (None, Some(_)) => Range::new(1.0, 1.0, 1.0),
            (None, None) => {
                let (_, why) = compute::scaling_efficiency(cluster, per_node, nvlink, &network);
                let range = compute::scaling_range(cluster, per_node, nvlink, &network);
                ctx.assume("scalingEfficiency", range, &why);
                range
            }
        };
        // Less efficient scaling → more hours: the high estimate pairs the most
        // hours at perfect scaling with the lowest efficiency.
        let hours = Range::new(ideal.low / scaling.high, ideal.expected / scaling.expected, ideal.high / scaling.low);
        response.compute.ideal_gpu_hours = Some(ideal);
        response.compute.scaling_efficiency = Some(scaling.expected);
        response.compute.gpu_hours = Some(hours);
        response.compute.wall_clock_hours = Some(hours.map(|h| h / cluster));
        // Fewer hours means more tokens per second: the range turns over.
        // Zero tokens take zero hours: no rate to divide out (0/0 would be NaN).
        let rate = |h: f64| if h > 0.0 { tokens / (h * 3600.0) * cluster } else { 0.0 };
        response.compute.tokens_per_second = Some(Range::new(rate(hours.high), rate(hours.expected), rate(hours.low)));
        response.compute.peak_tflops = Some(peak);
        response.compute.math_precision = Some(math);
        if let (Some(mem), Some(need)) = (a.memory_gib, memory_gpus) {
            response.compute.gpus_needed = Some(need);
            if breakdown.total_gib > mem {
                ctx.notes.push(format!(
                    "{:.1} GiB per GPU does not fit {}'s {mem:.1} GiB with {gpus:.0} GPU(s); see gpusNeeded",
                    breakdown.total_gib, a.key
                ));
            }
        }
    } else {
        ctx.notes.push("give an accelerator for GPU-hours and time".into());
    }
    response.model = Some(model);
    Ok(response)
}

/// The fewest GPUs (powers of two, then whole nodes) whose per-GPU memory fits,
/// sharding model states (ZeRO-3) over data-parallel GPUs.
fn gpus_for_memory(per_gpu: MemoryBreakdown, capacity_gib: f64, par: &Parallelism, overhead: f64) -> f64 {
    let states_once = (per_gpu.weights_gib + per_gpu.gradients_gib + per_gpu.optimizer_gib) * par.data();
    let fixed = per_gpu.activations_gib + overhead;
    if fixed >= capacity_gib {
        return f64::INFINITY;
    }
    let mut n = 1.0;
    while n <= 65_536.0 {
        if states_once / n + fixed <= capacity_gib {
            return n;
        }
        n *= 2.0;
    }
    f64::INFINITY
}

/// Inference: weights + KV cache for the concurrency + one layer's activations + overhead;
/// speed by the prefill/decode roofline.
fn inference(ctx: &mut Ctx, i: &Inference) -> Result<EstimateResponse, Error> {
    let w = "workload";
    let model = model::resolve(&i.model, &format!("{w}.model"))?;
    let precision = i.precision.unwrap_or(Precision::Bf16);
    let kv_precision = i.kv_precision.unwrap_or(Precision::Bf16);
    if precision == Precision::Fp64 {
        return Err(Error::new(format!("{w}.precision"), "LLM inference does not run in fp64"));
    }
    let prompt = i.prompt_tokens.unwrap_or(512.0);
    let output = i.output_tokens.unwrap_or(256.0);
    check_range(&format!("{w}.promptTokens"), prompt, 1.0, 1e7)?;
    check_range(&format!("{w}.outputTokens"), output, 1.0, 1e7)?;
    let context = i.context_tokens.unwrap_or(prompt + output);
    check_range(&format!("{w}.contextTokens"), context, 1.0, 1e8)?;
    if model.context_tokens > 0 && context > f64::from(model.context_tokens) {
        ctx.notes
            .push(format!("{context:.0} tokens exceed {}'s context window of {}", model.name, model.context_tokens));
    }
    for (name, v) in [
        ("concurrency", i.concurrency),
        ("requestsPerSecond", i.requests_per_second),
        ("tokensPerDay", i.tokens_per_day),
        ("requestsPerDay", i.requests_per_day),
        ("ttftTargetMs", i.ttft_target_ms),
        ("itlTargetMs", i.itl_target_ms),
    ] {
        if let Some(v) = v {
            check_range(&format!("{w}.{name}"), v, 1e-9, 1e15)?;
        }
    }
    let weight_bytes = memory::weight_bytes(&model, precision);
    let expert_bytes = memory::routed_expert_params(&model) * precision.bytes();
    if precision.bytes() < 2.0 {
        ctx.assume(
            "embeddingPrecision",
            Precision::Bf16,
            "quantized checkpoints keep embeddings and the output layer in BF16 (llm-compressor ignores lm_head)",
        );
    }
    let kv_per_seq = memory::kv_cache_bytes(&model, context, 1.0, kv_precision.bytes());
    let overhead = ctx.overhead();
    ctx.assume("promptTokens", prompt, "tokens per request in");
    ctx.assume("outputTokens", output, "tokens per request out");
    ctx.assume("contextTokens", context, "tokens held in the KV cache per sequence");
    ctx.assume("kvPrecision", kv_precision, "KV-cache element size");

    let mut response = empty_response("inference");
    let mut concurrency = i.concurrency.unwrap_or(1.0).max(1.0);
    let memory_for = |batch: f64, gpus: f64| {
        MemoryBreakdown {
            weights_gib: weight_bytes / gpus / GIB,
            kv_cache_gib: kv_per_seq * batch / gpus / GIB,
            activations_gib: memory::inference_activations(&model, prompt.min(2048.0), 1.0) / GIB,
            overhead_gib: overhead,
            ..MemoryBreakdown::default()
        }
        .summed()
    };

    let Some(a) = ctx.accel else {
        response.memory = memory_for(concurrency, 1.0);
        response.total_memory_gib = response.memory.total_gib;
        ctx.notes.push("give an accelerator for GPU count, speed and latency".into());
        response.model = Some(model);
        return Ok(response);
    };
    let capacity = a.memory_gib.unwrap_or(0.0);
    let usable = capacity * memory::SERVING_MEMORY_FRACTION;
    ctx.assume(
        "servingMemoryFraction",
        memory::SERVING_MEMORY_FRACTION,
        "vLLM's default gpu_memory_utilization: the engine uses 90% of GPU memory",
    );
    let (peak, math) = precision::peak_tflops(a, precision).ok_or_else(|| {
        Error::new("accelerator", format!("{} has no published 16-bit or {} figure", a.key, precision.name()))
    })?;
    let bandwidth = a
        .memory_bandwidth_gbs
        .ok_or_else(|| Error::new("accelerator", format!("{} has no published memory bandwidth", a.key)))?;
    let pe = ctx.range("prefillEfficiency", ctx.overrides.prefill_efficiency, {
        let (l, e, h) = compute::PREFILL_EFFICIENCY;
        (Range::new(l, e, h), "llm-analysis uses 0.7 for inference; less with small batches")
    });
    let be = ctx.range("bandwidthEfficiency", ctx.overrides.bandwidth_efficiency, {
        let (l, e, h) = compute::DECODE_BANDWIDTH_EFFICIENCY;
        (Range::new(l, e, h), "NIM 70B at concurrency 1: 56%; vLLM 0.5.4 at ~65 requests: ~25% (calibration.csv)")
    });
    // Tensor parallelism all-reduces activations in every layer: over NVLink it keeps
    // most of the ideal speed-up, over PCIe far less. Assumed 0.9 and 0.6 for more
    // than one GPU (vLLM and TensorRT-LLM advise NVLink for tensor parallel > 2).
    let nvlink = a.interconnect.to_ascii_lowercase().contains("nvlink")
        || a.interconnect.to_ascii_lowercase().contains("infinity fabric");
    let tp_efficiency = ctx.overrides.scaling_efficiency.unwrap_or(if nvlink { 0.9 } else { 0.6 });
    ctx.assume(
        "tensorParallelEfficiency",
        tp_efficiency,
        if ctx.overrides.scaling_efficiency.is_some() {
            "your value (scalingEfficiency)"
        } else if nvlink {
            "NVLink between GPUs: 0.9 of ideal (assumed)"
        } else {
            "PCIe between GPUs: 0.6 of ideal (assumed)"
        },
    );
    let effective = move |gpus: f64| if gpus <= 1.0 { gpus } else { gpus * tp_efficiency };
    let speed = |batch: f64, gpus: f64| {
        let gpus = effective(gpus);
        compute::inference_speed(&InferenceInputs {
            model: &model,
            weight_bytes,
            expert_bytes,
            kv_bytes_per_sequence: kv_per_seq,
            prompt_tokens: prompt,
            prompt_per_output: prompt / output,
            batch,
            gpus,
            peak_tflops: peak,
            bandwidth_gbs: bandwidth,
            prefill_efficiency: pe,
            bandwidth_efficiency: be,
        })
    };
    // GPUs per replica: the user's, else the fewest of 1, 2, 4, 8 that hold weights and one sequence.
    let fits = |batch: f64, gpus: f64| memory_for(batch, gpus).total_gib <= usable;
    let per_replica = match i.gpus {
        Some(g) => at_least_one(&format!("{w}.gpus"), Some(g), 1.0)?,
        None => [1.0, 2.0, 4.0, 8.0].into_iter().find(|g| fits(1.0, *g)).unwrap_or(f64::INFINITY),
    };
    if !per_replica.is_finite() || !fits(1.0, per_replica) {
        let need = memory_for(1.0, 1.0).total_gib;
        ctx.notes.push(format!("{need:.0} GiB of weights and cache do not fit 8 × {} ({usable:.0} of {capacity:.0} GiB each for the serving engine): use more GPUs (pipeline parallel across nodes) or lower precision", a.key));
        response.memory = memory_for(1.0, 8.0);
        response.gpus = 8.0;
        response.total_memory_gib = need;
        response.compute.latency_feasible = Some(false);
        response.compute.infeasible = Some(Infeasible::Memory { need_gib: need, gpus: 8.0 });
        response.model = Some(model);
        return Ok(response);
    }
    // Batch that fits one replica's memory.
    // KV-cache room per replica: the engine's share of memory less weights, workspace and overhead.
    let kv_room_gib = ((usable - memory_for(0.0, per_replica).total_gib) * per_replica).max(0.0);
    let max_batch = (kv_room_gib * GIB / kv_per_seq).floor().clamp(1.0, 1024.0);
    let room_tokens = memory::longest_context(&model, kv_room_gib * GIB, 1.0, kv_precision.bytes());
    response.longest_context_tokens = Some(room_tokens);

    let measured = ctx.measured(|x| x.memory_bandwidth_gbs);
    let (tokens_needed, latency_targets) = match i.mode {
        InferenceMode::Online => {
            // Little's law: sequences in flight = arrival rate × time in the system.
            if i.concurrency.is_none() {
                if let Some(rps) = i.requests_per_second {
                    for _ in 0..8 {
                        let s = speed((concurrency / 1.0).min(max_batch).max(1.0), per_replica);
                        concurrency = (rps * (s.ttft_ms.expected + output * s.itl_ms.expected) / 1000.0).max(1.0);
                    }
                }
            }
            (i.requests_per_second.map(|r| r * output), true)
        }
        InferenceMode::Batch => {
            let per_day = i.tokens_per_day.or(i.requests_per_day.map(|r| r * output));
            concurrency = max_batch.min(256.0);
            (per_day.map(|t| t / 86_400.0), false)
        }
    };
    ctx.assume(
        "concurrency",
        concurrency,
        if i.concurrency.is_some() {
            "given"
        } else {
            "from requestsPerSecond by Little's law, or the largest batch that fits for batch jobs"
        },
    );
    let room = KvRoom {
        room_gib: kv_room_gib,
        usable_gib: usable * per_replica,
        room_tokens,
        sequences_fit: (kv_room_gib * GIB / kv_per_seq).floor(),
    };
    if let Some(note) = kv_room_note(&room, context, concurrency, model.context_tokens) {
        ctx.notes.push(note);
    }
    let replicas = (concurrency / max_batch).ceil().max(1.0);
    let batch = (concurrency / replicas).max(1.0);
    let mut s: InferenceSpeed = speed(batch, per_replica);
    if let Some(tps) = measured {
        s.tokens_per_second = Range::new(tps, tps, tps);
    }
    let mut replicas_needed = replicas;
    if let Some(needed) = tokens_needed {
        replicas_needed = replicas_needed.max((needed / s.tokens_per_second.expected).ceil());
    }
    let mut feasible = true;
    let mut infeasible = None;
    if latency_targets {
        let best = speed(1.0, 8.0);
        if let Some(target) = i.ttft_target_ms {
            if best.ttft_ms.expected > target {
                feasible = false;
                infeasible = Some(Infeasible::Ttft { best_ms: best.ttft_ms.expected, target_ms: target });
                ctx.notes.push(format!(
                    "time to first token: {:.0} ms even on 8 × {} with one request; target {target:.0} ms",
                    best.ttft_ms.expected, a.key
                ));
            } else if s.ttft_ms.expected > target {
                ctx.notes.push(format!(
                    "time to first token {:.0} ms on {per_replica:.0} GPU(s) misses {target:.0} ms: more GPUs per replica",
                    s.ttft_ms.expected
                ));
            }
        }
        if let Some(target) = i.itl_target_ms {
            if best.itl_ms.expected > target {
                feasible = false;
                infeasible = infeasible.or(Some(Infeasible::Itl { best_ms: best.itl_ms.expected, target_ms: target }));
                ctx.notes.push(format!(
                    "time per output token: {:.1} ms even on 8 × {} at batch 1; target {target:.1} ms",
                    best.itl_ms.expected, a.key
                ));
            } else if s.itl_ms.expected > target {
                ctx.notes.push(format!(
                    "{:.1} ms per token at batch {batch:.0} misses {target:.1} ms: smaller batches, more replicas",
                    s.itl_ms.expected
                ));
            }
        }
    }
    response.memory = memory_for(batch, per_replica);
    response.gpus = per_replica;
    response.total_memory_gib = response.memory.total_gib * per_replica * replicas_needed;
    response.compute.math_precision = Some(math);
    response.compute.peak_tflops = Some(peak);
    response.compute.ttft_ms = Some(s.ttft_ms);
    response.compute.itl_ms = Some(s.itl_ms);
    response.compute.tokens_per_second = Some(s.tokens_per_second);
    response.compute.decode_bound = Some(s.decode_bound);
    response.compute.gpus_per_replica = Some(per_replica);
    response.compute.replicas = Some(replicas_needed);
    response.compute.gpus_needed = Some(per_replica * replicas_needed);
    response.compute.latency_feasible = Some(feasible);
    response.compute.infeasible = infeasible;
    if let Some(per_s) = tokens_needed {
        let hours_per_day = per_s * 86_400.0 / s.tokens_per_second.expected / 3600.0 * per_replica;
        response.compute.gpu_hours = Some(Range::new(
            per_s * 86_400.0 / s.tokens_per_second.high / 3600.0 * per_replica,
            hours_per_day,
            per_s * 86_400.0 / s.tokens_per_second.low / 3600.0 * per_replica,
        ));
        ctx.notes.push("gpuHours are per day of service".into());
    }
    if math != precision {
        ctx.notes.push(format!(
            "{} weights compute at {} on {} (weight-only quantization)",
            precision.name(),
            math.name(),
            a.key
        ));
    }
    response.model = Some(model);
    Ok(response)
}

/// HPC: total FP64/FP32 work over peak × efficiency, or a measured runtime scaled by peak ratio.
fn hpc(ctx: &mut Ctx, catalog: &Catalog, h: &Hpc) -> Result<EstimateResponse, Error> {
    let w = "workload";
    let precision = h.precision.unwrap_or(Precision::Fp64);
    if !matches!(precision, Precision::Fp64 | Precision::Fp32) {
        return Err(Error::new(format!("{w}.precision"), "HPC work is fp64 or fp32"));
    }
    let jobs = at_least_one(&format!("{w}.jobs"), h.jobs, 1.0)?;
    let memory = h.memory_gib_per_job.unwrap_or(0.0);
    check_range(&format!("{w}.memoryGibPerJob"), memory, 0.0, 1e7)?;
    let mut response = empty_response("hpc");
    let overhead = ctx.overhead();
    response.memory =
        MemoryBreakdown { activations_gib: memory, overhead_gib: overhead, ..MemoryBreakdown::default() }.summed();
    response.total_memory_gib = response.memory.total_gib * jobs;
    let eff = ctx.range(
        "hpcEfficiency",
        ctx.overrides.hpc_efficiency,
        (
            Range::new(0.1, 0.3, 0.6),
            "assumed: dense solvers reach 60–70% of FP64 peak (HPL), sparse CFD codes far less; set your own",
        ),
    );
    let peak_of =
        |a: &Accelerator| precision::peak_tflops(a, precision).filter(|(_, m)| *m == precision).map(|(t, _)| t);
    let work_tflop = match (h.work_tflop, h.reference_hours, &h.reference_accelerator) {
        (Some(work), _, _) => positive(&format!("{w}.workTflop"), work)?,
        (None, Some(hours), Some(reference)) => {
            positive(&format!("{w}.referenceHours"), hours)?;
            let r = resolve_accelerator(catalog, reference, &format!("{w}.referenceAccelerator"))?;
            let peak = peak_of(r).ok_or_else(|| {
                Error::new(format!("{w}.referenceAccelerator"), format!("{} has no {} figure", r.key, precision.name()))
            })?;
            // The same code reaches the same share of peak on the target.
            hours * 3600.0 * peak * eff.expected
        }
        _ => {
            return Err(Error::new(
                format!("{w}.workTflop"),
                "give workTflop, or referenceHours with referenceAccelerator",
            ))
        }
    };
    response.compute.total_flops = Some(work_tflop * 1e12 * jobs);
    if let Some(a) = ctx.accel {
        match peak_of(a) {
            Some(peak) if precision != Precision::Fp64 || peak >= 1.0 => {
                let hours = Range {
                    low: work_tflop / (peak * eff.high) / 3600.0,
                    expected: work_tflop / (peak * eff.expected) / 3600.0,
                    high: work_tflop / (peak * eff.low) / 3600.0,
                }
                .map(|x| x * jobs);
                response.compute.gpu_hours = Some(hours);
                response.compute.peak_tflops = Some(peak);
                response.compute.math_precision = Some(precision);
            }
            Some(peak) => ctx.notes.push(format!(
                "{} reaches only {peak} FP64 TFLOPS: consumer-class FP64 (1/32–1/64 of FP32), unsuited to FP64 work",
                a.key
            )),
            None => ctx.notes.push(format!("{} has no published {} figure", a.key, precision.name())),
        }
    }
    Ok(response)
}

/// Rendering: frames × minutes per frame on a reference GPU, scaled by FP32 throughput.
fn render(ctx: &mut Ctx, catalog: &Catalog, r: &Render) -> Result<EstimateResponse, Error> {
    let w = "workload";
    let frames = at_least_one(&format!("{w}.frames"), Some(r.frames), 1.0)?;
    let minutes = check_range(&format!("{w}.minutesPerFrame"), r.minutes_per_frame, 1e-6, 1e7)?;
    let reference = resolve_accelerator(catalog, &r.reference_accelerator, &format!("{w}.referenceAccelerator"))?;
    let mut response = empty_response("render");
    let memory = r.memory_gib.unwrap_or(8.0);
    check_range(&format!("{w}.memoryGib"), memory, 0.0, 1e5)?;
    let overhead = ctx.overhead();
    response.memory =
        MemoryBreakdown { activations_gib: memory, overhead_gib: overhead, ..MemoryBreakdown::default() }.summed();
    response.total_memory_gib = response.memory.total_gib;
    response.graphics_apis = vec!["graphics".into()];
    let reference_hours = frames * minutes / 60.0;
    ctx.assume("referenceHours", reference_hours, &format!("{frames} frames × {minutes} min on {}", reference.key));
    if let Some(a) = ctx.accel {
        match (a.fp32_tflops, reference.fp32_tflops) {
            (Some(t), Some(rt)) if t > 0.0 => {
                let hours = reference_hours * rt / t;
                ctx.assume(
                    "scaling",
                    "FP32 TFLOPS ratio",
                    "assumed: GPU renderers scale roughly with FP32 throughput; measure your scene",
                );
                response.compute.gpu_hours = Some(Range::new(hours * 0.7, hours, hours * 1.5));
            }
            _ => ctx.notes.push("no FP32 figure to scale the reference time".into()),
        }
    }
    Ok(response)
}

/// VDI: desktops × GPU memory per desktop, and the graphics APIs needed.
fn vdi(ctx: &mut Ctx, v: &Vdi) -> Result<EstimateResponse, Error> {
    let w = "workload";
    let desktops = at_least_one(&format!("{w}.desktops"), Some(v.desktops), 1.0)?;
    let profile = check_range(&format!("{w}.profileGib"), v.profile_gib, 0.25, 1024.0)?;
    let mut response = empty_response("vdi");
    response.memory = MemoryBreakdown { activations_gib: profile, ..MemoryBreakdown::default() }.summed();
    response.total_memory_gib = profile * desktops;
    response.graphics_apis =
        if v.graphics_apis.is_empty() { vec!["DirectX".into(), "OpenGL".into()] } else { v.graphics_apis.clone() };
    response.hours =
        v.hours_per_month.map(|h| check_range(&format!("{w}.hoursPerMonth"), h, 0.0, 744.0)).transpose()?;
    ctx.assume("profileGib", profile, "GPU memory per desktop (the vGPU profile)");
    let vcpus = v.vcpus_per_desktop.unwrap_or(DEFAULT_DESKTOP_VCPUS);
    check_range(&format!("{w}.vcpusPerDesktop"), vcpus, 0.25, 256.0)?;
    let memory = v.memory_gib_per_desktop.unwrap_or(DEFAULT_DESKTOP_MEMORY_GIB);
    check_range(&format!("{w}.memoryGibPerDesktop"), memory, 0.25, 4096.0)?;
    let assumed = "assumed for a CAD/3D power user (NVIDIA RTX vWS sizing); set your own";
    ctx.assume("vcpusPerDesktop", vcpus, if v.vcpus_per_desktop.is_some() { "given" } else { assumed });
    ctx.assume("memoryGibPerDesktop", memory, if v.memory_gib_per_desktop.is_some() { "given" } else { assumed });
    response.host_per_desktop = Some(HostDemand { vcpus, memory_gib: memory });
    if let Some(mem) = ctx.accel.and_then(|a| a.memory_gib) {
        let per_gpu = (mem / profile).floor().max(0.0);
        response.compute.gpus_needed = Some(if per_gpu > 0.0 { (desktops / per_gpu).ceil() } else { f64::INFINITY });
        ctx.notes.push(format!("{per_gpu} desktops of {profile} GiB per {mem} GiB GPU"));
    }
    Ok(response)
}

fn devtest(ctx: &mut Ctx, d: &Devtest) -> Result<EstimateResponse, Error> {
    let w = "workload";
    let hours = check_range(&format!("{w}.hoursPerMonth"), d.hours_per_month, 0.0, 744.0)?;
    let memory = d.min_gpu_memory_gib.unwrap_or(16.0);
    check_range(&format!("{w}.minGpuMemoryGib"), memory, 0.0, 1e5)?;
    let mut response = empty_response("devtest");
    response.memory = MemoryBreakdown { activations_gib: memory, ..MemoryBreakdown::default() }.summed();
    response.total_memory_gib = memory;
    response.hours = Some(hours);
    ctx.assume(
        "minGpuMemoryGib",
        memory,
        if d.min_gpu_memory_gib.is_some() { "given" } else { "default for a development notebook" },
    );
    Ok(response)
}

fn raw(ctx: &mut Ctx, r: &Raw) -> Result<EstimateResponse, Error> {
    let w = "workload";
    let memory = check_range(&format!("{w}.gpuMemoryGib"), r.gpu_memory_gib, 0.0, 1e5)?;
    let count = at_least_one(&format!("{w}.gpuCount"), r.gpu_count, 1.0)?;
    let mut response = empty_response("raw");
    if let Some(h) = r.hours {
        response.hours = Some(check_range(&format!("{w}.hours"), h, 0.0, 1e7)?);
        response.compute.gpu_hours = Some(Range::new(h * count, h * count, h * count));
    }
    response.memory = MemoryBreakdown { weights_gib: memory, ..MemoryBreakdown::default() }.summed();
    response.gpus = count;
    response.total_memory_gib = memory * count;
    response.compute.math_precision = r.precision;
    response.compute.gpus_needed = Some(count);
    if let Some(i) = &r.interconnect {
        ctx.assume("interconnect", i, "given");
    }
    Ok(response)
}
