//! The estimators against published figures (`data/calibration.csv`): each
//! row becomes an `estimate()` request, and its result is compared within a
//! tolerance stated per kind of figure. `cargo run --bin accuracy` writes the
//! table in docs/ACCURACY.md; the tests assert every row.

use super::{estimate, EstimateRequest};
use crate::catalog::Catalog;
use crate::error::Error;
use crate::workload::compute::{model_flops_per_token, Range};

static CALIBRATION_CSV: &str = include_str!("../../data/calibration.csv");
/// Published serving tables (framework benchmarks with their engine and layout).
static SERVING_CSV: &str = include_str!("../../data/serving_calibration.csv");

#[derive(Debug, Clone)]
pub struct CaseResult {
    pub case: String,
    pub quantity: String,
    pub published: f64,
    pub unit: String,
    pub estimate: f64,
    pub low: f64,
    pub high: f64,
    pub tolerance: Tolerance,
    pub setup: String,
    /// `Some(which constant)` when a default was tuned from this same row, so
    /// the row cannot test that default; `None` for an independent check.
    pub fitted: Option<String>,
    /// A dense model (no routed experts) on a named accelerator: its low–high
    /// range is held to at most ×2 (issue 15).
    pub dense_on_known_gpu: bool,
    /// A mixture-of-experts model (routed experts): the serving group reports these rows apart.
    pub moe: bool,
    /// A real run whose source states its parallel layout, which the estimate
    /// then runs; without one the estimate is the layout search's best.
    pub layout_stated: bool,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Tolerance {
    /// Equal to the published digits: within one unit of the last published decimal
    /// (sources round or truncate: 15.625 GiB is printed 15.62).
    Exact { decimals: u32 },
    /// Relative error of the expected estimate within ±fraction.
    Relative(f64),
    /// The published value lies inside the estimate's low–high range.
    WithinRange,
    /// The estimate does not exceed the published figure (a capacity that suffices).
    AtMost,
    /// The estimate is not below the published figure: a GPU-bound model
    /// against an engine the source says was bound elsewhere (its CPU).
    AtLeast,
}

impl CaseResult {
    pub fn error(&self) -> f64 {
        (self.estimate - self.published) / self.published
    }

    pub fn passes(&self) -> bool {
        match self.tolerance {
            Tolerance::Exact { decimals } => {
                (self.estimate - self.published).abs() <= 10f64.powi(-(decimals as i32)) + 1e-12
            }
            Tolerance::Relative(f) => self.error().abs() <= f,
            Tolerance::WithinRange => self.low <= self.published && self.published <= self.high,
            Tolerance::AtMost => self.estimate <= self.published,
            Tolerance::AtLeast => self.estimate >= self.published,
        }
    }

    pub fn tolerance_text(&self) -> String {
        match self.tolerance {
            Tolerance::Exact { decimals } => format!("exact to {decimals} decimals (±1 last digit)"),
            Tolerance::Relative(f) => format!("±{:.0}%", f * 100.0),
            Tolerance::WithinRange => "inside low–high".into(),
            Tolerance::AtMost => "fits (≤ published)".into(),
            Tolerance::AtLeast => "a bound (≥ published)".into(),
        }
    }
}

/// How each calibration case is asked, and which figure of the answer is compared.
struct Setup {
    request: serde_json::Value,
    read: fn(&super::EstimateResponse, &serde_json::Value) -> (f64, f64, f64),
    tolerance: Tolerance,
    note: &'static str,
}

const LLAMA1_TOKENS_B: f64 = 1000.0; // LLaMA paper (Touvron et al. 2023): 7B and 13B saw 1.0T tokens.

fn custom(
    params_b: f64,
    layers: u32,
    hidden: u32,
    heads: u32,
    kv_heads: u32,
    vocab: u32,
    context: u32,
) -> serde_json::Value {
    serde_json::json!({ "paramsB": params_b, "layers": layers, "hiddenSize": hidden, "heads": heads,
        "kvHeads": kv_heads, "vocab": vocab, "contextTokens": context })
}

fn gpu_hours(r: &super::EstimateResponse, _: &serde_json::Value) -> (f64, f64, f64) {
    r.compute.gpu_hours.map_or((f64::NAN, f64::NAN, f64::NAN), |h| (h.expected, h.low, h.high))
}

/// GPU-hours without the goodput allowance, for a source that counts only the
/// steps (iteration time × iterations × GPUs): restarts and evaluation are in
/// neither. The low end of the hours carries the high goodput and vice versa.
fn steady_gpu_hours(r: &super::EstimateResponse, _: &serde_json::Value) -> (f64, f64, f64) {
    let g = super::kinds::training::GOODPUT;
    r.compute
        .gpu_hours
        .map_or((f64::NAN, f64::NAN, f64::NAN), |h| (h.expected * g.expected, h.low * g.high, h.high * g.low))
}

fn setup(case: &str, row: &Row) -> Option<Setup> {
    let tokens = row.tokens_b * 1e9;
    let setup = match case {
        _ if row.kind == "training_gpu_hours" => {
            let run = training_run(case)?;
            let tokens_b = if row.tokens_b > 0.0 { row.tokens_b } else { LLAMA1_TOKENS_B };
            let model = match (run.preset, run.routing) {
                (Some(id), _) => serde_json::json!(id),
                (None, Some((experts, per_token, expert_width))) => serde_json::json!({ "hfConfig": {
                    "num_hidden_layers": run.layers, "hidden_size": run.hidden, "num_attention_heads": run.heads,
                    "num_key_value_heads": run.kv_heads, "vocab_size": run.vocab, "max_position_embeddings": run.seq,
                    "num_local_experts": experts, "num_experts_per_tok": per_token,
                    "moe_intermediate_size": expert_width, "tie_word_embeddings": true } }),
                (None, None) => {
                    let mut m = custom(row.params_b, run.layers, run.hidden, run.heads, run.kv_heads, run.vocab, run.seq);
                    if let Some((experts, active_b)) = run.moe {
                        m["experts"] = serde_json::json!(experts);
                        m["activeParamsB"] = serde_json::json!(active_b);
                    }
                    m
                }
            };
            let mut workload = serde_json::json!({ "kind": "pretrain", "model": model, "tokens": tokens_b * 1e9,
                "contextTokens": run.seq, "precision": run.precision });
            if row.gpu_count > 0.0 {
                workload["gpus"] = serde_json::json!(row.gpu_count);
            }
            // The CP the row's settings name; a published layout is whole, so without one it has none.
            if let Some(cp) = stated_context_parallel(&row.settings).or(run.layout.map(|_| 1.0)) {
                workload["contextParallel"] = serde_json::json!(cp);
            }
            if let Some((tp, pp, zero, batch_tokens)) = run.layout {
                workload["tensorParallel"] = serde_json::json!(tp);
                workload["pipelineParallel"] = serde_json::json!(pp);
                if let Some(zero) = zero {
                    workload["zeroStage"] = serde_json::json!(zero);
                }
                if batch_tokens > 0.0 {
                    workload["globalBatchTokens"] = serde_json::json!(batch_tokens);
                }
            }
            if let Some(tokens) = run.batch_tokens {
                workload["globalBatchTokens"] = serde_json::json!(tokens);
            }
            if let Some(ep) = run.expert_parallel {
                workload["expertParallel"] = serde_json::json!(ep);
            }
            if run.expert_dispatch_on_device {
                workload["expertDispatch"] = serde_json::json!("device");
            }
            if let Some(all_to_all) = run.expert_all_to_all {
                workload["expertAllToAll"] = serde_json::json!(all_to_all);
            }
            if let Some(gbps) = run.inter_node_gbps_per_gpu {
                workload["interNodeGbpsPerGpu"] = serde_json::json!(gbps);
            }
            if let Some(n) = run.gpus_per_node {
                workload["gpusPerNode"] = serde_json::json!(n);
            }
            if let Some(schedule) = run.pipeline_schedule {
                workload["pipelineSchedule"] = serde_json::json!(schedule);
            }
            // A framework that all-reduces after each tensor-parallel GEMM has no sequence
            // parallelism either (that replaces the all-reduce with a reduce-scatter and an all-gather).
            if run.all_reduce_after_each_gemm {
                workload["tensorParallelOverlap"] = serde_json::json!("none");
                workload["sequenceParallel"] = serde_json::json!("off");
            }
            if let Some(recompute) = run.recompute {
                workload["recompute"] = serde_json::json!(recompute);
            }
            if let Some(micro_batch) = run.micro_batch {
                workload["microBatch"] = serde_json::json!(micro_batch);
            }
            Setup {
                request: serde_json::json!({ "workload": workload, "accelerator": run.accelerator }),
                read: if run.steps_only { steady_gpu_hours } else { gpu_hours },
                tolerance: Tolerance::WithinRange,
                note: run.note,
            }
        }
        // Llama 3 405B's Table 4 (arXiv 2407.21783 §3.3.2): the stated layout, 16M tokens per
        // step, its FSDP as ZeRO-2 (optimizer states and gradients sharded, the weights kept
        // gathered from forward to backward: one gather per step and a reduce-scatter per
        // micro-batch); no activation checkpointing at 8K (as stated), the engine's default at 128K.
        _ if case.starts_with("llama3_405b_table4") => {
            let seq = if case.ends_with("131k") { 131_072.0 } else { 8192.0 };
            let mut workload = serde_json::json!({ "kind": "pretrain", "model": "llama-3.1-405b", "tokens": 1e12,
                "gpus": row.gpu_count, "precision": "bf16", "contextTokens": seq, "tensorParallel": 8,
                "pipelineParallel": 16, "contextParallel": stated_context_parallel(&row.settings).unwrap_or(1.0),
                "zeroStage": 2, "globalBatchTokens": 16.0 * 1024.0 * 1024.0, "interNodeGbpsPerGpu": 400,
                // Its context parallelism gathers the keys and values whole (§3.3.2).
                "contextParallelExchange": "all-gather" });
            if seq == 8192.0 {
                workload["recompute"] = serde_json::json!("none");
            }
            Setup {
                request: serde_json::json!({ "workload": workload, "accelerator": "H100" }),
                // Model FLOPs per token as PaLM counts them (6N + 12·L·H·Q·T, the engine's), which
                // the paper's MFU cites, × the steady-state tokens per second per GPU.
                read: |r, request| {
                    let seq = request["workload"]["contextTokens"].as_f64().unwrap_or(f64::NAN);
                    let per_token = r.model.as_ref().map_or(f64::NAN, |m| model_flops_per_token(m, seq));
                    r.compute.steady_tokens_per_second_per_gpu.map_or((f64::NAN, f64::NAN, f64::NAN), |t| {
                        (t.expected * per_token / 1e12, t.low * per_token / 1e12, t.high * per_token / 1e12)
                    })
                },
                tolerance: Tolerance::Relative(0.25),
                note: "steady-state model TFLOP/s per GPU (6N + 12·L·H·Q·T, as PaLM's MFU and the engine count) of the stated layout: TP 8 × PP 16 (× CP 16 at 131,072 tokens), 16M tokens per step, FSDP as ZeRO-2 (weights kept gathered from forward to backward), 400 Gb/s RoCE per GPU, interleaved stages the engine's choice, micro-batch the engine's choice; no activation checkpointing at 8,192 tokens (as stated), selective at 131,072 (not stated); context parallelism as stated, K and V all-gathered with the transfer exposed (`contextParallelExchange: \"all-gather\"`)",
            }
        }
        "opt_175b_tflops" => Setup {
            request: serde_json::json!({ "workload": { "kind": "pretrain", "model": custom(175.0, 96, 12288, 96, 96, 50272, 2048), "tokens": tokens, "gpus": row.gpu_count, "precision": "fp16" }, "accelerator": "A100-80GB" }),
            read: |r, _| {
                let achieved = |h: f64| r.compute.total_flops.unwrap_or(0.0) / (h * 3600.0) / 1e12;
                r.compute.gpu_hours.map_or((f64::NAN, f64::NAN, f64::NAN), |h| (achieved(h.expected), achieved(h.high), achieved(h.low)))
            },
            tolerance: Tolerance::WithinRange,
            note: "achieved TFLOP/s per GPU = peak × utilisation × scaling (992 GPUs over InfiniBand)",
        },
        "mtnlg_530b_iteration" | "mtnlg_530b_iteration_2240" | "mtnlg_530b_iteration_2800" => Setup {
            request: serde_json::json!({ "workload": { "kind": "pretrain", "model": custom(530.0, 105, 20480, 128, 128, 51200, 2048),
                "tokens": 1920.0 * 2048.0, "gpus": row.gpu_count, "recompute": "full", "contextTokens": 2048,
                "tensorParallel": 8, "pipelineParallel": 35, "globalBatchTokens": 1920.0 * 2048.0,
                "pipelineSchedule": "1f1b", "tensorParallelOverlap": "none", "sequenceParallel": "off" }, "accelerator": "A100-80GB" }),
            read: |r, _| r.compute.wall_clock_hours.map_or((f64::NAN, f64::NAN, f64::NAN), |h| (h.expected * 3600.0, h.low * 3600.0, h.high * 3600.0)),
            tolerance: Tolerance::WithinRange,
            note: "one iteration, 8·N·D (full recomputation), on 2,240, 2,800 or 3,360 A100-80GB, the published layout: TP 8 × PP 35 × DP 8, 10 or 12, 1,920 sequences per step; DeepSpeed's pipeline (plain 1F1B) and Megatron-DeepSpeed's tensor-parallel all-reduce after each GEMM (no overlap, no sequence parallelism), as the paper's system states",
        },
        "mpt7b_bench_a100_40gb" | "mpt70b_bench_h100" => Setup {
            request: serde_json::json!({ "workload": { "kind": "pretrain",
                "model": if case.contains("70b") { custom(row.params_b, 80, 8192, 64, 64, 50432, 2048) } else { custom(row.params_b, 32, 4096, 32, 32, 50432, 2048) },
                "tokens": 1e9, "gpus": row.gpu_count, "contextTokens": 2048 },
                "accelerator": if case.contains("h100") { "H100" } else { "A100" } }),
            read: |r, _| {
                // Model FLOP/s per GPU over peak, as MosaicML computes MFU (6N + attention).
                let mfu = |h: f64| r.compute.total_flops.unwrap_or(0.0) / (h * 3600.0) / (r.compute.peak_tflops.unwrap_or(f64::NAN) * 1e12) * 100.0;
                r.compute.gpu_hours.map_or((f64::NAN, f64::NAN, f64::NAN), |h| (mfu(h.expected), mfu(h.high), mfu(h.low)))
            },
            tolerance: Tolerance::WithinRange,
            note: "model FLOPs (6N + attention) per GPU-second over peak at the benchmark's GPU count; a steady-state benchmark, above the real-run expectation",
        },
        _ if row.kind == "training_tokens_per_gpu_s" || row.kind == "finetune_tokens_per_gpu_s" => {
            let b = benchmark(case)?;
            let mut workload = serde_json::json!({ "kind": if b.method == "full" && row.kind.starts_with("training") { "pretrain" } else { "finetune" },
                "model": b.model, "tokens": 1e10, "gpus": row.gpu_count, "precision": b.precision, "contextTokens": b.seq,
                "globalBatchTokens": b.global_batch * b.seq, "microBatch": b.micro_batch,
                "tensorParallel": b.tp, "pipelineParallel": b.pp, "zeroStage": b.zero,
                // The stated layout is whole: without context parallelism unless its settings say.
                "contextParallel": stated_context_parallel(&row.settings).unwrap_or(1.0) });
            if row.kind.starts_with("finetune") {
                workload["method"] = serde_json::json!(b.method);
            }
            if let Some(ep) = b.ep {
                workload["expertParallel"] = serde_json::json!(ep);
            }
            if let Some(etp) = b.expert_tensor {
                workload["expertTensorParallel"] = serde_json::json!(etp);
            }
            if let Some(n) = b.gpus_per_node {
                workload["gpusPerNode"] = serde_json::json!(n);
            }
            if let Some(gbps) = b.inter_node_gbps {
                workload["interNodeGbpsPerGpu"] = serde_json::json!(gbps);
            }
            if let Some(recipe) = b.fp8_recipe {
                workload["fp8Recipe"] = serde_json::json!(recipe);
            }
            if b.expert_dispatch_on_device {
                workload["expertDispatch"] = serde_json::json!("device");
            }
            if let Some(all_to_all) = b.expert_all_to_all {
                workload["expertAllToAll"] = serde_json::json!(all_to_all);
            }
            // Fine-tuning rows recompute selectively unless the row says otherwise.
            if let Some(recompute) = b.recompute.or(row.kind.starts_with("finetune").then_some("selective")) {
                workload["recompute"] = serde_json::json!(recompute);
            }
            Setup {
                request: serde_json::json!({ "workload": workload, "accelerator": b.accelerator }),
                read: |r, _| r.compute.steady_tokens_per_second_per_gpu.map_or((f64::NAN, f64::NAN, f64::NAN), |t| (t.expected, t.low, t.high)),
                tolerance: Tolerance::Relative(0.25),
                note: b.note,
            }
        }
        "llama3_1_8b_kv_128k" => Setup {
            request: serde_json::json!({ "workload": { "kind": "inference", "model": "llama-3.1-8b", "contextTokens": 128000, "concurrency": 1 } }),
            read: |r, _| (r.memory.kv_cache_gib, r.memory.kv_cache_gib, r.memory.kv_cache_gib),
            tolerance: Tolerance::Exact { decimals: 2 },
            note: "2 × 32 layers × 8 KV heads × 128 × 2 B × 128,000 tokens, in GiB (the blog's \"GB\")",
        },
        "llama2_70b_kv_2048" => Setup {
            request: serde_json::json!({ "workload": { "kind": "inference", "model": custom(70.0, 80, 8192, 64, 8, 32000, 4096), "contextTokens": 2048, "concurrency": 1 } }),
            read: |r, _| (r.memory.kv_cache_gib * 1024.0, r.memory.kv_cache_gib * 1024.0, r.memory.kv_cache_gib * 1024.0),
            tolerance: Tolerance::Exact { decimals: 0 },
            note: "2 × 80 × 8 × 128 × 2 B × 2,048 tokens, in MiB",
        },
        "llama3_1_8b_full_ft_mem" => Setup {
            request: serde_json::json!({ "workload": { "kind": "finetune", "method": "full", "model": "llama-3.1-8b", "tokens": 1e8, "optimizer": "adam8bit" } }),
            read: |r, _| (r.memory.total_gib, r.memory.total_gib, r.memory.total_gib),
            tolerance: Tolerance::Relative(0.25),
            note: "full fine-tuning with 8-bit Adam and gradient checkpointing (the blog states no setup; with standard Adam the estimate is about 2×)",
        },
        "qlora_65b_single_gpu" => Setup {
            request: serde_json::json!({ "workload": { "kind": "finetune", "method": "qlora", "model": { "paramsB": 65.2, "layers": 80, "hiddenSize": 8192, "heads": 64, "vocab": 32000, "contextTokens": 2048 }, "tokens": 1e8 } }),
            read: |r, _| (r.memory.total_gib, r.memory.total_gib, r.memory.total_gib),
            tolerance: Tolerance::AtMost,
            note: "QLoRA (NF4 base, LoRA rank 16, gradient checkpointing) fits one 48 GB GPU",
        },
        // Meta's card: a claim that the model fits, at a length it does not state; one
        // sequence of 8,192 tokens (the chunk of its attention) is asked.
        "llama4_scout_int4_one_h100" | "llama4_maverick_fp8_one_h100_host" => Setup {
            request: {
                let (model, precision) =
                    if case.contains("scout") { ("llama-4-scout", "int4") } else { ("llama-4-maverick", "fp8") };
                serde_json::json!({ "workload": { "kind": "inference", "model": model, "precision": precision,
                    "gpus": row.gpu_count, "contextTokens": 8192, "concurrency": 1 }, "accelerator": "H100" })
            },
            read: |r, _| (r.memory.total_gib, r.memory.total_gib, r.memory.total_gib),
            tolerance: Tolerance::AtMost,
            note: "memory per GPU of one replica (weights, one sequence of 8,192 tokens, the runtime's reserve) on the card's GPUs: one H100 for Scout at INT4, eight for Maverick at FP8",
        },
        "nemo_llama2_7b_bs1_a100" => Setup {
            request: serde_json::json!({ "workload": { "kind": "inference", "model": custom(6.74, 32, 4096, 32, 32, 32000, 4096),
                "promptTokens": 128, "outputTokens": 20, "concurrency": 1 }, "accelerator": "A100-80GB" }),
            read: |r, _| {
                let total = |ttft: f64, itl: f64| ttft + 20.0 * itl;
                match (r.compute.ttft_ms, r.compute.itl_ms) {
                    (Some(t), Some(i)) => (total(t.expected, i.expected), total(t.low, i.low), total(t.high, i.high)),
                    _ => (f64::NAN, f64::NAN, f64::NAN),
                }
            },
            tolerance: Tolerance::Relative(0.25),
            note: "time to first token + 20 × time per output token at batch 1",
        },
        _ => return None,
    };
    Some(setup)
}

/// A published training benchmark: model and the layout it states.
struct Benchmark {
    model: serde_json::Value,
    method: &'static str,
    accelerator: &'static str,
    seq: f64,
    global_batch: f64,
    micro_batch: f64,
    tp: f64,
    pp: f64,
    /// The published expert-parallel degree of a MoE (`None`: the search's choice).
    ep: Option<f64>,
    /// The experts' tensor-parallel degree the recipe sets (`None`: the search's choice).
    expert_tensor: Option<f64>,
    /// ZeRO stage: 1 (the distributed optimizer) unless the row shards more (FSDP: 3).
    zero: u8,
    /// GPUs in one NVLink domain where the system's is larger than a node of 8 (NVL72: 72).
    gpus_per_node: Option<f64>,
    /// The cluster's stated fabric between nodes, Gb/s per GPU (`None`: the engine's default).
    inter_node_gbps: Option<f64>,
    /// The published numeric format.
    precision: &'static str,
    /// The published recomputation (`None`: selective in fine-tuning, the engine's default otherwise).
    recompute: Option<&'static str>,
    /// The FP8 kernels' framework (`fp8Recipe`; `None`: the engine's default, Transformer Engine).
    fp8_recipe: Option<&'static str>,
    /// A MoE's dispatch never waits for the host (`expertDispatch: device`): the run captures
    /// whole iterations in CUDA graphs, so no step can synchronise with the host.
    expert_dispatch_on_device: bool,
    /// How a cross-node all-to-all sends tokens (`expertAllToAll`), where the recipe says.
    expert_all_to_all: Option<&'static str>,
    note: &'static str,
}

fn benchmark(case: &str) -> Option<Benchmark> {
    let llama2 = |size: u32| match size {
        7 => custom(6.74, 32, 4096, 32, 32, 32000, 4096),
        13 => custom(13.0, 40, 5120, 40, 40, 32000, 4096),
        _ => custom(70.0, 80, 8192, 64, 8, 32000, 4096),
    };
    let b = |model, accelerator, seq, global_batch, micro_batch, tp, pp, note| Benchmark {
        model,
        method: "full",
        accelerator,
        seq,
        global_batch,
        micro_batch,
        tp,
        pp,
        ep: None,
        expert_tensor: None,
        zero: 1,
        gpus_per_node: None,
        inter_node_gbps: None,
        precision: "fp8",
        recompute: None,
        fp8_recipe: None,
        expert_dispatch_on_device: false,
        expert_all_to_all: None,
        note,
    };
    // LoRA rows: micro-batch 1 throughout.
    let lora = |model, accelerator, seq, global_batch, tp, pp, note| Benchmark {
        method: "lora",
        ..b(model, accelerator, seq, global_batch, 1.0, tp, pp, note)
    };
    let nvl72 = |b: Benchmark| Benchmark { gpus_per_node: Some(72.0), ..b };
    // A PyTorch FSDP stack (torchtitan, OLMo-core): FSDP as ZeRO-3, BF16 or torchao's float8.
    let fsdp = |fp8: bool, recompute: &'static str, stated: Benchmark| Benchmark {
        zero: 3,
        precision: if fp8 { "fp8" } else { "bf16" },
        recompute: Some(recompute),
        fp8_recipe: fp8.then_some("torchao"),
        ..stated
    };
    use serde_json::json;
    const MBRIDGE_NVL72: &str = "steady-state tokens/s per GPU of the stated layout on DGX-GB200 or DGX-GB300 (72 GPUs per NVLink domain), TP, PP and EP as stated, FSDP as ZeRO-3, context parallelism as the table states it, the table's virtual stages the engine's choice; the MoE rows force-balance tokens over experts, the step model keeps its 1.15 imbalance";
    const MBRIDGE_MOE: &str = "steady-state tokens/s per GPU of the stated layout (TP, PP, EP and micro-batch as stated, experts whole: `expertTensorParallel: 1`; the table's virtual stages are the engine's choice), ZeRO-1 distributed optimizer; where the expert-parallel group spans nodes, the recipe's dispatcher: DeepEP's or HybridEP's sends a token once per node (`expertAllToAll: per-node`), the `alltoall` dispatcher once per expert (`per-expert`); the benchmark force-balances tokens over experts, the step model keeps its 1.15 imbalance";
    const STEADY: &str = "steady-state tokens/s per GPU of the stated layout (step model, ZeRO-1 distributed optimizer, no goodput loss), context parallelism as stated (none where the source names none), virtual stages the engine's choice";
    // Megatron-Bridge's MoE rows: (case, model, accelerator, precision, sequence, global batch,
    // micro-batch, TP, PP, EP, on an NVL72 system, whole iterations in CUDA graphs, and for a row
    // whose expert-parallel group spans nodes of eight its recipe's dispatcher: DeepEP's and
    // HybridEP's send a token once per node, the `alltoall` dispatcher once per expert); 25.11's,
    // then 26.08's (every row of a model the engine knows, all in MXFP8 on NVL72 systems, each
    // recipe capturing whole iterations in CUDA graphs), then for each of those models the newest
    // row of each system 26.08 leaves out: 26.06's on DGX-B300 and DGX-H100, 26.04.01's where 26.06
    // has none (DGX-B200; Qwen3 235B-A22B on DGX-B300, GPT-OSS 120B on DGX-H100), each recipe read
    // at its table's commit for its CUDA graphs.
    type MoeRow = (
        &'static str,
        &'static str,
        &'static str,
        &'static str,
        f64,
        f64,
        f64,
        f64,
        f64,
        f64,
        bool,
        bool,
        Option<&'static str>,
    );
    #[rustfmt::skip]
    const MBRIDGE_MOE_ROWS: [MoeRow; 35] = [
        ("mbridge_gpt_oss_120b_bf16_h100", "gpt-oss-120b", "H100", "bf16", 4096.0, 512.0, 4.0, 1.0, 4.0, 8.0, false, false, None),
        ("mbridge_qwen3_30b_a3b_fp8_h100", "qwen3-30b-a3b", "H100", "fp8", 4096.0, 512.0, 2.0, 1.0, 2.0, 8.0, false, false, None),
        ("mbridge_gpt_oss_120b_bf16_b200", "gpt-oss-120b", "B200", "bf16", 4096.0, 512.0, 4.0, 1.0, 1.0, 8.0, false, false, None),
        ("mbridge_qwen3_30b_a3b_fp8_b200", "qwen3-30b-a3b", "B200", "fp8", 4096.0, 512.0, 1.0, 1.0, 1.0, 8.0, false, false, None),
        ("mbridge_qwen3_235b_a22b_fp8_b200", "qwen3-235b-a22b", "B200", "fp8", 4096.0, 1024.0, 1.0, 1.0, 8.0, 8.0, false, false, None),
        ("mbridge_deepseek_v3_fp8_b200", "deepseek-v3", "B200", "fp8", 4096.0, 2048.0, 1.0, 1.0, 16.0, 8.0, false, false, None),
        ("mbridge_deepseek_v3_bf16_gb200", "deepseek-v3", "GB200", "bf16", 4096.0, 4096.0, 1.0, 1.0, 4.0, 64.0, true, false, None),
        ("mbridge_deepseek_v3_fp8_gb200", "deepseek-v3", "GB200", "fp8", 4096.0, 4096.0, 1.0, 1.0, 8.0, 32.0, true, false, None),
        ("mbridge_gpt_oss_120b_bf16_gb200", "gpt-oss-120b", "GB200", "bf16", 8192.0, 1280.0, 1.0, 1.0, 1.0, 64.0, true, false, None),
        ("mbridge_qwen3_30b_a3b_fp8_gb200", "qwen3-30b-a3b", "GB200", "fp8", 4096.0, 512.0, 4.0, 1.0, 1.0, 8.0, true, false, None),
        ("mbridge_qwen3_235b_a22b_bf16_gb200", "qwen3-235b-a22b", "GB200", "bf16", 4096.0, 8192.0, 1.0, 1.0, 8.0, 32.0, true, false, None),
        ("mbridge_deepseek_v3_bf16_gb300", "deepseek-v3", "GB300", "bf16", 4096.0, 4096.0, 1.0, 1.0, 2.0, 32.0, true, false, None),
        ("mbridge_deepseek_v3_fp8_gb300", "deepseek-v3", "GB300", "fp8", 4096.0, 4096.0, 1.0, 1.0, 2.0, 32.0, true, false, None),
        ("mbridge_gpt_oss_120b_bf16_gb300", "gpt-oss-120b", "GB300", "bf16", 8192.0, 1280.0, 2.0, 1.0, 1.0, 64.0, true, false, None),
        ("mbridge_qwen3_30b_a3b_fp8_gb300", "qwen3-30b-a3b", "GB300", "fp8", 4096.0, 512.0, 4.0, 1.0, 1.0, 8.0, true, false, None),
        ("mbridge_qwen3_235b_a22b_bf16_gb300", "qwen3-235b-a22b", "GB300", "bf16", 4096.0, 8192.0, 2.0, 1.0, 4.0, 16.0, true, false, None),
        ("mbridge2608_deepseek_v3_fp8_gb300", "deepseek-v3", "GB300", "fp8", 4096.0, 4096.0, 1.0, 1.0, 2.0, 32.0, true, true, None),
        ("mbridge2608_deepseek_v3_fp8_gb200", "deepseek-v3", "GB200", "fp8", 4096.0, 4096.0, 1.0, 1.0, 4.0, 64.0, true, true, None),
        ("mbridge2608_gpt_oss_120b_fp8_gb300", "gpt-oss-120b", "GB300", "fp8", 4096.0, 1280.0, 4.0, 1.0, 1.0, 16.0, true, true, None),
        ("mbridge2608_gpt_oss_120b_fp8_gb200", "gpt-oss-120b", "GB200", "fp8", 4096.0, 1280.0, 4.0, 1.0, 1.0, 64.0, true, true, None),
        ("mbridge2608_qwen3_30b_a3b_fp8_gb300", "qwen3-30b-a3b", "GB300", "fp8", 4096.0, 512.0, 8.0, 1.0, 1.0, 8.0, true, true, None),
        ("mbridge2608_qwen3_30b_a3b_fp8_gb200", "qwen3-30b-a3b", "GB200", "fp8", 4096.0, 512.0, 4.0, 1.0, 1.0, 8.0, true, true, None),
        ("mbridge2608_qwen3_235b_a22b_fp8_gb300", "qwen3-235b-a22b", "GB300", "fp8", 4096.0, 8192.0, 2.0, 1.0, 4.0, 32.0, true, true, None),
        ("mbridge2608_qwen3_235b_a22b_fp8_gb200", "qwen3-235b-a22b", "GB200", "fp8", 4096.0, 8192.0, 1.0, 1.0, 8.0, 32.0, true, true, None),
        ("mbridge2606_deepseek_v3_fp8_b300", "deepseek-v3", "B300", "fp8", 4096.0, 4096.0, 2.0, 1.0, 8.0, 8.0, false, false, None),
        ("mbridge2606_gpt_oss_120b_fp8_b300", "gpt-oss-120b", "B300", "fp8", 4096.0, 1280.0, 4.0, 1.0, 1.0, 8.0, false, false, None),
        ("mbridge2606_qwen3_30b_a3b_fp8_b300", "qwen3-30b-a3b", "B300", "fp8", 4096.0, 512.0, 8.0, 1.0, 1.0, 8.0, false, true, None),
        ("mbridge2606_qwen3_30b_a3b_fp8_h100", "qwen3-30b-a3b", "H100", "fp8", 4096.0, 1024.0, 1.0, 1.0, 1.0, 16.0, false, false, Some("per-node")),
        ("mbridge260401_qwen3_235b_a22b_fp8_b300", "qwen3-235b-a22b", "B300", "fp8", 4096.0, 8192.0, 2.0, 1.0, 8.0, 8.0, false, false, None),
        ("mbridge260401_deepseek_v3_fp8_b200", "deepseek-v3", "B200", "fp8", 4096.0, 4096.0, 1.0, 1.0, 8.0, 32.0, false, false, Some("per-node")),
        ("mbridge260401_gpt_oss_120b_bf16_b200", "gpt-oss-120b", "B200", "bf16", 4096.0, 1280.0, 4.0, 1.0, 1.0, 8.0, false, false, None),
        ("mbridge260401_qwen3_30b_a3b_fp8_b200", "qwen3-30b-a3b", "B200", "fp8", 4096.0, 512.0, 4.0, 1.0, 1.0, 8.0, false, false, None),
        ("mbridge260401_qwen3_235b_a22b_fp8_b200", "qwen3-235b-a22b", "B200", "fp8", 4096.0, 8192.0, 1.0, 1.0, 8.0, 8.0, false, false, None),
        ("mbridge260401_gpt_oss_120b_bf16_h100", "gpt-oss-120b", "H100", "bf16", 4096.0, 1280.0, 1.0, 1.0, 4.0, 8.0, false, false, None),
        ("mbridge260401_qwen3_235b_a22b_fp8_h100", "qwen3-235b-a22b", "H100", "fp8", 4096.0, 8192.0, 1.0, 2.0, 8.0, 32.0, false, false, Some("per-expert")),
    ];
    const MBRIDGE_WHOLE_ITERATION_GRAPHS: &str = "steady-state tokens/s per GPU of the stated layout on its DGX system (GB200 and GB300: 72 GPUs per NVLink domain), TP, PP, EP and micro-batch as stated, ZeRO-1 distributed optimizer, the table's virtual stages the engine's choice, MXFP8; the recipe captures whole iterations in CUDA graphs with HybridEP's dispatch, so no MoE layer waits for the host (`expertDispatch: device`); tokens force-balanced over experts, the step model keeps its 1.15 imbalance";
    if let Some(&(
        _,
        model,
        accelerator,
        precision,
        seq,
        global_batch,
        micro_batch,
        tp,
        pp,
        ep,
        on_nvl72,
        graphs,
        expert_all_to_all,
    )) = MBRIDGE_MOE_ROWS.iter().find(|r| r.0 == case)
    {
        let note = match (graphs, on_nvl72) {
            (true, _) => MBRIDGE_WHOLE_ITERATION_GRAPHS,
            (false, true) => MBRIDGE_NVL72,
            (false, false) => MBRIDGE_MOE,
        };
        let stated = b(json!(model), accelerator, seq, global_batch, micro_batch, tp, pp, note);
        // Whole experts: the Qwen3 and DeepSeek-V3 recipes set `expert_tensor_parallel_size=1`;
        // every row but one is at TP 1, where Megatron-Core's default (the TP degree) is 1 too.
        let row = Benchmark {
            ep: Some(ep),
            expert_tensor: Some(1.0),
            precision,
            expert_dispatch_on_device: graphs,
            expert_all_to_all,
            ..stated
        };
        return Some(if on_nvl72 { nvl72(row) } else { row });
    }

