//! Serving a model: memory with the KV cache, prefill and decode speed,
//! replicas for the request rate, latency targets.

use crate::catalog::Catalog;
use crate::error::{check_range, Error};
use crate::recommend::fit::{mem, peak, whole_gpus, Fit, FitInput};
use crate::recommend::outcome::{exclude, Exclusion, Layout};
use crate::workload::compute::{self, InferenceInputs, InferenceSpeed, Range};
use crate::workload::context::*;
use crate::workload::memory::{self, MemoryBreakdown, GIB};
use crate::workload::model::{self, ModelInput, ModelSpec};
use crate::workload::precision::{self, Precision};
use crate::workload::response::*;
use serde::{Deserialize, Serialize};

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

/// KV-cache room is small below this share of the engine's memory (assumed:
/// then the batch, not the GPU, limits throughput).
pub(crate) const KV_ROOM_SMALL_SHARE: f64 = 0.1;

/// What one replica holds for the KV cache.
pub(crate) struct KvRoom {
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
pub(crate) fn kv_room_note(room: &KvRoom, context: f64, concurrency: f64, model_context: u32) -> Option<String> {
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

/// GPUs per replica at most: tensor parallel stays inside one instance's
/// NVLink or PCIe domain, and no instance in the catalog has more than 16 GPUs.
pub const MAX_GPUS_PER_REPLICA: f64 = 16.0;
/// Tokens in and out per request by default (assumed: a chat turn).
pub const DEFAULT_PROMPT_TOKENS: f64 = 512.0;
pub const DEFAULT_OUTPUT_TOKENS: f64 = 256.0;

/// A checked serving workload: every default stated here once.
#[derive(Debug, Clone)]
pub struct Serving {
    model: ModelSpec,
    mode: InferenceMode,
    precision: Precision,
    kv_precision: Precision,
    prompt: f64,
    output: f64,
    context: f64,
    concurrency: Option<f64>,
    requests_per_second: Option<f64>,
    tokens_per_day: Option<f64>,
    requests_per_day: Option<f64>,
    ttft_target_ms: Option<f64>,
    itl_target_ms: Option<f64>,
    gpus: Option<f64>,
}

impl Serving {
    fn check(i: &Inference) -> Result<Serving, Error> {
        let w = "workload";
        let model = model::resolve(&i.model, &format!("{w}.model"))?;
        let precision = i.precision.unwrap_or(Precision::Bf16);
        let kv_precision = i.kv_precision.unwrap_or(Precision::Bf16);
        if precision == Precision::Fp64 {
            return Err(Error::new(format!("{w}.precision"), "LLM inference does not run in fp64"));
        }
        let prompt = i.prompt_tokens.unwrap_or(DEFAULT_PROMPT_TOKENS);
        let output = i.output_tokens.unwrap_or(DEFAULT_OUTPUT_TOKENS);
        check_range(&format!("{w}.promptTokens"), prompt, 1.0, 1e7)?;
        check_range(&format!("{w}.outputTokens"), output, 1.0, 1e7)?;
        let context = i.context_tokens.unwrap_or(prompt + output);
        check_range(&format!("{w}.contextTokens"), context, 1.0, 1e8)?;
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
        // Zero GPUs, or more than one instance holds, would leave every offer out
        // later as `specs` or `tensor-parallel`: say so here, with the field.
        if let Some(g) = i.gpus {
            check_range(&format!("{w}.gpus"), g, 1.0, MAX_GPUS_PER_REPLICA)?;
            if g.fract() != 0.0 {
                return Err(Error::coded(
                    "invalid-value",
                    format!("{w}.gpus"),
                    format!("GPUs per replica must be a whole number, got {g}"),
                    &[("got", g)],
                ));
            }
        }
        Ok(Serving {
            model,
            mode: i.mode,
            precision,
            kv_precision,
            prompt,
            output,
            context,
            concurrency: i.concurrency,
            requests_per_second: i.requests_per_second,
            tokens_per_day: i.tokens_per_day,
            requests_per_day: i.requests_per_day,
            ttft_target_ms: i.ttft_target_ms,
            itl_target_ms: i.itl_target_ms,
            gpus: i.gpus,
        })
    }
}

/// Inference: weights + KV cache for the concurrency + one layer's activations + overhead;
/// speed by the prefill/decode roofline.
fn inference(ctx: &mut Ctx, i: &Serving) -> Result<Demand, Error> {
    let model = &i.model;
    let (precision, kv_precision, prompt, output, context) =
        (i.precision, i.kv_precision, i.prompt, i.output, i.context);
    if model.context_tokens > 0 && context > f64::from(model.context_tokens) {
        ctx.notes
            .push(format!("{context:.0} tokens exceed {}'s context window of {}", model.name, model.context_tokens));
    }
    let weight_bytes = memory::weight_bytes(model, precision);
    let expert_bytes = memory::routed_expert_params(model) * precision.bytes();
    if precision.bytes() < 2.0 {
        ctx.assume(
            "embeddingPrecision",
            Precision::Bf16,
            "quantized checkpoints keep embeddings and the output layer in BF16 (llm-compressor ignores lm_head)",
        );
    }
    let kv_per_seq = memory::kv_cache_bytes(model, context, 1.0, kv_precision.bytes());
    let overhead = ctx.overhead();
    ctx.assume("promptTokens", prompt, "tokens per request in");
    ctx.assume("outputTokens", output, "tokens per request out");
    ctx.assume("contextTokens", context, "tokens held in the KV cache per sequence");
    ctx.assume("kvPrecision", kv_precision, "KV-cache element size");

    let mut response = Demand::one_gpu();
    let mut concurrency = i.concurrency.unwrap_or(1.0).max(1.0);
    let memory_for = |batch: f64, gpus: f64| {
        MemoryBreakdown {
            weights_gib: weight_bytes / gpus / GIB,
            kv_cache_gib: kv_per_seq * batch / gpus / GIB,
            activations_gib: memory::inference_activations(model, prompt.min(2048.0), 1.0) / GIB,
            overhead_gib: overhead,
            ..MemoryBreakdown::default()
        }
        .summed()
    };

    let Some(a) = ctx.accel else {
        response.memory = memory_for(concurrency, 1.0);
        response.total_memory_gib = response.memory.total_gib;
        ctx.notes.push("give an accelerator for GPU count, speed and latency".into());
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
            model,
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
        Some(g) => g,
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
        return Ok(response);
    }
    // Batch that fits one replica's memory.
    // KV-cache room per replica: the engine's share of memory less weights, workspace and overhead.
    let kv_room_gib = ((usable - memory_for(0.0, per_replica).total_gib) * per_replica).max(0.0);
    let max_batch = (kv_room_gib * GIB / kv_per_seq).floor().clamp(1.0, 1024.0);
    let room_tokens = memory::longest_context(model, kv_room_gib * GIB, 1.0, kv_precision.bytes());
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
    let mut infeasible = None;
    if latency_targets {
        let best = speed(1.0, 8.0);
        if let Some(target) = i.ttft_target_ms {
            if best.ttft_ms.expected > target {
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
    response.compute.latency_feasible = Some(infeasible.is_none());
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
    Ok(response)
}

impl Kind for Serving {
    type Request = Inference;

    fn check(i: &Inference, _: &Catalog, _: &'static str) -> Result<Self, Error> {
        Serving::check(i)
    }

    fn demand(&self, ctx: &mut Ctx) -> Result<Demand, Error> {
        inference(ctx, self)
    }

    /// Replicas of the demand's layout packed into instances of the offer.
    fn fit(&self, e: &Demand, i: &FitInput) -> Result<Fit, Exclusion> {
        let o = i.offer;
        whole_gpus(i)?;
        // The estimate says, in numbers, why the demand cannot be met on this accelerator.
        match e.compute.infeasible {
            Some(Infeasible::Ttft { best_ms, target_ms }) => {
                return Err(exclude("latency", &[("ttftMs", best_ms), ("targetMs", target_ms)]))
            }
            Some(Infeasible::Itl { best_ms, target_ms }) => {
                return Err(exclude("latency", &[("itlMs", best_ms), ("targetMs", target_ms)]))
            }
            Some(Infeasible::Memory { need_gib, gpus }) => {
                return Err(exclude("memory", &[("needGib", need_gib), ("gpus", gpus), ("hasGib", mem(o))]))
            }
            None => {}
        }
        let per_replica = e.compute.gpus_per_replica.unwrap_or(1.0);
        if o.gpu_count < per_replica {
            return Err(exclude(
                "tensor-parallel",
                &[("gpusPerReplica", per_replica), ("hasGpus", o.gpu_count), ("memoryGib", mem(o))],
            ));
        }
        let replicas = e.compute.replicas.unwrap_or(1.0);
        let per_instance = (o.gpu_count / per_replica).floor().max(1.0);
        let instances = (replicas / per_instance).ceil().max(1.0);
        let hours = match self.mode {
            InferenceMode::Online => i.service_hours,
            InferenceMode::Batch => {
                let per_day =
                    e.compute.gpu_hours.map_or(24.0, |h| h.expected) / (instances * per_instance * per_replica);
                per_day.min(24.0) * i.service_hours / 24.0 * (1.0 + i.overhead)
            }
        };
        Ok(Fit {
            instances,
            gpus: instances * o.gpu_count,
            hours,
            gpu_hours: hours * instances * o.gpu_count,
            layout: Layout::Replicas { gpus_per_replica: per_replica },
            peak_tflops: peak(i.accel, self.precision) * instances * o.gpu_count,
            ..i.base(e.memory.total_gib)
        })
    }

    fn describe(&self) -> Description<'_> {
        Description {
            kind: "inference",
            model: Some(&self.model),
            service: self.mode == InferenceMode::Online,
            interruptible: self.mode == InferenceMode::Batch,
            api_tokens: self.api_tokens(),
            ..Description::default()
        }
    }
}

impl Serving {
    /// Tokens a month at the stated load, in and out, to compare with an API's price.
    fn api_tokens(&self) -> Option<ApiTokens> {
        let (prompt, output) = (self.prompt, self.output);
        let per_request = prompt + output;
        let hours_per_month = crate::cost::HOURS_PER_MONTH;
        let per_month = match (self.requests_per_second, self.tokens_per_day, self.requests_per_day) {
            (Some(rps), _, _) => rps * per_request * 3600.0 * hours_per_month,
            (None, Some(t), _) => t / output.max(1.0) * per_request * hours_per_month / 24.0,
            (None, None, Some(d)) => d * per_request * hours_per_month / 24.0,
            _ => return None,
        };
        Some(ApiTokens { prompt, output, per_month })
    }
}
