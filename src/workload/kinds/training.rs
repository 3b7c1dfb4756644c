//! Pre-training and fine-tuning: memory under the chosen sharding, GPU-hours
//! from 6·N·D plus attention, utilisation by model size, precision and cluster.

use crate::catalog::Catalog;
use crate::error::{check_range, Error};
use crate::recommend::facts;
use crate::recommend::fit::{capacity, host_balance, mem, memory_short, peak, whole_gpus, Fit, FitInput};
use crate::recommend::outcome::{exclude, Exclusion, Layout, Notices};
use crate::recommend::roles;
use crate::workload::compute::{self, Range};
use crate::workload::context::*;
use crate::workload::memory::{self, MemoryBreakdown, Optimizer, Parallelism, Recompute, GIB};
use crate::workload::model::{self, ModelInput, ModelSpec};
use crate::workload::precision::{self, Precision};
use crate::workload::response::*;
use serde::{Deserialize, Serialize};

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

/// Without a GPU count, a run is assumed to take about two months: DeepSeek-V3
/// pre-trained in 54 days (2.664M H800-hours on 2,048 GPUs), Llama 3 405B's
/// reported snapshot spans 54 days, LLaMA 65B took 21 and BLOOM 118.
pub(crate) const REFERENCE_RUN_HOURS: f64 = 60.0 * 24.0;
pub(crate) const CLUSTER_SOURCE: &str =
    "no GPU count given: the GPUs that finish in about two months (DeepSeek-V3 and Llama 3 405B ran 54 days), at least what memory needs";

/// GPUs assumed when the request gives none: enough to finish the ideal
/// GPU-hours in `REFERENCE_RUN_HOURS`, and at least what memory needs.
pub(crate) fn assumed_cluster(gpus: f64, memory_gpus: Option<f64>, ideal_gpu_hours: f64) -> f64 {
    let by_time = (ideal_gpu_hours / REFERENCE_RUN_HOURS).ceil();
    let by_memory = memory_gpus.filter(|g| g.is_finite()).unwrap_or(1.0);
    gpus.max(by_time).max(by_memory).max(1.0)
}

/// A checked training run: every default stated here once.
#[derive(Debug, Clone)]
pub struct TrainingRun {
    kind: &'static str,
    model: ModelSpec,
    tokens: f64,
    method: FinetuneMethod,
    precision: Precision,
    seq: f64,
    micro_batch: f64,
    /// GPUs as given; `None`: the run picks its cluster.
    gpus_given: Option<f64>,
    gpus: f64,
    tensor: f64,
    pipeline: f64,
    zero_stage: u8,
    recompute: Recompute,
    optimizer: Optimizer,
    rank: f64,
    /// Lower-cased: `nvlink`, `pcie`, `infiniband`, `roce`, `ethernet`.
    network: String,
    per_node: f64,
}

/// ZeRO stage by default: FSDP FULL_SHARD, PyTorch's default.
pub const DEFAULT_ZERO_STAGE: u8 = 3;
/// LoRA rank by default (the LoRA paper's and PEFT's common choice).
pub const DEFAULT_LORA_RANK: f64 = 16.0;
/// Sequence length by default, or the model's context if shorter.
pub const DEFAULT_SEQUENCE_TOKENS: f64 = 4096.0;
/// Training across more GPUs than this is beyond what the estimate can support.
const MAX_TRAINING_GPUS: f64 = 65_536.0;

impl TrainingRun {
    fn check(t: &Training, kind: &'static str) -> Result<Self, Error> {
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
        let context_default = if model.context_tokens > 0 {
            f64::from(model.context_tokens).min(DEFAULT_SEQUENCE_TOKENS)
        } else {
            DEFAULT_SEQUENCE_TOKENS
        };
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
        let zero_stage = t.zero_stage.unwrap_or(DEFAULT_ZERO_STAGE);
        if zero_stage > 3 {
            return Err(Error::new(format!("{w}.zeroStage"), "must be 0, 1, 2 or 3"));
        }
        let recompute = t.recompute.unwrap_or(if kind == "finetune" { Recompute::Full } else { Recompute::Selective });
        let rank = t.lora_rank.unwrap_or(DEFAULT_LORA_RANK);
        check_range(&format!("{w}.loraRank"), rank, 1.0, 4096.0)?;
        let per_node = t.gpus_per_node.unwrap_or(8.0);
        check_range(&format!("{w}.gpusPerNode"), per_node, 1.0, 1024.0)?;
        Ok(TrainingRun {
            kind,
            model,
            tokens,
            method,
            precision,
            seq,
            micro_batch,
            gpus_given: t.gpus,
            gpus,
            tensor,
            pipeline,
            zero_stage,
            recompute,
            optimizer: t.optimizer.unwrap_or_default(),
            rank,
            network: t.interconnect.as_deref().unwrap_or("infiniband").trim().to_ascii_lowercase(),
            per_node,
        })
    }
}