    // Megatron-Bridge 26.06's dense tables (the newest with dense models): Llama 3.1 405B
    // pre-training, Llama 3 70B SFT and LoRA, FP8 and MXFP8 (NVFP4 left out: the engine has no
    // 4-bit training format): (case, method, model, accelerator, sequence, global batch, TP, PP,
    // on an NVL72 system); micro-batch 1 throughout.
    type DenseRow = (&'static str, &'static str, &'static str, &'static str, f64, f64, f64, f64, bool);
    #[rustfmt::skip]
    const MBRIDGE_2606_DENSE_ROWS: [DenseRow; 15] = [
        ("mbridge2606_llama31_405b_fp8_gb300", "full", "llama-3.1-405b", "GB300", 8192.0, 1536.0, 4.0, 8.0, true),
        ("mbridge2606_llama31_405b_mxfp8_gb300", "full", "llama-3.1-405b", "GB300", 8192.0, 1536.0, 2.0, 8.0, true),
        ("mbridge2606_llama31_405b_fp8_gb200", "full", "llama-3.1-405b", "GB200", 8192.0, 1536.0, 4.0, 16.0, true),
        ("mbridge2606_llama31_405b_mxfp8_gb200", "full", "llama-3.1-405b", "GB200", 8192.0, 1536.0, 4.0, 16.0, true),
        ("mbridge2606_llama31_405b_fp8_h100", "full", "llama-3.1-405b", "H100", 8192.0, 1536.0, 8.0, 8.0, false),
        ("mbridge2606_llama3_70b_sft_fp8_gb300", "full", "llama-3.1-70b", "GB300", 4096.0, 32.0, 1.0, 2.0, true),
        ("mbridge2606_llama3_70b_sft_mxfp8_gb300", "full", "llama-3.1-70b", "GB300", 4096.0, 32.0, 1.0, 2.0, true),
        ("mbridge2606_llama3_70b_sft_fp8_gb200", "full", "llama-3.1-70b", "GB200", 4096.0, 32.0, 1.0, 8.0, true),
        ("mbridge2606_llama3_70b_sft_mxfp8_gb200", "full", "llama-3.1-70b", "GB200", 4096.0, 32.0, 1.0, 8.0, true),
        ("mbridge2606_llama3_70b_sft_fp8_h100", "full", "llama-3.1-70b", "H100", 4096.0, 32.0, 4.0, 4.0, false),
        ("mbridge2606_llama3_70b_lora_fp8_gb300", "lora", "llama-3.1-70b", "GB300", 4096.0, 32.0, 1.0, 2.0, true),
        ("mbridge2606_llama3_70b_lora_mxfp8_gb300", "lora", "llama-3.1-70b", "GB300", 4096.0, 32.0, 1.0, 2.0, true),
        ("mbridge2606_llama3_70b_lora_fp8_gb200", "lora", "llama-3.1-70b", "GB200", 4096.0, 32.0, 1.0, 2.0, true),
        ("mbridge2606_llama3_70b_lora_mxfp8_gb200", "lora", "llama-3.1-70b", "GB200", 4096.0, 32.0, 1.0, 4.0, true),
        ("mbridge2606_llama3_70b_lora_fp8_h100", "lora", "llama-3.1-70b", "H100", 4096.0, 32.0, 2.0, 4.0, false),
    ];
    const MBRIDGE_2606_DENSE: &str = "steady-state tokens/s per GPU of the stated layout (TP and PP as stated, micro-batch 1, context parallelism as the table states it, the table's virtual stages the engine's choice), the distributed optimizer (ZeRO-1), FP8 and MXFP8 both as the engine's FP8; DGX-GB200 and DGX-GB300 with 72 GPUs per NVLink domain; fine-tuning: Llama 3 70B as Llama 3.1 70B (the same dimensions), no recompute in the recipes (the engine's selective: FlashAttention's recomputed attention core), LoRA at the engine's rank 16 on every linear layer where Megatron-Bridge's default is rank 32 on the same layers (under 1% of the step's FLOPs either way)";
    if let Some(&(_, method, model, accelerator, seq, global_batch, tp, pp, on_nvl72)) =
        MBRIDGE_2606_DENSE_ROWS.iter().find(|r| r.0 == case)
    {
        let row =
            Benchmark { method, ..b(json!(model), accelerator, seq, global_batch, 1.0, tp, pp, MBRIDGE_2606_DENSE) };
        return Some(if on_nvl72 { nvl72(row) } else { row });
    }

    const TORCHTITAN_A100: &str = "tokens/s per GPU of torchtitan's FSDP2 table on 64 A100-80GB (FSDP2 as ZeRO-3 over all 64, the stated local batch, the stated activation checkpointing: per-op as `selective-op`, full, or none; BF16); the fabric between the eight nodes not stated (the engine's default)";
    // torchtitan's FSDP2 table on 64 A100-80GB (docs/performance.md): (case, Llama generation,
    // size in billions, local batch, activation checkpointing); Llama 3 runs one sequence of 8,192
    // per GPU and step, Llama 2 sequences of 4,096; BF16.
    type TorchtitanRow = (&'static str, u8, u32, f64, &'static str);
    #[rustfmt::skip]
    const TORCHTITAN_A100_ROWS: [TorchtitanRow; 6] = [
        ("torchtitan_llama3_8b_op_a100", 3, 8, 1.0, "selective-op"),
        ("torchtitan_llama3_70b_full_a100", 3, 70, 1.0, "full"),
        ("torchtitan_llama2_13b_none_a100", 2, 13, 2.0, "none"),
        ("torchtitan_llama2_13b_op_a100", 2, 13, 2.0, "selective-op"),
        ("torchtitan_llama2_70b_op_a100", 2, 70, 1.0, "selective-op"),
        ("torchtitan_llama2_70b_full_a100", 2, 70, 2.0, "full"),
    ];
    if let Some(&(_, generation, size, micro_batch, recompute)) = TORCHTITAN_A100_ROWS.iter().find(|r| r.0 == case) {
        let (model, seq) =
            if generation == 3 { (json!(format!("llama-3.1-{size}b")), 8192.0) } else { (llama2(size), 4096.0) };
        let stated = b(model, "A100-80GB", seq, 64.0 * micro_batch, micro_batch, 1.0, 1.0, TORCHTITAN_A100);
        return Some(fsdp(false, recompute, stated));
    }

