//! Serving a model: memory with the KV cache, prefill and decode speed,
//! replicas for the request rate, latency targets.

use crate::catalog::Catalog;
use crate::error::{check_range, Error};
use crate::recommend::fit::{mem, ml_stack, peak, whole_gpus, Fit, FitInput, ServingChoice};
use crate::recommend::outcome::{exclude, Exclusion, Layout};
use crate::workload::compute::Range;
use crate::workload::context::*;
use crate::workload::memory::{self, MemoryBreakdown, GIB};
use crate::workload::model::{self, ModelInput, ModelSpec};
use crate::workload::perf::efficiency::{self, OpClass};
use crate::workload::perf::serving;
use crate::workload::precision::{self, Precision};
use crate::workload::response::*;
use crate::workload::words::{Said, GIVEN};
use serde::{Deserialize, Serialize};

#[derive(Deserialize, Serialize, Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
#[derive(ts_rs::TS)]
pub enum InferenceMode {
    Batch,
    #[default]
    Online,
}

#[derive(Deserialize, Debug, Clone)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[derive(ts_rs::TS)]
#[ts(optional_fields = nullable)]
pub struct Inference {
    pub model: ModelInput,
    #[serde(default)]
    #[ts(optional = nullable)]
    pub mode: InferenceMode,
    /// Weight precision. Left open, the layout search compares BF16, FP8 (on
    /// GPUs with FP8 tensor cores) and INT4 weight-only (where the engine has
    /// its kernels) by cost per token; the memory estimate without an
    /// accelerator assumes BF16.
    #[serde(default)]
    pub precision: Option<Precision>,
    /// KV-cache precision (default BF16).
    #[serde(default)]
    pub kv_precision: Option<Precision>,
    #[serde(default)]
    pub prompt_tokens: Option<f64>,
    /// The leading tokens of each prompt already in the serving engine's
    /// prefix cache (a shared system prompt, a conversation's earlier turns,
    /// a document asked about again): not prefilled again (vLLM's automatic
    /// prefix caching, SGLang's RadixAttention, TensorRT-LLM's KV cache reuse).
    /// Default 0; at most one fewer than `promptTokens` (the last token is
    /// always computed for its logits).
    #[serde(default)]
    pub cached_prompt_tokens: Option<f64>,
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
    /// The serving engine whose defaults and per-step costs apply (default `vllm`).
    #[serde(default)]
    pub engine: Option<ServingEngine>,
    /// Sequences in one running batch at most (vLLM `max_num_seqs`,
    /// TensorRT-LLM `max_batch_size`); default: the engine's.
    #[serde(default)]
    pub max_sequences: Option<f64>,
    /// How a replica's GPUs share the attention and other non-expert layers:
    /// `tensor` (split, every GPU sees every token) or `data` (replicated, each
    /// GPU its own requests, the routed experts spread over the GPUs:
    /// TensorRT-LLM `enable_attention_dp`). Default: `data` for a mixture of
    /// experts on more than one GPU (the layout its serving rows test) where
    /// it fits, meets the targets and needs no more replicas than `tensor`,
    /// `tensor` otherwise; a replica of one GPU is `tensor` (the two are the
    /// same layout there).
    #[serde(default)]
    pub attention_parallelism: Option<serving::AttentionParallelism>,
}

/// Serving engines with different defaults and host costs (`perf::serving`).
#[derive(Deserialize, Serialize, Debug, Clone, Copy, PartialEq, Eq, Default, ts_rs::TS)]
pub enum ServingEngine {
    /// vLLM as released now (≥ 0.14, async scheduling): host work overlapped with the GPU's.
    #[default]
    #[serde(rename = "vllm")]
    Vllm,
    /// vLLM's V0 engine (≤ 0.5): scheduling and detokenization between GPU steps.
    #[serde(rename = "vllm-0.5")]
    Vllm05,
    /// vLLM 0.8 – 0.13 (V1 before async scheduling was the default): scheduling between GPU steps.
    #[serde(rename = "vllm-0.10")]
    Vllm010,
    /// TensorRT-LLM: KV cache from free memory, batches up to 2,048.
    #[serde(rename = "tensorrt-llm")]
    TensorrtLlm,
}

impl ServingEngine {
    /// Every engine, in the order the `servingEngine` assumption lists them
    /// (`every_serving_engine_is_listed` checks it against the type's own declaration).
    const ALL: [ServingEngine; 4] =
        [ServingEngine::Vllm, ServingEngine::Vllm010, ServingEngine::Vllm05, ServingEngine::TensorrtLlm];

    fn engine(self) -> serving::Engine {
        match self {
            ServingEngine::Vllm => serving::VLLM,
            ServingEngine::Vllm05 => serving::VLLM_0_5,
            ServingEngine::Vllm010 => serving::VLLM_V1_SYNC,
            ServingEngine::TensorrtLlm => serving::TENSORRT_LLM,
        }
    }

    fn name(self) -> &'static str {
        match self {
            ServingEngine::Vllm => "vllm",
            ServingEngine::Vllm05 => "vllm-0.5",
            ServingEngine::Vllm010 => "vllm-0.10",
            ServingEngine::TensorrtLlm => "tensorrt-llm",
        }
    }
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
pub(crate) fn kv_room_note(room: &KvRoom, context: f64, concurrency: f64, model_context: u32) -> Option<Said> {
    let (room_gib, sequences_fit, usable_gib, room_tokens) =
        (room.room_gib, room.sequences_fit, room.usable_gib, room.room_tokens);
    if sequences_fit < concurrency {
        return Some(Said {
            en: format!(
                "KV-cache room of {room_gib:.1} GiB per replica holds {sequences_fit:.0} sequence(s) of {context:.0} tokens, \
                 fewer than the {concurrency:.0} requested: the load is spread over more replicas"
            ),
            zh: format!(
                "每个副本 {room_gib:.1} GiB 的 KV 缓存空间可容纳 {sequences_fit:.0} 条 {context:.0} token 的序列，\
                 少于所需的 {concurrency:.0} 条：负载分摊到更多副本"
            ),
        });
    }
    let model_context = f64::from(model_context);
    let short_of_window = model_context > 0.0 && room_tokens < model_context;
    if room_gib < KV_ROOM_SMALL_SHARE * usable_gib || short_of_window {
        let (window, window_zh) = if short_of_window {
            (
                format!(", less than the model's {model_context:.0}-token context window"),
                format!("，少于模型 {model_context:.0} token 的上下文窗口"),
            )
        } else {
            (String::new(), String::new())
        };
        return Some(Said {
            en: format!(
                "little KV-cache room: {room_gib:.1} of {usable_gib:.0} GiB per replica, {room_tokens:.0} tokens in all{window}; \
                 long prompts or many users need more GPUs per replica"
            ),
            zh: format!(
                "KV 缓存空间不足：每个副本 {usable_gib:.0} GiB 中仅 {room_gib:.1} GiB，共 {room_tokens:.0} token{window_zh}；\
                 长提示词或多用户需要每个副本更多 GPU"
            ),
        });
    }
    None
}