/// Pre-training and fine-tuning: memory per GPU under the chosen sharding, and
/// GPU-hours from 6·N·D (8·N·D with full recomputation).
fn training(ctx: &mut Ctx, t: &TrainingRun) -> Result<Demand, Error> {
    let (model, tokens, method, precision) = (&t.model, t.tokens, t.method, t.precision);
    let (seq, micro_batch, gpus, tensor, pipeline) = (t.seq, t.micro_batch, t.gpus, t.tensor, t.pipeline);
    let (zero_stage, recompute, optimizer, rank) = (t.zero_stage, t.recompute, t.optimizer, t.rank);
    let par = Parallelism { gpus, tensor, pipeline, zero_stage };

    // Memory (estimation_formulas.md §3, §7).
    let params = model.params_b * 1e9;
    let (weight_bytes, trained) = match method {
        FinetuneMethod::Full => (precision.bytes(), params),
        FinetuneMethod::Lora => (precision.bytes(), memory::lora_params(model, rank)),
        FinetuneMethod::Qlora => (precision::NF4_BYTES, memory::lora_params(model, rank)),
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
    let activations = memory::training_activations(model, seq, micro_batch, recompute, tensor);
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

    let mut response =
        Demand { gpus, total_memory_gib: breakdown.total_gib * gpus, memory: breakdown, ..Demand::default() };

    // Compute: the backward pass of LoRA still runs through the frozen model, so
    // 6·N·D holds (the QLoRA paper's throughput figures are of that order).
    let flops = compute::training_flops(model, tokens, seq, recompute == Recompute::Full);
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
        let network = t.network.as_str();
        let nvlink = a.interconnect.to_ascii_lowercase().contains("nvlink") || network == "nvlink";
        let per_node = t.per_node;
        let memory_gpus = a.memory_gib.map(|mem| gpus_for_memory(breakdown, mem, &par, overhead));
        let setup =
            |multi_node: bool| compute::TrainingSetup { model, accel: a, math, peak_tflops: peak, seq, multi_node };
        let default_util = {
            let single = compute::training_utilization(&setup(gpus > per_node));
            match t.gpus_given {
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
        let cluster = match t.gpus_given {
            Some(_) => gpus,
            None => assumed_cluster(gpus, memory_gpus, ideal.expected),
        };
        if t.gpus_given.is_none() {
            ctx.assume("clusterGpus", cluster, CLUSTER_SOURCE);
        }
        let scaling = match (ctx.overrides.scaling_efficiency, measured) {
            (Some(s), _) => {
                ctx.assume("scalingEfficiency", s, "your value");
                Range::new(s, s, s)
            }
            (None, Some(_)) => Range::new(1.0, 1.0, 1.0),
            (None, None) => {
                let (_, why) = compute::scaling_efficiency(cluster, per_node, nvlink, network);
                let range = compute::scaling_range(cluster, per_node, nvlink, network);
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
    Ok(response)
}

/// The fewest GPUs (powers of two, then whole nodes) whose per-GPU memory fits,
/// sharding model states (ZeRO-3) over data-parallel GPUs.
pub(crate) fn gpus_for_memory(per_gpu: MemoryBreakdown, capacity_gib: f64, par: &Parallelism, overhead: f64) -> f64 {
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

impl Kind for TrainingRun {
    type Request = Training;

    fn check(t: &Training, _: &Catalog, kind: &'static str) -> Result<Self, Error> {
        TrainingRun::check(t, kind)
    }

    fn demand(&self, ctx: &mut Ctx) -> Result<Demand, Error> {
        training(ctx, self)
    }

    /// GPUs for memory and the deadline, spread over instances that must talk
    /// over RDMA; model states shard over the GPUs used.
    fn fit(&self, e: &Demand, i: &FitInput) -> Result<Fit, Exclusion> {
        let (o, a) = (i.offer, i.accel);
        whole_gpus(i)?;
        if !roles::trains(&a.key) {
            return Err(exclude("inference-only", &[]));
        }
        if self.precision == Precision::Fp8 && a.fp8_tflops.is_none() {
            return Err(exclude("no-fp8", &[]));
        }
        let need = e.compute.gpus_needed.unwrap_or(1.0);
        if !need.is_finite() {
            return Err(exclude("memory", &[("activationsGib", e.memory.activations_gib), ("hasGib", mem(o))]));
        }
        // GPU-hours at perfect scaling: this offer's cluster applies its own loss, once.
        let base_gpu_hours = e.compute.ideal_gpu_hours.or(e.compute.gpu_hours).map_or(0.0, |h| h.expected);
        let rdma = facts::rdma(o);
        let nvlink = facts::contains_ignore_case(&a.interconnect, "nvlink");
        let network = if rdma == Some(true) { "infiniband" } else { "ethernet" };
        let mut gpus = need.max(self.gpus_given.unwrap_or(1.0));
        let mut instances;
        let mut scaling;
        loop {
            instances = (gpus / o.gpu_count).ceil();
            let total = instances * o.gpu_count;
            scaling = compute::scaling_range(total, o.gpu_count, nvlink, network).expected;
            let hours = base_gpu_hours / (total * scaling) * (1.0 + i.overhead);
            match i.deadline_hours {
                Some(d) if hours > d && total < MAX_TRAINING_GPUS && instances > 1.0 && rdma != Some(true) => {
                    return Err(exclude("deadline", &[("deadlineHours", d), ("needsRdma", 1.0)]));
                }
                Some(d) if hours > d && total < MAX_TRAINING_GPUS => gpus = (total * (hours / d).max(1.05)).ceil(),
                Some(d) if hours > d => {
                    return Err(exclude("deadline", &[("deadlineHours", d), ("gpus", total)]));
                }
                _ => break,
            }
        }
        let total = instances * o.gpu_count;
        // Model states shard over the GPUs used (ZeRO stage ≥ 1/2/3); activations and overhead do not.
        let shard = |s: u8| if self.zero_stage >= s { total / e.gpus.max(1.0) } else { 1.0 };
        let per_gpu = e.memory.weights_gib / shard(3)
            + e.memory.gradients_gib / shard(2)
            + e.memory.optimizer_gib / shard(1)
            + e.memory.activations_gib
            + e.memory.overhead_gib;
        if per_gpu > mem(o) + 1e-9 {
            return Err(memory_short(per_gpu, o));
        }
        if instances > 1.0 {
            match rdma {
                Some(false) => return Err(exclude("no-rdma", &[("instances", instances)])),
                // Synchronous training waits for the slowest link: unknown networking is not enough.
                None => return Err(exclude("rdma-unknown", &[("instances", instances)])),
                Some(true) => {}
            }
        }
        let hours = base_gpu_hours / (total * scaling) * (1.0 + i.overhead);
        let mut notices = Notices::default();
        host_balance(o, per_gpu, &mut notices);
        capacity(total, &mut notices);
        Ok(Fit {
            instances,
            gpus: total,
            memory_needed_gib: per_gpu,
            hours,
            gpu_hours: hours * total,
            scaling_efficiency: scaling,
            layout: if instances > 1.0 { Layout::MultiNode { rdma: rdma == Some(true) } } else { Layout::OneInstance },
            peak_tflops: peak(a, self.precision) * total,
            notices,
            ..i.base(e.memory.total_gib)
        })
    }

    fn describe(&self) -> Description<'_> {
        Description {
            kind: self.kind,
            model: Some(&self.model),
            interruptible: true,
            synchronous: true,
            ..Description::default()
        }
    }
}