    // OLMo-core's README table on H100 (7e58d12): (case, model, FP8, rank micro-batch,
    // global batch), the dimensions of its TransformerConfig with the 100,352-entry vocabulary.
    type OlmoCoreRow = (&'static str, (f64, u32, u32, u32, u32), bool, f64, f64);
    #[rustfmt::skip]
    const OLMO_CORE_H100_ROWS: [OlmoCoreRow; 8] = [
        ("olmocore_1b_bf16_h100", (1.34, 18, 2048, 16, 16), false, 8.0, 1024.0),
        ("olmocore_1b_fp8_h100", (1.34, 18, 2048, 16, 16), true, 8.0, 1024.0),
        ("olmocore_7b_bf16_h100", (7.3, 32, 4096, 32, 32), false, 2.0, 1024.0),
        ("olmocore_7b_fp8_h100", (7.3, 32, 4096, 32, 32), true, 2.0, 1024.0),
        ("olmocore_llama8b_bf16_h100", (7.8, 32, 4096, 32, 8), false, 2.0, 1024.0),
        ("olmocore_llama8b_fp8_h100", (7.8, 32, 4096, 32, 8), true, 2.0, 1024.0),
        ("olmocore_13b_bf16_h100", (13.72, 40, 5120, 40, 40), false, 1.0, 2048.0),
        ("olmocore_13b_fp8_h100", (13.72, 40, 5120, 40, 40), true, 1.0, 2048.0),
    ];
    const OLMO_CORE: &str = "tokens/s per GPU of OLMo-core's training scripts on H100 (HSDP as ZeRO-3 on one node of 8: the table states no GPU count; sequence 4096, the script's rank micro-batch and global batch, torch.compile, no activation checkpointing: FlashAttention's recomputed attention core, the engine's `selective`); FP8: torchao's dynamic tensorwise scaling with float8 all-gather (`fp8Recipe: torchao`)";
    if let Some(&(_, (params_b, layers, hidden, heads, kv_heads), fp8, micro_batch, global_batch)) =
        OLMO_CORE_H100_ROWS.iter().find(|r| r.0 == case)
    {
        let model = custom(params_b, layers, hidden, heads, kv_heads, 100_352, 4096);
        let stated = b(model, "H100", 4096.0, global_batch, micro_batch, 1.0, 1.0, OLMO_CORE);
        return Some(fsdp(fp8, "selective", stated));
    }

    // NVIDIA's DGX Cloud benchmarking recipes for Nemotron-4 (NVIDIA/dgxc-benchmarking
    // nemotron/README_15b.md and README_340b.md): (case, 340B?, FP8?, GPUs), the tables'
    // smallest and largest GPU counts; the columns between are weak scaling at the same
    // per-GPU rate within 3% (15B) and 5% (340B).
    type DgxcRow = (&'static str, bool, bool, f64);
    #[rustfmt::skip]
    const NEMOTRON4_DGXC_ROWS: [DgxcRow; 8] = [
        ("dgxc_nemotron4_15b_bf16_16", false, false, 16.0),
        ("dgxc_nemotron4_15b_bf16_2048", false, false, 2048.0),
        ("dgxc_nemotron4_15b_fp8_16", false, true, 16.0),
        ("dgxc_nemotron4_15b_fp8_2048", false, true, 2048.0),
        ("dgxc_nemotron4_340b_bf16_128", true, false, 128.0),
        ("dgxc_nemotron4_340b_bf16_2048", true, false, 2048.0),
        ("dgxc_nemotron4_340b_fp8_128", true, true, 128.0),
        ("dgxc_nemotron4_340b_fp8_2048", true, true, 2048.0),
    ];
    const NEMOTRON4_DGXC: &str = "the last training step's time of NVIDIA's DGX Cloud benchmarking recipe on H100 (NeMo; synthetic data), as tokens/s per GPU, at the recipe's stated layout: 15B TP 4 × PP 1, micro-batch 4, 4 accumulation steps (4 sequences of 4,096 per GPU per step); 340B TP 8 × PP 8, micro-batch 1, 16 accumulation steps (its 12 virtual stages the engine's choice of how many); the distributed optimizer (ZeRO-1); Transformer Engine's FP8 for the FP8 rows";
    if let Some(&(_, large, fp8, gpus)) = NEMOTRON4_DGXC_ROWS.iter().find(|r| r.0 == case) {
        let (model, global_batch, micro_batch, tp, pp) = if large {
            (custom(341.0, 96, 18432, 96, 8, 256_000, 4096), gpus / 4.0, 1.0, 8.0, 8.0)
        } else {
            (custom(15.6, 32, 6144, 48, 8, 256_000, 4096), gpus * 4.0, 4.0, 4.0, 1.0)
        };
        let stated = b(model, "H100", 4096.0, global_batch, micro_batch, tp, pp, NEMOTRON4_DGXC);
        return Some(Benchmark { precision: if fp8 { "fp8" } else { "bf16" }, ..stated });
    }

    // Olmo 3's pre-training stage (its report, §3.2 and Table 34; OLMo-core's official scripts):
    // 8,192-token sequences, one per GPU per step, HSDP, BF16, 200 Gb/s TCPXO per GPU.
    const OLMO3: &str = "tokens/s per GPU at the end of Olmo 3's pre-training stage (its report's Table 34: “throughput numbers reflect the end of each phase”): HSDP as ZeRO-3 over all the GPUs (the engine has no hybrid sharding), one sequence of 8,192 per GPU per step, torch.compile, BF16; the 7B without activation checkpointing, the 32B with torch.compile's memory-budget checkpointing at 0.5 (both the engine's `selective`: FlashAttention's recomputed attention core); 200 Gb/s per GPU between nodes (TCPXO); sliding-window attention on three of every four layers not expressible in a custom model (full causal attention counted: a few per cent more attention work)";
    if let Some((model, global_batch)) = match case {
        "olmo3_7b_bench_h100" => Some((custom(7.3, 32, 4096, 32, 32, 100_352, 8192), 512.0)),
        "olmo3_32b_bench_h100" => Some((custom(32.2, 64, 5120, 40, 8, 100_352, 8192), 1024.0)),
        _ => None,
    } {
        let stated = b(model, "H100", 8192.0, global_batch, 1.0, 1.0, 1.0, OLMO3);
        return Some(Benchmark { inter_node_gbps: Some(200.0), ..fsdp(false, "selective", stated) });
    }

    // torchao's float8 README, H100 and MI300X: Llama 3 8B, 8 GPUs, FSDP2, local batch 1 of
    // 8,192 tokens, torch.compile, per-op selective activation checkpointing: (case, FP8?, GPU).
    const TORCHAO_8B: &str = "median tokens/s per GPU of torchao's float8 training benchmark on 8 GPUs (FSDP2 as ZeRO-3, local batch 1 of 8,192 tokens, torchtitan's per-op selective activation checkpointing: `recompute: selective-op`, torch.compile); FP8: tensorwise scaling with float8 all-gather (`fp8Recipe: torchao`)";
    const TORCHAO_8B_ROWS: [(&str, bool, &str); 4] = [
        ("torchao_llama3_8b_bf16_h100", false, "H100"),
        ("torchao_llama3_8b_fp8_h100", true, "H100"),
        ("torchao_llama3_8b_bf16_mi300x", false, "MI300X"),
        ("torchao_llama3_8b_fp8_mi300x", true, "MI300X"),
    ];
    if let Some(&(_, fp8, accelerator)) = TORCHAO_8B_ROWS.iter().find(|r| r.0 == case) {
        let stated = b(json!("llama-3.1-8b"), accelerator, 8192.0, 8.0, 1.0, 1.0, 1.0, TORCHAO_8B);
        return Some(fsdp(fp8, "selective-op", stated));
    }

    const LORA: &str = "LoRA rank 16 on all linear layers (NeMo's default targets attention only: fewer adapter FLOPs), selective recompute; steady state";
    const TINYLLAMA: &str = "steady-state tokens/s per GPU, BF16, no activation checkpointing, 16k tokens per GPU (8 sequences of 2,048), 2M tokens per step, ZeRO-1 (the source trains with FSDP); no goodput loss";
    const LLMC: &str = "steady-state tokens/s per GPU of the script's stated iteration time, BF16, no recompute, ZeRO-1, micro-batch 16 sequences of 1,024 with 8 accumulation steps on 8 GPUs; no goodput loss";
    const MLPERF_LORA: &str = "LoRA rank 16 on all linear layers (the benchmark targets attention only: fewer adapter FLOPs), selective recompute, sequences packed to 8,192 tokens; steady state";
    Some(match case {
        "nemo_llama2_7b_fp8_h100" => b(llama2(7), "H100", 4096.0, 128.0, 1.0, 1.0, 1.0, STEADY),
        "nemo_llama2_13b_fp8_h100" => b(llama2(13), "H100", 4096.0, 128.0, 1.0, 1.0, 4.0, STEADY),
        "nemo_llama2_70b_fp8_h100" => b(llama2(70), "H100", 4096.0, 128.0, 1.0, 4.0, 4.0, STEADY),
        "nemo_gpt3_175b_fp8_h100" => {
            b(custom(175.0, 96, 12288, 96, 96, 50257, 2048), "H100", 2048.0, 2048.0, 2.0, 4.0, 8.0, STEADY)
        }
        "nemo_llama3_8b_fp8_h100" => b(serde_json::json!("llama-3.1-8b"), "H100", 8192.0, 128.0, 1.0, 1.0, 1.0, STEADY),
        "nemo_llama3_70b_fp8_h100" => {
            b(serde_json::json!("llama-3.1-70b"), "H100", 8192.0, 128.0, 1.0, 4.0, 8.0, STEADY)
        }
        "nemo_llama31_405b_fp8_h100" => {
            b(serde_json::json!("llama-3.1-405b"), "H100", 8192.0, 512.0, 1.0, 8.0, 8.0, STEADY)
        }
        "nemo_llama3_8b_fp8_b200" => b(serde_json::json!("llama-3.1-8b"), "B200", 8192.0, 128.0, 2.0, 1.0, 1.0, STEADY),
        "nemo_llama3_70b_b200" => b(serde_json::json!("llama-3.1-70b"), "B200", 8192.0, 128.0, 1.0, 2.0, 4.0, STEADY),
        "nemo_llama3_405b_fp8_b200" => {
            b(serde_json::json!("llama-3.1-405b"), "B200", 8192.0, 64.0, 1.0, 4.0, 8.0, STEADY)
        }
        "nemo_mixtral_8x7b_fp8_b200" => Benchmark {
            ep: Some(8.0),
            ..b(serde_json::json!("mixtral-8x7b"), "B200", 4096.0, 256.0, 2.0, 1.0, 1.0, STEADY)
        },
        // Megatron-Bridge's 25.11 tables (its MoE rows force-balance the tokens over the
        // experts; the step model keeps its imbalance allowance, EXPERT_IMBALANCE).
        // DGX-GB200 and DGX-GB300: 72 GPUs in one NVLink domain (NVL72).
        "mbridge_llama3_8b_fp8_gb200" => {
            nvl72(b(json!("llama-3.1-8b"), "GB200", 8192.0, 128.0, 2.0, 1.0, 1.0, MBRIDGE_NVL72))
        }
        "mbridge_llama3_8b_fp8_gb300" => {
            nvl72(b(json!("llama-3.1-8b"), "GB300", 8192.0, 128.0, 2.0, 1.0, 1.0, MBRIDGE_NVL72))
        }
        "mbridge_llama3_70b_fp8_gb200" | "mbridge_llama3_70b_fp8_gb300" => nvl72(Benchmark {
            zero: 3,
            ..b(
                json!("llama-3.1-70b"),
                if case.ends_with("gb200") { "GB200" } else { "GB300" },
                8192.0,
                256.0,
                2.0,
                1.0,
                1.0,
                MBRIDGE_NVL72,
            )
        }),
        "mbridge_llama31_405b_fp8_gb200" => {
            nvl72(b(json!("llama-3.1-405b"), "GB200", 8192.0, 1536.0, 1.0, 4.0, 16.0, MBRIDGE_NVL72))
        }
        "mbridge_llama31_405b_fp8_gb300" => {
            nvl72(b(json!("llama-3.1-405b"), "GB300", 8192.0, 1536.0, 1.0, 2.0, 8.0, MBRIDGE_NVL72))
        }
        "nemo_llama2_7b_lora_fp8_h100" => lora(llama2(7), "H100", 4096.0, 32.0, 1.0, 1.0, LORA),
        "nemo_llama2_13b_lora_fp8_h100" => lora(llama2(13), "H100", 4096.0, 32.0, 1.0, 1.0, LORA),
        "nemo_llama2_70b_lora_fp8_h100" => lora(llama2(70), "H100", 4096.0, 32.0, 2.0, 4.0, LORA),
        "mlperf40_gpt3_175b_fp8_h100" => {
            b(custom(175.0, 96, 12288, 96, 96, 50257, 2048), "H100", 2048.0, 2304.0, 2.0, 4.0, 8.0, STEADY)
        }
        "mlperf40_llama2_70b_lora_fp8_h100" => lora(llama2(70), "H100", 8192.0, 8.0, 4.0, 1.0, MLPERF_LORA),
        "mlperf40_llama2_70b_lora_fp8_h200" => lora(llama2(70), "H200", 8192.0, 8.0, 2.0, 1.0, MLPERF_LORA),
        "mlperf50_llama2_70b_lora_fp8_mi300x" => lora(llama2(70), "MI300X", 8192.0, 8.0, 1.0, 1.0, MLPERF_LORA),
        "mlperf50_llama2_70b_lora_fp8_b200" => lora(llama2(70), "B200", 8192.0, 8.0, 1.0, 1.0, MLPERF_LORA),
        "mlperf51_llama2_70b_lora_fp8_mi355x" => lora(llama2(70), "MI355X", 8192.0, 8.0, 1.0, 1.0, MLPERF_LORA),
        // TinyLlama 1.1B: 22 layers, hidden 2048, 32 heads, 4 KV heads, vocabulary 32000 (its README).
        "tinyllama_1b_bf16_a100_40gb" => Benchmark {
            precision: "bf16",
            recompute: Some("none"),
            ..b(custom(1.1, 22, 2048, 32, 4, 32000, 2048), "A100-40GB", 2048.0, 1024.0, 8.0, 1.0, 1.0, TINYLLAMA)
        },
        // MLPerf Training v5.0, Nebius's H200 clusters (NeMo 25.01): TP 4 × PP 8, interleaved,
        // context parallel 2 (from the row's settings), 400 Gb/s InfiniBand per GPU.
        "mlperf50_llama31_405b_fp8_h200_512" | "mlperf50_llama31_405b_fp8_h200_1024" => Benchmark {
            inter_node_gbps: Some(400.0),
            ..b(json!("llama-3.1-405b"), "H200", 8192.0, 1152.0, 1.0, 4.0, 8.0, STEADY)
        },
        // MLPerf Training v5.1, AMD's 8 MI355X (Transformer Engine on ROCm): data parallel, two
        // sequences per micro-batch, two accumulation steps.
        "mlperf51_llama31_8b_fp8_mi355x" => b(json!("llama-3.1-8b"), "MI355X", 8192.0, 32.0, 2.0, 1.0, 1.0, STEADY),
        // llm.c's GPT-2 1558M (d48): 48 layers, width 1600, 25 heads, tied embeddings over 50,304.
        "llmc_gpt2_1558m_bf16_h100" => Benchmark {
            precision: "bf16",
            recompute: Some("none"),
            ..b(custom(1.558, 48, 1600, 25, 25, 50304, 1024), "H100", 1024.0, 1024.0, 16.0, 1.0, 1.0, LLMC)
        },
        "nemo_llama2_7b_sft_fp8_h100" => b(llama2(7), "H100", 4096.0, 32.0, 1.0, 1.0, 1.0, STEADY),
        "nemo_llama2_70b_sft_fp8_h100" => b(llama2(70), "H100", 4096.0, 32.0, 1.0, 4.0, 4.0, STEADY),
        _ => return None,
    })
}

/// One line of a group's split in the report: its label and which of the group's rows it counts.
type GroupPart = (&'static str, fn(&CaseResult) -> bool);

/// A published training run: architecture and setup (sources in data/calibration.csv).
struct TrainingRun {
    preset: Option<&'static str>,
    layers: u32,
    hidden: u32,
    heads: u32,
    kv_heads: u32,
    vocab: u32,
    seq: u32,
    /// Routed experts and active parameters, billions.
    moe: Option<(u32, f64)>,
    /// A routed MoE the request describes as its config.json would: experts, experts per
    /// token and their MLP width (parameters then counted from the dimensions, embeddings tied).
    routing: Option<(u32, u32, u32)>,
    accelerator: &'static str,
    precision: &'static str,
    note: &'static str,
    /// The published layout where the source states it: TP, PP, ZeRO stage (when stated) and
    /// tokens per step (0 where the source calls its batch variable: the engine's choice).
    layout: Option<(f64, f64, Option<u8>, f64)>,
    /// The recomputation and the micro-batch, each where the source or the run's own
    /// configuration states it.
    recompute: Option<&'static str>,
    micro_batch: Option<f64>,
    /// Tokens per optimizer step where only the batch is stated.
    batch_tokens: Option<f64>,
    /// The published hours count the training steps only (no restarts or evaluation).
    steps_only: bool,
    /// The pipeline schedule where the run's launch script implies it (`1f1b`: no virtual stages).
    pipeline_schedule: Option<&'static str>,
    /// The run's framework all-reduces after each tensor-parallel GEMM: no overlap and no
    /// sequence parallelism (`tensorParallelOverlap: none`, `sequenceParallel: off`).
    all_reduce_after_each_gemm: bool,
    /// The cluster's fabric between instances, Gb/s per GPU, where the source names the instances.
    inter_node_gbps_per_gpu: Option<f64>,
    /// GPUs in one node where the system's differ from eight (a GH200 node holds four).
    gpus_per_node: Option<f64>,
    /// The expert-parallel degree of a MoE where the source states it.
    expert_parallel: Option<f64>,
    /// The run's own MoE kernels dispatch on the device (`expertDispatch: device`).
    expert_dispatch_on_device: bool,
    /// How the run's all-to-all crosses nodes where the source says (`expertAllToAll`).
    expert_all_to_all: Option<&'static str>,
}

fn training_run(case: &str) -> Option<TrainingRun> {
    let dense = |layers, hidden, heads, kv_heads, vocab, seq, accelerator, note| TrainingRun {
        preset: None,
        layers,
        hidden,
        heads,
        kv_heads,
        vocab,
        seq,
        moe: None,
        routing: None,
        accelerator,
        precision: "bf16",
        note,
        layout: None,
        recompute: None,
        micro_batch: None,
        batch_tokens: None,
        steps_only: false,
        pipeline_schedule: None,
        all_reduce_after_each_gemm: false,
        inter_node_gbps_per_gpu: None,
        gpus_per_node: None,
        expert_parallel: None,
        expert_dispatch_on_device: false,
        expert_all_to_all: None,
    };
    let preset = |id, seq, accelerator, precision, note| TrainingRun {
        preset: Some(id),
        precision,
        ..dense(0, 0, 0, 0, 0, seq, accelerator, note)
    };
    const LLAMA2: &str = "Llama 2 on A100-80GB, sequence 4096, no GPU count: the assumed two-month cluster; 200 Gb/s between GPUs of different nodes (the paper's §2.2.1: InfiniBand and RoCE clusters that both “interconnect 200 Gbps end-points”)";
    const LLAMA1: &str = "LLaMA on 2,048 A100-80GB, sequence 2048";
    const LLAMA3: &str = "Llama 3.1 on H100, sequence 8192, ~15T tokens, no GPU count: the assumed two-month cluster";
    const LLAMA3_0: &str = "Llama 3 on H100, sequence 8192, 15T tokens, no GPU count: the assumed two-month cluster";
    const PYTHIA_1B: &str = "64 A100-40GB, sequence 2048, the published layout: TP 1 × PP 1 × DP 64, ZeRO-1, 1,024 sequences per step (Pythia paper App. E); full activation recompute and micro-batch 16 as the run's config states; BF16 (the repository README); the published hours are iteration time × iterations × GPUs, so the estimate is read without its goodput allowance";
    const PYTHIA_TP1: &str = "64 A100-40GB, sequence 2048, the published layout: TP 1 × PP 1 × DP 64, ZeRO-1, 1,024 sequences per step (Pythia paper App. E); full activation recompute and micro-batch 16 as the run's config states; FP16; the published hours are iteration time × iterations × GPUs, so the estimate is read without its goodput allowance";
    const PYTHIA_TP2: &str = "128 A100-40GB, sequence 2048, the published layout: TP 2 × PP 1 × DP 64, ZeRO-1, 1,024 sequences per step (Pythia paper App. E); full activation recompute and micro-batch 8 (2 accumulation steps) as the run's config states; FP16; GPT-NeoX's tensor-parallel all-reduce after each GEMM (no overlap, no sequence parallelism); the published hours are iteration time × iterations × GPUs, so the estimate is read without its goodput allowance";
    const LLEMMA: &str = "256 A100 (40 GB as the paper is quoted; the repository says A100), sequence 4096, BF16, the run's layout from its configs: TP 2 (7B) or TP 8 (34B) × PP 1, ZeRO-1, 1,024 sequences per step, micro-batch 4 (7B) or 2 (34B), activation checkpointing; GPT-NeoX's tensor-parallel all-reduce after each GEMM (no overlap, no sequence parallelism); the fabric between nodes not stated (the engine's default)";
    const NEOX_20B: &str = "96 A100-40GB (twelve 8-GPU servers), sequence 2048, the published layout: TP 2 × PP 4 × DP 12, ZeRO-1, 1,536 sequences per step (micro-batch 4, 32 accumulation steps; the text says “1538 contexts”), full activation recompute, FP16 (the paper's configuration table); DeepSpeed's pipeline engine (plain 1F1B) and GPT-NeoX's tensor-parallel all-reduce after each GEMM (no overlap, no sequence parallelism); 100 Gb/s per GPU between servers (four 200 Gb/s HDR InfiniBand HCAs per eight GPUs); the hours are the 1,830 hours of training × 96 GPUs";
    const PYTHIA_TP4: &str = "256 A100-40GB, sequence 2048, the published layout: TP 4 × PP 1 × DP 64, ZeRO-1, 1,024 sequences per step (Pythia paper App. E); full activation recompute and micro-batch 8 (2 accumulation steps) as the run's config states; FP16; GPT-NeoX's tensor-parallel all-reduce after each GEMM (no overlap, no sequence parallelism); the published hours are iteration time × iterations × GPUs, so the estimate is read without its goodput allowance";
    // A run whose source states its fabric between nodes, in Gb/s per GPU.
    let fabric = |gbps: f64, run: TrainingRun| TrainingRun { inter_node_gbps_per_gpu: Some(gbps), ..run };
    let llama2 = |run| fabric(200.0, run);
    // Falcon (the tiiuae model cards): “trained on AWS SageMaker, on … A100 40GB GPUs in P4d
    // instances”: a p4d's (and a p4de's) 4 × 100 Gb/s EFA per eight GPUs, 50 Gb/s per GPU.
    let on_p4d = |run| fabric(50.0, run);
    // A run whose own launch script or config states its layout, step and pipeline schedule.
    let launched =
        |layout, (recompute, micro_batch): (&'static str, f64), pipeline_schedule, run: TrainingRun| TrainingRun {
            layout: Some(layout),
            recompute: Some(recompute),
            micro_batch: Some(micro_batch),
            pipeline_schedule,
            ..run
        };
    // DeepSpeed's pipeline engine (synchronous 1F1B, no virtual stages) under Megatron-style
    // tensor parallelism that all-reduces after each GEMM, full recompute, on a stated fabric.
    let deepspeed_pipeline = |gbps: f64, layout, micro_batch: f64, run: TrainingRun| {
        fabric(
            gbps,
            TrainingRun {
                all_reduce_after_each_gemm: true,
                ..launched(layout, ("full", micro_batch), Some("1f1b"), run)
            },
        )
    };
    // Pythia: TP as stated, PP 1, ZeRO-1, 1,024 sequences of 2,048 per step; full activation
    // recompute (checkpoint-activations, one layer per checkpoint) and the config's micro-batch.
    // GPT-NeoX all-reduces after each tensor-parallel GEMM (megatron/mpu/mappings.py at
    // 6a072ba, 2022: a plain `all_reduce` in the autograd function, no overlap).
    let pythia = |tp: f64, micro_batch: f64, run: TrainingRun| TrainingRun {
        precision: "fp16",
        steps_only: true,
        all_reduce_after_each_gemm: true,
        ..launched((tp, 1.0, Some(1), 1024.0 * 2048.0), ("full", micro_batch), None, run)
    };
    const FALCON_180B: &str = "4,096 A100-40GB in AWS P4d instances (the model card), sequence 2048; 50 Gb/s per GPU between instances (a p4d's 4 × 100 Gb/s EFA)";
    const FALCON_7B: &str = "384 A100-40GB in AWS P4d instances, sequence 2048, the published layout: PP 2 × DP 192 with ZeRO (stage not stated: the engine's choice), 2,304 sequences per step (the model card); 50 Gb/s per GPU between instances (a p4d's 4 × 100 Gb/s EFA); the hours are “about two weeks” × 384 GPUs";
    const FALCON_40B: &str = "384 A100-40GB in AWS P4d instances, sequence 2048, the published layout: TP 8 × PP 4 × DP 12 with ZeRO (stage not stated: the engine's choice), 1,152 sequences per step (the model card); 50 Gb/s per GPU between instances (a p4d's 4 × 100 Gb/s EFA); the hours are “two months” (60.8 days) × 384 GPUs";
    const BLOOM: &str = "384 A100-80GB, sequence 2048, the published layout: TP 4 × PP 12 × DP 8, ZeRO-1, 2,048 sequences per step (BLOOM paper §3.4); full activation recompute, micro-batch 2 and DeepSpeed's pipeline engine (plain 1F1B) as the run's launch script states, Megatron-DeepSpeed's tensor-parallel all-reduce after each GEMM (no overlap, no sequence parallelism); 50 Gb/s per GPU between nodes (4 Omni-Path links of 100 Gb/s per eight GPUs, the run's README)";
    const SMOLLM3: &str = "384 H100, sequence 4096, the published layout: TP 2 × PP 1 × DP 192, ZeRO-0, 576 sequences per step, micro-batch 3 and no layer recompute (FlashAttention: the engine's selective recompute), as the run's config states (huggingface/smollm stage1_8T.yaml)";
    const STARCODER: &str = "512 A100-80GB, sequence 8192, the published layout: TP 4 × PP 4 × DP 32, micro-batch 1, 512 sequences per step (StarCoder paper §5.6); as the run's launch script sets it: ZeRO-1 (the distributed optimizer), FlashAttention and no recompute flag (the engine's selective recompute), no virtual pipeline stages (plain 1F1B); on AWS EFA (the script's `FI_PROVIDER=efa`; eight A100-80GB with EFA is p4de.24xlarge, 4 × 100 Gb/s per instance: 50 Gb/s per GPU); not expressible: gradients reduced in FP32 (the engine reduces BF16)";
    const DEEPSEEK_67B: &str = "DeepSeek LLM 67B on H800, estimated as H100 (as DeepSeek-V3; the H800's NVLink is 400 GB/s, the H100's 900), sequence 4096, BF16, 2T tokens, no GPU count: the assumed two-month cluster";
    const DEEPSEEK_V2: &str = "MoE with MLA on H800, estimated as H100 (as DeepSeek-V3), sequence 4096, BF16 (not stated; DeepSeek-V3 names itself the first of its models trained in FP8), 8.1T tokens, no GPU count: the assumed two-month cluster; the published layout: TP 1 × PP 16 × EP 8, ZeRO-1, 9,216 sequences per step; its zero-bubble pipeline schedule run as the engine's interleaved one (a small bubble left); its own kernels: `expertDispatch: device`";
    const GLM_130B: &str = "768 A100-40GB (96 DGX A100), sequence 2048, FP16, the published layout: TP 4 × PP 8 × DP 24 (ZeRO stage not stated: the engine's choice), 4,224 sequences per step, DeepSpeed's PipeDream-Flush (plain 1F1B), full recompute (HFU 43.3% against MFU 32.5%), SwissArmyTransformer's tensor-parallel all-reduce after each GEMM (no overlap, no sequence parallelism); 200 Gb/s per GPU between nodes (a DGX A100's 8 × 200 Gb/s HDR); the hours are the 58 calendar days of the run, hardware failures included";
    const GRANITE_8B: &str = "768 H100, sequence 4096, the published layout: TP 4 × PP 4 × DP 48, ZeRO-1, plain 1F1B, 4M tokens per step (Granite 3.0 report §4.3); BF16 assumed (not stated)";
    const GRANITE_2B: &str = "256 H100, sequence 4096, the published layout: TP 2 × PP 1 × DP 128, ZeRO-1, 4M tokens per step (Granite 3.0 report §4.3); BF16 assumed (not stated)";
    const NEMOTRON4_15B: &str = "2,304 H100 (the stage with 95% of the tokens), sequence 4096, the published layout: TP 8 × DP 288, the distributed optimizer (ZeRO-1), 1,152 sequences per step (Table 2); the published days are iterations × iteration time (7.6T tokens ÷ 4.7M per step × 0.64 s = 11.9 days), so the estimate is read without its goodput allowance";
    const OLMO3_32B: &str = "Olmo 3 32B's pre-training stage, 5.5T tokens: “about 9.5 days on 512 GPUs, followed by an additional 35 days on 1024 GPUs”, durations that “include all crash resumptions” (its report, §2.4), estimated on 1,024 H100 (on 512 the same per-GPU work: two sequences per GPU per step); sequence 8192, the published layout: HSDP as ZeRO-3 (the engine has no hybrid sharding), TP 1 × PP 1, one sequence per GPU, 1,024 sequences per step, BF16, torch.compile's memory-budget checkpointing at 0.5 (the engine's `selective`); 200 Gb/s per GPU between nodes (TCPXO, its Table 34); sliding-window attention on three of every four layers counted as full";
    const APERTUS_70B: &str = "4,096 GH200 (1,024 nodes of four), sequence 4096, 15T tokens, the run's layout from its launch script: TP 4 × PP 8 with virtual stages (the engine's choice of how many), sequence parallel, the distributed optimizer (ZeRO-1), micro-batch 1, 4,096 sequences per step (2,048 on 2,048 GPUs before the node count doubled: the same work per GPU), no recompute flag (the engine's selective), BF16; 200 Gb/s per GPU between nodes (Slingshot-11); the hours are the main run's, which “does not count … failures, or downtime”, so the estimate is read without its goodput allowance";
    const STABLELM2_1_6B: &str = "512 A100-40GB in AWS P4d instances (the model card), sequence 4096, 4T tokens (the card's 2T × two epochs; the config's 540,000 steps of 8.4M tokens would be 4.5T, its pre-cooldown checkpoint at 420,000 steps 3.5T), the run's layout from its config: TP 1 × PP 1 × DP 512, ZeRO-1, micro-batch 2 × 2 accumulation steps (2,048 sequences per step), every layer checkpointed (full recompute), FlashAttention-2, BF16 with FP32 all-reduce (not expressible: the engine reduces BF16); 50 Gb/s per GPU between instances (a p4d's 4 × 100 Gb/s EFA)";
    const STABLELM_3B: &str = "256 A100-40GB in AWS P4d instances, sequence 4096, 4T tokens (1T × 4 epochs), ZeRO-1 with a tensor-parallel degree not stated (the engine's choice); 50 Gb/s per GPU between instances (a p4d's 4 × 100 Gb/s EFA)";
    const BLOOMBERGGPT: &str = "512 A100-40GB in 64 p4d.24xlarge, sequence 2048, the published layout: ZeRO-3 without tensor or pipeline parallelism (the paper shards over 128 GPUs with MiCS; the engine over all 512), activation checkpointing on every layer (full recompute), 2,048 sequences per step; 50 Gb/s per GPU between instances (400 Gb/s EFA per instance); the ~53 days are 139,200 steps × 32.5 s (52.4 days), so the estimate is read without its goodput allowance";
    const LLAMA3_2: &str = "Llama 3.2 on H100, sequence 8192, 9T tokens, no GPU count: the assumed two-month cluster; distillation targets (the larger models' logits) were generated apart and are not in the hours";
    const LLAMA4: &str = "Llama 4 on H100, no GPU count: the assumed two-month cluster; sequence 8192 (the pre-training length the released config's RoPE scaling names, `original_max_position_embeddings`); BF16, the engine's default (the card states no format; with FP8 the estimates are 0.51× (Scout) and 0.67× (Maverick) these hours); the shared expert and Maverick's dense layers counted in the card's 17B active parameters; chunked attention as a window of 8192 (at a sequence of 8192, a full causal window)";
    const DCLM: &str = "DataComp-LM's baseline at its scale's “1x” track (mlfoundations/dclm's README table of “Train H100 hours”; no GPU count stated: the assumed two-month cluster), sequence 2048, the run's config: FSDP (ZeRO-3) without tensor or pipeline parallelism, 256 sequences per step (1B, 3B) or 2,048 (7B), no gradient checkpointing (the engine's selective recompute), BF16";
    const FALCON2_11B: &str = "1,024 A100-40GB in 128 AWS p4d instances (“on average”, the model card), the published layout: TP 8 × PP 1 with ZeRO (stage not stated: the engine's choice), a batch “gradually increased” (the engine's choice); sequence 2048, stage 1's (4.5T of the 5.5T tokens; 1T at 4096–8192 later, about 2% more FLOPs than at 2048); 50 Gb/s per GPU between instances (a p4d's 4 × 100 Gb/s EFA); the hours are “roughly two months” (60.8 days) × 1,024 GPUs";
    const MINICPM_2B: &str = "160 A100 (the memory not stated: the 40 GB part), sequence 4096, 1.1T tokens, layout and batch not stated (the engine's choice), BF16 assumed; the hours are the maintainer's “approximately 15 days” × 160 GPUs, decay and scaling-law experiments apart";
    // FSDP without tensor or pipeline parallelism, sequences of 2,048 per step, no gradient
    // checkpointing; the micro-batch follows the GPU count, which the source does not state.
    let dclm = |sequences: f64, run: TrainingRun| TrainingRun {
        layout: Some((1.0, 1.0, Some(3), sequences * 2048.0)),
        recompute: Some("selective"),
        ..run
    };
    // Data parallel only, ZeRO-1, 4M tokens per step, ScatterMoE: (experts, layers, hidden, heads).
    let granite_moe = |experts, layers, hidden, heads| TrainingRun {
        routing: Some((experts, 8, 512)),
        layout: Some((1.0, 1.0, Some(1), 4_194_304.0)),
        expert_parallel: Some(1.0),
        expert_dispatch_on_device: true,
        ..dense(layers, hidden, heads, 8, 49152, 4096, "H100", GRANITE_MOE)
    };
    const GRANITE_MOE: &str = "H100, sequence 4096, the published layout: data parallelism only (TP 1 × PP 1 × EP 1: “without any model parallelism”), ScatterMoE's dropless kernels (one kernel for all the experts, Tan et al. 2024: `expertDispatch: device`), ZeRO-1, 4M tokens per step; “128 and 256 GPUs” for the two MoE models without saying which: taken in the order named (1B-A400M on 128); parameters counted from the dimensions of Table 1 (1.33B / 0.43B active and 3.30B / 0.88B); BF16 assumed (not stated)";
    Some(match case {
        // Llama 2 (arXiv 2307.09288 §2.2.1): RSC's InfiniBand and the production clusters' RoCE
        // “interconnect 200 Gbps end-points”, one per A100 as on a DGX A100 (8 × 200 Gb/s HDR).
        "llama2_7b_pretrain" => llama2(dense(32, 4096, 32, 32, 32000, 4096, "A100-80GB", LLAMA2)),
        "llama2_13b_pretrain" => llama2(dense(40, 5120, 40, 40, 32000, 4096, "A100-80GB", LLAMA2)),
        // 34B was not released; Code Llama 34B, trained on from it, has its architecture.
        "llama2_34b_pretrain" => llama2(dense(48, 8192, 64, 8, 32000, 4096, "A100-80GB", LLAMA2)),
        "llama2_70b_pretrain" => llama2(dense(80, 8192, 64, 8, 32000, 4096, "A100-80GB", LLAMA2)),
        "llama1_7b_pretrain" => dense(
            32,
            4096,
            32,
            32,
            32000,
            2048,
            "A100-80GB",
            "LLaMA on 2,048 A100-80GB, sequence 2048; 1.0T tokens from the LLaMA paper (the row has none)",
        ),
        "llama1_13b_pretrain" => dense(40, 5120, 40, 40, 32000, 2048, "A100-80GB", LLAMA1),
        "llama1_33b_pretrain" => dense(60, 6656, 52, 52, 32000, 2048, "A100-80GB", LLAMA1),
        "llama1_65b_pretrain" => dense(80, 8192, 64, 64, 32000, 2048, "A100-80GB", LLAMA1),
        "llama3_1_8b_pretrain" => preset("llama-3.1-8b", 8192, "H100", "bf16", LLAMA3),
        "llama3_1_70b_pretrain" => preset("llama-3.1-70b", 8192, "H100", "bf16", LLAMA3),
        "llama3_1_405b_pretrain" => preset("llama-3.1-405b", 8192, "H100", "bf16", LLAMA3),
        // Llama 3 has Llama 3.1's architecture (3.1 changed the RoPE scaling for 128K).
        "llama3_8b_pretrain" => preset("llama-3.1-8b", 8192, "H100", "bf16", LLAMA3_0),
        "llama3_70b_pretrain" => preset("llama-3.1-70b", 8192, "H100", "bf16", LLAMA3_0),
        // DeepSeek-V3's own stack (arXiv 2412.19437 §3.2): its all-to-all kernels and
        // DualPipe keep the dispatch on the device.
        "deepseek_v3_pretrain" => TrainingRun {
            expert_dispatch_on_device: true,
            expert_all_to_all: Some("per-node"),
            ..preset(
                "deepseek-v3",
                4096,
                "H100",
                "fp8",
                "MoE with MLA, FP8, 2,048 GPUs, sequence 4096 (the paper's pre-training length); its own stack's all-to-all kernels and DualPipe (§3.2): `expertDispatch: device`, a token sent once per node and forwarded there over NVLink (§3.2.2): `expertAllToAll: per-node`",
            )
        },
        // Phi-2 (its model card): 96 A100-80GB, sequence 2048, layout and batch not stated.
        "phi2_pretrain" => dense(
            32,
            2560,
            32,
            32,
            51200,
            2048,
            "A100-80GB",
            "96 A100-80GB, sequence 2048; the card's hours imply 201 TFLOP/s of model FLOPs (6 × N × tokens) per GPU, 64% of the BF16 peak, where the other A100 runs here reach 24–51%",
        ),
        "phi3_mini_pretrain" => preset("phi-3-mini", 4096, "H100", "bf16", "512 H100, sequence 4096"),
        "phi3_medium_pretrain" => preset("phi-3-medium", 4096, "H100", "bf16", "512 H100, sequence 4096"),
        "phi4_pretrain" => TrainingRun {
            batch_tokens: Some(5760.0 * 4096.0),
            ..dense(
                40,
                5120,
                40,
                10,
                100352,
                4096,
                "H100",
                "1,920 H100, sequence 4096, 5,760 sequences per step (Phi-4 technical report §3)",
            )
        },
        "phi3_5_moe_pretrain" => TrainingRun {
            moe: Some((16, 6.6)),
            ..dense(
                32,
                4096,
                32,
                8,
                32064,
                4096,
                "H100",
                "MoE, 16 experts, top-2 (the default), 512 H100, sequence 4096",
            )
        },
        // `--deepspeed` with PP 12: Megatron-DeepSpeed's GPTModelPipe runs DeepSpeed's
        // TrainSchedule, synchronous 1F1B without virtual stages. Jean Zay's nodes: “8 GPUs per node …, 4 OmniPath links”, Omni-Path Architecture
        // (tr11-176B-ml/README.md): OPA's one shipped generation runs 100 Gb/s a link, so 4 × 100
        // Gb/s per eight GPUs, 50 Gb/s per GPU.
        // Megatron-DeepSpeed (bigscience-workshop's, forked from Microsoft's) all-reduces
        // after each tensor-parallel GEMM: megatron/mpu/mappings.py `_reduce`, no overlap.
        "bloom_176b_pretrain" => deepspeed_pipeline(
            50.0,
            (4.0, 12.0, Some(1), 2048.0 * 2048.0),
            2.0,
            dense(70, 14336, 112, 112, 250880, 2048, "A100-80GB", BLOOM),
        ),
        "mpt_7b_pretrain" => dense(32, 4096, 32, 32, 50432, 2048, "A100", "440 A100-40GB, sequence 2048"),
        "falcon_180b_pretrain" => on_p4d(dense(80, 14848, 232, 8, 65024, 2048, "A100", FALCON_180B)),
        // The cards state the layout (“PP=2, DP=192”, “TP=8, PP=4, DP=12”) “combined with ZeRO”
        // of no stated stage, and the batch in sequences of 2,048.
        "falcon_7b_pretrain" => on_p4d(TrainingRun {
            layout: Some((1.0, 2.0, None, 2304.0 * 2048.0)),
            ..dense(32, 4544, 71, 1, 65024, 2048, "A100", FALCON_7B)
        }),
        "falcon_40b_pretrain" => on_p4d(TrainingRun {
            layout: Some((8.0, 4.0, None, 1152.0 * 2048.0)),
            ..dense(60, 8192, 128, 8, 65024, 2048, "A100", FALCON_40B)
        }),
        // Pythia (arXiv 2304.01373): the paper's layout (App. E: ZeRO-1, PP 1, TP 1/2/4,
        // 1,024 sequences of 2,048, checkpoint-activations) and the micro-batch of each run's
        // config (EleutherAI/pythia models/*.yml); untied embeddings, vocabulary padded by TP.
        "pythia_1b_pretrain" => TrainingRun {
            precision: "bf16",
            ..pythia(1.0, 16.0, dense(16, 2048, 8, 8, 50304, 2048, "A100", PYTHIA_1B))
        },
        "pythia_1_4b_pretrain" => pythia(1.0, 16.0, dense(24, 2048, 16, 16, 50304, 2048, "A100", PYTHIA_TP1)),
        "pythia_2_8b_pretrain" => pythia(1.0, 16.0, dense(32, 2560, 32, 32, 50304, 2048, "A100", PYTHIA_TP1)),
        "pythia_6_9b_pretrain" => pythia(2.0, 8.0, dense(32, 4096, 32, 32, 50432, 2048, "A100", PYTHIA_TP2)),
        "pythia_12b_pretrain" => pythia(4.0, 8.0, dense(36, 5120, 40, 40, 50688, 2048, "A100", PYTHIA_TP4)),
        // Llemma (EleutherAI/math-lm): Code Llama 7B and 34B trained further on Proof-Pile-2 with
        // GPT-NeoX, as the run's configs state them: TP 2 (7B) or 8 (34B), no pipeline, ZeRO-1,
        // micro-batch 4 or 2 sequences of 4,096, 1,024 sequences per step, activation checkpointing.
        "llemma_7b_pretrain" | "llemma_34b_pretrain" => {
            let (tp, micro_batch, run) = if case == "llemma_7b_pretrain" {
                (2.0, 4.0, dense(32, 4096, 32, 32, 32016, 4096, "A100", LLEMMA))
            } else {
                (8.0, 2.0, dense(48, 8192, 64, 8, 32000, 4096, "A100", LLEMMA))
            };
            TrainingRun {
                all_reduce_after_each_gemm: true,
                ..launched((tp, 1.0, Some(1), 1024.0 * 4096.0), ("full", micro_batch), None, run)
            }
        }
        // GPT-NeoX-20B: the paper's configuration table (App. B): TP 2, PP 4 (so DP 12 on 96
        // GPUs), micro-batch 4 × 32 accumulation steps, ZeRO-1, FP16, checkpoint-activations;
        // DeepSpeed's pipeline engine (plain 1F1B) and GPT-NeoX's all-reduce after each GEMM.
        "gpt_neox_20b_pretrain" => TrainingRun {
            precision: "fp16",
            ..deepspeed_pipeline(
                100.0,
                (2.0, 4.0, Some(1), 1536.0 * 2048.0),
                4.0,
                dense(44, 6144, 64, 64, 50432, 2048, "A100", NEOX_20B),
            )
        },
        // SmolLM3 (huggingface/smollm): the stage-1 config's layout, micro-batch and no layer
        // recompute (nanotron with FlashAttention: the engine's selective recompute).
        "smollm3_3b_pretrain" => launched(
            (2.0, 1.0, Some(0), 2_359_296.0),
            ("selective", 3.0),
            None,
            dense(36, 2048, 16, 4, 128256, 4096, "H100", SMOLLM3),
        ),
        // StarCoderBase: the paper's layout (arXiv 2305.06161 §5.6) as its launch script sets it
        // (bigcode-project/Megatron-LM examples/pretrain_bigcode_model.slurm): TP 4, PP 4, micro-batch 1,
        // 512 sequences of 8,192, the distributed optimizer (ZeRO-1), FlashAttention without
        // recompute flags, no virtual pipeline stages (plain 1F1B).
        // Its script's "AWS specific" block runs NCCL over EFA (`FI_PROVIDER=efa`): a p4de.
        "starcoderbase_15b_pretrain" => on_p4d(launched(
            (4.0, 4.0, Some(1), 512.0 * 8192.0),
            ("selective", 1.0),
            Some("1f1b"),
            dense(40, 6144, 48, 1, 49152, 8192, "A100-80GB", STARCODER),
        )),
        // DeepSeek-V2 (arXiv 2405.04434 §3.1.3): HAI-LLM, PP 16 (zero-bubble), EP 8, ZeRO-1, no TP,
        // 9,216 sequences of 4K per step; its own kernels for the experts' communication and GEMMs.
        "deepseek_v2_pretrain" => TrainingRun {
            layout: Some((1.0, 16.0, Some(1), 9216.0 * 4096.0)),
            expert_parallel: Some(8.0),
            expert_dispatch_on_device: true,
            ..preset("deepseek-v2", 4096, "H100", "bf16", DEEPSEEK_V2)
        },
        // DeepSeek LLM 67B (arXiv 2401.02954, config.json): 95 layers, GQA with 8 KV heads.
        "deepseek_67b_pretrain" => dense(95, 8192, 64, 8, 102400, 4096, "H100", DEEPSEEK_67B),
        // GLM-130B (arXiv 2210.02414 §2.3; THUDM/GLM-130B configs/model_glm_130b.sh: 70 layers,
        // hidden 12288, 96 heads, vocabulary 150528). Re-materialisation is why its HFU (43.3%)
        // is 8/6 of its MFU (32.5%): full recompute. Its framework, SwissArmyTransformer,
        // all-reduces after each tensor-parallel GEMM (SwissArmyTransformer/mpu/mappings.py at
        // 22419c4, July 2022): no overlap.
        "glm_130b_pretrain" => fabric(
            200.0,
            TrainingRun {
                precision: "fp16",
                layout: Some((4.0, 8.0, None, 4224.0 * 2048.0)),
                recompute: Some("full"),
                pipeline_schedule: Some("1f1b"),
                all_reduce_after_each_gemm: true,
                ..dense(70, 12288, 96, 96, 150528, 2048, "A100", GLM_130B)
            },
        ),
        // Granite 3.0 (its report §4.3): Megatron-style TP and PP within and across nodes, 1F1B,
        // ZeRO-1; StarCoder's tokenizer (49,152).
        "granite_3_0_8b_pretrain" => TrainingRun {
            layout: Some((4.0, 4.0, Some(1), 4_194_304.0)),
            pipeline_schedule: Some("1f1b"),
            ..dense(40, 4096, 32, 8, 49152, 4096, "H100", GRANITE_8B)
        },
        "granite_3_0_2b_pretrain" => TrainingRun {
            layout: Some((2.0, 1.0, Some(1), 4_194_304.0)),
            ..dense(40, 2048, 32, 8, 49152, 4096, "H100", GRANITE_2B)
        },
        // Nemotron-4 15B (arXiv 2402.16819 §2.3, Table 2): TP 8, the distributed optimizer.
        "nemotron4_15b_pretrain" => TrainingRun {
            layout: Some((8.0, 1.0, Some(1), 1152.0 * 4096.0)),
            steps_only: true,
            ..dense(32, 6144, 48, 8, 256000, 4096, "H100", NEMOTRON4_15B)
        },
        // Olmo 3 32B (its report §2.4 and Table 34; OLMo-core's OLMo-3-1025-32B-pretrain.py): HSDP
        // (ZeRO-3 here), no TP or PP, one sequence of 8,192 per GPU, 1,024 per step, BF16.
        "olmo3_32b_pretrain" => fabric(
            200.0,
            launched((1.0, 1.0, Some(3), 1024.0 * 8192.0), ("selective", 1.0), None, dense(64, 5120, 40, 8, 100_352, 8192, "H100", OLMO3_32B)),
        ),
        // Apertus 70B (swiss-ai/pretrain-code submit_apertus_70b.sh): Megatron-LM, TP 4 × PP 8 with
        // virtual stages, the distributed optimizer, micro-batch 1, no recompute flag; GH200 nodes of four.
        "apertus_70b_pretrain" => TrainingRun {
            steps_only: true,
            gpus_per_node: Some(4.0),
            ..fabric(
                200.0,
                launched((4.0, 8.0, Some(1), 4096.0 * 4096.0), ("selective", 1.0), None, dense(80, 8192, 64, 8, 131_072, 4096, "GH200", APERTUS_70B)),
            )
        },
        // StableLM 2 1.6B (Stability-AI/StableLM configs/stablelm-2-1_6b.yml): GPT-NeoX, data
        // parallel only with ZeRO-1, micro-batch 2 × 2 accumulation steps, every layer checkpointed.
        "stablelm2_1_6b_pretrain" => on_p4d(launched(
            (1.0, 1.0, Some(1), 2048.0 * 4096.0),
            ("full", 2.0),
            None,
            dense(24, 2048, 32, 32, 100_352, 4096, "A100", STABLELM2_1_6B),
        )),
        // DataComp-LM's baselines (mlfoundations/dclm training/configs/*_1x_*.json and
        // open_lm_configs/open_lm_*_swiglutorch.json): open_lm with FSDP, no tensor or pipeline
        // parallelism, no gradient checkpointing; untied embeddings, vocabulary 50,432.
        "dclm_1b_pretrain" => dclm(256.0, dense(24, 2048, 16, 16, 50432, 2048, "H100", DCLM)),
        "dclm_3b_pretrain" => dclm(256.0, dense(32, 2560, 32, 32, 50432, 2048, "H100", DCLM)),
        "dclm_7b_pretrain" => dclm(2048.0, dense(32, 4096, 32, 32, 50432, 2048, "H100", DCLM)),
        // Falcon2-11B (its model card): 60 layers, 32 query and 8 KV heads of 128, vocabulary 65,024.
        "falcon2_11b_pretrain" => on_p4d(TrainingRun {
            layout: Some((8.0, 1.0, None, 0.0)),
            ..dense(60, 4096, 32, 8, 65024, 2048, "A100", FALCON2_11B)
        }),
        // MiniCPM-2.4B (arXiv 2404.06395 Table 2): 40 layers, d 2304, 36 heads of 64, tied
        // embeddings over a vocabulary of 122,753.
        "minicpm_2b_pretrain" => dense(40, 2304, 36, 36, 122_753, 4096, "A100", MINICPM_2B),
        // Phi-1.5 (its model card): 32 A100-40GB, FP16, layout and batch not stated.
        "phi1_5_pretrain" => TrainingRun {
            precision: "fp16",
            ..dense(24, 2048, 32, 32, 51200, 2048, "A100", "32 A100-40GB, sequence 2048, FP16, layout and batch not stated (the engine's choice); the card's “Training time: 8 days” × 32 GPUs")
        },
        "stablelm_3b_4e1t_pretrain" => on_p4d(dense(32, 2560, 32, 32, 50257, 4096, "A100", STABLELM_3B)),
        // BloombergGPT (arXiv 2303.17564 §3.3–3.4, §4): ZeRO-3 on SageMaker, every layer checkpointed.
        "bloomberggpt_50b_pretrain" => on_p4d(TrainingRun {
            layout: Some((1.0, 1.0, Some(3), 2048.0 * 2048.0)),
            recompute: Some("full"),
            steps_only: true,
            ..dense(70, 7680, 40, 40, 131072, 2048, "A100", BLOOMBERGGPT)
        }),
        // Granite 3.0's MoEs (its report, Table 1 and §4.3): 32 and 40 experts of width 512, top-8.
        "granite_3_0_1b_a400m_pretrain" => granite_moe(32, 24, 1024, 16),
        "granite_3_0_3b_a800m_pretrain" => granite_moe(40, 32, 1536, 24),
        "llama3_2_1b_pretrain" => preset("llama-3.2-1b", 8192, "H100", "bf16", LLAMA3_2),
        "llama3_2_3b_pretrain" => preset("llama-3.2-3b", 8192, "H100", "bf16", LLAMA3_2),
        "llama4_scout_pretrain" => preset("llama-4-scout", 8192, "H100", "bf16", LLAMA4),
        "llama4_maverick_pretrain" => preset("llama-4-maverick", 8192, "H100", "bf16", LLAMA4),
        _ => return None,
    })
}

struct Row {
    case: String,
    kind: String,
    params_b: f64,
    tokens_b: f64,
    gpu_count: f64,
    published: f64,
    unit: String,
    constants: String,
    /// The row's unit and source together: the published settings, where a layout's context
    /// parallelism is read (`stated_context_parallel`).
    settings: String,
}

/// The context-parallel degree a row's published settings state (`CP2`, `CP 2`, `cp2` in a
/// config file's name), `None` where they state none.
fn stated_context_parallel(settings: &str) -> Option<f64> {
    let bytes = settings.as_bytes();
    (0..bytes.len().saturating_sub(2)).find_map(|i| {
        let starts_word = i == 0 || !bytes[i - 1].is_ascii_alphabetic();
        if !starts_word || !bytes[i..i + 2].eq_ignore_ascii_case(b"cp") {
            return None;
        }
        let rest = settings[i + 2..].trim_start_matches(' ');
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        digits.parse().ok()
    })
}

/// Runs every calibration row. A row this module does not know is an error, so
/// a new row in the CSV cannot be silently skipped.
pub fn run(catalog: &Catalog) -> Result<Vec<CaseResult>, String> {
    let (cols, rows) = crate::catalog::sources::fields::records("calibration.csv", CALIBRATION_CSV)?;
    let mut out = Vec::new();
    for r in &rows {
        let row = Row {
            case: cols.text(r, "case")?.to_string(),
            kind: cols.text(r, "kind")?.to_string(),
            params_b: cols.number(r, "params_b")?.unwrap_or(0.0),
            tokens_b: cols.number(r, "tokens_b")?.unwrap_or(0.0),
            gpu_count: cols.number(r, "gpu_count")?.unwrap_or(0.0),
            published: cols.required_number(r, "published_value")?,
            unit: cols.text(r, "unit")?.to_string(),
            constants: cols.text(r, "constants")?.to_string(),
            settings: format!("{} {}", cols.text(r, "unit")?, cols.text(r, "source")?),
        };
        let s = setup(&row.case, &row).ok_or_else(|| format!("calibration case `{}` has no setup", row.case))?;
        let request: EstimateRequest = crate::input::from_json(&s.request)
            .and_then(|node| crate::input::read("request", &node))
            .map_err(|e: Error| format!("{}: {e}", row.case))?;
        let response = estimate(catalog, &request).map_err(|e| format!("{}: {e}", row.case))?;
        let (estimate, low, high) = (s.read)(&response, &s.request);
        let dense_on_known_gpu = dense_on_known_gpu(&response);
        out.push(CaseResult {
            dense_on_known_gpu,
            moe: is_moe(&response),
            // A stated layout is a request that fixes the tensor-parallel degree.
            layout_stated: row.kind == "training_gpu_hours" && s.request["workload"].get("tensorParallel").is_some(),
            quantity: row.kind,
            published: row.published,
            unit: row.unit.split(" (").next().unwrap_or(&row.unit).to_string(),
            estimate,
            low: low.min(high),
            high: high.max(low),
            tolerance: s.tolerance,
            setup: s.note.to_string(),
            fitted: fitted(&row.case, &row.constants)?,
            case: row.case,
        });
    }
    out.extend(serving_rows(catalog)?);
    Ok(out)
}

/// A dense model (no routed experts) estimated on a named accelerator.
fn dense_on_known_gpu(response: &crate::workload::EstimateResponse) -> bool {
    response.accelerator.is_some() && response.model.as_ref().is_some_and(|m| m.experts <= 1)
}

fn is_moe(response: &crate::workload::EstimateResponse) -> bool {
    response.model.as_ref().is_some_and(|m| m.is_moe())
}

/// The rows of `data/serving_calibration.csv`: each table row asked with its
/// engine, layout, lengths and KV precision; a stated batch compares the time
/// per output token (the closed loop of the benchmark), maximum load the throughput.
/// tests/serving.rs holds the group to its target from these same cases.
pub fn serving_rows(catalog: &Catalog) -> Result<Vec<CaseResult>, String> {
    let (cols, rows) = crate::catalog::sources::fields::records("serving_calibration.csv", SERVING_CSV)?;
    let mut out = Vec::new();
    for r in &rows {
        let case = cols.text(r, "case")?.to_string();
        // A preset id, or a model object (a `hfConfig` from the model's own
        // config.json) for a model the catalog has no preset of.
        let model_text = cols.text(r, "model")?;
        let model: serde_json::Value = if model_text.starts_with('{') {
            serde_json::from_str(model_text).map_err(|e| format!("{case}: model: {e}"))?
        } else {
            serde_json::json!(model_text)
        };
        let mut workload = serde_json::json!({
            "kind": "inference", "model": model, "precision": cols.text(r, "precision")?,
            "gpus": cols.required_number(r, "gpus_per_replica")?,
            "promptTokens": cols.required_number(r, "prompt_tokens")?,
            "outputTokens": cols.required_number(r, "output_tokens")?,
            "engine": cols.text(r, "engine_key")?, "kvPrecision": cols.text(r, "kv_precision")?,
        });
        if let Some(m) = cols.number(r, "max_sequences")? {
            workload["maxSequences"] = serde_json::json!(m);
        }
        let attention = cols.text(r, "attention_parallelism")?;
        if !attention.is_empty() {
            workload["attentionParallelism"] = serde_json::json!(attention);
        }
        let batch = cols.number(r, "batch")?;
        match batch {
            Some(b) => workload["concurrency"] = serde_json::json!(b),
            None => workload["mode"] = serde_json::json!("batch"),
        }
        let request = serde_json::json!({ "workload": workload, "accelerator": cols.text(r, "accelerator")? });
        let request: EstimateRequest = crate::input::from_json(&request)
            .and_then(|node| crate::input::read("request", &node))
            .map_err(|e: Error| format!("{case}: {e}"))?;
        let response = estimate(catalog, &request).map_err(|e| format!("{case}: {e}"))?;
        let nan = Range::new(f64::NAN, f64::NAN, f64::NAN);
        let itl = cols.number(r, "published_itl_ms")?;
        let (quantity, published, unit, got) = match itl {
            Some(ms) => ("inference_itl", ms, "ms per output token", response.compute.itl_ms.unwrap_or(nan)),
            None => (
                "inference_throughput",
                cols.required_number(r, "published_tokens_per_second")?,
                "output tokens/s",
                response.compute.tokens_per_second.unwrap_or(nan),
            ),
        };
        let engine = cols.text(r, "engine")?;
        let setup = match batch {
            Some(b) => format!(
                "{engine}, {b:.0} sequences in flight (published tokens/s × ITL), TP {:.0}",
                cols.required_number(r, "gpus_per_replica")?
            ),
            None => format!(
                "{engine} at maximum load (the largest batch its KV cache holds), TP {:.0}",
                cols.required_number(r, "gpus_per_replica")?
            ),
        };
        let setup = match attention {
            "data" => format!("{setup}, attention data-parallel (the experts over the same GPUs)"),
            _ => setup,
        };
        out.push(CaseResult {
            dense_on_known_gpu: dense_on_known_gpu(&response),
            moe: is_moe(&response),
            layout_stated: false,
            quantity: quantity.to_string(),
            published,
            unit: unit.to_string(),
            estimate: got.expected,
            low: got.low.min(got.high),
            high: got.high.max(got.low),
            tolerance: Tolerance::Relative(0.25),
            setup,
            fitted: fitted(&case, cols.text(r, "use")?)?,
            case,
        });
    }
    Ok(out)
}

/// The `constants` column: `independent`, or `fitted: <the constant tuned from this row>`.
fn fitted(case: &str, text: &str) -> Result<Option<String>, String> {
    match text.split_once(':') {
        _ if text == "independent" => Ok(None),
        Some(("fitted", which)) => Ok(Some(which.trim().to_string())),
        _ => Err(format!("calibration case `{case}`: constants must be `independent` or `fitted: …`, got `{text}`")),
    }
}

/// Rows inside the estimate's low–high range, and the median |error| of the
/// expected value, for one group of rows.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GroupSummary {
    pub rows: usize,
    pub passing: usize,
    pub inside_range: usize,
    pub median_abs_error: f64,
}

pub fn summary<'a>(results: impl IntoIterator<Item = &'a CaseResult>) -> GroupSummary {
    let mut errors = Vec::new();
    let mut inside = 0;
    let mut passing = 0;
    for r in results {
        passing += usize::from(r.passes());
        errors.push(r.error().abs());
        if r.low <= r.published && r.published <= r.high {
            inside += 1;
        }
    }
    GroupSummary { rows: errors.len(), passing, inside_range: inside, median_abs_error: median(errors) }
}

/// The median of `values` (the mean of the middle two for an even count; NaN for none).
fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    match n {
        0 => f64::NAN,
        _ if n % 2 == 1 => values[n / 2],
        _ => (values[n / 2 - 1] + values[n / 2]) / 2.0,
    }
}