/// GPUs per replica at most: tensor parallel stays inside one instance's
/// NVLink or PCIe domain, and no instance in the catalog has more than 16 GPUs.
pub const MAX_GPUS_PER_REPLICA: f64 = 16.0;
/// How far a MoE's serving estimate ran from the measured throughput on TensorRT-LLM's v1.0
/// tables and its DeepSeek-R1 guide (the 18 MoE rows of data/serving_calibration.csv that no
/// constant was solved from),
/// as estimate ÷ measured: the note on every MoE serving estimate states it, tests/serving.rs
/// holds it to those rows.
pub const MOE_SERVING_ESTIMATE_OVER_MEASURED: (f64, f64) = (0.7, 1.5);
/// Tokens in and out per request by default (assumed: a chat turn).
pub const DEFAULT_PROMPT_TOKENS: f64 = 512.0;
pub const DEFAULT_OUTPUT_TOKENS: f64 = 256.0;

/// A checked serving workload: every default stated here once.
#[derive(Debug, Clone)]
pub struct Serving {
    model: ModelSpec,
    mode: InferenceMode,
    /// The request's precision, or BF16 for the memory estimate without an accelerator.
    precision: Precision,
    /// `false` when the request left the precision to the layout search.
    precision_given: bool,
    kv_precision: Precision,
    prompt: f64,
    /// Of `prompt`, the tokens found in the prefix cache.
    cached_prompt: f64,
    output: f64,
    context: f64,
    concurrency: Option<f64>,
    requests_per_second: Option<f64>,
    tokens_per_day: Option<f64>,
    requests_per_day: Option<f64>,
    ttft_target_ms: Option<f64>,
    itl_target_ms: Option<f64>,
    gpus: Option<f64>,
    engine: ServingEngine,
    max_sequences: Option<f64>,
    attention_parallelism: Option<serving::AttentionParallelism>,
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
        let cached_prompt = i.cached_prompt_tokens.unwrap_or(0.0);
        check_range(&format!("{w}.cachedPromptTokens"), cached_prompt, 0.0, prompt - 1.0)?;
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
        if let Some(m) = i.max_sequences {
            check_range(&format!("{w}.maxSequences"), m, 1.0, 1e6)?;
            if m.fract() != 0.0 {
                return Err(Error::coded(
                    "invalid-value",
                    format!("{w}.maxSequences"),
                    format!("sequences in a batch must be a whole number, got {m}"),
                    &[("got", m)],
                ));
            }
        }
        Ok(Serving {
            model,
            mode: i.mode,
            precision,
            precision_given: i.precision.is_some(),
            kv_precision,
            prompt,
            cached_prompt,
            output,
            context,
            concurrency: i.concurrency,
            requests_per_second: i.requests_per_second,
            tokens_per_day: i.tokens_per_day,
            requests_per_day: i.requests_per_day,
            ttft_target_ms: i.ttft_target_ms,
            itl_target_ms: i.itl_target_ms,
            gpus: i.gpus,
            engine: i.engine.unwrap_or_default(),
            max_sequences: i.max_sequences,
            attention_parallelism: i.attention_parallelism,
        })
    }
}

/// The load a serving layout is sized for.
#[derive(Debug, Clone, Copy)]
enum Load {
    /// Requests per second arriving (open loop).
    Rate(f64),
    /// Sequences kept in flight (closed loop).
    InFlight(f64),
    /// Batch jobs: output tokens per second on average over a day, if stated.
    Batch(Option<f64>),
}

