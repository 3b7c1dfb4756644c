//! Pre-training and fine-tuning: memory under the chosen sharding, GPU-hours
//! from 6·N·D plus attention, utilisation by model size, precision and cluster.

use crate::catalog::Catalog;
use crate::error::{check_range, Error};
use crate::workload::compute::{self, Range};
use crate::workload::context::Kind;
use crate::workload::context::*;
use crate::workload::memory::{self, MemoryBreakdown, Optimizer, Parallelism, Recompute, GIB};
use crate::workload::model::{self, ModelInput};
use crate::workload::precision::{self, Precision};
use crate::workload::response::*;
use crate::workload::words::YOUR_VALUE;
use serde::{Deserialize, Serialize};

#[derive(Deserialize, Serialize, Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
#[derive(ts_rs::TS)]
pub enum FinetuneMethod {
    Full,
    #[default]
    Lora,
    Qlora,
}

#[derive(Deserialize, Debug, Clone)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[derive(ts_rs::TS)]
#[ts(optional_fields = nullable)]
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
pub(crate) const CLUSTER_SOURCE: (&str, &str) = (
    "no GPU count given: the GPUs that finish in about two months (DeepSeek-V3 and Llama 3 405B ran 54 days), at least what memory needs",
    "未给出 GPU 数量：取约两个月完成所需的 GPU 数（DeepSeek-V3 与 Llama 3 405B 各训练 54 天），且不少于显存所需",
);

/// GPUs assumed when the request gives none: enough to finish the ideal
/// GPU-hours in `REFERENCE_RUN_HOURS`, and at least what memory needs.
pub(crate) fn assumed_cluster(gpus: f64, memory_gpus: Option<f64>, ideal_gpu_hours: f64) -> f64 {
    let by_time = (ideal_gpu_hours / REFERENCE_RUN_HOURS).ceil();
    let by_memory = memory_gpus.filter(|g| g.is_finite()).unwrap_or(1.0);
    gpus.max(by_time).max(by_memory).max(1.0)
}

/// Pre-training and fine-tuning: memory per GPU under the chosen sharding, and
/// GPU-hours from 6·N·D (8·N·D with full recomputation).
pub(crate) fn training(ctx: &mut Ctx, t: &Training, kind: &'static str) -> Result<EstimateResponse, Error> {
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
    ctx.assume("contextTokens", seq, ("sequence length per sample", "每个样本的序列长度"));
    ctx.assume("microBatch", micro_batch, ("samples per GPU per step", "每块 GPU 每步的样本数"));
    ctx.assume(
        "recompute",
        recompute,
        ("Korthikanti et al. 2022 activation formulas", "Korthikanti 等 2022 年的激活值公式"),
    );
    ctx.assume(
        "zeroStage",
        zero_stage,
        (
            "ZeRO / FSDP sharding (FULL_SHARD = 3 is PyTorch FSDP's default)",
            "ZeRO / FSDP 分片（PyTorch FSDP 默认 FULL_SHARD = 3）",
        ),
    );
    ctx.assume(
        "optimizer",
        optimizer,
        (
            "optimizer state bytes per parameter (EleutherAI cookbook)",
            "每个参数的优化器状态字节数（EleutherAI cookbook）",
        ),
    );
    if method != FinetuneMethod::Full {
        ctx.assume(
            "loraRank",
            rank,
            ("LoRA rank on Q, K, V, O and MLP matrices", "Q、K、V、O 与 MLP 矩阵上的 LoRA 秩"),
        );
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
        ctx.note(
            format!(
                "MoE: memory counts all {:.1} B parameters, compute the {:.1} B active per token",
                model.params_b, model.active_params_b
            ),
            format!(
                "MoE：显存按全部 {:.1} B 参数计，计算按每个 token 激活的 {:.1} B 参数计",
                model.params_b, model.active_params_b
            ),
        );
    }
    if let Some(a) = ctx.accel {
        let Some((peak, math)) = precision::peak_tflops(a, precision) else {
            return Err(Error::new("accelerator", format!("{} has no published {} figure", a.key, precision.name())));
        };
        if math != precision {
            ctx.note(
                format!("{} has no {} units; estimated at its {} peak", a.key, precision.name(), math.name()),
                format!("{} 没有 {} 计算单元；按其 {} 峰值估算", a.key, precision.name(), math.name()),
            );
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
        let util = ctx.range("utilization", ctx.overrides.utilization, default_util);
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
                ctx.assume("scalingEfficiency", s, YOUR_VALUE);
                Range::new(s, s, s)
            }
            (None, Some(_)) => Range::new(1.0, 1.0, 1.0),
            (None, None) => {
                let (_, why) = compute::scaling_efficiency(cluster, per_node, nvlink, &network);
                let range = compute::scaling_range(cluster, per_node, nvlink, &network);
                ctx.assume("scalingEfficiency", range, why);
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
                ctx.note(
                    format!(
                        "{:.1} GiB per GPU does not fit {}'s {mem:.1} GiB with {gpus:.0} GPU(s); see gpusNeeded",
                        breakdown.total_gib, a.key
                    ),
                    format!(
                        "用 {gpus:.0} 块 GPU 时每块需 {:.1} GiB，超出 {} 的 {mem:.1} GiB；见所需 GPU 数",
                        breakdown.total_gib, a.key
                    ),
                );
            }
        }
    } else {
        ctx.note("give an accelerator for GPU-hours and time", "请选择加速器以得到 GPU 小时数与用时");
    }
    response.model = Some(model);
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

impl Kind for Training {
    fn demand(&self, ctx: &mut Ctx, _: &Catalog, kind: &'static str) -> Result<EstimateResponse, Error> {
        training(ctx, self, kind)
    }
}