/// Issue 15's target for each group of independent rows with a value: a median |error| of at
/// most 15% and at least 85% of the rows within ±25% (the report's table and its bias check).
const TARGET_MEDIAN_ABS_ERROR: f64 = 0.15;
const TARGET_BAND: f64 = 0.25;
const TARGET_WITHIN_PERCENT: usize = 85;

/// Whether a group that misses its target misses it by one shared bias: its signed median
/// error, the rows more than 25% under and over their published figures, and the most rows
/// within ±25% that any one factor applied to every estimate (0.80 to 1.25, by 0.01) would
/// leave. Errors on both sides and a best factor still short of 85% say the misses are spread
/// between the sources: no one factor on every estimate takes them away.
pub fn shared_factor_check(name: &str, rows: &[&CaseResult]) -> String {
    let signed: Vec<f64> = rows.iter().map(|r| r.error()).collect();
    let n = signed.len();
    let under = signed.iter().filter(|e| **e < -TARGET_BAND).count();
    let over = signed.iter().filter(|e| **e > TARGET_BAND).count();
    let within_at = |factor: f64| signed.iter().filter(|e| ((1.0 + **e) * factor - 1.0).abs() <= TARGET_BAND).count();
    // The most rows within, and of the factors that reach it the one nearest 1.
    let (factor, within) = (80..=125)
        .map(|percent| f64::from(percent) / 100.0)
        .map(|factor| (factor, within_at(factor)))
        .fold((1.0_f64, within_at(1.0)), |best: (f64, usize), next| {
            if next.1 > best.1 || (next.1 == best.1 && (next.0 - 1.0).abs() < (best.0 - 1.0).abs()) {
                next
            } else {
                best
            }
        });
    let signed_median = median(signed);
    format!(
        "Is the miss of \"{name}\" one bias? Its signed median error is {:+.1}%; {under} rows are more than {band}% \
         under their published figures and {over} more than {band}% over; one factor applied to every estimate of the \
         group (0.80 to 1.25) leaves at most {within} of {n} within ±{band}% (× {factor:.2}), against the {} the target \
         needs.",
        signed_median * 100.0,
        (n * TARGET_WITHIN_PERCENT).div_ceil(100),
        band = TARGET_BAND * 100.0
    )
}

/// docs/ACCURACY.md, generated.
pub fn report(results: &[CaseResult]) -> String {
    let mut out = String::from(
        "# Accuracy of the estimators\n\n\
         Generated by `cargo run --bin accuracy > docs/ACCURACY.md` from `data/calibration.csv` and\n\
         `data/serving_calibration.csv`;\n\
         `cargo test` fails when a row leaves its tolerance or this file is out of date.\n\
         Estimates use the defaults a user gets (the step model, the efficiency table),\n\
         unless the setup column says otherwise. Low–high is the estimate's range.\n\n\
         Rows are in two groups. **Independent** rows tested a default that was not tuned\n\
         from them. **Fitted** rows are where a default constant was tuned from that same\n\
         published figure: they show the fit, not the accuracy.\n\n",
    );
    out.push_str("| group | rows | within tolerance | inside low–high | median \\|error\\| of expected | published runs (GPU-hours) | runs inside low–high | runs median \\|error\\| |\n|---|---|---|---|---|---|---|---|\n");
    for (name, fitted) in [("independent", false), ("fitted", true)] {
        let group = || results.iter().filter(move |r| r.fitted.is_some() == fitted);
        let all = summary(group());
        let training = summary(group().filter(|r| r.quantity == "training_gpu_hours"));
        let pct = |s: &GroupSummary| {
            if s.rows == 0 {
                "—".to_string()
            } else {
                format!("{:.1}%", s.median_abs_error * 100.0)
            }
        };
        out.push_str(&format!(
            "| {name} | {} | {} | {} | {} | {} | {} | {} |\n",
            all.rows,
            all.passing,
            all.inside_range,
            pct(&all),
            training.rows,
            training.inside_range,
            pct(&training)
        ));
    }
    let (median_pct, band_pct) = (TARGET_MEDIAN_ABS_ERROR * 100.0, TARGET_BAND * 100.0);
    out.push_str(&format!(
        "\nIndependent rows by group, against the target (median |error| ≤ {median_pct:.0}%, ≥ {TARGET_WITHIN_PERCENT}% within ±{band_pct:.0}%).\n\
         A row where the source states only a bound (a GPU that suffices) is checked as a bound: it\n\
         passes when the published figure satisfies it, and is counted apart from the rows with a value:\n\n\
         | group | rows with a value | median \\|error\\| | within ±{band_pct:.0}% | bounds held | target met |\n|---|---|---|---|---|---|\n"
    ));
    let groups: [(&str, &[&str]); 3] = [
        ("real runs: GPU-hours from model cards and papers", &["training_gpu_hours"]),
        (
            "benchmarks: throughput at a stated layout",
            &[
                "training_tokens_per_gpu_s",
                "finetune_tokens_per_gpu_s",
                "training_mfu",
                "training_tflops_per_gpu",
                "training_iteration_seconds",
            ],
        ),
        (
            "memory and serving",
            &[
                "inference_kv_memory",
                "inference_memory",
                "finetune_memory",
                "inference_throughput",
                "inference_itl",
                "inference_latency",
            ],
        ),
    ];
    // Below the table: for a group that misses its target, whether one shared factor would explain it.
    let mut missed = Vec::new();
    for (name, kinds) in groups {
        let is_bound = |r: &CaseResult| matches!(r.tolerance, Tolerance::AtMost | Tolerance::AtLeast);
        let group: Vec<&CaseResult> =
            results.iter().filter(|r| r.fitted.is_none() && kinds.contains(&r.quantity.as_str())).collect();
        let rows: Vec<&CaseResult> = group.iter().copied().filter(|r| !is_bound(r)).collect();
        let bounds: Vec<&CaseResult> = group.iter().copied().filter(|r| is_bound(r)).collect();
        let held = bounds.iter().filter(|r| r.passes()).count();
        let s = summary(rows.iter().copied());
        let within = rows.iter().filter(|r| r.error().abs() <= TARGET_BAND).count();
        let met = s.median_abs_error <= TARGET_MEDIAN_ABS_ERROR
            && within * 100 >= rows.len() * TARGET_WITHIN_PERCENT
            && held == bounds.len();
        out.push_str(&format!(
            "| {name} | {} | {:.1}% | {within} ({:.0}%) | {held} of {} | {} |\n",
            rows.len(),
            s.median_abs_error * 100.0,
            within as f64 * 100.0 / rows.len().max(1) as f64,
            bounds.len(),
            if met { "yes" } else { "**no**" }
        ));
        if !met {
            missed.push(shared_factor_check(name, &rows));
        }
        // Real runs split by whether the source states the layout the estimate then runs;
        // memory and serving by dense and mixture-of-experts models.
        let parts: &[GroupPart] = if kinds.contains(&"training_gpu_hours") {
            &[
                ("· of which the source states the layout", |r| r.layout_stated),
                ("· of which it states none (the layout search's best)", |r| !r.layout_stated),
            ]
        } else if kinds.contains(&"inference_throughput") {
            &[("· of which dense models", |r| !r.moe), ("· of which mixture-of-experts models", |r| r.moe)]
        } else {
            &[]
        };
        for &(part, keep) in parts {
            let part_rows: Vec<&CaseResult> = rows.iter().copied().filter(|r| keep(r)).collect();
            let s = summary(part_rows.iter().copied());
            let within = part_rows.iter().filter(|r| r.error().abs() <= TARGET_BAND).count();
            out.push_str(&format!(
                "| {part} | {} | {:.1}% | {within} ({:.0}%) | — | — |\n",
                part_rows.len(),
                s.median_abs_error * 100.0,
                within as f64 * 100.0 / part_rows.len().max(1) as f64,
            ));
        }
    }
    for line in missed {
        out.push_str(&format!("\n{line}\n"));
    }
    for (title, fitted) in [("Independent rows", false), ("Fitted rows", true)] {
        out.push_str(&format!("\n## {title}\n\n"));
        out.push_str("| case | figure | published | estimate | low–high | error | tolerance | pass | setup |\n|---|---|---|---|---|---|---|---|---|\n");
        for r in results.iter().filter(|r| r.fitted.is_some() == fitted) {
            let fmt = |v: f64| if v.abs() >= 1000.0 { format!("{v:.0}") } else { format!("{v:.2}") };
            let setup = match &r.fitted {
                Some(which) => format!("{} — *fitted*: {which}", r.setup),
                None => r.setup.clone(),
            };
            out.push_str(&format!(
                "| {} | {} | {} {} | {} | {}–{} | {:+.1}% | {} | {} | {} |\n",
                r.case,
                r.quantity,
                fmt(r.published),
                r.unit,
                fmt(r.estimate),
                fmt(r.low),
                fmt(r.high),
                r.error() * 100.0,
                r.tolerance_text(),
                if r.passes() { "yes" } else { "**no**" },
                setup
            ));
        }
    }
    // The figures of named rows are read from the results, so the prose cannot drift from the table.
    let error_of = |case: &str| results.iter().find(|r| r.case == case).map_or(f64::NAN, |r| r.error() * 100.0);
    out.push_str(&format!(
        "\nKnown limits: training GPU-hours in model cards may include more than the final run\n\
         (restarts, evaluation, ablations, long-context stages): the H100 cards of small models\n\
         (Llama 3.1 8B, Phi-3) report far more GPU time than the step model at the benchmarks'\n\
         speed, and no constant was tuned to them, so the real-run group misses its target.\n\
         What the cards count: BLOOM's 1,082,990 hours are 108 days on 416 GPUs, the 384 that trained\n\
         and 32 spares (BigScience's training page: \"3-4 months on the 416 A100 GPUs\"); run as its\n\
         launch script states (TP 4 × PP 12 × DP 8, 2,048 sequences per step, micro-batch 2, full\n\
         activation recompute, DeepSpeed's plain 1F1B pipeline) the estimate is {bloom:.1}% lower. Llama 3.1 8B's 1.46M hours for ~15T tokens imply 2,850 tokens/s per\n\
         H100 (about 14% MFU), Phi-3-medium's 512 GPUs × 42 days about 22% MFU, where the NeMo\n\
         benchmark rows of the same sizes reach 40–50%: the cards' time holds more than the\n\
         steady-state run (stages, restarts, evaluation), and their layouts and batches are not\n\
         published, so these rows stay as they are. SmolLM3 3B, trained on 384 H100 as its\n\
         config states (TP 2 × DP 192, micro-batch 3), is within {smollm:+.1}% at that layout.\n\
         Benchmarks are read as steady-state tokens/s at their stated layout (no goodput loss).\n\
         Serving rows come from `data/serving_calibration.csv` (framework tables with their engine:\n\
         vLLM 0.5.4 rows use the `vllm-0.5` engine, whose host time per step was fitted from one row;\n\
         their prompt and output lengths are not stated, 512/256 assumed; AMD's vLLM 0.10.2 rows use\n\
         the `vllm-0.10` engine, whose host time per sequence was fitted from the 70B 128/2048 row,\n\
         Oracle's October 2024 MI300X rows (version not stated, V0 assumed) the `vllm-0.5` engine;\n\
         two 405B rows whose sequences outgrow the KV cache (128/4096, 500/2000: vLLM preempts and\n\
         recomputes them, not modelled) stay over);\n\
         the full fine-tuning row's published setup is unknown.\n",
        bloom = -error_of("bloom_176b_pretrain"),
        smollm = error_of("smollm3_3b_pretrain"),
    ));
    out.push_str(FORMULAS);
    out.push_str(BEFORE);
    out
}

/// The formulas the training estimate rests on, with their sources.
const FORMULAS: &str = r"
## Formulas behind the training and serving estimates

Code: `src/workload/perf/` (training step model, efficiency table, HPC classes).

- **FLOPs per trained token, by method** (`perf::training::flops_per_token`): forward
  2·N, backward 4·N (Kaplan et al. 2020; EleutherAI, Transformer Math 101) plus attention
  6·L·seq·H·(d_qk + d_v) (PaLM's 12·L·H·Q·T, Chowdhery et al. 2022 app. B, with MLA's
  separate widths); a sliding-window layer's queries read at most the window w, w − w²/(2S) keys
  on average over a causal sequence S (Beltagy et al. 2020). Full fine-tuning and pre-training 6·N
  + attention. **LoRA** 4·N +
  6·N_adapter + attention: the frozen weights need no weight gradients (Hu et al. 2021 §4.2).
  **QLoRA** LoRA + 2 FLOPs per NF4 weight per pass for dequantization (Dettmers et al. 2023),
  whose time is counted as memory traffic (4.5 B per weight per pass). Full recomputation adds
  one forward pass (2·N + 2·N_adapter + attention/3), selective the attention core (attention/3;
  Korthikanti et al. 2022 §4.2), torchtitan's per-op checkpointing (`recompute: selective-op`)
  every other linear layer's forward (N + N_adapter; its policy keeps “all compute ops, except
  every second mm”, pytorch/torchtitan torchtitan/distributed/activation_checkpoint.py at cfb9326)
  and its elementwise work, with selective's memory as its bound.