/// Inference: weights + KV cache + the engine's reserve per replica; each
/// tensor-parallel degree of `TP_DEGREES` sized for the load under continuous
/// batching (`perf::serving`); the demand's own figures are the layout with
/// the fewest GPUs.
fn inference<'a>(ctx: &mut Ctx, i: &'a Serving) -> Result<Demand, Error> {
    let model = &i.model;
    let (precision, kv_precision, prompt, output, context) =
        (i.precision, i.kv_precision, i.prompt, i.output, i.context);
    if model.context_tokens > 0 && context > f64::from(model.context_tokens) && ctx.words {
        ctx.note(
            format!("{context:.0} tokens exceed {}'s context window of {}", model.name, model.context_tokens),
            format!("{context:.0} token 超出 {} 的上下文窗口 {}", model.name, model.context_tokens),
        );
    }
    if model.is_moe() && ctx.words {
        let (least, most) = MOE_SERVING_ESTIMATE_OVER_MEASURED;
        ctx.note(
            format!("Mixture-of-experts serving: the routed experts decode at a share of the dense rate (routedExpertEfficiency) solved from one row of TensorRT-LLM's published throughput tables (v1.0: Llama 4 Maverick FP8 on 8 × H200); on the tables' 17 other MoE rows and its DeepSeek-R1 guide's 8 × H200 row (Qwen3-235B-A22B, Llama 4 Scout and Maverick, DeepSeek-R1, FP8 on H100 and H200, attention data-parallel as they ran) gpuplan's estimate ran {least}–{most}× the measured throughput. Why the experts run this far below their roofline is not settled, so a MoE's throughput here is less certain than a dense model's: its range is wider."),
            format!("混合专家（MoE）推理：路由专家的解码按密集计算速率的一个比例计，该比例由 TensorRT-LLM 已公布吞吐量表中的一行求得（v1.0：8 × H200 上的 Llama 4 Maverick FP8）；对照该表其余 17 行 MoE 数据及其 DeepSeek-R1 指南中 8 × H200 的一行（Qwen3-235B-A22B、Llama 4 Scout 与 Maverick、DeepSeek-R1，H100 与 H200 上的 FP8，按其所用的注意力数据并行），gpuplan 的估算为实测吞吐量的 {least}–{most} 倍。专家为何远低于其理论上限尚无定论，因此这里 MoE 吞吐量的把握低于密集模型：其区间更宽。"),
        );
    }
    let kv_per_seq = memory::kv_cache_bytes(model, context, 1.0, kv_precision.bytes());
    let overhead = ctx.overhead();
    ctx.assume("promptTokens", prompt, ("tokens per request in", "每个请求的输入 token 数"));
    if i.cached_prompt > 0.0 {
        ctx.assume(
            "cachedPromptTokens",
            i.cached_prompt,
            (
                "of them found in the prefix cache and not prefilled again; their KV cache still counted per sequence",
                "其中已在前缀缓存中、无需再次预填充的 token 数；其 KV 缓存仍按每个序列计",
            ),
        );
    }
    ctx.assume("outputTokens", output, ("tokens per request out", "每个请求的输出 token 数"));
    ctx.assume(
        "contextTokens",
        context,
        ("tokens held in the KV cache per sequence", "每条序列在 KV 缓存中保存的 token 数"),
    );
    ctx.assume("kvPrecision", kv_precision, ("KV-cache element size", "KV 缓存元素大小"));

    let mut engine = i.engine.engine();
    if let Some(m) = i.max_sequences {
        engine.max_sequences = m;
    }
    let mut response = Demand::one_gpu();
    // Memory per GPU of `weight_bytes` and `batch` sequences' KV cache, both
    // spread over `gpus`, plus the engine's reserve and the overhead.
    let memory_for = |weight_bytes: f64, batch: f64, gpus: f64, reserve_bytes: f64| {
        MemoryBreakdown {
            weights_gib: weight_bytes / gpus / GIB,
            kv_cache_gib: kv_per_seq * batch / gpus / GIB,
            activations_gib: reserve_bytes / GIB,
            overhead_gib: overhead,
            ..MemoryBreakdown::default()
        }
        .summed()
    };
    // Per GPU of a replica: the weights it holds (the non-expert ones whole
    // under data-parallel attention) and its share of the KV cache with any
    // repeated heads, as the whole replica's spread over its GPUs.
    let replica_memory = |r: &serving::Replica, batch: f64| {
        memory_for(r.weight_bytes_per_gpu() * r.tp, batch * r.kv_copies(), r.tp, r.reserve_bytes_per_gpu())
    };
    let load = match i.mode {
        InferenceMode::Online => match (i.requests_per_second, i.concurrency) {
            (Some(rps), None) => Load::Rate(rps),
            (_, Some(c)) => Load::InFlight(c.max(1.0)),
            (None, None) => Load::InFlight(1.0),
        },
        InferenceMode::Batch => {
            Load::Batch(i.tokens_per_day.or(i.requests_per_day.map(|r| r * output)).map(|t| t / 86_400.0))
        }
    };

    if !i.precision_given {
        precision_search_notes(ctx);
    }
    let Some(a) = ctx.accel else {
        if !i.precision_given {
            ctx.assume(
                "precision",
                precision,
                (
                    "the memory estimate without an accelerator assumes BF16 weights",
                    "未选择加速器时的显存估算假定 BF16 权重",
                ),
            );
        }
        embedding_precision(ctx, precision);
        let weight_bytes = memory::weight_bytes(model, precision);
        response.memory = memory_for(weight_bytes, i.concurrency.unwrap_or(1.0).max(1.0), 1.0, 0.0);
        response.total_memory_gib = response.memory.total_gib;
        ctx.note("give an accelerator for GPU count, speed and latency", "请选择加速器以得到 GPU 数、速度与延迟");
        return Ok(response);
    };
    ctx.note_no_ml_stack(a);
    let (fraction_why, sequences_why): (Said, Said) = match i.engine {
        ServingEngine::TensorrtLlm => (
            (
                "TensorRT-LLM's default kv_cache_free_gpu_mem_fraction: 90% of the memory left after weights holds the KV cache",
                "TensorRT-LLM 默认的 kv_cache_free_gpu_mem_fraction：权重之外剩余显存的 90% 用作 KV 缓存",
            )
                .into(),
            (
                "TensorRT-LLM's default max_batch_size: sequences in one running batch at most",
                "TensorRT-LLM 默认的 max_batch_size：一个运行批次中的最多序列数",
            )
                .into(),
        ),
        _ => (
            (
                "vLLM's default gpu_memory_utilization: the engine uses 90% of GPU memory",
                "vLLM 默认的 gpu_memory_utilization：推理引擎使用 90% 的 GPU 显存",
            )
                .into(),
            (
                "vLLM's default max_num_seqs: sequences in one running batch at most",
                "vLLM 默认的 max_num_seqs：一个运行批次中的最多序列数",
            )
                .into(),
        ),
    };
    ctx.assume("servingEngine", i.engine.name(), {
        let names = ServingEngine::ALL.map(ServingEngine::name);
        (
            format!("the serving engine whose defaults and host costs apply; set engine ({})", names.join(", ")),
            format!("所用推理引擎的默认值与主机开销；可设置 engine（{}）", names.join("、")),
        )
    });
    ctx.assume("servingMemoryFraction", engine.memory_utilization, fraction_why);
    ctx.assume(
        "maxSequences",
        engine.max_sequences,
        if i.max_sequences.is_some() { GIVEN.into() } else { sequences_why },
    );
    if engine.host_s_per_sequence > 0.0 {
        ctx.assume("hostMsPerSequence", engine.host_s_per_sequence * 1e3, (
            "vLLM ≤ 0.5 host time per sequence per decode step, between GPU steps (fitted to Lambda's Llama 3.1 8B FP8 H100 row; vLLM blog 2024-09-05: 62% of the time off the GPU)",
            "vLLM ≤ 0.5 每个解码步每条序列的主机时间，位于两次 GPU 计算之间（按 Lambda 的 Llama 3.1 8B FP8 H100 数据拟合；vLLM 博客 2024-09-05：62% 的时间不在 GPU 上）",
        ));
    }
    let bandwidth = a
        .memory_bandwidth_gbs
        .ok_or_else(|| Error::new("accelerator", format!("{} has no published memory bandwidth", a.key)))?;
    let capacity = a.memory_gib.unwrap_or(0.0);
    // Both shares from data/achieved_efficiency.csv; the row's source is cited in
    // full in English, the Chinese text names the row (as the training estimate does).
    let stack = efficiency::Stack::of(a).name();
    // The sentences only where they are read (`say`: `Ctx::words`, and not for a share
    // whose words are dropped).
    let words = ctx.words;
    let unsaid = || Said { en: String::new(), zh: String::new() };
    let share = |op: OpClass, column: &str, column_zh: &str, say: bool| -> Result<(Range, Said), Error> {
        let x = efficiency::achieved_on(a, op).ok_or_else(|| {
            Error::new("accelerator", format!("no {column} row for {} in data/achieved_efficiency.csv", a.key))
        })?;
        if !say {
            return Ok((x.share, unsaid()));
        }
        let basis_zh = match x.basis.split([':', ' ']).next().unwrap_or("") {
            "measured" => "实测",
            "derived" => "推导",
            "fitted" => "拟合",
            _ => "假定",
        };
        Ok((
            x.share,
            Said {
                en: format!("{stack} {column} ({}): {}", x.basis, x.source),
                zh: format!("data/achieved_efficiency.csv 中 {stack} 的{column_zh}{basis_zh}行（出处见该行）"),
            },
        ))
    };
    // Prefill runs the forward GEMMs of a training step at its shapes (chunks
    // of up to 8,192 tokens of hidden-wide rows): where the table has no
    // measurement of its own for prefill on this stack, the training GEMM share
    // of the format the GEMMs run in applies, with that row's stated spread.
    // Not to weight-only formats (FP8 weights on 16-bit units, INT4): their
    // kernels dequantize inside the GEMM, which no training row measured.
    let prefill_share = |weights: Precision, math: Precision, say: bool| -> Result<(Range, Said), Error> {
        let own = efficiency::achieved_on(a, OpClass::Prefill).filter(|x| x.basis != "assumed" || weights != math);
        let gemm = if math == Precision::Fp8 { OpClass::DenseGemmFp8 } else { OpClass::DenseGemm };
        match (own, efficiency::achieved_on(a, gemm)) {
            (None, Some(x)) if !say => Ok((x.share, unsaid())),
            (None, Some(x)) => Ok((
                x.share,
                Said {
                    en: format!(
                        "prefill runs the forward GEMMs of a training step at its shapes: the {stack} {} training GEMM share ({}): {}",
                        math.name(),
                        x.basis,
                        x.source
                    ),
                    zh: format!(
                        "预填充执行与训练步前向相同形状的 GEMM：取 data/achieved_efficiency.csv 中 {stack} 的 {} 训练 GEMM 行（出处见该行）",
                        math.name()
                    ),
                },
            )),
            _ => share(OpClass::Prefill, "prefill", "预填充", say),
        }
    };
    let prefill_of = |weights: Precision, math: Precision| -> Result<Range, Error> {
        Ok(match ctx.overrides.prefill_efficiency {
            Some(v) => Range::new(v, v, v),
            None => prefill_share(weights, math, false)?.0,
        })
    };
    let be = ctx.range(
        "bandwidthEfficiency",
        ctx.overrides.bandwidth_efficiency,
        share(OpClass::Decode, "decode", "解码", words)?,
    );
    // A mixture of experts' routed experts decode at their own share of that
    // rate (fitted, data/achieved_efficiency.csv); a dense model has none.
    let re = if model.is_moe() {
        ctx.range("routedExpertEfficiency", None, share(OpClass::RoutedExperts, "routed experts", "路由专家", words)?)
    } else {
        Range::new(1.0, 1.0, 1.0)
    };
    let nvlink = facts_nvlink(a);
    let link = a.interconnect_gbs.map_or(serving::PCIE_BYTES_PER_S, |g| g * 1e9 / 2.0);
    let mesh_link = super::xgmi_mesh_link_bytes_per_s(a);
    // The attention core reads the KV cache in its own precision: FP8 with an FP8
    // cache (`serving::Gpu::attention_peak_tflops`), else 16 bits.
    let attention_math = if kv_precision == Precision::Fp8 { Precision::Fp8 } else { Precision::Bf16 };
    // The precisions compared: the request's, or those this GPU and engine run.
    let precisions = if i.precision_given { vec![precision] } else { serving_precisions(a) };
    let mut variants: Vec<Variant<'a>> = Vec::with_capacity(precisions.len());
    for p in precisions {
        let Some((peak, math)) = precision::peak_tflops(a, p) else {
            if i.precision_given {
                return Err(Error::new(
                    "accelerator",
                    format!("{} has no published 16-bit or {} figure", a.key, p.name()),
                ));
            }
            continue;
        };
        variants.push(Variant {
            precision: p,
            math,
            prefill: prefill_of(p, math)?,
            gpu: serving::Gpu {
                peak_tflops: peak,
                // The attention core runs at the KV cache's precision (`serving::Gpu`).
                attention_peak_tflops: precision::peak_tflops(a, attention_math).map_or(peak, |(t, _)| t),
                decode_attention_peak_tflops: precision::peak_tflops(a, Precision::Bf16).map_or(peak, |(t, _)| t),
                bandwidth_gbs: bandwidth,
                memory_gib: capacity,
                link_bytes_per_s: link,
                nvlink,
                mesh_link_bytes_per_s: mesh_link,
            },
            served: serving::Served {
                model,
                weight_bytes: memory::weight_bytes(model, p),
                expert_bytes: memory::routed_expert_params(model) * p.bytes(),
                kv_bytes_per_sequence: kv_per_seq,
                decode_attention_flops_per_kv_byte: memory::decode_attention_flops_per_kv_byte(
                    model,
                    kv_precision.bytes(),
                ),
                prompt_tokens: prompt,
                cached_prompt_tokens: i.cached_prompt,
                output_tokens: output,
                context_tokens: context,
                overhead_gib: overhead,
            },
        });
    }
    let Some(first) = variants.first() else {
        return Err(Error::new("accelerator", format!("{} has no published 16-bit figure", a.key)));
    };
    let fallback = (first.precision, first.math, first.gpu.peak_tflops);
    let replica = |v: &Variant<'a>, tp: f64, attention: serving::AttentionParallelism| -> serving::Replica<'a> {
        let efficiency = serving::Efficiency { prefill: v.prefill, decode_bandwidth: be, routed_experts: re };
        serving::Replica::new(v.served, v.gpu, tp, attention, engine, efficiency)
    };
    // How the replica's GPUs share the non-expert layers: the request's; for
    // a MoE on more than one GPU data-parallel attention, the layout
    // TensorRT-LLM's published MoE throughput tables run and its guide names
    // for large batches, and the only one the MoE serving rows test
    // (docs/ACCURACY.md), unless the split one serves where it does not or
    // with fewer replicas (below); tensor parallelism otherwise. On one GPU
    // the two are the same layout, named tensor.
    let attention_of = |tp: f64| match i.attention_parallelism {
        _ if tp <= 1.0 => serving::AttentionParallelism::Tensor,
        Some(a) => a,
        None if model.is_moe() => serving::AttentionParallelism::Data,
        None => serving::AttentionParallelism::Tensor,
    };
    let measured = ctx.measured(|x| x.memory_bandwidth_gbs);
    let targets = matches!(i.mode, InferenceMode::Online);
    let (ttft_target, itl_target) = if targets { (i.ttft_target_ms, i.itl_target_ms) } else { (None, None) };
    let mut layouts: ServingLayouts = Vec::new();
    // Per layout tried: which variant, and how one replica runs.
    let mut tried: Vec<(usize, Option<serving::Point>)> = Vec::new();
    // One layout: the replica of `tp` GPUs sized for the load, and how it runs.
    let layout_of = |v: &Variant<'a>, tp: f64, attention: serving::AttentionParallelism| {
        let r = replica(v, tp, attention);
        let max_batch = r.max_batch();
        let floor = r.bandwidth_floor_ms();
        let sized = if max_batch < 1.0 {
            let need = memory_for(v.served.weight_bytes, 1.0, 1.0, r.reserve_bytes_per_gpu()).total_gib;
            Err(Infeasible::Memory { need_gib: need, gpus: tp })
        } else if itl_target.is_some_and(|t| t < floor) {
            Err(Infeasible::ItlFloor { floor_ms: floor, target_ms: itl_target.unwrap_or(0.0), gpus: tp })
        } else {
            size_layout(&r, load, ttft_target, itl_target)
        };
        let mut point = None;
        let layout = sized.map(|(replicas, mut p)| {
            if let Some(tps) = measured {
                p.tokens_per_second = Range::new(tps, tps, tps);
            }
            point = Some(p);
            let tokens_per_hour = p.tokens_per_second.expected * 3600.0;
            ServingLayout {
                precision: v.precision,
                gpus_per_replica: tp,
                attention_parallelism: attention,
                replicas,
                ttft_ms: p.ttft_ms.expected,
                itl_ms: p.itl_ms.expected,
                tokens_per_second: p.tokens_per_second.expected,
                batch: p.batch,
                max_batch,
                bandwidth_floor_ms: floor,
                memory_per_gpu_gib: replica_memory(&r, p.batch).total_gib,
                gpu_hours_per_million_tokens: if tokens_per_hour > 0.0 {
                    tp * 1e6 / tokens_per_hour
                } else {
                    f64::INFINITY
                },
            }
        });
        (layout, point)
    };
    for (vi, v) in variants.iter().enumerate() {
        for tp in TP_DEGREES {
            if i.gpus.is_some_and(|g| g != tp) {
                continue;
            }
            let attention = attention_of(tp);
            let mut tried_layout = layout_of(v, tp, attention);
            // Data-parallel attention holds more per GPU, reads more per token
            // at a small batch and, with requests arriving at random, waits for
            // the busiest GPU's prefill (TensorRT-LLM's guide: tensor parallelism
            // for small batches, data parallelism for large ones): the split
            // layout is tried too, and taken where data-parallel attention does
            // not fit, misses a target or needs more replicas for the load.
            if i.attention_parallelism.is_none() && attention == serving::AttentionParallelism::Data {
                let split = layout_of(v, tp, serving::AttentionParallelism::Tensor);
                let better = match (&tried_layout.0, &split.0) {
                    (Err(_), Ok(_)) => true,
                    (Ok(data), Ok(tensor)) => tensor.replicas < data.replicas,
                    _ => false,
                };
                if better {
                    tried_layout = split;
                }
            }
            let (layout, point) = tried_layout;
            layouts.push(layout);
            tried.push((vi, point));
        }
    }
    // The demand's own figures: the layout with the fewest GPUs, then the
    // least quality given up, then the fastest token.
    let best = layouts.iter().enumerate().filter_map(|(k, l)| Some((k, *l.as_ref().ok()?))).min_by(|(_, x), (_, y)| {
        (x.gpus_per_replica * x.replicas)
            .total_cmp(&(y.gpus_per_replica * y.replicas))
            .then(quality_rank(x.precision).cmp(&quality_rank(y.precision)))
            .then(x.itl_ms.total_cmp(&y.itl_ms))
    });
    response.serving = layouts;
    let Some((k, chosen)) = best else {
        // Why not, from the last layout tried: the largest replica in the
        // smallest format, with the most room and the lowest floor.
        let why = response.serving.iter().rev().find_map(|l| l.err());
        let tried_any = !response.serving.is_empty();
        ctx.range("prefillEfficiency", ctx.overrides.prefill_efficiency, prefill_share(fallback.0, fallback.1, words)?);
        embedding_precision(ctx, fallback.0);
        let weight_bytes = memory::weight_bytes(model, fallback.0);
        response.memory = memory_for(weight_bytes, 1.0, 8.0, 0.0);
        response.gpus = 8.0;
        response.total_memory_gib = memory_for(weight_bytes, 1.0, 1.0, 0.0).total_gib;
        response.compute.latency_feasible = Some(false);
        response.compute.infeasible = why;
        if tried_any {
            ctx.note(
                format!("no layout of 1–8 × {} serves this load within the targets", a.key),
                format!("1–8 × {} 的任何布局都无法在目标内承载此负载", a.key),
            );
        }
        return Ok(response);
    };
    let (vi, point) = tried[k];
    let v = &variants[vi];
    let (precision, math, peak) = (v.precision, v.math, v.gpu.peak_tflops);
    ctx.range("prefillEfficiency", ctx.overrides.prefill_efficiency, prefill_share(precision, math, words)?);
    embedding_precision(ctx, precision);
    if !i.precision_given {
        ctx.assume(
            "precision",
            precision,
            (
                "weight precision of the fewest-GPU layout the search found (the layout chosen on each offer states its own)",
                "搜索得到的 GPU 最少布局的权重精度（每个报价上所选布局各自注明精度）",
            ),
        );
    }
    let r = replica(v, chosen.gpus_per_replica, chosen.attention_parallelism);
    if chosen.gpus_per_replica > 1.0 {
        let why: Said = match (i.attention_parallelism, chosen.attention_parallelism) {
            (Some(_), _) => GIVEN.into(),
            (None, serving::AttentionParallelism::Data) => (
                "a mixture of experts on several GPUs: attention and the other non-expert layers whole on each GPU, each serving its own requests, the routed experts spread over the GPUs (TensorRT-LLM enable_attention_dp, the layout of its published MoE throughput tables, which the estimate is checked against; vLLM --data-parallel-size with --enable-expert-parallel); set attentionParallelism to tensor to split them instead",
                "多 GPU 上的混合专家模型：注意力与其他非专家层在每块 GPU 上完整保存，各自服务自己的请求，路由专家分布在各 GPU 上（TensorRT-LLM enable_attention_dp，即其已公布的 MoE 吞吐量表所用布局，本估算以之校验；vLLM 中为 --data-parallel-size 加 --enable-expert-parallel）；可设置 attentionParallelism 改为张量并行切分",
            )
                .into(),
            (None, serving::AttentionParallelism::Tensor) if model.is_moe() => (
                "each layer's matrices split across the replica's GPUs, every GPU on every token: attention data-parallel, the default for a mixture of experts, does not fit here, misses a target or needs more replicas for this load (it keeps the non-expert layers whole on every GPU, and with requests arriving at random each step waits for the busiest GPU's prefill)",
                "每层矩阵切分到副本的各 GPU 上，每块 GPU 处理每个 token：混合专家模型默认的注意力数据并行在此放不下、达不到目标，或承载此负载需要更多副本（它在每块 GPU 上完整保存非专家层；请求随机到达时，每一步都要等待预填充最繁忙的 GPU）",
            )
                .into(),
            (None, serving::AttentionParallelism::Tensor) => (
                "each layer's matrices split across the replica's GPUs, every GPU on every token",
                "每层矩阵切分到副本的各 GPU 上，每块 GPU 处理每个 token",
            )
                .into(),
        };
        ctx.assume("attentionParallelism", chosen.attention_parallelism.name(), why);
    }
    let s = point.unwrap_or_else(|| r.at_batch(1.0));
    let room_bytes = r.kv_room_bytes();
    let room_tokens = memory::longest_context(model, room_bytes, 1.0, kv_precision.bytes());
    response.longest_context_tokens = Some(room_tokens);
    let room = KvRoom {
        room_gib: room_bytes / GIB,
        usable_gib: capacity * engine.memory_utilization * chosen.gpus_per_replica,
        room_tokens,
        sequences_fit: (room_bytes / kv_per_seq).floor(),
    };
    let in_flight = s.batch * chosen.replicas;
    ctx.assume(
        "concurrency",
        in_flight,
        if i.concurrency.is_some() {
            GIVEN
        } else {
            (
                "from requestsPerSecond by Little's law, or the largest batch that fits for batch jobs",
                "按利特尔法则由每秒请求数得出；批处理任务取能放下的最大批量",
            )
        },
    );
    // The note's words are built only where they are read.
    if let Some(note) = ctx.words.then(|| kv_room_note(&room, context, in_flight, model.context_tokens)).flatten() {
        ctx.notes.push(note);
    }
    let per_replica = chosen.gpus_per_replica;
    response.memory = replica_memory(&r, s.batch);
    response.gpus = per_replica;
    response.total_memory_gib = response.memory.total_gib * per_replica * chosen.replicas;
    response.compute.math_precision = Some(math);
    response.compute.peak_tflops = Some(peak);
    response.compute.ttft_ms = Some(s.ttft_ms);
    response.compute.itl_ms = Some(s.itl_ms);
    response.compute.tokens_per_second = Some(s.tokens_per_second);
    response.compute.decode_bound = Some(s.decode_bound);
    response.compute.gpus_per_replica = Some(per_replica);
    response.compute.replicas = Some(chosen.replicas);
    response.compute.gpus_needed = Some(per_replica * chosen.replicas);
    response.compute.latency_feasible = Some(true);
    if let Load::Batch(Some(per_s)) = load {
        let t = s.tokens_per_second;
        let hours = |tps: f64| per_s * 86_400.0 / tps / 3600.0 * per_replica;
        response.compute.gpu_hours = Some(Range::new(hours(t.high), hours(t.expected), hours(t.low)));
        ctx.note("gpuHours are per day of service", "GPU 小时数按每天的服务计");
    }
    if math != precision {
        ctx.note(
            format!("{} weights compute at {} on {} (weight-only quantization)", precision.name(), math.name(), a.key),
            format!("{} 权重在 {} 上按 {} 计算（仅权重量化）", precision.name(), a.key, math.name()),
        );
    }
    Ok(response)
}

/// One weight precision on the accelerator, as serving sees it.
struct Variant<'a> {
    precision: Precision,
    /// The format the GEMMs run in (16 bits for weight-only formats).
    math: Precision,
    /// Share of that format's dense peak prefill reaches.
    prefill: Range,
    gpu: serving::Gpu,
    served: serving::Served<'a>,
}

/// Weight precisions the layout search compares when the request leaves the
/// precision open: BF16 always; FP8 (W8A8) where the GPU has FP8 tensor cores
/// (vLLM runs FP8 W8A8 on Ada, Hopper and AMD GPUs); INT4 weight-only (W4A16,
/// AWQ/GPTQ through the Marlin kernels, which vLLM runs on NVIDIA Ampere, Ada and
/// Hopper, not on AMD GPUs: vLLM docs, "Supported Hardware" for quantization,
/// v0.9.2; Blackwell assumed to keep them).
fn serving_precisions(a: &crate::catalog::schema::Accelerator) -> Vec<Precision> {
    let mut out = vec![Precision::Bf16];
    if a.fp8_tflops.is_some() {
        out.push(Precision::Fp8);
    }
    let arch = a.architecture.to_ascii_lowercase();
    let marlin = ["ampere", "ada", "hopper", "blackwell"].iter().any(|g| arch.contains(g));
    if efficiency::Stack::of(a) == efficiency::Stack::Cuda && marlin {
        out.push(Precision::Int4);
    }
    out
}