- **Step time of a layout** (`perf::training::best_layout`), per micro-batch on one GPU, then
  per step:
  - GEMMs: FLOPs / (peak × achieved share). The share is the efficiency table's large-GEMM
    share (`data/achieved_efficiency.csv`, per stack and generation, BF16 and FP8; the FP8 rows
    are Transformer Engine's fused casts, and torchao's float8 linears, `fp8Recipe: torchao`,
    reach 0.72 of them, *fitted* to torchao's own Llama3-8B H100 pair, float8 tensorwise 1.25×
    BF16, where Transformer Engine's share would give 1.57×) scaled by an
    additive roofline on the GEMM's shape, 1 / (1 + balance / intensity), intensity =
    2·M·K·N / (bytes·(MK + KN + MN)) with M = micro-batch × sequence, K = h, N = h / TP,
    normalised to 8192³ (Williams et al. 2009). Expert GEMMs see M·k·EP/E tokens and wait for the
    busiest expert (× 1.15; Switch Transformer capacity factors 1.0–1.25, assumed). Experts are
    split by the experts' own tensor-parallel degree (Megatron-Core's
    `expert_tensor_parallel_size`, `expertTensorParallel`): the layout's TP (its default; expert
    parallelism then within data parallelism) or 1, experts whole, where EP spans TP × DP (EP × ETP
    divides TP × DP), each GPU's experts see M·k·EP/(E·TP) tokens (sequence parallelism splits a
    group's tokens over its TP ranks) and a MoE layer's MLP has no tensor-parallel collective;
    the search compares both.
  - Attention in 16 bits at 0.7 of the GEMM share (FlashAttention-2 reaches 50–73% of peak
    forward, Dao 2023), half the score matrix for causal masks.
  - Memory-bound elementwise work: 4 × 34·h bytes per token per layer (Korthikanti's stored
    activations written and read forward and backward, assumed) at the STREAM share of
    bandwidth; MoE token permutation 16·k·h bytes per token per MoE layer.
  - Tensor parallel: 4 all-reduces per layer of tokens·h·2 bytes (6 with full recompute;
    Narayanan et al. 2021 §3.1; half of them on a MoE layer with whole experts), ring time
    2(n−1)/n·bytes / (link × 0.8), half left exposed
    (Megatron-Core / Transformer Engine overlap, Wang et al. 2022; 0.2–1.0);
    `tensorParallelOverlap: none` leaves all of it exposed (GPT-NeoX, Megatron-DeepSpeed,
    SwissArmyTransformer: a plain all-reduce after each GEMM). Sequence parallelism (Korthikanti
    et al. 2022) splits the rest of a layer over the TP ranks too; `sequenceParallel: off` (those
    same frameworks) keeps 10 of the 34 bytes per hidden unit whole on every rank, for the
    memory-bound elementwise time and for the selective activations: (10 + 24/t) where sequence
    parallelism has 34/t.
  - Context parallelism (`contextParallel`, Megatron-Core's `context_parallel_size`; Liu et al.
    2023, Ring Attention): CP GPUs share each sequence, each holding 2 of its 2·CP chunks
    (load-balanced causal mask, as Llama 3 and Megatron-Core split it), so a GPU's GEMMs,
    attention, elementwise work, activations and tensor-parallel all-reduces are those of s/CP
    tokens; its keys and values (KV heads / TP, at least one, × (d_qk + d_v) × 2 bytes per token;
    every head for MLA) pass round the ring 3·(CP − 1) times per layer (4 when the forward
    attention is recomputed), within the node while TP × CP GPUs fit in one, else over the
    network; each step's transfer hides behind the attention of the block in hand, so
    max(0, ring − attention × (CP − 1)/CP) is exposed. `contextParallelExchange: all-gather`
    (Llama 3, arXiv 2407.21783 §3.3.2; Transformer Engine's `all_gather`) moves the same bytes,
    gathering K and V before the forward and again before the backward attention and
    reduce-scattering their gradients, and all of it is exposed. Gradients reduce, and ZeRO shards, over
    DP × CP ranks; expert parallelism folds over TP × CP × DP. The search tries 1 and every power
    of two that leaves each GPU at least 4,096 tokens (the shortest share in the published
    recipes: Megatron-Bridge's Llama 3.1 405B, sequence 8,192 at CP 2), so sequences under 8,192
    are never split. Not modelled: the ring's smaller attention blocks running below the
    attention share and a sliding-window layer's ring (counted as a full layer's). Within a node of
    AMD Instinct GPUs (a switchless xGMI mesh, below under the serving step) TP, data-parallel
    and expert traffic use the group's own direct links: all-reduce 2·bytes / (n × 48 GB/s),
    all-to-all over n − 1 links.
  - Pipeline: 1F1B with (p − 1) micro-batch times of bubble per step, divided by the virtual
    stages of the interleaved schedule when micro-batches ≥ p (Narayanan et al. 2021 §2.2);
    `pipelineSchedule: 1f1b` keeps the whole bubble (a framework without virtual stages).
  - Data parallel: reduce-scatter of gradients and all-gather of weights ((n−1)/n of the bytes
    each), over NVLink within a node; across nodes hierarchically: within each node over NVLink,
    and each GPU's 1/g shard of the bytes (g ranks of the group per node: node / TP in
    Megatron's rank order, node / (ETP × EP) for routed experts, which reduce over
    TP × DP / (EP × ETP) ranks)
    ring-reduced across the nodes over that GPU's own NIC, the slower of the two phases
    (stas00/ml-engineering, “Inter-node speed depends on intra-node speed”: 4 nodes of 8 B200,
    4 GiB measured 22.05 ms, this model 20.1 ms, a ring through one GPU's NIC 208 ms). The
    NIC is the offer's stated fabric per GPU, else 50 GB/s (400 Gb/s NIC per GPU, DeepSeek-V3
    §3.1; Ethernet 100 Gb/s per node). 90% overlapped with the backward pass but never the last
    layer's bucket (PyTorch DDP, Li et al. 2020); ZeRO-3 gathers weights forward and backward
    and reduce-scatters its gradient shard for every micro-batch (PyTorch FSDP's default,
    pytorch/pytorch#126166), the three over the same links against that micro-batch's compute.
    Optimizer step: its state traffic at the STREAM share.
  - Expert all-to-all: 4·k·h·2 bytes per token per MoE layer, (EP−1)/EP leaving the GPU, 30%
    exposed (0–70%; DeepSeek-V3's DualPipe hides nearly all). When the expert-parallel group
    spans n nodes, each GPU's copies for other nodes leave through its own NIC beside those for
    its own node over the node's links, the slower counting. An NCCL all-to-all (Megatron-Core's
    default `alltoall` dispatcher, `expertAllToAll: per-expert`) sends one copy per routed
    expert, k·(n − 1)/n of them across the network; a hierarchical dispatch (DeepSeek-V3
    §3.2.2; DeepEP's and HybridEP's kernels, `per-node`) sends a token across the network once
    per other node holding any of its k experts, (n − 1)·(1 − C(E − E/n, k)/C(E, k)) copies for
    E experts under a balanced router, and forwards it within the node; under group-limited
    routing (DeepSeek-V2 and V3's `n_group` G and `topk_group` g, §2.1.2 of each report) with the
    groups whole on the nodes, at most (n − 1)·(1 − C(G − G/n, g)/C(G, g)): DeepSeek-V3 over 8
    nodes 3.5 where a balanced router reaches 4.6. Left out, `per-expert` is expected and
    `per-node` is the range's fast end.
  - A synchronised MoE dispatcher (`expertDispatch: host-synchronized`, the expectation when
    the field is left out: Megatron-Core's dropless all-to-all reads the token counts on the host
    once per MoE layer, its `cuda_sync_point`): a fixed 0.42 ms per local expert (E / EP) per MoE
    layer and micro-batch, forward and backward (0.2–1.4 ms), while the GPU waits for the host's
    launches. Fitted to Megatron-Bridge's 26.02 tables, Qwen3 30B-A3B on B200 and B300 at
    4,096 and 32,768 tokens per micro-batch (6.75 ms fixed over its 16 local experts; its 0.50
    µs per token is the step model's own 0.57). `expertDispatch: device` (DeepSeek-V3's own
    stack, static shapes with CUDA graphs, as Megatron-Bridge's MXFP8 recipes on GB200 and GB300
    since 26.06) has none; left out, the range's fast end has none either (0–1.4 ms).
  - The search compares TP ∈ {1…8 within a node}, PP ∈ {1…64}, EP (MoE), micro-batch ∈ {1, 2, 4,
    8} and ZeRO stage 1 or 3, keeping layouts that fit memory (Korthikanti's activations, FP32
    logits and their gradient), by tokens per second per GPU; the answer carries the best and
    the runner-up (`computeEstimate.trainingLayout`). A layout's step carries the whole number
    of micro-batches per data-parallel rank nearest the batch asked (by ratio), and a
    micro-batch larger than one sequence is tried only when that step stays within an eighth of
    the batch asked, and layouts within that eighth come first (assumed: a practitioner rounds
    the batch to the layout, not the recipe).
- **GPUs for memory** (`kinds::training`, `gpusNeeded`): the request's own layout (TP × PP as
  given, else 1 × 1, its model states sharded by ZeRO over the GPUs) and, when the request leaves
  TP and PP to the engine, the fewest GPUs (powers of two) at which the search fits a layout of
  each TP degree; an offer takes the largest degree its instance holds (a tensor-parallel group
  stays in one instance) and that layout's memory per GPU.
- **GPU-hours of a run** = tokens / steady tokens/s per GPU on one node / goodput (0.9, 0.8–0.95:
  Llama 3 405B reports > 90% effective training time, arXiv 2407.21783 §3.3.4), then ÷ scaling:
  the step model's per-GPU throughput on the cluster against one node, × 0.98 per doubling of
  nodes for stragglers and failures (Llama 3 405B fell from 43% to 41% MFU from 8,192 to 16,384
  H100s). Tokens per step default to 4M in pre-training (Llama 2), at least one sequence per GPU
  on large clusters, and 64 sequences in fine-tuning (assumed). Without a GPU count the cluster
  is the GPUs that finish in about two months, at least what memory needs, in 2^k or 3·2^k whole
  nodes (the sizes of published clusters, whose factors the layout search's degrees divide).
- **Low–high** comes from the stated spread of each input: the GEMM share's low–high in the
  efficiency table (the spread of the published benchmark rows), the exposed shares of TP and
  expert communication, the host time of a synchronised MoE dispatcher, and goodput.
- **Achieved efficiency per stack** (`perf::efficiency::achieved`): one row per stack (CUDA,
  ROCm, Neuron, XLA), family and operation class (dense GEMM BF16/FP8, decode MBU, STREAM,
  FP64 matrix, FP64 vector), each marked measured, derived, fitted (with the run) or assumed.
  MI300X's decode share is derived from MLPerf Inference v4.1 (≈ 0.96× an 8×H100 node); its
  training GEMM shares are *fitted* to torchao's same-settings MI300X and H100 rows (BF16 0.874×
  an H100 per GPU, FP8 1.147× its BF16). CDNA 4 (MI355X) has both shares × 1.67, one factor
  *fitted* to AMD's MLPerf v5.1 Llama 3.1 8B FP8 on 8 MI355X and checked by the same round's
  Llama 2 70B LoRA on 8 MI355X (−1.6%).
- **HPC** (`perf::hpc`): dense (HPL-like) codes at the FP64 matrix peak × TOP500 Rmax/Rpeak;
  stencil (CFD, the default) and sparse codes at min(vector peak × share, intensity × bandwidth ×
  STREAM share) with 0.5 (0.33–1.0) and 0.2 (0.17–0.25) FLOP/byte (Williams et al. 2009).
  A stencil or sparse job spread over g GPUs (fewer jobs than GPUs) computes
  t / (t + x) of its time (`halo_efficiency`): its data split into g cubic blocks, each step a
  GPU reads its block once, t = block bytes × intensity / achieved rate, and sends one layer
  of cells through each face its block's splits cut (2 GPUs 1 face, 8 → 3, 64 and more → 6),
  x = the slower of the faces within the instance over the GPU links and those across over
  the network (× 0.8 link share) + one message's latency × (1 + reductions × ⌈log₂ g⌉)
  (recursive doubling, Thakur, Rabenseifner & Gropp 2005), not overlapped. Per cell, assumed
  for stencil: 400 bytes held, 40 sent (five conserved variables), one reduction a step;
  derived for sparse (HPCG's 27-point CSR operator, Dongarra, Heroux & Luszczek 2016): 356
  bytes per row, 8 sent, two reductions (CG's inner products). Latencies assumed: 3 µs within
  an instance and over RDMA, 30 µs over ordinary Ethernet. A job's data not given is taken as
  one GPU's memory beside the runtime's reserve (the largest the memory check lets a job be,
  so the least exchange). Dense codes keep their Rmax/Rpeak share, measured on whole systems.
  A deadline adds instances while more of them still shorten the job (at most 64× the count
  at full scaling). A job's given data is split over the GPUs it spans, each holding its share
  beside the runtime's reserve: a job needs ⌈data ÷ (GPU memory − reserve)⌉ GPUs at least, and
  jobs that need more GPUs than the offer gives at once run in groups.
- **MoE decode** reads the shared weights and only the experts the batch touches: with
  E routed experts, k per token and B sequences, E·(1 − (1 − k/E)^B) distinct experts per
  layer (uniform routing); per-expert size from total and active counts,
  P = (N_total − N_active) / (E − k). DeepSeek-V3 at batch 1 reads 37 B of 671 B.
- **Longest context that fits** = KV room / KV bytes per token, KV room = 90% of GPU memory
  (vLLM's default `gpu_memory_utilization`) − weights − one prefill chunk's activations −
  overhead. FP8, INT8 and INT4 checkpoints keep the input embedding and output layer in
  BF16 (llm-compressor recipes quantize `Linear` layers and ignore `lm_head`). A note
  (`kv-room-below-request`) says when the room holds fewer sequences of the requested
  context than the concurrency, another (`kv-room-small`) when it is under 10% of the
  engine's memory or shorter than the model's context window.
- **Serving step** (`perf::serving`): one decode step of B sequences on TP GPUs = Σ over
  the classes of GEMM of max(weights the class reads / (TP × HBM bandwidth × decode share),
  2·N_class·B' / (TP × peak × prefill share)) + max(KV held / (TP × HBM bandwidth × decode
  share), its attention FLOPs / (TP × 16-bit peak × prefill share × 0.7)) + 2 all-reduces per
  layer of B' tokens. The attention's FLOPs per KV byte: 2 × query heads ÷ (KV heads × bytes)
  for grouped-query attention (8 for Llama 3.1 70B at 16 bits: read-bound), and for MLA's
  absorbed decode 2 × heads × (2 × kv_lora_rank + rope dim) ÷ ((kv_lora_rank + rope dim) ×
  bytes), 242 for DeepSeek-V3 at 16 bits, near the ridge (FlashMLA's MQA mode, head dims
  576 and 512, computed in BF16 from an FP8 cache too; its README). A dense model has one
  class (N_active), a
  mixture of experts two, the layers outside the routed experts (every token) and the
  touched experts (the tokens routed to each), the second's time divided by the routed
  experts' share of that rate (0.19–0.38–0.59, *fitted* to TensorRT-LLM's Llama 4 Maverick FP8
  8 × H200 128/2048 row, data/achieved_efficiency.csv `routed_experts`; its 18 other MoE rows
  test it); the roofline holds per kernel (Williams,
  Waterman & Patterson 2009), and the attention kernel that reads the KV cache runs between
  the GEMMs, so its read adds to a compute-bound step; at an open-loop load λ a step
  stretches by the prefill it holds: balanced (tensor parallelism, or a closed loop),
  λ × step × prefill GPU time; under data-parallel attention over n GPUs with requests at
  random, E[max of n Poisson(λ·step/n)] × one prompt's non-expert prefill on one GPU +
  λ × step × its expert share and collectives (TensorRT-LLM's “ADP Balance Strategy”: the
  slowest rank sets each iteration); B' is B padded up to the engine's next CUDA-graph batch (TensorRT-LLM's
  published tables capture 1, 2, 4 … 256, 384, 512, 1024 … 8192 with padding on; vLLM's
  multiples of 8 are not counted). The prefill share is the stack's own prefill row where
  it is measured or derived (ROCm); elsewhere prefill runs the forward GEMMs of a training
  step at its shapes (chunks of up to 8,192 tokens), so the training GEMM row of the format
  the GEMMs run in applies with its stated spread (Hopper FP8 0.46–0.52–0.58, BF16
  0.50–0.565–0.63, Ampere BF16 0.61–0.68–0.75); weight-only formats (FP8 weights on 16-bit
  units, INT4) keep the assumed 0.3–0.5–0.7, as their kernels dequantize inside the GEMM. A
  prompt's prefill adds its attention core: P² × layers × heads × (d_qk + d_v) ÷ 2 FLOPs for a
  prompt of P tokens (each token's score and value products over the keys before it, the
  causal half FlashAttention computes; `perf::serving::prefill_attention_flops`), at the
  prefill share × 0.7 (the training step's attention-to-GEMM ratio, FlashAttention-2's 50–73%
  of peak against ~75–80% for large GEMMs, Dao 2023 §4.1) of the peak of the KV cache's
  precision: with an FP8 cache the engines compute attention in FP8 (vLLM's FlashAttention 3
  backend quantizes the queries too, its “Quantized KV Cache” page; TensorRT-LLM's FP8 context
  FMHA), else at the 16-bit peak, whatever the weights. Quadratic in the prompt: for Llama 3.1
  8B 8% of a 5,000-token prompt's GEMM FLOPs, 33% at 20,000, 2.1× at 128k (NCCL-class latency 10 µs over
  NVLink, 30 µs over PCIe, plus the ring transfer; Megatron's two per layer, Shoeybi et al.
  2019) + the engine's exposed host time per sequence. Engines (request field `engine`):
  `vllm` (as released now, ≥ 0.14: the scheduler runs a step ahead, async scheduling on by
  default; host work overlapped: none exposed, assumed), `vllm-0.10`
  (the V1 engine of v0.8 – v0.13, which schedules between GPU steps unless `--async-scheduling`
  is set: 30 µs per sequence per step, *fitted* to AMD's Llama 3.1 70B FP8 8 × MI300X 128/2048
  row, where the step model leaves 95 ms of a 242 ms step at 3,200 sequences unexplained; the
  table's seven other rows test it), `vllm-0.5` (the V0 engine: 0.165 ms per
  sequence per step, *fitted* to Lambda's Llama 3.1 8B FP8 H100 row jointly with the CUDA
  decode share; the vLLM v0.6.0 blog, 2024-09-05, profiled 62% of an 8B H100 step off the GPU
  under v0.5.3, and 0.165 ms × 67 sequences is 55% of that row's 19.75 ms), `tensorrt-llm`
  (KV cache 0.9 of the memory left after weights, `kv_cache_free_gpu_mem_fraction`; batches up
  to `max_batch_size` 2,048). All-reduce transfer: through a switch (NVSwitch) or bus, a ring,
  2(n−1)/n · bytes / link; on AMD Instinct's switchless xGMI mesh (each GPU linked directly to
  its seven peers at 64 GB/s per direction, about 48 GB/s usable after CRC and protocol
  overhead; ROCm blog “Understanding RCCL Bandwidth and xGMI Performance on AMD Instinct
  MI300X”, 2025-03-02) reduce-scatter and all-gather over the n − 1 direct links of the
  replica, 2 · bytes / (n × 48 GB/s): at TP 8 a third slower than the aggregate-bandwidth ring,
  at TP 2 one link. A closed loop of B sequences (benchmark tables) runs at the load
  that solves Little's law rps · (TTFT(rps) + output · ITL(rps)) = B: with the prefill share
  balanced (ρ = rps × one prompt's GPU time g) a quadratic, g·(P/2 + S)·rps² − (P + S + output·S + B·g)·rps
  + B = 0 (P the prompt's latency, S the step), whose smaller root is taken. The TensorRT-LLM 8B FP8 rows are run with an FP8 KV cache: with
  BF16 no batch reaches them (tokens/s ≤ bandwidth / (KV bytes per token × tokens held)).
";

/// The calibration table before the utilisation model (kept for comparison).
const BEFORE: &str = r"
## History: issue 15, round 48 (2026-12-08)

- A decode step's attention was counted as its KV read alone, at about one FLOP per byte. That
  holds for grouped-query attention (8 FLOPs per byte of a 16-bit cache for Llama 3.1 70B), not
  for MLA, which decodes in its absorbed form: DeepSeek-V3's 128 heads each score the 576-value
  latent and mix its 512, 242 FLOPs per byte of a 16-bit cache and 484 of an FP8 one, near or
  past a Hopper GPU's ridge (FlashMLA's README: compute-bound and memory-bound configurations
  both). The attention now takes the longer of its read and its FLOPs at the 16-bit peak
  (FlashMLA computes in BF16 from an FP8 cache) and the prefill attention's efficiency. A new
  independent row tests it: TensorRT-LLM's DeepSeek-R1 guide, 8 × H200, FP8 weights, a 16-bit
  cache, attention data-parallel, 128 sequences per GPU, 1024/2048 tokens: 11,489 output tokens/s
  published, 11,063 before the change (−3.7%), 10,341 after (−10.0%): the read-only count came
  closer to this one row; the change is kept for the cited kernels, not for the row. Every
  other row is unchanged (all grouped-query). Memory and serving: 70 → 71 rows, median 11.7% →
  11.6%, 63 → 64 (90%) within ±25%. Nothing is fitted. Assumed of every stack: the 16-bit
  peak with an FP8 cache, as FlashMLA computes; a stack with FP8 MLA kernels would be faster
  than this at an FP8 cache, and no row here tests one.

## History: issue 15, round 47 (2026-12-07)

- A prompt's prefill counted only its GEMMs (2·N per token), so a long prompt's prefill and time
  to first token left out the attention core, which grows with the prompt's square: Llama 3.1 8B
  at 20,000 tokens 33% more FLOPs, at 128k 2.1×. It is now counted, at the KV cache's precision
  (formulas above). New independent rows test it: TensorRT-LLM's prefill-heavy lengths (2048/128,
  5000/500, 20000/2000) of the same v1.0 tables for the dense models already here (Llama 3.1 8B on
  H100 and H200, Llama 3.3 70B on two H100 and one H200, Llama 3.1 405B on eight H100), 15 rows.
  On them, before → after: 8B −8.9% to −15.8% → −12.3% to −22.2%, 70B −1.1% to −7.8% → −4.1% to
  −12.9%, 405B −3.2% / +3.0% / +26.6% → −4.1% / +0.8% / +19.5%, all 15 within ±25% after (14
  before). Taken at the 16-bit peak whatever the cache, the 8B 20000/2000 rows fell to −27.6% and
  −28.4%: the engines' FP8 attention with an FP8 cache (cited above) is the cause, not a fit. The
  rows at 128–1,000 prompt tokens moved under 1.3 points. Memory and serving: 55 → 70 rows, median
  11.5% → 11.7%, 48 (87%) → 63 (90%) within ±25%. Nothing is fitted.

## History: issue 15, round 46 (2026-12-07)

- `contextParallelExchange: all-gather`, new. Llama 3's long-context stage (Table 4, CP 16 at
  131,072 tokens) was estimated with a ring whose transfers hide behind the attention, while the
  paper states its context parallelism all-gathers K and V with the latency exposed (§3.3.2);
  Transformer Engine's implementation of it (`AttnFuncWithCPAndKVAllGather`, which cites that
  section) gathers K and V again for the backward pass and reduce-scatters their gradients, the
  ring's bytes. The row now states it: 439.5 → 411.6 TFLOP/s per GPU against the published 380
  (+15.7% → +8.3%); the rows at 8,192 tokens have CP 1 and do not read it. Benchmarks median
  9.0% → 8.9%, 104 of 112 within ±25% as before. Nothing is fitted.

## History: issue 15, round 44 (2026-12-07)

- Context parallelism stated and searched. Eight benchmark rows publish CP 2 (NeMo's and
  Megatron-Bridge's Llama 3 70B and Llama 3.1 405B tables, MLPerf Training v5.0's 405B on
  Nebius's H200), and their ranks were counted as data parallelism: the GPU's tokens, activations
  and collectives were a whole sequence's, and the 405B layouts at CP 2 on H100 and H200 did not
  fit (91.5 GiB per GPU; the search then reported them without the memory check). Now
  `contextParallel` splits each sequence over CP GPUs (activations, GEMMs, attention and
  tensor-parallel traffic at s/CP tokens; keys and values round a ring behind the attention;
  gradients reduced and ZeRO sharded over data × context ranks), and every row that states its
  layout states its CP: the one its settings name (`CP2`, `CP 2`, `cp2` in a config's name), else
  1, a published layout being whole (StarCoder at 8,192 tokens in 2023 had none). The CP 2 rows
  fit (57.6 GiB) and move 0.3–2.3 points down, their GEMMs now on 4,096 tokens each: Megatron-
  Bridge 26.06's 405B on H100 −10.3% → −12.2%, on GB300 (MXFP8) −7.2% → −9.5%, 25.11's on GB300
  −11.6% → −13.8%, NeMo's 405B on H100 −4.2% → −5.4% and on B200 +9.3% → +8.9%, Llama 3 70B on
  B200 +23.3% → +21.5%, MLPerf's 405B on 512 and 1,024 H200 −9.7/−10.5% → −11.1/−11.4%. The
  search tries CP where each GPU keeps at least 4,096 tokens, so the three real runs at 8,192
  tokens without a stated layout may now choose it: Llama 3 and 3.1 70B take TP 2 × CP 2 where
  they took TP 4 (the ring hides behind the attention, and TP 2's exposed all-reduces are a third
  of TP 4's), 6% faster: −11.6% → −16.5% and −19.2% → −23.7%, both inside their low–high; Llama 3.1
  405B +7.2% either way. Real runs stay at 43 of 57, missed. Nothing is fitted.
- Three new independent benchmark rows, added whatever their error: Llama 3 405B's Table 4
  (arXiv 2407.21783 §3.3.2, read in a stored text of the paper), the steady-state TFLOP/s per GPU
  of each pre-training stage at its stated layout, read as the engine's model FLOPs per token
  (6N + 12·L·H·Q·T, PaLM's count, which the paper's MFU cites) × its steady tokens/s per GPU. The
  paper's FSDP shards optimizer states and gradients but keeps the weights gathered from forward
  to backward: stated as ZeRO-2 (one gather per step, a reduce-scatter per micro-batch); as
  ZeRO-3 (two gathers and a reduce-scatter per micro-batch) the 8K stages would read 321 and 306
  TFLOP/s. At 8,192 tokens without activation checkpointing (as stated) on 8,192 and 16,384 H100,
  430 → 431.0 (+0.2%) and 400 → 404.0 (+1.0%); the long-context stage, 131,072 tokens at CP 16
  (the table's DP 4 contradicts its 16,384 GPUs and 16M tokens, which both give DP 8, taken),
  380 → 439.5 (+15.7%) with the engine's selective recompute (the paper does not state it; none
  would read 505), the ring hidden behind the attention where Llama 3 all-gathers K and V with
  the transfer exposed (small with GQA, as it says). Benchmarks 109 → 112 rows, 104 within ±25%.
## History: issue 15, round 43 (2026-12-07)

- Sequence parallelism stated. The step model split all of a layer's memory-bound elementwise
  work by the tensor-parallel degree, as Megatron's sequence parallelism does (Korthikanti et al.
  2022, arXiv 2205.05198 §4.2.2). The frameworks of the rows that all-reduce after each tensor-
  parallel GEMM have none: GPT-NeoX (EleutherAI/gpt-neox issue 980, 2023-06-25: “We do not
  currently support sequence parallelism”; issue 812 asks for it), and Megatron-DeepSpeed and
  SwissArmyTransformer, whose tensor-parallel layers all-reduce where sequence parallelism would
  reduce-scatter and all-gather (their mappings.py, read in round 26). Without it each rank runs
  the layer norms, dropouts and the attention's and MLP's inputs on the whole sequence: 10 of
  the 34 bytes per hidden unit of Korthikanti's Table 2 stay whole, (10 + 24/t)/34 of the traffic
  per rank where sequence parallelism has 1/t. New field `sequenceParallel` (`on` by default,
  `off`), stated off for those rows (Pythia 6.9B and 12B, GPT-NeoX-20B, Llemma 7B and 34B, BLOOM,
  GLM-130B, MT-NLG); selective recompute's activations follow the same Table 2 (no row here runs
  selective without it). Every one of them moves up 1–4 points: Llemma 34B at TP 8 −30.5% →
  −26.8%, Pythia 12B −23.0% → −20.4%, GLM-130B −19.8% → −18.5% (now inside its low–high), Pythia
  6.9B −12.5% → −11.2%, GPT-NeoX-20B −12.0% → −11.0%, BLOOM −5.8% → −4.8%, Llemma 7B −0.5% →
  +1.0%, MT-NLG's iteration +0.1/+3.1/+2.5% → +1.8/+4.9/+4.3%. Nothing is fitted. No row crosses
  ±25%: real runs stay at 43 of 57, missed.
- No recomputation without the score matrices. `recompute: none` kept Korthikanti's 5·a·s/h per
  layer for the attention's scores, softmax and dropout mask, which FlashAttention (Dao et al.
  2022, §3.1) and PyTorch's scaled-dot-product attention never store: TinyLlama's run here (no
  activation checkpointing, 8 sequences of 2,048 on an A100-40GB, FlashAttention-2) was counted
  at 137.3 GiB of activations per GPU, and its layout search found nothing within memory. Now it
  keeps what selective keeps, 27.3 GiB. The two rows that run without recompute (TinyLlama,
  llm.c's GPT-2 1558M) keep their estimates: the fastest layout was the same with or without the
  memory check.
## History: issue 15, round 42 (2026-12-07)

- Whole experts under tensor parallelism. The engine split every expert by the layout's tensor-
  parallel degree and placed expert parallelism within data parallelism (Megatron-Core's default),
  so Megatron-Bridge's own MoE recipes, which set `expert_tensor_parallel_size=1` and fold expert
  parallelism over the tensor and data ranks, could not be stated at TP > 1: round 41 left out
  Qwen3 235B-A22B on 256 H100 at TP 2 × PP 8 × EP 32 (16 data-parallel ranks) for that reason.
  Now an expert's tensor-parallel degree is 1 or the layout's (`expertTensorParallel`; left out,
  the search compares both): whole experts hold routed / (EP × PP) parameters per GPU, see a
  tensor-parallel rank's share of the tokens (M·k·EP/(E·TP) each) at their full width, drop the
  MLP's tensor-parallel collectives on every MoE layer, and reduce their gradients over
  TP × DP / EP ranks. The row, 26.04.01's (docs/performance-summary-archive.md at 4ab94df; its
  recipe at 21d102f): 1,712 tokens/s per GPU published, +15.9% (below). No other estimate here
  moved: no row's best layout chose whole experts at TP > 1 (every Megatron-Bridge MoE row is at
  TP 1, where the two are one).
- A cross-node all-to-all counted by the stack. Round 41 counted every cross-node expert
  all-to-all once per other node (DeepEP, HybridEP, DeepSeek-V3's kernels). The H100 row's recipe
  runs Megatron-Core's `alltoall` dispatcher (qwen3_llm_pretrain.py at 21d102f), an NCCL
  all-to-all that sends a token's hidden state once per routed expert on another GPU: k × (n − 1)/n
  copies cross the network over n nodes where the hierarchical dispatch sends at most n − 1. At
  once per node the row was +36.7%; once per expert +15.9%. Both are now counted, stated by
  `expertAllToAll` (`per-expert`, `per-node`); left out, the engine expects Megatron-Core's
  default and puts the hierarchical dispatch at the range's fast end. The rows whose stack is
  hierarchical now say so (DeepSeek-V3's own run, §3.2.2; Megatron-Bridge's DeepSeek-V3 on 256
  B200 at EP 32, DeepEP; Qwen3 30B-A3B on 16 H100 at EP 16, HybridEP): unchanged at +4.7%,
  +2.4% and +10.6%; left out they would be +16.6%, −20.1% and −5.7%. The layout search's best
  for Phi-3.5-MoE, its stack not stated, moves −30.8% → −29.7%; nothing is fitted.
- Group-limited routing. DeepSeek-V3 routes a token to at most 4 of its 8 expert groups
  (config.json's `n_group` 8, `topk_group` 4; §2.1.2: “each token will be sent to at most M
  nodes … M = 4”), V2 to 3 of 8; Megatron-Bridge's DeepSeek-V3 recipe takes both from that config
  (`moe_router_num_groups`, `moe_router_group_topk`, src/megatron/bridge/models/conversion/
  model_bridge.py at 21d102f). With the groups whole on the nodes of an expert-parallel group, a
  hierarchical dispatch reaches the other nodes among the token's groups only: over 8 nodes
  7 · (1 − C(7, 4)/C(8, 4)) = 3.5 where a balanced router over 256 experts reaches 4.6; over 4
  nodes 2.36 against 2.70. New model columns `n_group` and `topk_group` (data/models.csv, read
  from a `hfConfig` too). DeepSeek-V3's own run +4.7% → −1.0%; Megatron-Bridge's DeepSeek-V3 on
  256 B200 at EP 32 +2.4% → +5.5%; nothing else moves (no other model here limits its routing).
- Benchmarks: 108 → 109 rows, median 9.0%, 100 → 101 within ±25% (93%), met. Real runs: 43 of
  57 within ±25%, missed, median 14.9%; serving unchanged.
## History: issue 15, round 41 (2026-12-07)

- A cross-node expert all-to-all is hierarchical. Every MoE row whose expert-parallel group spans
  nodes was estimated too slow: DeepSeek-V3's own run (EP 64 over eight nodes of H800) +20.4% in
  GPU-hours, and two new Megatron-Bridge rows below, DeepSeek-V3 on 256 B200 at EP 32 (four
  nodes, DeepEP) −28.5% and Qwen3 30B-A3B on 16 H100 at EP 16 (two nodes, HybridEP) −19.6%. The
  step model sent each token's hidden state over the network once per remote expert; DeepSeek-V3
  (§3.2.2) and the DeepEP and HybridEP kernels Megatron-Bridge's recipes use send it once per
  remote node and forward it to that node's experts over NVLink. Counted so (a balanced router:
  the expected number of other nodes holding any of a token's k experts; no constant fitted):
  +20.4% → +4.7%, −28.5% → +2.4% and −19.6% → +10.6%. The layout search's best moves a little
  where it now finds cross-node expert parallelism cheaper: Phi-3.5-MoE −29.5% → −30.8%, Llama 4
  Scout −19.8% → −21.7%, Maverick −13.9% → −14.0%. No benchmark row within one NVLink domain
  moves.
- Megatron-Bridge's newest row of each MoE model the engine knows on each system the 26.08 table
  leaves out, ten rows (docs/performance-summary-archive.md at 4ab94df; each row's recipe read
  at its table's commit for its CUDA graphs and dispatcher): 26.06 on DGX-B300 (DeepSeek-V3
  −4.5%, GPT-OSS 120B +9.0%, Qwen3 30B-A3B with whole-iteration CUDA graphs, so
  `expertDispatch: device`, −6.5%) and on DGX-H100 (Qwen3 30B-A3B at EP 16, +10.6%); 26.04.01 on
  DGX-B300 (Qwen3 235B-A22B −21.4%), on DGX-B200 (DeepSeek-V3 +2.4%, GPT-OSS 120B BF16 +19.6%,
  Qwen3 30B-A3B −20.0%, Qwen3 235B-A22B −9.4%) and on DGX-H100 (GPT-OSS 120B BF16 +8.9%); the
  first B300 rows here. Left out: Qwen3 235B-A22B on H100 (TP 2 × PP 8 × EP 32 on 256 GPUs:
  the engine places expert parallelism within data parallelism only).
- GPT-OSS 120B on 8-GPU systems, its dispatch waiting for the host, is within ±25% at 26.04.01
  and 26.06 (B200 +19.6%, H100 +8.9%, B300 +9.0%), where its 25.11 rows on H100 and B200 are
  +56% and +61%: on 64 B200 at TP 1, PP 1, EP 8 and micro-batch 4, 25.11 ran 8,213
  tokens/s per GPU with 512 sequences per step and 26.04.01 13,568 with 1,280, ×1.65 where the
  step model gives ×1.23 for the larger batch. Its 26.08 rows on NVL72 systems stay +39% and +62%.
- Benchmarks: 98 → 108 rows, median 8.6% → 9.0%, 90 → 100 within ±25% (93%), met. Real runs:
  median 15.0% → 14.9%, 43 of 57 within ±25% (75%) unchanged, missed. Serving unchanged.
## History: issue 15, round 40 (2026-12-07)

- Megatron-Bridge's newest pre-training table (the 26.08 NeMo container; docs/performance-summary.md
  at 4ab94df, 2026-08-11): its eight rows of MoE models the engine knows, DeepSeek-V3, GPT-OSS
  120B, Qwen3 30B-A3B and Qwen3 235B-A22B, each on DGX-GB300 and DGX-GB200 in MXFP8. Every one of
  their recipes at that commit (src/megatron/bridge/perf_recipes/) captures whole iterations in
  CUDA graphs with HybridEP's dispatch, so no MoE layer can wait for the host: the rows are run
  with `expertDispatch: device`, a stated setting; nothing is fitted. Six are within ±25%
  (DeepSeek-V3 −8.6% and +18.5%, Qwen3 30B-A3B −8.5% and +1.3%, Qwen3 235B-A22B −5.6% and
  +14.3%); GPT-OSS 120B is +39.3% and +61.9%, as its 25.11 rows are (its attention stays the
  suspect). With the engine's expectation for a stack it is not told (a dispatcher that
  synchronises the host), the six would be −43.6% to +4.0%.