/// What the search over precisions does, and INT4's quality caveat (said
/// once per request, with or without an accelerator).
fn precision_search_notes(ctx: &mut Ctx) {
    ctx.note(
        "precision left open: the layout search compares BF16, FP8 (where the GPU has FP8 tensor cores) and INT4 \
         weight-only (where the engine has its kernels) by cost per token and, at equal cost, keeps the format that \
         gives up least quality; each layout states its precision; set precision to fix one",
        "未指定精度：布局搜索按每 token 成本比较 BF16、FP8（GPU 具备 FP8 张量核心时）与 INT4 仅权重量化（推理引擎具备其内核时），\
         成本相同时保留质量损失最小的格式；每个布局注明其精度；可设置 precision 固定一种",
    );
    ctx.note(
        "INT4 weight-only (AWQ/GPTQ-style, W4A16) costs some quality: on the Llama 3.1 family it comes close to INT8 W8A8, \
         which loses 1–3% accuracy, while FP8 W8A8 is lossless (Kurtic et al., arXiv 2411.02355, ACL 2025); \
         check it on your own evaluation before serving it",
        "INT4 仅权重量化（AWQ/GPTQ 类，W4A16）会损失一些质量：在 Llama 3.1 系列上接近 INT8 W8A8（准确率下降 1–3%），\
         而 FP8 W8A8 无损（Kurtic 等，arXiv 2411.02355，ACL 2025）；上线前请用您自己的评测验证",
    );
}

/// Quality given up by a weight format, in order: 16-bit none, FP8 W8A8
/// lossless in practice but still a conversion, INT4 weight-only 1–3% (see
/// `serving_precisions`). The search prefers the lower rank at equal cost.
pub(crate) fn quality_rank(p: Precision) -> u8 {
    match p {
        Precision::Fp64 | Precision::Fp32 | Precision::Bf16 | Precision::Fp16 => 0,
        Precision::Fp8 | Precision::Int8 => 1,
        Precision::Int4 => 2,
    }
}

/// Quantized checkpoints keep embeddings and the output layer in 16 bits.
fn embedding_precision(ctx: &mut Ctx, precision: Precision) {
    if precision.bytes() < 2.0 {
        ctx.assume(
            "embeddingPrecision",
            Precision::Bf16,
            (
                "quantized checkpoints keep embeddings and the output layer in BF16 (llm-compressor ignores lm_head)",
                "量化检查点的嵌入层与输出层保持 BF16（llm-compressor 忽略 lm_head）",
            ),
        );
    }
}

fn facts_nvlink(a: &crate::catalog::schema::Accelerator) -> bool {
    let link = a.interconnect.to_ascii_lowercase();
    link.contains("nvlink") || link.contains("infinity fabric")
}

/// Replicas of one layout for the load, and how one replica runs at its share.
fn size_layout(
    r: &serving::Replica,
    load: Load,
    ttft_target: Option<f64>,
    itl_target: Option<f64>,
) -> Result<(f64, serving::Point), Infeasible> {
    let alone = r.at_batch(1.0);
    if let Some(t) = ttft_target.filter(|t| alone.ttft_ms.expected > *t) {
        return Err(Infeasible::Ttft { best_ms: alone.ttft_ms.expected, target_ms: t });
    }
    if let Some(t) = itl_target.filter(|t| alone.itl_ms.expected > *t) {
        return Err(Infeasible::Itl { best_ms: alone.itl_ms.expected, target_ms: t });
    }
    let max_batch = r.max_batch();
    match load {
        Load::Rate(rps) => {
            let Some(replicas) = r.replicas_for(rps, ttft_target, itl_target) else {
                return Err(Infeasible::Ttft {
                    best_ms: alone.ttft_ms.expected,
                    target_ms: ttft_target.unwrap_or(0.0),
                });
            };
            let p = r.at_load(rps / replicas).unwrap_or(alone);
            Ok((replicas, p))
        }
        Load::InFlight(c) => {
            // The largest batch per replica that meets the per-token target.
            let mut batch = max_batch.min(c);
            while batch > 1.0 && itl_target.is_some_and(|t| r.at_batch(batch).itl_ms.expected > t) {
                batch = (batch / 2.0).floor().max(1.0);
            }
            let replicas = (c / batch).ceil().max(1.0);
            Ok((replicas, r.at_batch(c / replicas)))
        }
        Load::Batch(per_s) => {
            let p = r.at_batch(max_batch);
            let replicas = per_s.map_or(1.0, |t| (t / p.tokens_per_second.expected).ceil().max(1.0));
            Ok((replicas, p))
        }
    }
}