- Why the setting is the cause and not a fit: on the same system and layout, Qwen3 30B-A3B on 8
  GB200 in MXFP8 (GBS 512, MBS 4, EP 8) ran 26,112 tokens/s per GPU in 26.04.01, whose recipe
  graphs only the router and the dispatch's preprocessing, and 40,706 in 26.06, whose recipe
  graphs whole iterations (docs/performance-summary-archive.md; scripts/performance/configs/qwen/
  at 21d102f and 63b08b3): ×1.56 with nothing else stated changed, the host time per local
  expert (`EXPERT_HOST_S_PER_LOCAL_EXPERT`, fitted to 26.02's B200 and B300 rows) removed.
- So the host time's range now spans both kinds of stack when a request does not say which
  (`expertDispatch` left out): the expected and slow ends stay those of a synchronised
  dispatcher (0.42 and 1.4 ms per local expert), the fast end is none
  (`EXPERT_HOST_S_UNSTATED`), where it was 0.2 ms; stated, either kind keeps its own. The
  expected values do not move; the fast ends of MoE training estimates do (Qwen3 30B-A3B on 8
  GB200 at micro-batch 4: 33,495 → 48,828 tokens/s per GPU, where 26.06 and 26.08 published
  40,706 and 39,936), and the note on a MoE estimate says how to narrow it.
- The 25.11 H100 row of Qwen3 30B-A3B (+88%) is a software state: on the same 16 H100 and the
  same layout (TP 1, PP 2, 12 virtual stages, EP 8, GBS 1,024, MBS 1) 26.02 ran 5,113 tokens/s per
  GPU and its patch release 26.02.01 9,058, where the estimate is 7,067. The row is kept as
  published, and the host time's slow end (1.4 ms, from that row) with it.
- Megatron-Bridge 26.06's dense tables, the newest with dense models (docs/performance-summary-
  archive.md at 4ab94df): Llama 3.1 405B pre-training on 256 GB300, 256 GB200 and 1,024 H100,
  Llama 3 70B full SFT on 32 and LoRA on 8 of each, FP8 and MXFP8 (fifteen rows; the 405B's two
  in NVFP4 left out: the engine has no 4-bit training format). All fifteen are within ±25%:
  405B −21.0% to +6.0%, SFT −4.8% to +15.7%, LoRA −10.7% to +9.7%; an independent check of the
  Blackwell FP8 share (Hopper's assumed) and of the LoRA FLOP count on three systems.
- Benchmarks: 75 → 98 rows, median 9.2% → 8.6%, 69 → 90 within ±25% (92%), met. The real runs
  and the serving rows are unchanged.
## History: issue 15, round 39 (2026-12-07)

- A second measurement on MI355X, and the CDNA 4 training shares fitted from the first. AMD's
  MLPerf Training v5.1 Llama 2 70B LoRA FP8 on 8 MI355X (ROCm 7.0, TP 1, no activation
  checkpointing; its config, where the same round's MI300X checkpoints 21 layers): 6,015
  tokens/s per GPU published (the ten runs' median last throughput, 5.874 samples/s × 8,192 /
  8), 3,681 estimated (−38.8%), as round 38's Llama 3.1 8B row on the same GPUs was (−37.8%):
  two rows of different models and methods, the same factor, so the cause is the share and not
  either row. Both shares of CDNA 4 are now CDNA 3's × 1.67 (BF16 0.36 → 0.60, FP8 0.295 →
  0.49, data/achieved_efficiency.csv), one factor solved from the 8B row (now *fitted*:
  −37.8% → −0.4%); the LoRA row, independent, is at −1.6%.
- Why both shares: an FP8 step spends part of its time at the 16-bit share (attention, the
  work outside the FP8 GEMMs). An FP8-only factor (FP8 share 0.685) reproduces both rows too,
  but then rates MI355X's BF16 training at 0.72× a B200's where AMD's own comparison (its ROCm
  7.0 training blog, December 2025) puts Llama 3 8B at 1.02× (FP8 1.08×); with both scaled the
  engine says 1.16× and 1.07×. No BF16 measurement on CDNA 4 was found: its BF16 share is the
  factor's, not measured.
- A Blackwell row of the same benchmark: MLPerf Training v5.0's Llama 2 70B LoRA FP8 on NVIDIA's
  8 B200 (NeMo 25.04, TP 1, FP8 attention): 5,416 tokens/s per GPU published (the ten runs'
  median 5.289 samples/s), 5,502 estimated (+1.6%), a check of the Blackwell FP8 share, which is
  Hopper's assumed.
- Benchmarks: 75 rows (the 8B row moved to the fitted group, the two LoRA rows added), median
  9.5% → 9.2%, 67 → 69 within ±25% (92%). The real runs are unchanged (none on MI355X):
  57 rows, median 15.0%, 43 within ±25% (75%). The dense-row test names one miss fewer.
- Also: the fitted NeMo Llama 2 7B FP8 row named the Hopper FP8 share as 0.48, where the
  table holds 0.52; it names 0.52.

## History: issue 15, round 38 (2026-12-07)

- Ten published figures added, each whatever its error (nothing in the model changed; every
  row found in one search of model cards, repositories, maintainers' answers and MLPerf logs
  for runs stating the GPU, its count or hours, and the tokens, from 1B up):
  - Real runs, 51 → 57 rows. DataComp-LM's baselines (mlfoundations/dclm README's “Train H100
    hours”, the runs' configs for their layout): 1B 240 hours published, 204 estimated
    (−14.9%); 3B 740 against 726 (−1.9%); 7B 3,700 against 3,872 (+4.6%). Falcon2-11B (1,024
    A100-40GB on p4d, TP 8, “roughly two months”): −15.0%. MiniCPM-2.4B (160 A100 for about 15
    days, the maintainer's answer in OpenBMB/MiniCPM#36): −24.0%. Phi-1.5 (32 A100-40GB for 8
    days, its card): −55.9%; its card's hours imply 19% of the FP16 peak by 6 × N, where
    Phi-2's card (+45.1%) implies 64%: the two cards of one team bracket the estimate.
  - The group: median |error| 15.7% → 15.0% (15.01: the target's 15% not reached), 38 of 51 →
    43 of 57 within ±25% (75%; 49 needed); those stating their layout 19 of 24 → 23 of 28 (82%).
    The test's floors follow (74% → 75%, 79% → 82%).
  - Benchmarks, 70 → 74 rows. MLPerf Training v5.0, Llama 3.1 405B FP8 on Nebius's H200
    (TP 4 × PP 8 × CP 2, 400 Gb/s InfiniBand per GPU): 512 GPUs 368.5 tokens/s per GPU, 332.7
    estimated (−9.7%); 1,024 GPUs 363.5 against 325.4 (−10.5%): the first H200 pre-training rows.
    llm.c's GPT-2 1558M on 8 H100 (the script's 2.80 s per step of 1,048,576 tokens): 46,811
    against 38,458 (−17.8%). MLPerf Training v5.1, Llama 3.1 8B FP8 on AMD's 8 MI355X (ROCm 7,
    Transformer Engine): 31,423 against 19,537 (−37.8%), the second dense benchmark outside
    ±25%. ROCm's FP8 training share is solved on MI300X from torchao's float8 benchmark (its
    casts as separate kernels) and checked by AMD's MLPerf v5.0 LoRA on MI300X (−6.8%); AMD's
    v5.1 stack on its next generation runs at 1.6× the estimate made with it. One row of a later
    generation and stack: not refitted, named in the test of dense rows (held within 40%).
    Benchmarks median 8.9% → 9.5%, 64 of 70 → 67 of 74 within ±25% (91%).
- Read and not added: DCLM's 7B-2x row (the 7B-1x rate over twice the tokens, one run's rate
  counted once); the MLPerf v5.1 Llama 3.1 8B rows on H200 and B200 (HPE's 64 H200: context
  parallelism that splits one sequence over two GPUs at 32 sequences on 64, not expressible as
  data parallelism; the B200 row read, Dell's 8 GPUs, trains in FP4); Olmo 3 7B's 234,000
  H100-hours (a team member's answer quoted in a blog, not a primary source); SmolLM2, OpenELM,
  EuroLLM, Falcon3, StarCoder2, OLMo 2, OLMoE and Instella-3B (GPUs stated, hours not);
  Pleias-3B (192 H100 for about 20 days; its configuration not found); SmolLM 135M and llm.c's
  smaller GPT-2 runs (under 1B).

## History: issue 15, round 37 (2026-12-07)

- An NVL72 rack is one NVLink domain. Azure's ND GB200 v6 and GB300 v6 VMs hold four GPUs
  each and come 18 to a rack whose NVLink joins all 72 (Azure's ND GB200 v6 and GB300 v6 size
  pages). Answers planned them as 4-GPU nodes joined by InfiniBand: Llama 3.1 405B in BF16 (810
  GB of weights over four GPUs' 744 GiB) was left out as `tensor-parallel`, and a training run's
  data-parallel reductions within a rack were timed over InfiniBand. A serving replica may now
  span VMs of one rack (eight GPUs over two VMs), and the training demand's node on these offers
  is the rack: pre-training Llama 3.1 8B on 100B tokens on 64 GB200 23.5 → 21.6 hours, 70B on
  1T tokens on 256 GB200 498 → 452 hours.
  The GB200 and GB300 benchmark rows already state 72 GPUs per NVLink domain: no row moved.
- Two kinds of offer are left out of answers rather than timed: graphics GPUs on which no
  PyTorch or serving engine runs as offered (Azure NVv4's MI25, Windows guests only; AWS g4ad's
  Radeon Pro V520, no ROCm libraries for its chip), and sizes their provider has retired (Azure
  NCv3 on 2025-09-30, NVv3 and NVv4 on 2026-09-30). No row reads an offer: no row moved.

## History: issue 15, round 36 (2026-12-06)

- The training layout search compared layouts by step time while each layout rounded the
  global batch up to whole micro-batches on every data-parallel rank, so layouts carried
  different batches and the one carrying the fewest extra sequences won, not the fastest:
  Llama 3.2 1B on 48 H100 (4M tokens, 488 sequences of 8,192) was given four pipeline stages
  on 12 data-parallel ranks (492 sequences) over plain data parallelism (528 sequences,
  8% more work per step), a layout no practitioner would choose for a model that fits one
  GPU many times over. A layout now carries the whole number of micro-batches nearest the
  batch asked (by ratio), a micro-batch larger than one sequence is tried only when that
  keeps the step within an eighth of the batch asked, layouts within that eighth come first
  (with more data-parallel ranks than sequences, one sequence per rank carries more: a
  fine-tuning batch of 64 on 128 GPUs), and layouts are compared by tokens per
  second per GPU (round 35 tried that criterion alone, without the bounded rounding, and the
  search took batches nearly twice the one asked). The 1B now trains on 48 data-parallel
  ranks with 480 sequences per step (tests `a_small_model_is_trained_data_parallel_on_the_
  batch_asked_not_in_a_pipeline`, `a_fine_tuning_batch_smaller_than_the_cluster_is_not_
  doubled_by_idle_ranks`). Rows that moved became faster by at most 4.1% (MPT-7B
  −16.7% → −20.1%, Llama 2 13B −15.5% → −18.3%) or slower (Phi-2 +48.7% → +45.1%); the real
  runs' median 15.5% → 15.7%, still 38 of 51 within ±25%. Kept: the layouts are what a
  practitioner compares; the misses are the same rows.
- A LoRA or QLoRA run under ZeRO-3 held a shard of the frozen base (its memory) but was timed
  as if the base never crossed the network: only the adapters' gradients were reduced. FSDP
  gathers a sharded frozen base forward and backward of every micro-batch as it does a trained
  one (FSDP-QLoRA in its 4-bit format); those gathers are now in the step (test
  `a_frozen_base_sharded_by_zero_3_is_gathered_for_every_micro_batch`: Llama 3.1 70B LoRA on two
  nodes at 25 Gb/s per GPU, ZeRO-3 now slower than ZeRO-1 where it was timed alike). No row
  moved: the LoRA benchmark rows state tensor and pipeline layouts on one fabric where the
  gathers hide under the micro-batch's compute.
- ZeRO-2 (`zeroStage: 2`, only where given: the search compares 1 and 3) held a shard of the
  gradients but was timed as ZeRO-1, one reduction per step. A rank that keeps only its shard
  reduces after every micro-batch's backward (DeepSpeed's maintainers, deepspeedai/DeepSpeed
  #2252); each earlier micro-batch's reduction now overlaps that micro-batch, the last one and
  the step's gather the last backward as ZeRO-1's do (test `zero_2_reduces_its_gradient_shards_
  after_every_micro_batch`: with one micro-batch the same step as ZeRO-1, with eight slower).
  No row states ZeRO-2; none moved.
- Tried and not kept: the pipeline's busiest stage holding its share of the layers and the LM
  head (vocabulary × hidden), Megatron-LM's plain even split. Llama 3.1 405B's assumed
  cluster moved +7.2% → +21.5%, Falcon-180B +23.3% → +32.0%, the NeMo 70B–405B benchmark rows
  by 1–6 points away from their published figures. The stacks behind those runs balance that
  stage (Megatron-Bridge's performance guide: `account_for_embedding_in_pipeline_split` and
  `account_for_loss_in_pipeline_split` give the first and last stages one layer fewer “to
  better balance the workload” of a large vocabulary; Llama 3's report, §3.3.2, trims a layer
  from those stages; BLOOM's launch script partitions by `type:transformer|embedding`, the
  tied embeddings counted as blocks “due to the huge 250k dictionary”), which the even split
  of all parameters over the stages already models.

## History: issue 15, round 35 (2026-12-06)

- On one data-parallel rank ZeRO-1 and ZeRO-3 shard nothing, yet the training layout search
  tried both, so the runner-up it states could be the best layout again under the other stage
  (Llama 3.1 8B on one 8-GPU node: PP 8 under ZeRO-1, then PP 8 under ZeRO-3). It now tries one
  stage there, and the runner-up is another layout (DP 2 × PP 4). No row moved.
- Tried and not kept: ranking layouts by tokens per second per GPU instead of step time. Layouts
  round the global batch up to whole micro-batches on every data-parallel rank, and by throughput
  the search took layouts whose steps carry far more than the batch asked: MPT-7B on 440
  A100-40GB chose micro-batch 4 × 2 accumulation steps, 3,520 sequences per step where 1,953
  (4M tokens) were asked, a different training recipe. Every row that moved became faster, by at
  most 4.1% (real runs' median 15.5% → 15.7%). The step time stays the criterion.

## History: issue 15, round 33 (2026-12-06)

- Memory of a training run now comes from the layout search when the request leaves tensor and
  pipeline parallelism to the engine. The memory check (and `gpusNeeded`) read the request's own
  layout, TP 1 × PP 1, whose activations are each layer's whole: pre-training Llama 3.1 70B at
  4,096 tokens holds 88.9 GiB of them per GPU (selective recompute), so every 80 GB GPU was
  left out as `memory` (“activations alone exceed 80 GiB”) at any GPU count, while the same
  answer's step model timed it on 16 H100s at TP 8 × PP 2 in 77.8 GiB each. The GPUs memory
  needs are now, for each tensor-parallel degree, the fewest (powers of two) at which the search
  finds a layout of that degree that fits; an offer takes the largest degree its instance holds
  (a tensor-parallel group talks after every layer, so it stays in one instance), starts from
  that degree's GPUs and, past them, takes that layout's memory per GPU. An instance smaller
  than every degree that fits is left out as `tensor-parallel`; GB200 and GB300 instances of
  four GPUs are held to four although their NVLink domain spans 72 (the catalog does not say
  which instances share one). Pre-training a 7B under a 30-day deadline no longer leaves 940
  offers out for memory: 16–24 GB GPUs fit it at TP 2–4 and are too slow for the deadline, and
  514 single-GPU instances of them are `tensor-parallel`.
- The cluster assumed for a run without a GPU count is now 2^k or 3·2^k whole nodes, as
  published clusters are (Nemotron-4 340B on 1,536, 3,072 and 6,144 H100s; DeepSeek-V3 on 2,048
  H800s; Llama 3 405B on 16,384 H100s). With memory from the search, Llama 4 Maverick's memory
  floor fell from 4,096 GPUs to 128, and two months came to 147 nodes (3 · 7²): the search's
  best layout there (DP 36 × TP 4 × PP 8 × EP 4) ran at 28% MFU against 49% on 1,536 GPUs
  (EP 128), +50% GPU-hours from the count's factors alone. Every row with an assumed cluster
  moved by at most 15% (DeepSeek-V2 +5.4% → −9.8%, Llama 2 70B +2.4% → −5.5%, Llama 3 8B
  −48.0% → −51.2%); the groups' medians and counts within ±25% are as before.

## History: issue 15, round 31 (2026-12-06)

- No model change; every row is as in round 30. The report now says, below the groups'
  table, whether a group that misses its target misses it by one shared bias (computed from
  the rows: the signed median error, the rows more than 25% under and over, and the most rows
  within ±25% that one factor applied to every estimate of the group would leave). For the
  real runs the estimates sit 12% under the published hours at the median, with misses on both
  sides, and no factor reaches the 44 rows of 51 the target needs (39 at best): the hours the
  model cards publish differ from run to run by more than any constant of the model.
- Looked at and left: the four gpt-oss-120b rows of Megatron-Bridge's table are 43–61% faster
  in the estimate on H100, B200, GB200 and GB300 alike, so the cause is in what the model
  assumes of this model rather than of a GPU; its attention (learned sinks, 128-token windows on
  every other layer, 64-wide heads) is the candidate, but no published measurement of those
  kernels was found, so nothing was changed. Qwen3-235B-A22B FP8 on TensorRT-LLM (TP 8) is
  34–45% fast on H100 and H200; its four KV heads held twice over eight GPUs are modelled
  already, and the cause is not found.

## History: issue 15, round 29 (2026-12-06)

- ZeRO-3 reduce-scatters its gradient shard after every micro-batch's backward, as PyTorch FSDP
  does by default (pytorch/pytorch#126166: it “incurs the collective per microbatch backward
  but saves gradient memory”; the memory model already kept only the shard), where the step
  model reduced once per step; and the forward and backward all-gathers and that
  reduce-scatter, which share the links, overlap the micro-batch's compute once together
  instead of each on its own (which could hide more than the compute's time). Rows move by
  at most a few percent: Llama 3.1 405B's assumed cluster +3.4% → +7.9% (its layout search
  leaves a ZeRO-3 layout), Llama 4 Scout −22.1% → −20.6%, OLMo-core's HSDP rows by 0.1–0.3
  points; no row changes group. BloombergGPT (ZeRO-3, −43.7%) does not move: the search's
  micro-batch of 4 is one micro-batch per step, whose all-gathers and reduce-scatter over
  the p4d's 50 Gb/s per GPU (about 7.5 s) hide under 16 s of compute; the paper's 32.5 s per
  step needs more exposed time than the fabric alone explains (its micro-batch is not stated).
- Nothing else of the model changed; the real runs' group stays at 15.5% median, 38 of 51
  within ±25%.

## History: issue 15, round 28 (2026-12-05)

- Tried and not kept: one Hopper BF16 GEMM share for NeMo/Megatron-Core, as round 27's lead
  proposed (`fp8Recipe` has one per FP8 recipe). Solved from NVIDIA's DGX Cloud Nemotron-4 15B
  BF16 recipe (−25.9% at 16 GPUs), the share is 0.74 where llm-foundry's MPT-70B gave 0.565.
  With it (measured by running the whole calibration with that share on Hopper, every row
  else unchanged) the Megatron-family rows move: NeMo's own Nemotron-4 15B pre-training run
  +8.6% → −13.3%, Apertus 70B (a Megatron-LM fork) −6.3% → −24.9%, and the same recipes'
  340B BF16 rows −9.6% / −9.2% → +13.7% / +13.1% (Granite 3.0 8B and 2B, whose framework the
  report does not name, −13.9% → −31.4% and +5.6% → −16.5%). NeMo's own 15B run, the same
  model on 2,304 H100 and read at its steady state, needs about 0.63 (between the two results,
  linearly): the 15B BF16 recipe is faster than the framework's real run and its larger
  recipe, not the framework faster than the shared fit. No framework share was
  kept; the 15B BF16 rows stay named as a miss. (Applied to every Hopper row, as a replacement
  of the fitted share, the real runs would go 15.5% → 19.7% median, 38 → 31 within ±25%, and
  the benchmarks 64 → 58 within.)

## History: issue 15, round 27 (2026-12-05)

- OLMo-core's README table (allenai/OLMo-core at 7e58d12, tokens/s per H100; HSDP,
  torch.compile, no activation checkpointing; BF16 and torchao's float8) added whole, eight
  rows, none fitted, with each script's rank micro-batch and global batch and the model
  dimensions of its TransformerConfig at that commit (the 1B has 18 layers; the 100,352-entry
  vocabulary): 1B −18.0% / −14.7%, 7B −1.5% / −4.9%, Llama-like 8B −1.8% / −6.1%, 13B +16.6%
  / +23.4% (BF16 / FP8). Round 26 had left it out for its 13B FP8 row (+27.4% with the 1B's and
  the parameter counts it assumed then); a table is read whole or not at all. The 13B's error,
  the largest of the eight and rising with size, is still not explained (round 26's lead:
  OLMo-core reduce-scatters FP32 gradients on every micro-batch).
- Real runs added, both with their layouts from the runs' own scripts:
  - Olmo 3 32B (Ai2's report, arXiv 2512.13961 v2: 5.5T tokens in about 9.5 days on 512 H100
    and 35 days on 1,024, crash resumptions included; HSDP, one sequence of 8,192 per GPU,
    1,024 per step, BF16, 200 Gb/s TCPXO per GPU): 976,896 GPU-hours published, 847,790
    estimated, −13.2%.
  - Apertus 70B (Swiss AI, arXiv 2509.14233: “around 6 million GPU hours” for 15T tokens on
    GH200, failures and downtime not counted; TP 4 × PP 8 with virtual stages, the distributed
    optimizer, micro-batch 1, 4,096 sequences of 4,096, nodes of four GPUs, Slingshot-11 at 200
    Gb/s per GPU): 5,624,063 estimated, −6.3%. The engine's first GH200 row.
  - StableLM 2 1.6B (Stability AI, arXiv 2402.17834: “around 92k GPU hours”; 512 A100-40GB in
    P4d instances; its config: data parallel only with ZeRO-1, micro-batch 2 × 2 accumulation
    steps, every layer checkpointed; 4T tokens, the card's 2T × two epochs): 124,494 estimated,
    +35.3%, a miss. The step model's steady state is 11,195 tokens/s per GPU, 7% below what 92k
    hours for 4T tokens imply (12.1k); the rest is the goodput and node-scaling allowances,
    which these hours seem not to carry. The tokens are the soft spot: the config's steps
    give 3.5T at the checkpoint before its cooldown and 4.5T at its end.
- Olmo 3's stated throughputs (its §3.2 and Table 34, the end of the pre-training phase):
  7B 7,700 tokens/s per GPU on 512 H100, 8,778 estimated (+14.0%); 32B 1,960 on 1,024, 2,306
  estimated (+17.7%). The 32B's GPU-hours and throughput are one run: the hours hold the
  restarts that the throughput does not, and the estimate's goodput allowance stands for them.
- NVIDIA's DGX Cloud benchmarking recipes for Nemotron-4 on H100 (NVIDIA/dgxc-benchmarking
  nemotron/README_15b.md at 0b71cfd and README_340b.md at 143b90d; NeMo, each table's stated
  layout), read at each table's smallest and largest GPU count (the columns between are weak
  scaling, within 3% and 5% per GPU), eight rows, none fitted: 15B BF16 −25.9% (16 GPUs) and
  −23.8% (2,048), FP8 −14.1% and −10.5%; 340B BF16 −9.6% and −9.2%, FP8 +0.2% and +3.2%. The
  BF16 15B row is the first dense benchmark to leave ±25%: NeMo runs it at 55% of the BF16 peak
  by 6·N (5,826 tokens/s per GPU), where the H100 BF16 share was fitted to llm-foundry's MPT-70B
  (42.6% MFU) and the FP8 share to NeMo. One share for every framework does not hold on H100
  in BF16 either (round 26 found the same for torchao's FP8): on the BF16 rows of
  PyTorch-FSDP stacks (OLMo-core, Olmo 3, torchtitan, torchao) the estimate's errors are −18% …
  +22%, most of them above the published rate, and on NeMo's 15B −26%. A
  framework setting for BF16, as `fp8Recipe` is for FP8, is the lead; the test that every dense
  benchmark is within ±25% names this row and holds it within 27%.
- Tried and not kept: a GEMM's shape at the larger of its compute and load times (tiles load
  while the previous ones compute) instead of their sum (`gemm_share`). Without re-solving the
  fitted shares: benchmarks median 8.9% → 7.1%, NeMo's 15B BF16 −25.9% → −17.0%, OLMo-core's 1B
  −18.0% → −5.3%, but its 13B +16.6% → +24.4%, Olmo 3's throughputs +14.0% / +17.7% → +20.9% /
  +22.1%, and the real runs 15.5% → 19.2% (38 → 33 within ±25%). The narrow GEMMs of TP-split
  mid-size models are where the two forms differ most; which one the evidence supports needs
  the fitted shares solved again with it.
- Real runs added: 48 → 51 rows, 36 → 38 within ±25% (75%); those that state their layout 21 →
  24, 17 → 19 within (79%). Benchmarks: 52 → 70 rows, 47 → 64 within (91%), median 8.2% →
  8.9%. The test's floors for the real runs follow the rows (75% → 74%, 80% → 79%).
- Read and not added: Lucie-7B (OpenLLM-France: 512 H100, about 550,000 GPU hours for 3.1T
  tokens, TP 4 × PP 4 × DP 32): its launch script sets `CUDA_LAUNCH_BLOCKING=1` (“do not remove
  or the training will hang”), which makes every kernel launch wait for the GPU, a workaround
  no plan starts from (the hours imply 6% MFU); OpenEuroLLM's 2B on LUMI (“approximately 165000
  GPU hours”, MI250X): whether a “GPU” is a whole MI250X or one of its two dies is not stated, a
  factor of two.
- The cluster assumed for a run that states no GPU count is now whole nodes. It was the GPUs
  that finish in two months, to the GPU: 2,185 for Llama 4 Scout, an odd data-parallel degree
  that no expert-parallel degree divides (every expert on every GPU, the dispatcher's host time
  16 times over), and counts that left GPUs idle or forced deep pipelines (Llama 3 70B: TP 4 ×
  PP 16 × DP 44, 25 GPUs idle). Rounded up to whole nodes of the request's size, the searches
  find the layouts a practitioner would (Scout EP 8; Llama 3 70B TP 4 × DP 710 with ZeRO-3),
  and the estimates move away from the model cards' hours, which no constant was tuned to:
  Llama 4 Scout −2.5% → −22.1%, Llama 3 70B −7.7% → −12.0%, 8B −42.3% → −48.0%, Llama 3.1
  70B −15.6% → −19.5%; the real runs' median 14.1% → 15.0% (those stating no layout 16.7% →
  19.5%), 38 within ±25% as before (measured before StableLM 2 was added; with it 15.5%). The earlier figures were nearer by an accident of
  arithmetic, not by a layout anyone runs.
- Found and not changed: the step model charges a model's input embedding as GEMM work (6 ×
  vocabulary × hidden FLOPs per token where the embeddings are untied), though the forward is a
  lookup and its gradient a scatter-add. Leaving it out for the models whose embeddings are
  known to be untied (the presets and `hfConfig`; a custom model's `paramsB` does not say),
  without re-solving the shares fitted with it (measured before the change above), moved the
  preset rows away: torchao's Llama3-8B rows +21.9% → +28.7%, NeMo Llama 3 8B on B200 +12.6%
  → +17.5%, Llama 3.1 8B's real run −48.7% → −53.9%, Llama 4 Scout −2.5% → −25.6%. Taken out consistently it needs the fitted shares
  solved again from their rows (NeMo's Llama 2 7B: untied, 3.9% of its parameters) and a
  custom model's tie stated; left for a later round.
- Read and not added: Nemotron-4 340B's Table 2 (iteration times per stage at TP 8 × PP 12,
  6,144 H100 at 8.0 s): only secondary copies of the table were reachable.

## History: issue 15, round 26 (2026-12-05)

- MI300X trained at 1.08× an H100 where torchao's float8 training benchmark measured 0.874×
  at the same settings (Llama3-8B on 8 GPUs, FSDP2, 1 × 8,192 tokens, torch.compile, per-op
  checkpointing: 5,376.5 against 6,150 tokens/s per GPU in BF16; pytorch/ao
  torchao/float8/README.md, MI300X table at 853f87d, 2025-08-11). ROCm's training GEMM share
  was 0.45 of the BF16 peak (and 0.40 of FP8's) from a secondary summary of a measurement; it is
  now solved from that ratio: 0.36 (0.28–0.44), and FP8 0.295 (0.23–0.36) from MI300X's own
  FP8-to-BF16 ratio there (1.147). The four rows are added (three of them fitted); every
  estimate of them is 22% above the published figure, H100's BF16 row included, which no
  constant was fitted to absolutely (the README names no H100 variant; Meta's torchtitan
  benchmarks of the period ran H100 with HBM2e at a 500 W limit). AMD's MLPerf Training v5.0
  Llama 2 70B LoRA FP8 on MI300X, independent of the fit: +21.9% → −6.8%.
- New: `fp8Recipe` (`transformer-engine`, the default, or `torchao`). The FP8 training share
  was fitted to NeMo (Transformer Engine, casts fused into the neighbouring kernels); torchao's
  float8 linears scale dynamically and run the absolute maximum, cast and transpose as their own
  kernels (torchao's README, “Derivation”; pytorch/pytorch issue 133242), and the step model
  gave them 1.57× BF16 where torchao measured 1.25×: × 0.72 (`TORCHAO_FP8_RELATIVE`), fitted to
  that pair.
- New: `recompute: selective-op`, torchtitan's per-op checkpointing (above). Tested by
  torchtitan's own FSDP2 table on 64 A100-80GB (pytorch/torchtitan docs/performance.md at
  0413364), six rows added, none fitted: Llama 3 8B per-op 2,973 tokens/s per GPU against 3,016
  estimated (+1.5%), Llama 3 70B full 331 against 333.9 (+0.9%), Llama 2 13B none 2,162 against
  2,343 (+8.4%) and per-op 1,904 against 2,027 (+6.5%), Llama 2 70B per-op 355 against 395.0
  (+11.3%) and full 353 against 350.8 (−0.6%). Its rows that checkpoint every few layers are not
  read (not a recompute the engine offers).
- A real run added: GPT-NeoX-20B (96 A100-40GB, TP 2 × PP 4 × DP 12, ZeRO-1, FP16, full
  recompute, 471.9B tokens; the layout, batch and steps from the paper's configuration table,
  the 1,830 hours of training from its environmental-impact section as quoted, its LaTeX copy
  dropping that sentence's numbers): 175,680 GPU-hours published, 154,616 estimated, −12.0%.
- Real runs added: Llemma 7B and 34B (Code Llama trained further on Proof-Pile-2 on 256 A100
  with GPT-NeoX; the hours from the project's own write-up, the layouts from the run's configs):
  23,000 A100-hours published, 22,894 estimated (−0.5%), and 47,000 against 32,666 (−30.5%: the
  34B at TP 8 took longer than the step model, as GPT-NeoX-20B and the Pythia 12B at TP 4 do by
  less; not explained).
- Real runs: 45 → 48 rows, 34 → 36 within ±25% (75%), median |error| 14.6% → 14.5%; those that
  state their layout 18 → 21 rows, 15 → 17 within (81%), median 11.5% → 12.0%.
- MT-NLG 530B's iteration, read in the paper itself (its LaTeX source): Selene's nodes hold eight
  80 GB A100, where the row had 40 GB from a secondary README: 45.44 s (+2.3%) → 44.42 s
  (+0.1%; the 80 GB part's bandwidth). The paper's two other sizes added: 2,240 GPUs (DP 8),
  60.1 s published, 61.96 estimated (+3.1%); 2,800 (DP 10), 50.2 against 51.46 (+2.5%).
- Read and not added (docs/DATA.md names them): MEDITRON-70B's 42,496 A100-hours (its tokens
  processed are not stated, only the corpus's 48.1B), JetMoE-8B's 30,000 H100-hours (its
  attention experts are not modelled), Code Llama's 400,000 A100-hours (nine models together),
  MT-NLG's total time (not stated).
- Read and not added: OLMo-core's README table (allenai/OLMo-core at 7e58d12, tokens/s per
  H100, HSDP, torch.compile, no activation checkpointing, torchao FP8). On one node of 8 the
  estimates are 1B −14.3% / −10.0%, 7B +1.5% / −1.3%, Llama-like 8B +0.9% / −2.8% and 13B
  +19.6% / +27.4% (BF16 / FP8 with `fp8Recipe: torchao`): the 13B FP8 row would leave ±25%, and
  why the 13B is slower than the step model is not found. A lead: OLMo-core's FSDP
  reduce-scatters the gradients (in FP32) on every micro-batch, only HSDP's all-reduce across
  replicas waiting for the last (its train module's `_train_microbatch_context` calls
  `set_is_last_backward` and `set_requires_all_reduce`, not `set_requires_gradient_sync`), and
  with one sequence per micro-batch the 13B's weight gathers and gradient reductions take about
  30% of its compute time, against 17% for the 7B and 4% for the 1B, as the error rises (per
  micro-batch: two BF16 gathers and one FP32 reduce-scatter over NVLink at 0.8 of 450 GB/s,
  against the micro-batch's tokens at the published rate). The
  step model hides collectives that fit under the compute entirely; collectives running beside
  GEMMs take some of their SMs and memory bandwidth, which it does not model. The table states
  no GPU count or fabric; the rows wait for that cost to be modelled from a measurement.
- Tried and not kept: that cost as a measured average, every second of a collective hidden
  under compute slowing it by 18.9% (0.1–0.4; “Characterizing Compute-Communication Overlap in
  GPU-Accelerated Distributed Deep Learning”, arXiv 2507.03114, 2025: 18.9% on average, 40% at
  most, on four A100, H100, MI250 or MI210). OLMo-core's 13B came to +15.7% / +24.8% (the 7B
  −0.1% / −2.3%), but the real runs moved away: within ±25% 34 → 33 of 45, median 14.6% →
  14.7%, DeepSeek-V3 +20.4% → +42.1%, DeepSeek LLM 67B +2.7% → +14.3%, Nemotron-4 15B +8.6% →
  +17.4%, Llama 3.1 405B +3.4% → +9.1%; benchmarks within ±25% 39 → 38 of 44. Frameworks that
  give collectives their own SMs (DeepSeek-V3's 20 of 132, Megatron-Core's userbuffers) pay
  less than a four-GPU average says; one figure for every stack does not hold.

## History: issue 15, round 23 (2026-12-04)

- A mixture of experts' bandwidth floor (`bandwidthFloorMs`, the `itl-floor` exclusion: the
  per-token time no batch or engine beats) counted every expert's weights, which is no floor:
  a decode step at one sequence reads the layers outside the routed experts and the experts
  its token is routed to. DeepSeek-V3 FP8 on 8 × H200 had a floor of 20.9 ms while the step
  model decodes one sequence in 9.2 ms, so a per-token target between the two was left out as
  below the floor. The floor now reads what the serving step reads at a batch of one; dense
  floors are the same. No row of this file reads the floor: every figure above is unchanged.
- A serving layout's replicas are the least count whose share of the load meets the targets,
  found over whole replicas; before, ⌈load ÷ capacity⌉ with the capacity bisected, which near
  the KV limit (where the targets are not monotone in the load) could claim one replica fewer
  than carry the load and then show one request alone (DeepSeek-V3 INT4 at 2,000 req/s on
  eight A800 PCIe: 233 replicas at batch 1, now 234 at 699 sequences each). A closed loop's
  load (the benchmark rows) is the smaller root of Little's law as a quadratic, which gives the
  same figures as the bisection did: every row above is byte-identical.

## History: issue 15, round 20 (2026-12-04)

- The 18 MoE serving rows (TensorRT-LLM's v1.0 throughput tables: Qwen3-235B-A22B, Llama 4
  Scout and Maverick, FP8 on H100 and H200) all ran over the estimate, +27.4% … +110.8%
  (median +56.7%), with Maverick's H200/H100 ratios right (published 3.3–3.7, estimated
  3.0–3.8): a common missing cost in the step, not the memory. The routed experts' part of a
  decode step is now divided by a share of the dense rate the experts reach
  (`routed_experts` in data/achieved_efficiency.csv, 0.19–0.38–0.59): *fitted*, not derived.
  Its expected value is solved from one row chosen before the others were read against it,
  Maverick on 8 × H200 at 128/2048 (the length where decode dominates, the GPU whose KV room
  does not bind the batch, the model with one expert per token: 40,572 tokens/s, estimated
  64,144 before); its low–high is the span of the shares that solve each of the 18 rows one by
  one. Evidence that the share is well below 1: an Nsight Systems profile of TensorRT-LLM's
  CUTLASS MoE path (Qwen3-Next-80B at batch 1, Morph's blog “Morph-Decode”, 2026-04-09) put 29%
  of each MoE layer's time in its GEMMs and 71% in permutation, activation quantization,
  scatter, activation and combine kernels; DeepGEMM's masked grouped GEMM reaches 61% of HBM
  at 256 rows per expert (H800), where a dense decode reaches 65% here. Why the share is this
  low at tens to hundreds of rows per expert is not settled: the rows' own shares span 0.19
  (Qwen3-235B on H100 at 1000/1000) to 0.59 (Maverick on H100 at 500/2000), so the model still
  lacks what separates them. Tried as that structure and not kept: a fixed time per MoE layer
  and step (50–200 µs: the span stays ×2.8–3.0); the experts' bytes and FLOPs added rather
  than the larger taken (the span narrows to ×2.4 and, refitted on the same row, 16 of the 17
  rows fall within ±25%, but DeepGEMM's 256-rows table runs at the larger of the two bounds,
  not their sum, and the form would have been chosen on the very rows that test it).
- The 17 independent MoE rows: −28.5% … +45.4%, median |error| 11.5%, 13 (76%) within ±25%
  (was 0 of 18); out: Qwen3-235B on H100 at 1000/1000 (+45.4%) and 128/2048 (+34.2%), on H200
  at 500/2000 (+33.6%), Maverick on H100 at 500/2000 (−28.5%). The serving group: 55 rows,
  median 11.5%, 48 (87%) within ±25% (met; was 56 rows, 16.3%, 35 (62%)). The note on every
  MoE serving estimate now states the fit and this span (0.7–1.5× the measured throughput).
  Dense models have no routed experts: every dense answer is the same.

## History: issue 15, round 19 (2026-12-04)

- The serving decode step took one roofline over the whole step: the longer of all the
  weights it reads and all its FLOPs. The roofline holds per kernel, and a mixture of experts
  has two classes of GEMM with far apart intensities: the layers outside the routed experts
  see every token of the batch (under data-parallel attention a few hundred rows per GPU,
  compute-bound in FP8), each routed expert only the tokens sent to it (batch × experts per
  token ÷ experts rows, bandwidth-bound). The one max let the first class's FLOPs hide under
  the second's reads. Each class now takes its own max and the two add
  (`perf::serving::Replica::step_s`); no constant was tuned. A dense model has one class and
  every dense answer is the same (the 38 dense rows unchanged).
- The 18 MoE rows: +27.4% … +110.8% (median +59.2%) → +27.4% … +110.8% (median +56.7%).
  The rows where both classes had been hidden under one bound move: Maverick on H200
  +62.4 / +52.7 / +80.0% → +49.0 / +35.7 / +58.1% (1000/1000, 500/2000, 128/2048), Scout on
  H200 +39.2 / +45.3 / +34.8% → +35.7 / +39.9 / +29.1%. The H100 rows (every class
  bandwidth-bound at their smaller batch) and Qwen3-235B (top-8 of 128: its experts too are
  compute-bound at H200's batch) do not move. Rows within ±25%: 0 → 0. The note's span
  (1.3–2.1×) still holds.
- Looked at and not changed: the grouped-GEMM kernels' own efficiency. DeepGEMM's published
  masked-layout table (H800, the decode layout for MoE) reaches 2,047–2,064 GB/s (61% of
  HBM) and 815–932 TFLOPS at 256 rows per expert, near the ridge where both bounds bind; its
  dense GEMMs at 64 rows reach 1,688–2,668 GB/s depending on the matrix. No table measures
  the few rows per expert of the H100 rows, and the dense TensorRT-LLM rows, which a lower
  bandwidth share for all small-row GEMMs would also slow, are already 9–18% under. Still
  unexplained for the H100 rows: a step about 1.6× the modelled one at the same batch, or a
  batch that much smaller; candidates are the collectives' efficiency at 1–20 MB messages and
  the kernels per layer (94 layers for Qwen3-235B).
- A new independent real run, added whatever its error: Phi-2 (2.78B, its model card: 96
  A100-80GB, 14 days, 1.4T tokens, sequence 2048; layout and batch not stated): +48.7%. The
  card's hours imply 201 TFLOP/s of model FLOPs per GPU, 64% of the A100's BF16 peak; the other
  A100 runs of this table imply 24–51%, and the engine's estimate 43% over the run (48%
  steady, before its goodput allowance). Real
  runs 44 → 45 rows: median |error| 14.5% → 14.6% (met), 34 (77%) → 34 (76%) within ±25% (not
  met).
- Not tested by these rows, and modelled from its source: under data-parallel attention,
  requests arriving at random make each step wait for the GPU with the most prompts to
  prefill (“the iteration time is dominated by the slowest rank”, TensorRT-LLM's blog “ADP
  Balance Strategy”: requests handed out round-robin ran at 54% average balance, 35% below the
  balanced throughput, DeepSeek-V3 on 8 GB200). At an online load each step now costs the
  largest of the GPUs' Poisson counts of prompts for the non-expert layers (the expected
  largest of n Poisson counts, summed exactly and tabulated), every prompt's expert share and
  collectives; the step is the fixed point of that (`Replica::unbalanced_prefill_share`). The
  rows are closed loops (each finished request replaced at once, all of one length), where
  the GPUs admit their prompts in step: they keep the balanced share and do not move. The
  default layout now also takes tensor parallelism where data-parallel attention would need
  more replicas for the load.

## History: issue 15, round 18 (2026-12-03)

- Cause found for the part of the MoE serving miss that depended on the GPU: the rows ran
  TensorRT-LLM's MoE command, whose llm_options.yml sets `enable_attention_dp: true`, and the
  engine ran them as tensor parallelism. Under attention data parallelism all GEMM weights
  outside the routed experts are replicated on every GPU and the KV cache is partitioned by
  request (TensorRT-LLM's guide “Parallelism in TensorRT LLM”); Llama 4's dense MLPs and shared expert run
  with `overridden_tp_size=1` too (tensorrt_llm/_torch/models/modeling_llama.py). For Maverick
  at FP8 that is ~15 GB more per GPU (attention, 24 dense MLPs, shared experts, 16-bit
  embeddings), so on an 80 GB H100 the KV cache, and the batch, about halves, while on a 141 GB
  H200 it hardly moves; each GPU also reads its own copy of those weights every step. New field
  `attentionParallelism` (`tensor` | `data`), the rows' new column `attention_parallelism`
  stating `data` for the 18 rows; the MoE default on several GPUs is now `data`. No constant
  was tuned. Also modelled: each attention-DP GPU schedules up to the engine's batch limit, and
  tensor parallelism over more GPUs than KV heads keeps each head more than once (Qwen3-235B's
  4 KV heads over 8 GPUs). The dense rows are unchanged.
- The 18 MoE rows: +16.7% … +150.9% (median +70.5%; H100 +77…+151%, H200 +17…+64%) →
  +27.4% … +110.8% (median +59.2%; H100 +44…+111%, H200 +27…+81%). Maverick's H200/H100 ratio
  is now 3.2 (published 3.3, was 1.6–2.1). Rows within ±25%: 1 → 0 (Maverick H200 1000/1000
  was +16.7% with a batch the engine's tensor-parallel memory gave). The remaining ×1.3–2.1 is
  not explained; candidates not measured here: the grouped expert GEMMs at a few tokens per
  expert, the dispatch kernels, the ranks' imbalance. The note on every MoE serving estimate
  states the new span. A sensitivity, not a change: with a BF16 KV cache the 18 rows would be
  −21% … +34% (16 within ±25%). The benchmark's own documentation maps an FP8 checkpoint that
  names no KV-cache algorithm to an FP8 KV cache (`trtllm-bench`'s table in the TensorRT-LLM
  benchmarking guide), and the dense FP8 rows that use that mapping agree, so the rows stay FP8;
  what the figures look like is a KV cost per sequence about twice the one modelled, or a step
  that much slower. Where to look next: the runtime's KV pool (TensorRT-LLM's PyTorch backend
  takes 0.9 of what is left after a profiling pass of 8,192 tokens per rank, every rank's tokens
  gathered for the experts, and its CUDA graphs; a few GiB, which cannot halve an H200's pool)
  and the expert GEMMs at a few tokens per expert (the kernel tables that would measure them,
  ai-dynamo/aiconfigurator's `moe_perf.txt`, are Git LFS pointers in the stored copies).
- The Maverick-on-one-H100-host bound row (FP8, one sequence of 8,192 tokens) now runs
  attention data-parallel as the default does: 48.8 → 62.6 GiB per GPU, still within 80 GB.
- A new independent real run, added whatever its error: DeepSeek-V2 (236B MoE, 21B active,
  MLA), 172.8K H800-hours per trillion tokens × 8.1T tokens (arXiv 2405.04434 §3.2.3, the
  source of the DeepSeek 67B row), run at its stated layout (PP 16 × EP 8, ZeRO-1, no TP,
  9,216 sequences of 4K per step, its own expert kernels), BF16 and the assumed two-month
  cluster: +4.9%. New model preset `deepseek-v2` (the paper's dimensions; they give its
  totals). Running it found that a stated tensor × pipeline layout without a GPU count was
  refused (“1 GPUs cannot hold …”) although the cluster sizing already holds it: the check
  now applies when a GPU count is given, as the expert-parallel one did. Real runs 43 → 44
  rows: median |error| 14.6% → 14.5% (met), 33 (77%) → 34 (77%) within ±25% (not met).

## History: issue 15, round 17 (2026-12-03)

- Two new independent real runs, added whatever their error: Llama 4 Scout (5.0M H100-hours,
  ~40T tokens) and Llama 4 Maverick (2.38M H100-hours, ~22T tokens), from Meta's model card
  (meta-llama/llama-models models/llama4/MODEL_CARD.md at 038acb9). They run as the new model
  presets `llama-4-scout` and `llama-4-maverick` (dimensions from the released config.json,
  totals from the card), with the card's silence on GPU count, layout and format taken as the
  other Meta cards' rows take it (the two-month cluster, BF16): Scout −2.5%, Maverick −8.2%.
  With FP8 (which Meta's blog names for Llama 4 Behemoth's pre-training only) they would be
  −49.9% and −38.7%; the row states the assumption. The tokens are multimodal (text and image),
  counted as text.
- Real runs, 41 → 43 rows: median |error| 15.6% → 14.6% (≤ 15%: met), 31 (76%) → 33 (77%)
  within ±25% (≥ 85%: not met). Rows that state no layout: 24 → 26, 17.0% → 16.1%, 17 (71%) →
  19 (73%). The misses are as before.
- Looked for and left out: Phi-3-small and Phi-3.5-mini, whose cluster and days were found
  only in a secondary source (a conference deck), as Nemotron-4 340B was.
- Eighteen new independent serving rows, the first mixture-of-experts ones, added whatever their
  error: every H100 and H200 FP8 row of TensorRT-LLM's v1.0 throughput tables (commit 00f3768,
  the source of the dense TensorRT-LLM rows) for Qwen3-235B-A22B (TP 8), Llama 4 Scout (TP 4)
  and Llama 4 Maverick (TP 8), at the three lengths the dense rows use (1000/1000, 500/2000,
  128/2048). Every one is over: +16.7% to +150.9%, median +70.5%; on H200 +17% to +64%, on H100
  +77% to +151%. The MoE benchmark runs attention data-parallel with an unstated
  expert-parallel degree (`enable_attention_dp`), run here as tensor parallelism. Not the cause
  found so far: the batch. trtllm-bench sizes its batch from the KV room it computes from the
  total parameters (tensorrt_llm/bench/build/tuning.py: rounded up, at most 4,096): for Maverick
  on 8 × H100 at 1000/1000 about 1,536 sequences, on 8 × H200 4,096, where the engine runs 1,181
  and 2,048 (its TensorRT-LLM limit). At such batches the published throughput is far below both
  the step's weight-and-KV read time and its FLOPs: counted in model FLOPs (decode and prefill,
  2 × active parameters per token), Maverick on H100 reaches 4.2% of the FP8 peak and
  Qwen3-235B-A22B 8.3%, where the dense Llama 3.1 405B of the same table reaches 29.9%. So a
  per-step cost of MoE decode that the model lacks is the likely cause (candidates: per-expert
  GEMMs of a few tokens each, the dispatch and combine of attention data parallelism, the
  runtime's own reserve shrinking the batch); it was not measured here. No constant was tuned
  to these rows. Every MoE serving estimate now carries a note (English and Chinese) that these
  tables ran 1.2–2.5× below it, so a MoE's throughput is an upper bound.
- Cause: a MoE's per-layer routing costs (token permutation, the expert all-to-all, the
  dispatcher's host time) were counted on every layer; they fall on the layers with experts
  only. New model column `moe_layers` (data/models.csv): Llama 4 Maverick 24 of 48
  (`interleave_moe_layer_step` 2), DeepSeek-V3 58 of 61 (`first_k_dense_replace` 3). No constant
  changed. DeepSeek-V3's real run +22.7% → +20.4%, Maverick's −8.2% → −11.4% (above as
  measured before this), Megatron-Bridge's DeepSeek-V3 rows +1.0 to +3.0 points (all within).
- A model given as its config.json (`hfConfig`) now counts a MoE's dense layers and shared
  experts: Llama 4 Maverick's config gave 778B parameters (11.1B active), now 400.7B (17.2B), as
  the card states (a test). No calibration row reads a MoE's config.json, so none moved.
- Two new independent bound rows from the same card's Quantization section: Llama 4 Scout fits
  one H100 at INT4 (the estimate: 60.5 GiB with one sequence of 8,192 tokens) and Maverick one
  8 × H100 host at FP8 (48.8 GiB per GPU): both held.
- Memory and serving, 38 → 56 rows with a value and 1 → 3 bounds: median |error| 11.3% → 16.2%,
  35 (92%) → 36 (64%) within ±25%, bounds 3 of 3 held: the target is no longer met. Its dense rows are unchanged (38 rows, 11.3%, 92%); the
  report now splits the group into dense and MoE rows.

## History: issue 15, round 16 (2026-12-03)

- A new request field, `expertParallel`, states a MoE's expert-parallel degree (it divides the
  experts; left out, the search chooses it, as before). Rows whose
  source states it now run it: Mixtral 8x7B on B200 EP 8 (+1.2%, unchanged: the search's choice
  was EP 8), Granite 3.0's two MoEs EP 1 (“without any model parallelism”; −36.5% and −33.5%,
  unchanged: the search's choice was EP 1).
- Twenty-two new independent benchmark rows, added whatever their error: every row of the
  pre-training tables of Megatron-Bridge's 25.11 container (NVIDIA-NeMo/Megatron-Bridge
  docs/performance-summary.md at 00b7660) that the calibration did not hold, at its stated GPUs,
  batch, micro-batch, TP, PP and EP (FSDP as ZeRO-3; DGX-GB200 and DGX-GB300 with their 72 GPUs
  in one NVLink domain, `gpusPerNode: 72`); their errors as first measured, before the cause
  below. Dense: Llama 3 8B on GB200 +2.0% and on GB300
  −14.4%, Llama 3 70B +8.1% and +3.2%, Llama 3.1 405B +2.0% and −11.6%. MoE on H100 and B200:
  GPT-OSS 120B BF16 on H100 +70.3% and on B200 +80.9%, Qwen3 30B-A3B FP8 on H100 +209.5% and on
  B200 +292.4%, Qwen3 235B-A22B FP8 on B200 +124.7%, DeepSeek-V3 FP8 on B200 +119.7%. MoE on
  GB200 and GB300: DeepSeek-V3 BF16 +23.7% and −0.0%, FP8 +42.9% and +31.1%, GPT-OSS 120B +50.0%
  and +31.1%, Qwen3 30B-A3B +70.3% and +39.9%, Qwen3 235B-A22B +15.7% and −7.7%. Left out: the
  H100 row of Qwen3 235B-A22B (its batch is missing on that page, 2,048 on the archive page,
  docs/performance-summary-archive.md at 0a25f91, but its EP 32 spans TP 2 × DP 16 ranks,
  Megatron-Core's experts over the tensor-parallel ranks, where the step model keeps experts
  within the data-parallel ranks) and the B200 rows of Llama 3 8B and Llama 3.1 405B (their layouts are already held from the
  25.02 table).
- Cause found through these rows: a synchronised MoE dispatcher's fixed host time. Added at
  first, the step model expected 1.7–3.9× the published tokens/s of GPT-OSS 120B, Qwen3 30B-A3B
  and 235B-A22B and DeepSeek-V3 on H100 and B200, up to 1.7× on GB200 and GB300, and was right
  for Mixtral (1 expert per GPU) and DeepSeek's own run. What the tables show:
  - the excess is a fixed time per MoE layer and micro-batch: Qwen3 30B-A3B on DGX-B200 at 4,096
    tokens per micro-batch and on DGX-B300 (the same FP8 peak) at 32,768 run 9,691 and 29,521
    tokens/s per GPU (the 26.02 tables, docs/performance-summary-archive.md at 0a25f91): 8.8 and
    23.1 ms per layer and micro-batch, 6.75 ms fixed and 0.50 µs per token, where the step
    model's own per-token time is 0.57 µs;
  - it grows with the experts each GPU holds: 17 ms for DeepSeek-V3 at 32 per GPU (B200), 6.8
    and 7.4 ms for 16 (the two Qwen3 MoEs on B200), 0–6 ms for 2–8 (the GB200 and GB300 runs at
    EP 16 to 64);
  - it goes with the dispatcher's mode: the same Qwen3 30B-A3B layouts with token dropping (a
    capacity per expert, the 25.09 tables) ran 18,066 tokens/s per GPU on B200 and 10,494 on
    H100, against 9,299 and 5,275 dropless (25.11). Megatron-Core's dropless all-to-all
    dispatcher reads the token counts on the host once per MoE layer before its all-to-all (its
    `cuda_sync_point`, read in megatron/core/transformer/moe/token_dispatcher.py), which drains
    the host's queue of kernels; the layer's per-expert work is then launched while the GPU
    waits (the mechanism inferred, not traced).
  The step model now adds 0.42 ms per local expert per MoE layer and micro-batch (0.2–1.4 ms:
  GB300 to H100, the reason H100 takes longer not known), `EXPERT_HOST_S_PER_LOCAL_EXPERT`, fitted to the
  26.02 pair above (outside this table; the 25.11 B200 row of the same model gives 0.43 and is
  now a fitted row). A new request field, `expertDispatch`, says whether the stack does this
  (`host-synchronized`, the default) or keeps the dispatch on the device (`device`: DeepSeek-V3's
  own stack, which its run here now states, or static shapes with CUDA graphs). A MoE estimate
  says so in a note, in English and Chinese. The layout search now prefers more experts per
  GPU only when they pay for their host time (larger EP, larger micro-batches).