impl Kind for Serving {
    type Request = Inference;

    fn check(i: &Inference, _: &Catalog, _: &'static str) -> Result<Self, Error> {
        Serving::check(i)
    }

    fn demand(&self, ctx: &mut Ctx) -> Result<Demand, Error> {
        inference(ctx, self)
    }

    /// The layouts of the demand packed into instances of the offer; the
    /// one with the fewest instances (least cost per token on this offer)
    /// wins, then the most GPUs left idle, then the fastest token.
    fn fit(&self, e: &Demand, i: &FitInput) -> Result<Fit, Exclusion> {
        let o = i.offer;
        whole_gpus(i)?;
        ml_stack(i.accel)?;
        // A replica's tensor-parallel group talks after every layer: within the NVLink domain.
        let domain = crate::recommend::facts::nvlink_domain_gpus(o);
        let mut options: Vec<(ServingLayout, f64)> = Vec::new();
        let mut why: Option<Infeasible> = None;
        let mut smallest_too_big: Option<f64> = None;
        for l in &e.serving {
            let tp = match l {
                Ok(l) => l.gpus_per_replica,
                Err(Infeasible::Memory { gpus, .. } | Infeasible::ItlFloor { gpus, .. }) => *gpus,
                Err(_) => 0.0,
            };
            if tp > domain {
                if l.is_ok() {
                    smallest_too_big = Some(smallest_too_big.map_or(tp, |s: f64| s.min(tp)));
                }
                continue;
            }
            match l {
                Ok(l) if l.gpus_per_replica > o.gpu_count => {
                    // A replica over several instances of one NVLink domain (an NVL72 rack).
                    options.push((*l, l.replicas * (l.gpus_per_replica / o.gpu_count).ceil()));
                }
                Ok(l) => {
                    let per_instance = (o.gpu_count / l.gpus_per_replica).floor().max(1.0);
                    options.push((*l, (l.replicas / per_instance).ceil().max(1.0)));
                }
                // The largest replica that fits this offer says why not.
                Err(x) => why = Some(*x),
            }
        }
        // Cost on this offer is its instances; at equal cost keep quality
        // (no INT4 to save GPUs that are paid for anyway), then leave GPUs idle.
        options.sort_by(|(x, xi), (y, yi)| {
            xi.total_cmp(yi)
                .then(quality_rank(x.precision).cmp(&quality_rank(y.precision)))
                .then((x.gpus_per_replica * x.replicas).total_cmp(&(y.gpus_per_replica * y.replicas)))
                .then(x.itl_ms.total_cmp(&y.itl_ms))
        });
        let Some(&(chosen, instances)) = options.first() else {
            // Too little memory here while a larger replica would serve: say how large.
            if let (Some(tp), None | Some(Infeasible::Memory { .. })) = (smallest_too_big, why) {
                return Err(exclude(
                    "tensor-parallel",
                    &[("gpusPerReplica", tp), ("hasGpus", o.gpu_count), ("memoryGib", mem(o))],
                ));
            }
            return Err(match why.or(e.compute.infeasible) {
                Some(Infeasible::ItlFloor { floor_ms, target_ms, gpus }) => {
                    exclude("itl-floor", &[("floorMs", floor_ms), ("targetMs", target_ms), ("gpusPerReplica", gpus)])
                }
                Some(Infeasible::Ttft { best_ms, target_ms }) => {
                    exclude("latency", &[("ttftMs", best_ms), ("targetMs", target_ms)])
                }
                Some(Infeasible::Itl { best_ms, target_ms }) => {
                    exclude("latency", &[("itlMs", best_ms), ("targetMs", target_ms)])
                }
                Some(Infeasible::Memory { need_gib, gpus }) => {
                    exclude("memory", &[("needGib", need_gib), ("gpus", gpus), ("hasGib", mem(o))])
                }
                None => exclude("memory", &[("needGib", e.memory.total_gib), ("hasGib", mem(o))]),
            });
        };
        let runner_up = options.get(1).copied();
        let per_replica = chosen.gpus_per_replica;
        let hours = match self.mode {
            InferenceMode::Online => i.service_hours,
            InferenceMode::Batch => {
                // Hours a day the chosen replicas run to make the day's tokens.
                let per_day = e.compute.gpu_hours.map_or(24.0, |h| h.expected) / (chosen.replicas * per_replica);
                per_day.min(24.0) * i.service_hours / 24.0 * (1.0 + i.overhead)
            }
        };
        let memory_needed = chosen.memory_per_gpu_gib;
        Ok(Fit {
            instances,
            gpus: instances * o.gpu_count,
            hours,
            gpu_hours: hours * instances * o.gpu_count,
            layout: Layout::Replicas { gpus_per_replica: per_replica },
            peak_tflops: peak(i.accel, chosen.precision) * instances * o.gpu_count,
            serving: Some(ServingChoice { chosen, chosen_instances: instances, runner_up }),
            ..i.base(memory_needed)
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

#[cfg(test)]
mod engine_list_tests {
    use super::ServingEngine;
    use ts_rs::TS;

    #[test]
    fn every_serving_engine_is_listed() {
        // The TypeScript union ts-rs derives from the enum's serde names: one quoted name per variant.
        let decl = ServingEngine::decl(&ts_rs::Config::new());
        let mut declared: Vec<&str> = decl.split('"').skip(1).step_by(2).collect();
        let mut listed: Vec<&str> = ServingEngine::ALL.map(ServingEngine::name).to_vec();
        listed.sort_unstable();
        declared.sort_unstable();
        assert_eq!(listed, declared, "{decl}");
    }
}