- Effect: Megatron-Bridge's MoE rows from +70.3…+292.4% to −24.9…+88.1%, 10 of 15 independent
  ones within ±25% (GPT-OSS 120B stays out on every system, +25.5% to +56.8% then, +42.8% to
  +60.9% with the sliding windows below, and Qwen3
  30B-A3B on H100 +88.1%: its host time, 1.4 ms per expert, sets the range's slow end); Mixtral 8x7B on B200
  +1.2% → −0.6%; the real run Phi-3.5-MoE −31.6% → −29.5% (its stack unstated: the default).
  Unchanged, as their runs state stacks that keep the dispatch on the device: DeepSeek-V3
  (+22.7%) and Granite 3.0's two MoEs (−36.5% and −33.5%: ScatterMoE, one dropless kernel for
  all the experts, as the Granite report says; with the default they would be +9.7% and +50.5%).
- Tried first and replaced within the round: a wider range for every MoE (its low end 0.3 of
  the slow case, fitted to the Qwen3 30B-A3B B200 row), before the cause was found.
- Benchmarks group: 22 → 43 independent rows, median |error| 8.3% → 9.3%, 22 (100%) → 38 (88%)
  within ±25% (met); every dense row within. Real runs unchanged: median |error| 15.6%, 31 (76%)
  within ±25% (not met); those that state their layout 12.5%, 14 (82%).
- Cause: a sliding-window layer's attention was counted over the whole sequence. Its queries
  read at most the window's keys (Longformer, Beltagy et al. 2020; Mistral 7B §2): over a causal
  sequence S a window w < S averages w − w²/(2S) keys per query, against S/2. GPT-OSS's 128-token
  windows on half its layers, Gemma 2's 4,096 on half of theirs, Phi-3's 2,047 on all. No
  constant changed. Phi-3-mini −18.9% → −22.1%, Phi-3-medium −38.4% → −39.9%; GPT-OSS 120B
  +25.5…+56.8% → +42.8…+60.9%, further off: its misses are elsewhere (its attention sinks are not
  modelled; cause not found). Groups unchanged in their counts.
- The layout search with a fixed expert-parallel degree takes the data-parallel ranks in whole
  groups of it, leaving the rest idle, as it does with the GPUs a layout leaves over (a 72-GPU
  NVLink domain with PP 2 and EP 32 searches 64 of them for one node's rate).

## History: issue 15, round 15 (2026-12-03)

- Cause: the frameworks of five runs all-reduce after each tensor-parallel GEMM, where the step
  model counted half of each reduction hidden behind the neighbouring GEMMs (Megatron-Core with
  Transformer Engine). Read in their code: GPT-NeoX (Pythia; megatron/mpu/mappings.py at
  6a072ba, 2022), bigscience's Megatron-DeepSpeed (BLOOM; forked from Microsoft's, MT-NLG's) and
  SwissArmyTransformer (GLM-130B; SwissArmyTransformer/mpu/mappings.py at 22419c4, July 2022)
  call a plain `all_reduce` with nothing to overlap it. A new request field,
  `tensorParallelOverlap: none`, runs them so (each reduction on the critical path whole);
  the default, `overlapped`, is unchanged. No constant changed. Pythia 12B −26.5% → −23.0%,
  Pythia 6.9B −14.3% → −12.5%, BLOOM −7.7% → −5.8%; MT-NLG's iteration −0.8% → +2.3%.
- Cause: an expert's GEMMs were shaped hidden × hidden; they are hidden × the expert's own MLP
  width (`moe_intermediate_size`), narrower than hidden in fine-grained MoEs (DeepSeek-V3 2,048
  against 7,168; Granite 3.0's 512) and wider in Mixtral (14,336 against 4,096), so a narrow
  expert's GEMM reaches less of the tensor cores (the shape roofline, `gemm_share`). No constant
  changed. DeepSeek-V3 +20.1% → +22.7%, Mixtral 8x7B on B200 −0.4% → +1.2%, Granite 3.0
  1B-A400M −41.1% → −36.5% and 3B-A800M −40.1% → −33.5%.
- Eleven new independent real runs, added whatever their error (all found in one search of
  published GPU-hours of A100/H100/H800 runs; left out: state-space models (Falcon-Mamba,
  Zamba), attention experts the request cannot state (JetMoE), shared experts and a dense first
  layer it cannot state (DeepSeek-V2), figures that are budgets or whole projects (Snowflake
  Arctic, DBRX), secondary sources only (Nemotron-4 340B) and ambiguous token counts (Stable LM
  2 1.6B, Falcon2-11B)): DeepSeek LLM 67B +2.7%, GLM-130B −19.8%, Granite 3.0 8B −13.9% and 2B
  +5.6% (their stated TP × PP), its MoEs 1B-A400M −36.5% and 3B-A800M −33.5% (data parallel
  only, as stated; given as their config.json would, top-8 of 32 and 40 experts of width 512),
  Nemotron-4 15B +8.6% (TP 8, its Table 2), StableLM-3B-4E1T −14.4%, BloombergGPT −43.7% (ZeRO-3
  on 512 A100-40GB: the paper's 102 TFLOP/s per GPU is a third of peak where the step model
  expects more than half; cause not found), Llama 3.2 1B −81.2% and 3B −61.1% (Meta's cards, like
  Llama 3 8B's, state no layout or cluster; their hours are 3–5× those of the estimate's best
  layout).
- Real runs, 30 → 41 rows: median |error| 15.1% → 15.6% (≤ 15%: not met), 24 (80%) → 31 (76%)
  within ±25% (≥ 85%: not met). Split by whether the source states the layout the estimate then
  runs: 17 rows that state it, median 12.5%, 14 (82%) within ±25% (the misses: BloombergGPT and
  the two Granite MoEs); 24 that state none, compared with the layout search's best, median
  17.0%, 17 (71%) within. Every miss is below the estimate (the run took longer): the 8B-class
  H100 runs that state no layout (Llama 3/3.1 8B, Llama 3.2 1B/3B, Phi-3-medium, Phi-4,
  Phi-3.5-MoE), BloombergGPT on SageMaker's ZeRO-3, and the small Granite MoEs.

## History: issue 15, round 14 (2026-12-03)

- Cause found through Falcon 7B (+78.3%): the data-parallel reduction across nodes was a ring
  of all the group's GPUs through each GPU's own NIC, as if the whole gradient crossed one NIC.
  NCCL reduces within each node first and every GPU's NIC carries its shard at once; a measured
  all-reduce (stas00/ml-engineering network/README.md, 744d01e: 4 GiB over 4 nodes of 8 B200,
  8 × 50 GB/s EFA per node, 22.05 ms) took a tenth of the old model's 208 ms (at the same 0.8
  link share; the source's own naive model, the payload through one NIC, 85.9 ms, is 3.9× the
  measurement) and 9% more than the hierarchical model now used (20.1 ms; unit test
  `an_all_reduce_across_nodes_uses_every_nic_of_the_node`).
  Routed experts reduce over their own group (DP / EP ranks, one per node when EP fills it), so
  their traffic still crosses one NIC per GPU. No constant changed.
- Real runs (30 rows): Falcon 7B +78.3% → −0.8%, DeepSeek-V3 +21.3% → +20.1%, Falcon 180B
  +26.8% → +23.3% (inside ±25% again); the H100 runs that state no layout move the other way
  (Phi-3-mini −11.6% → −18.9%, Phi-3-medium −34.5% → −38.4%, Phi-4 −26.1% → −30.3%,
  Phi-3.5-MoE −29.0% → −31.6%, Llama 3.1 8B −48.3% → −48.7%): with the reduction nearly hidden
  the estimate is close to compute alone, and these cards leave the cause (layout, batch,
  cluster size) unstated. Group: median |error| 12.9% → 15.1% (≤ 15%: now missed by 0.1),
  22 (73%) → 24 (80%) within ±25% (≥ 85%: not met).
- Benchmarks: Mixtral 8x7B on B200 −16.5% → −0.4% (EP 8 fills the node, so the experts'
  reduction crosses one NIC per GPU, as before, and the dense part the node's eight), Llama 3 70B
  on B200 +8.2% → +23.3% (its context parallelism, CP 2, is not modelled: its ranks run as data
  parallel ones); median 8.4% → 8.3%, 22 of 22 within ±25%.

## History: issue 15, round 13 (2026-12-03)

- The fabric between instances is now the offer's own. The step model's data-parallel gradient
  reduction and its other inter-node traffic crossed 50 GB/s per GPU (one 400 Gb/s NIC per
  GPU) on every offer; providers state fabrics eight times apart: an AWS p4d/p4de has 4 × 100
  Gb/s per eight A100s (EC2 `NetworkPerformance` “4x 100 Gigabit”), an Azure ND A100 v4 8 × 200
  Gb/s HDR (its series page), a GCP A3 Mega 8 × 200 (TCPXO), a p5 32 × 100, an ND H100 v5 or
  ND MI300X v5 8 × 400 NDR, an Azure NDv2 100 Gb/s EDR per eight V100s. `recommend` now computes a training demand once per accelerator and stated
  fabric (src/recommend/facts.rs `FABRICS`, each with its source); an offer that states none
  keeps the 400 Gb/s per GPU assumption. A new request field, `interNodeGbpsPerGpu`, declares
  a cluster's fabric (and, like `interconnect`, applies to every offer). 64 A100-80GB training
  Llama 3.1 70B at TP 8 × DP 8 (with round 14's reduction): scaling 0.909 on a p4de, 0.938 on an
  ND96amsr_A100_v4.
- Runs whose sources state their fabric now run on it (no constant changed):
  - StarCoderBase 15.5B: its launch script's “AWS specific” block runs NCCL over EFA
    (`FI_PROVIDER=efa`, `FI_EFA_USE_DEVICE_RDMA=1`); eight A100-80GB with EFA on AWS is a
    p4de.24xlarge, 4 × 100 Gb/s: 50 Gb/s per GPU. −17.8% → −10.6%.
  - BLOOM 176B: “8 GPUs per node …, 4 OmniPath links”, Omni-Path Architecture (the run's
    README, tr11-176B-ml); OPA's one shipped generation runs 100 Gb/s a link (its 200 Gb/s
    successor was cancelled, stas00/ml-engineering build/SESSION.md): 50 Gb/s per GPU. −8.5% →
    −6.2%.
  - Falcon 180B: “trained on AWS SageMaker, on up to 4,096 A100 40GB GPUs in P4d instances”
    (the model card): 50 Gb/s per GPU. +13.9% → +26.8%, now outside ±25%.
  - Llama 2 7B, 13B, 70B: RSC's InfiniBand and the production clusters' RoCE “interconnect
    200 Gbps end-points” (arXiv 2307.09288 §2.2.1), one per A100: 200 Gb/s per GPU. −7.9% →
    −7.7%, −14.3% → −11.5%, +2.3% → +4.4%.
- Four new independent real runs, each added whatever its error:
  - LLaMA 33B (530,432 GPU-hours, the LLaMA paper's Table 15 as cli99/llm-analysis quotes it;
    1.4T tokens, 60 layers × 6,656): +4.1%.
  - Llama 2 34B (1,038,336 GPU-hours, the Llama 2 paper's Table 2; never released, Code Llama
    34B's architecture; 200 Gb/s per GPU as above): −20.6%.
  - Falcon 7B (384 A100-40GB in P4d instances, PP 2 × DP 192 with ZeRO, 2,304 sequences per
    step, 1.5T tokens, “took about two weeks”: 129,024 GPU-hours): +78.3%. The engine's
    data-parallel reduction crosses one GPU's 50 Gb/s for the whole gradient; see the next round.
  - Falcon 40B (384 A100-40GB in P4d instances, TP 8 × PP 4 × DP 12 with ZeRO, 1,152 sequences
    per step, 1T tokens, “took two months”: 560,333 GPU-hours): +7.0%.
- Real-run group: 26 → 30 rows, median |error| 14.2% → 12.9%, 20 (77%) → 22 (73%) within
  ±25% (≥ 85%: not met); the benchmarks and the memory and serving groups are unchanged.

## History: issue 15, round 12 (2026-12-03)

- A new independent real run on H100 with its layout stated: SmolLM3 3B (huggingface/smollm,
  text/pretraining/README.md: “trained on 384 H100 GPUs for 24 days”, 11.2T tokens at 4,096;
  its stage-1 config: TP 2 × PP 1 × DP 192, ZeRO-0, micro-batch 3, no layer recompute, 2.36M
  tokens per step). Run as the config states: 230,670 against 221,184 GPU-hours, +4.3%, inside
  its low–high range. Nothing was tuned to it; every run found with its settings stated is
  added whatever its error (the next lands outside).
- A new independent real run on A100 with its layout stated: StarCoderBase 15.5B (Li et al.
  2023, arXiv 2305.06161: §5.6 512 A100-80GB, TP 4 × PP 4 × DP 32, micro-batch 1 with 16
  accumulation steps, 512 sequences of 8,192; §5.7 “the total number of GPU hours that training
  took (320,256)”; 1T tokens; multi-query attention). At that layout and the engine's defaults
  for the rest: 230,632 GPU-hours, −28.0%, outside ±25%. Nothing was tuned to it.
- A new request field, `pipelineSchedule`: `interleaved` (the default, as before: Megatron-Core's
  virtual stages divide the bubble) or `1f1b` (a framework without virtual stages keeps the
  whole (p − 1)/m bubble). StarCoderBase's launch script (bigcode-project/Megatron-LM,
  examples/pretrain_bigcode_model.slurm, 2023-05-12: 64 nodes, `--tensor-model-parallel-size 4
  --pipeline-model-parallel-size 4 --micro-batch-size 1 --global-batch-size 512 --bf16
  --use-flash-attn --use-distributed-optimizer`, `--train-iters 250000`) sets no
  `--num-layers-per-virtual-pipeline-stage` (plain 1F1B: 3 of every 16 micro-batch times idle),
  no recompute flag, and the distributed optimizer (ZeRO-1); with those: 263,203 GPU-hours,
  −28.0% → −17.8%. Still not expressible: its gradients reduced in FP32 (the paper: “10% lower
  throughput than FP16”).
- BLOOM 176B's launch script (tr11-176B-ml.slurm, the row's source) runs `pretrain_gpt.py` of
  Megatron-DeepSpeed with `--deepspeed` and `--pipeline-model-parallel-size 12`: the model is
  then `GPTModelPipe`, a DeepSpeed `PipelineModule`, trained by DeepSpeed's `TrainSchedule`
  (2 × (micro-batches + stages − 1) steps, one stage per GPU: synchronous 1F1B, no virtual
  stages), and the script sets no `--num-layers-per-virtual-pipeline-stage`. As `1f1b`: −14.2%
  → −8.5%. MT-NLG 530B's system “combines pipeline parallelism and data parallelism from
  DeepSpeed with tensor slicing from Megatron” (arXiv 2201.11990 §2, as Synced Review summarised
  it): the same schedule; with 160 micro-batches over 35 stages the plain schedule idles 34 of
  every 194 micro-batch times. As `1f1b`: −12.4% → −0.8% (benchmarks group: median |error| 9.0%
  → 8.4%, 22 of 22 within ±25%).
- Real-run group: 24 → 26 rows, median |error| 14.3% → 14.2% (≤ 15%: met), 18 (75%) → 20 (77%)
  within ±25% (≥ 85%: not met).
- Of the H100 real runs, the one whose layout is stated (SmolLM3) is within +4.3%; the five
  outside ±25% (Llama 3 / 3.1 8B, Phi-3-medium, Phi-3.5-MoE, Phi-4) state no tensor or
  pipeline layout (Phi-4 states only its batch). On A100 a stated layout is no such guarantee
  (Pythia 12B −26.4%), so a stated layout is not the cause; the settings a run leaves unstated
  are where to look, as StarCoderBase's launch script showed.

## History: issue 15, round 11 (2026-12-03)

- Settings the runs' own configurations state, added to three rows (no constant changed):
  - BLOOM 176B: the launch script of the final run (bigscience-workshop/bigscience,
    train/tr11-176B-ml/tr11-176B-ml.slurm) sets `--checkpoint-activations` (full recompute:
    one more forward pass per step) and `MICRO_BATCH_SIZE=2`; the row had the engine's defaults
    (selective recompute, the micro-batch its search chose). −34.4% → −14.2%, now within ±25%.
  - Megatron-Turing NLG 530B: “We used 8-way tensor and 35-way pipeline parallelism”, global
    batch 1920 (arXiv 2201.11990); the row had only the GPU count, so the search chose its own
    layout. −27.1% → −12.4%.
  - Phi-4: “global batch size of 5760” sequences of 4,096 tokens (the Phi-4 technical report,
    arXiv 2412.08905 §3); the row had the default (one sequence per GPU, 7.9M tokens). A larger
    batch fills the pipeline better: −25.5% → −26.1%, still just outside.
- A data fix: Phi-3.5-MoE's row gave 60.8B parameters (the card's 16 × 3.8B, which counts the
  attention every expert shares sixteen times); its configuration's shapes give 41.9B (routed
  experts 40.3B, attention 1.3B, embeddings 0.3B; “approximately 42 billion total parameters”
  in public model listings). Fewer weights to hold and reduce: −26.0% → −29.0%.
- Real-run group: 19 rows, median |error| 15.4% → 14.3% (≤ 15%: met), 13 (68%) → 14 (74%)
  within ±25% (≥ 85%: not met). Benchmarks: 21 → 22 of 22 within ±25%.
- New independent real runs from 1B up: five Pythia models (Biderman et al. 2023, arXiv
  2304.01373, App. D Table 5, “Total GPU hours required”, all on A100-40GB: 1.0B on 64 GPUs
  4,830; 1.4B 64, 7,120; 2.8B 64, 14,240; 6.9B 128, 33,500; 12B 256, 72,300), 299.9B tokens,
  each run as the paper states it (App. E: TP 1, 2 for 6.9B, 4 for 12B; PP 1; ZeRO-1;
  1,024 sequences of 2,048; checkpoint-activations, so full recompute) with the micro-batch
  of its config in EleutherAI/pythia (16, or 8 with two accumulation steps at TP 2 and 4).
  The paper computes the hours as iteration time × iterations × GPUs: restarts, evaluation
  and idle time are not in them, so these rows read the estimate without its goodput allowance
  (0.9 of a real run's time trains) and compare steps with steps. Errors: −6.5%, −10.4%,
  −17.0%, −14.2%, −26.4% (with the allowance they would be +3.9%, −0.4%, −7.7%, −4.6%, −18.2%);
  four of five below their low–high range: on A100-40GB the step model runs faster than these
  GPT-NeoX FP16 runs of 2022 (their interconnect is not stated; none is passed). Nothing was
  tuned to them. Real-run group: 19 → 24 rows, median |error| 14.3% → 14.3% (≤ 15%: met),
  14 (74%) → 18 (75%) within ±25% (≥ 85%: not met).
- Real runs on H200 and MI300X were looked for and none could be added: JetBrains Mellum-4b
  (its card: 256 H200, “~20 days”, ~4.2T tokens) has no layer or head count in any text read;
  AMD's Instella-3B (128 MI300X, 4.15T tokens) and Zyphra's ZAYA1 (MI300X) state no training
  time. The real-run group stays on A100 and H100; H200 and MI300X are tested by the
  benchmark and serving rows.

## History: issue 15, round 10 (2026-12-02)

- New independent real run: Phi-3-mini 3.8B as its model card first stated it (April 2024:
  512 H100-80G, 7 days, 3.3T tokens; 86,016 GPU-hours): −11.6%, inside low–high. The card
  was updated in June 2024 for a later run (4.9T tokens, 10 days, 39.9M tokens per GPU-hour
  against the first run's 38.4M); the first run is the row. Real-run group: 18 → 19 rows, median
  |error| 15.7% → 15.4%, 12 (67%) → 13 (68%) within ±25% — target not met.
- Why the card rows are not fitted: the estimate for Mistral 7B on 1T tokens on H100 is 32.4k
  GPU-hours (27.7k–41.0k), 5–15% under the 34–38k H100-hours practitioners plan (issue 15's
  measurement; 65.6k before the step model). A factor on H100 runs that brought Llama 3 8B
  within ±25% (×1.29) would put that plan at 41.9k, above it. A smaller one (×1.15, Phi-3-medium
  to −24.7%) stays inside the plan but moves DeepSeek-V3 from +21% to +40% and Llama 3.1 405B
  from +3% to +19%, leaves the group at 15 of 19 (79%) within ±25%, short of the target, and
  contradicts the > 90% effective training time Llama 3 405B reports (the goodput default).
  Phi-3-mini, from the same team on the same 512 H100 as Phi-3-medium, is within −12% as it is.

## History: issue 15, round 9 (2026-12-02)

- New independent serving rows: the six other rows of AMD's vLLM 0.10.2 throughput table
  (container of 2025-10-06, the page the two 128/2048 rows came from): Llama 3.1 70B and 405B
  FP8 on 8 × MI300X at 128/4096, 500/2000 and 2048/2048, each at its stated `max_num_seqs`.
  Before: all eight rows over, +34% to +68% (memory and serving group with them: 35 rows,
  median |error| 14.4%, 26 (74%) within ±25%, target not met).
- Cause modelled: vLLM's V1 engine (v0.8 – v0.13) ran its scheduler between GPU steps
  (schedule → model → update from output) unless `--async-scheduling` was set; async
  scheduling (vllm-project/vllm #19970, experimental from v0.10.0) became the default only in
  v0.14.0 (January 2026). The `vllm` engine assumed none of that host time was exposed; the
  new `vllm-0.10` engine exposes 30 µs per sequence per step, *fitted* to the 70B 128/2048
  row (the step model left 95 ms of its 242 ms step at 3,200 sequences unexplained), and the
  table's seven other rows test it. After: 70B 128/4096 +4.4%, 500/2000 +2.9%, 2048/2048
  +11.0%; 405B 128/2048 +15.0%, 2048/2048 +23.2%; 405B 128/4096 +44.6% and 500/2000 +39.5%
  stay over: there the sequences outgrow the KV cache (about 970 and 1,640 of 1,500 and 2,000
  fit at full length) and vLLM preempts and recomputes them, which the steady-state batch
  does not model. Memory and serving group: 34 independent rows, median 12.1%, 31 (91%) within
  ±25% (before the Oracle rows below). The training groups did not move (real runs 18 rows, 15.7%, 12 (67%): not met).
- New independent rows from Oracle's blog of 2024-10-10 (Llama 3.1 405B FP8 on one
  BM.GPU.MI300X.8, vLLM's `benchmark_latency.py`, 128/128, batches 1, 8, 64 and 256): the
  vLLM version is not stated; a ROCm build of that month runs the V0 engine, which schedules
  between GPU steps, so the `vllm-0.5` engine's host time (0.165 ms per sequence per step,
  fitted on an H100 row) is assumed: +5.1%, +6.6%, +7.4%, +9.6%. With the `vllm` engine (no
  host time) the batches 64 and 256 are +36% and +65%, batches 1 and 8 +6% and +12%: at small
  batches the rows test the MI300X decode share at TP 8 (derived from MLPerf) and the xGMI
  all-reduce, at large ones the engine. Memory and serving group: 38 independent rows, median
  |error| 11.3%, 35 (92%) within ±25%.
- New independent benchmark row at 1B: TinyLlama 1.1B on 16 A100-40GB (its README: 24k
  tokens/s per GPU, BF16, 16k tokens per GPU, no activation checkpointing): −4.7%. Benchmarks
  group: 22 rows, median |error| 9.0%, 21 (95%) within ±25%.
- Read as output tokens/s: the table does not say output or total; only as output do its rows
  agree with each other (read as total, the 70B 2048/2048 row's step would be about twice the
  128/4096 row's at a similar KV read).

## History: issue 15, round 8 (2026-12-02)

- Re-run after this round's engine changes (the training layout search without a sort, the
  training scaling curve computed only as far as the offers' fits reach without a deadline,
  the serving capacity search on the expected end only; docs/PERFORMANCE.md Issue 18 round 8):
  this report is byte-identical to round 7's (`cargo run --bin accuracy`, compared with `cmp`),
  so every figure above stands: independent rows 69, 58 within tolerance, median |error|
  12.1%; real runs 18 rows, median 15.7%, 12 (67%) within ±25%, target not met; benchmarks
  21 rows, 9.4%, 20 (95%); memory and serving 29 rows, 12.1%, 26 (90%). No row added: no
  MI300X pre-training run with stated settings was found in the stored sources.

## History: issue 15, round 5

- New independent serving rows from MLPerf Inference v4.1 (closed division, Llama 2 70B
  Offline, the submitters' own logs and configs in mlcommons/inference_results_v4.1):
  8 × H100 (TensorRT-LLM, FP8, four TP 2 replicas of batch 896: 24,524.9 tokens/s) −10.6%,
  8 × H200 (eight TP 1 replicas of batch 806: 31,302.7 tokens/s) −26.8%. The benchmark's mean
  prompt length is not stated in the sources read: 300 tokens is assumed, and the rows are
  sensitive to it (at 150 / 600 tokens: H100 +17% / −48%, H200 +0% / −44%), so they test the
  model less than the tables with stated lengths. The 8 × MI300X run of the same round
  (23,514.8 tokens/s, 0.959 of the H100 node in the logs; AMD's blog says within 2–3%) is the
  source of the derived ROCm decode and prefill shares, so it is not an independent row.
- MI300X at TP 8. Before: vLLM 0.10.2 (ROCm 7.0) Llama 3.1 405B / 70B FP8 at TP 8 +43.8% /
  +79.2%. Cause modelled: the TP all-reduce ran as a ring at the GPU's aggregate Infinity
  Fabric figure (448 GB/s per direction), as through a switch; the MI300X platform has no
  switch, each GPU has one 64 GB/s (48 GB/s usable, AMD's measurement) link to each of its
  seven peers, so an all-reduce among n GPUs uses n − 1 links (cited above, no constant
  tuned). After: +34.5% / +65.0%. The rest is not explained by a cited cause yet: at the
  stated `max_num_seqs` the model is compute-bound at these batches (3,200 and 1,500
  sequences), where the ROCm prefill share (derived from single-GPU replicas) sets the step;
  not tuned. MI300X TP 2 and TP 4 layouts are slower than before (one and three links). The
  training step uses the same mesh within a node (TP, data-parallel and expert traffic); no
  calibration row runs training on AMD GPUs, so no row moved.
- Real runs. New independent rows from the Llama 3 model card (meta-llama/llama3
  MODEL_CARD.md, 2024-04-18; 8k context, over 15T tokens): 8B 1.3M H100-hours −42.0%, 70B 6.4M
  −7.5%. The group: 18 rows, median |error| 15.7%, 12 (67%) within ±25% — target not met.
  Causes looked for in the sources read: the cards count the “total GPU time required for
  training each model”; Llama 3.1 (same architecture, 128K context) adds 0.16M hours to the 8B
  (+12%) and 0.6M to the 70B (+9%), the cost of its extra stages as the two cards state it, so
  such stages explain about a tenth of the 8B's hours, not the half the model misses. Neither the
  cards nor the parts of the Llama 3 paper read state the 8B's or 70B's GPU count, layout, batch
  or effective-training-time share (the paper's 90% is the 405B's, already the goodput default),
  and the Phi-3 report's cluster and data stages were not read in a source this round. No factor
  is modelled: the 8B-class card rows (Llama 3 / 3.1 8B −42% / −48%, Phi-3-medium −35%, Phi-4
  −26%, Phi-3.5-MoE −26%) and BLOOM (−34%, published layout) stay unexplained; the same step model
  reproduces NeMo's steady-state 8B throughput on H100 within −13%, so the gap is between a
  steady-state step and a card's whole-run hours.
- New independent benchmark rows from MLPerf Training v4.0 (NVIDIA's closed submission: the
  result logs' block timings or tracked throughput, the layouts from its configs): GPT-3 175B
  FP8 on 512 H100 (TP 4 × PP 8, 839 tokens/s/GPU) −11.7%; Llama 2 70B LoRA FP8 on one 8 × H100
  node (TP 4, 2,207 tokens/s/GPU) −8.6% and on one 8 × H200 node (TP 2, 2,534) −8.0%, the first
  H200 training row. And the first MI300X training row, from MLPerf Training v5.0 (AMD's closed
  submission, ROCm): Llama 2 70B LoRA FP8 on one 8 × MI300X node (TP 1, 2,076 tokens/s/GPU)
  +21.9%, inside ±25% but over, as the 70B MI300X serving rows: the ROCm GEMM shares come from
  a summary of one measurement (about 45% of peak), not from a training run. Benchmarks group:
  21 rows, median |error| 9.4%, 20 (95%) within ±25%.
- Still missing: MI300X pre-training throughput with stated settings (AMD's performance page
  lists Megatron-LM and PyTorch training tables, but the stored text holds only its inference
  part).
## History: issue 15, round 4

- Serving at TP 8. Before: Llama 3.1 405B FP8 on 8 × H100 (TensorRT-LLM tables) +103%,
  +42%, +53% (1000/1000, 500/2000, 128/2048); memory and serving group 25 rows, median
  |error| 11.9%, 21 (84%) within ±25%. Three causes, none a fitted constant: (1) the
  closed-loop load was found by a fixed-point iteration rps ← B / time(rps) that oscillates
  once prefill takes more than half of the GPUs' time (slope below −1) and stopped on a load
  prefill hardly slowed: now bisection on Little's law (405B 1000/1000 +103% → +24%);
  (2) the roofline was taken over a whole step, max(weights + KV, FLOPs): it holds per
  kernel, and the attention kernel's KV read adds to compute-bound GEMMs (+24% → +15%,
  128/2048 +53% → +38%); (3) TensorRT-LLM's tables run CUDA graphs with padding (the
  benchmark's own `llm_options.yml`), so a running batch of 406 computes as 512 (128/2048
  +38% → +14%). After: 25 rows, median 13.3%, 25 (100%) within ±25%; the 8B and 70B
  TensorRT-LLM rows moved −4 to −18 points (now −20% to +9%), the fitted rows did not move.
  The low–high range of a closed loop is now solved at each end (a faster GPU also takes
  requests faster); before, all three ends shared the expected load, so a prefill-heavy
  high end could exceed the GPUs' peak FLOPs (405B 2048/128 at batch 256: 1.69 × peak),
  now a test. Not modelled: TensorRT-LLM's memory reserve for CUDA graphs, NCCL buffers and the
  activation workspace at TP 8 (no cited figure; the batch is compute-bound there, so the
  reserve hardly moves throughput).
- Range. Before: dense rows on a named GPU up to ×2.17 from low to high (Llama 3.3 70B FP8
  on one H200, TensorRT-LLM), from the assumed prefill share 0.3–0.7 (×2.3 alone). After:
  the prefill share comes from the training GEMM rows' stated spread (above); every dense
  row on a named GPU is within ×2 (a test); serving group median 13.3% → 12.0%, 25 (100%)
  within ±25%. Narrower ranges hold fewer published figures inside them (independent rows
  inside low–high 42 → 37); the ±25% tolerance is unchanged.
- New independent serving rows on MI300X (vLLM 0.10.2 on ROCm 7.0, AMD's performance results
  page, container of 2025-10-06): Llama 3.1 405B and 70B FP8 at TP 8, 128/2048, at the stated
  `max_num_seqs` (new request field `maxSequences`). Both are over-estimated (+44%, +79%): the
  ROCm decode and prefill shares are derived from MLPerf's Llama 2 70B on 8 × MI300X run as
  eight single-GPU replicas, so they say nothing about TP 8 over Infinity Fabric (RCCL
  all-reduce over a mesh of 64 GB/s links, not a switch); not tuned, the likely cause not yet
  modelled. The serving group: 27 rows, median 12.1%, 25 (93%) within ±25%. Still missing:
  MLPerf Inference 8 × H100 Llama 2 70B offline, MI300X and H200 training throughput with
  stated settings (no figure read in a source this round).
- Precision × layout search (serving): with the precision left open each accelerator's
  layouts are tried in BF16, FP8 (FP8 tensor cores) and INT4 weight-only (Marlin kernels on
  NVIDIA Ampere and later); every calibration row states its precision, so no row moved.

## History: issue 15, round 3

- One training scaling: offers' fits no longer multiply the old per-offer cluster
  efficiency (0.95 within a node, then per hop) on top of the step model's own; the rows above
  are estimates, not fits, and did not move.
- Serving causes. Before: vLLM 0.5.4 TP2/4/8 70B ITL −27%, −46%, −61%; TensorRT-LLM 8B FP8
  throughput −47%, −51%, −49% (6 independent rows, median |error| 49%); the two vLLM 0.5.4 8B
  rows were only a bound. The causes: vLLM 0.5's host time between GPU steps (the engine's own
  blog: 62% of the step off the GPU), a per-sequence cost the GPU-bound model lacked; and
  TensorRT-LLM's larger batches (KV cache from free memory, `max_batch_size` 2,048, FP8 KV
  cache) that the vLLM defaults (256 sequences, BF16 KV) capped. After: 9 independent serving
  rows, median |error| 9%, all within ±25%; the CUDA decode share stays 0.65 (with the host time
  its 70B TP1 row is still reproduced, −0.1%), `data/serving_efficiency.csv` is folded into
  `data/achieved_efficiency.csv` (`decode` and `prefill` rows, one reader).
- New independent serving rows from TensorRT-LLM's v1.0 performance tables: Llama 3.1 8B FP8
  on H200, Llama 3.3 70B FP8 on H100 TP2 and H200 TP1, Llama 3.1 405B FP8 on H100 TP8 (three
  ISL/OSL each). The 405B TP8 rows are over-estimated by 42–103% (worst where prefill is
  heaviest, 1000/1000) and the H200 8B 128/2048 row by 34%: the serving group then has 84% of
  its rows within ±25%, just under the target. Not tuned; the likely causes (TensorRT-LLM's
  memory reserve at TP8 leaving a smaller batch, prefill efficiency at TP8) are not yet modelled.
- BLOOM is run at its published layout and batch (−35.8% → −34.4%); the hours it is compared
  with include 32 spare GPUs and restarts (above).
## Before the step model (issue 15)

Under the per-generation utilisation ceilings and the size factor h/(h + 6,350) fitted to
Llama 3.1 70B/405B, the 28 rows then in the file gave: independent 21 rows, median |error|
15.9%, 12 model-card runs median 12.4% (all inside a low–high up to ×5.8 wide); Llama 3.1
70B/405B, Llama 2 70B and BLOOM were fitted rows. The NeMo benchmark rows added here were
not in the file; on them the old model put 8B-class H100 throughput at about half.

## Before this change

The same rows under the previous defaults (one utilisation per generation, 6·N·D,
no scaling loss without a GPU count):

| case | published | estimate | low–high | error |
|---|---|---|---|---|
| llama2_7b_pretrain | 184320 GPU-hours | 166192 | 133547–207740 | -9.8% |
| llama2_13b_pretrain | 368640 GPU-hours | 308642 | 248016–385802 | -16.3% |
| llama2_70b_pretrain | 1720320 GPU-hours | 1661918 | 1335470–2077398 | -3.4% |
| llama1_7b_pretrain | 82432 GPU-hours | 79535 | 63912–99418 | -3.5% |
| llama1_13b_pretrain | 135168 GPU-hours | 154321 | 124008–192901 | +14.2% |
| llama1_65b_pretrain | 1022362 GPU-hours | 1083571 | 870726–1354463 | +6.0% |
| llama3_1_8b_kv_128k | 15.62 GB KV cache | 15.62 | 15.62–15.62 | +0.0% |
| llama2_70b_kv_2048 | 640.00 MB KV cache | 640.00 | 640.00–640.00 | +0.0% |
| llama3_1_8b_full_ft_mem | 60.00 GB | 49.16 | 49.16–49.16 | -18.1% |
| qlora_65b_single_gpu | 48.00 GB GPU sufficient | 39.16 | 39.16–39.16 | -18.4% |
| nemo_llama2_7b_bs1_a100 | 234.00 ms average latency | 277.03 | 197.88–550.37 | +18.4% |
| opt_175b_tflops | 147.00 TFLOP/s per GPU | 126.36 | 101.09–157.25 | -14.0% |
| mtnlg_530b_iteration | 44.40 s per iteration | 39.27 | 31.56–49.09 | -11.6% |
| mpt7b_bench_a100_40gb | 50.14 MFU % | 45.00 | 36.00–56.00 | -10.3% |
| mpt70b_bench_h100 | 42.57 MFU % | 40.00 | 30.00–46.00 | -6.0% |
| nemo_llama3_70b_b200 | 3062 tokens/s/GPU | 3182 | 1929–4146 | +3.9% |
| vllm_8b_fp8_a100 | 1518 output tokens/s | 2355 | 1281–3298 | +55.2% |
| vllm_8b_fp8_h100 | 3400 output tokens/s | 6114 | 3161–8560 | +79.8% |

The new training rows under the previous defaults (computed from its formula:
6·N·D over peak × utilisation × 0.90 when several nodes are given; H100 BF16 0.30–0.40–0.46,
FP8 0.15–0.30–0.47 of the FP8 peak; A100 0.36–0.45–0.56):

| case | published | estimate | low–high | error |
|---|---|---|---|---|
| llama3_1_8b_pretrain | 1460000 GPU-hours | 505357 | 439441–673809 | -65.4% (outside) |
| llama3_1_70b_pretrain | 7000000 GPU-hours | 4421872 | 3845106–5895829 | -36.8% (outside) |
| llama3_1_405b_pretrain | 30840000 GPU-hours | 25583687 | 22246684–34111583 | -17.0% |
| deepseek_v3_pretrain | 2664000 GPU-hours | 1708144 | 1090305–3416289 | -35.9% |
| phi3_medium_pretrain | 516096 GPU-hours | 314444 | 273430–419259 | -39.1% (outside) |
| phi4_pretrain | 967680 GPU-hours | 641990 | 558252–855987 | -33.7% (outside) |
| phi3_5_moe_pretrain | 282624 GPU-hours | 151326 | 131588–201768 | -46.5% (outside) |
| bloom_176b_pretrain | 1082990 GPU-hours | 849636 | 682743–1062045 | -21.5% (outside) |
| mpt_7b_pretrain | 100320 GPU-hours | 88372 | 71013–110465 | -11.9% |
| falcon_180b_pretrain | 7000000 GPU-hours | 8309592 | 6677350–10386990 | +18.7% |
";
