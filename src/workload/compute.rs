//! Compute: training FLOPs and GPU-hours, inference prefill and decode, and
//! the utilisation assumptions behind them, each with its source.

use super::model::ModelSpec;
use super::precision::Precision;
use crate::catalog::schema::{Accelerator, AcceleratorKind};
use serde::Serialize;

/// A utilisation assumption: expected value and the low–high range measured.
#[derive(Serialize, Debug, Clone, Copy, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Range {
    pub low: f64,
    pub expected: f64,
    pub high: f64,
}

impl Range {
    pub fn new(low: f64, expected: f64, high: f64) -> Self {
        Range { low, expected, high }
    }
    pub fn map(self, f: impl Fn(f64) -> f64) -> Self {
        Range { low: f(self.low), expected: f(self.expected), high: f(self.high) }
    }
}

/// Default training utilisation (fraction of dense peak) by accelerator
/// generation and precision, with the figures it rests on
/// (estimation_formulas.md §2 table).
pub fn default_training_utilization(a: &Accelerator, math: Precision) -> (Range, &'static str) {
    let arch = a.architecture.to_ascii_lowercase();
    let fp8 = math == Precision::Fp8;
    if a.kind == AcceleratorKind::Tpu {
        return (
            Range::new(0.35, 0.45, 0.55),
            "TPU: PaLM reports 46% MFU on TPU v4; no per-generation table in our sources",
        );
    }
    if arch.contains("volta") {
        return (Range::new(0.30, 0.40, 0.48), "V100: Megatron-LM 48% of peak on DGX-2H; 39 TFLOPS earlier");
    }
    if arch.contains("ampere") {
        return (Range::new(0.36, 0.45, 0.56), "A100: 36–56% MFU (MosaicML, MT-NLG, OPT 47%, BLOOM 50%)");
    }
    if arch.contains("hopper") {
        return if fp8 {
            (Range::new(0.15, 0.30, 0.47), "H100 FP8 vs FP8 peak: MosaicML 14–30%, NeMo GPT3-175B 47%")
        } else {
            (Range::new(0.30, 0.40, 0.46), "H100 BF16: MosaicML 26–46%, Llama 3.1 405B 38–43%")
        };
    }
    if arch.contains("blackwell") {
        return if fp8 {
            (Range::new(0.20, 0.33, 0.43), "B200 FP8: NeMo 2.0 1474–1658 of 4500 TFLOPS (33–37%)")
        } else {
            (Range::new(0.30, 0.40, 0.46), "Blackwell BF16: no published run in our sources; Hopper's range assumed")
        };
    }
    (
        Range::new(0.25, 0.35, 0.45),
        "no published training run for this generation in our sources; a conservative range is assumed",
    )
}

/// Multi-GPU scaling efficiency by interconnect: the share of ideal speed-up
/// kept. Assumptions (no single published table): NVLink/NVSwitch within a
/// node 0.95; InfiniBand/RoCE across nodes 0.90; PCIe-only 0.85; Ethernet 0.60.
pub fn scaling_efficiency(gpus: f64, gpus_per_node: f64, nvlink: bool, network: &str) -> (f64, String) {
    if gpus <= 1.0 {
        return (1.0, "one GPU: no scaling loss".into());
    }
    let within = if nvlink { (0.95, "NVLink within the node") } else { (0.85, "PCIe within the node") };
    if gpus <= gpus_per_node {
        return (within.0, format!("{gpus} GPUs in one node, {}: {}", within.1, within.0));
    }
    let across = match network {
        "ethernet" => 0.60,
        "roce" => 0.88,
        _ => 0.90,
    };
    let e = within.0.min(across);
    (e, format!("{gpus} GPUs over several nodes ({network}): {e}"))
}

/// Training FLOPs: 6·N·D (forward 2ND + backward 4ND); 8·N·D with full
/// recomputation, one more forward (EleutherAI Transformer Math 101; cookbook
/// `calc_transformer_flops.py`). N is the active parameter count for MoE.
pub fn training_flops(active_params: f64, tokens: f64, full_recompute: bool) -> f64 {
    (if full_recompute { 8.0 } else { 6.0 }) * active_params * tokens
}

/// GPU-hours = FLOPs / (peak × utilisation × scaling × 3600) per GPU, as a range.
pub fn gpu_hours(flops: f64, peak_tflops: f64, util: Range, scaling: f64) -> Range {
    let per_gpu = |u: f64| flops / (peak_tflops * 1e12 * u * scaling) / 3600.0;
    // More utilisation → fewer hours: the low estimate uses the high utilisation.
    Range { low: per_gpu(util.high), expected: per_gpu(util.expected), high: per_gpu(util.low) }
}

/// Inference speed on `gpus` GPUs (tensor parallel) for `batch` concurrent
/// sequences at `context` tokens each.
#[derive(Serialize, Debug, Clone, Copy, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct InferenceSpeed {
    /// Time to first token for one prompt (prefill, compute-bound), ms.
    pub ttft_ms: Range,
    /// Time per output token (decode step), ms.
    pub itl_ms: Range,
    /// Output tokens per second across the batch, sustained: each output token
    /// also pays its share of prefill for the requests that keep the batch full.
    pub tokens_per_second: Range,
    /// Whether a decode step is limited by memory bandwidth or by compute.
    pub decode_bound: &'static str,
}

pub struct InferenceInputs<'a> {
    pub model: &'a ModelSpec,
    pub weight_bytes: f64,
    pub kv_bytes_per_sequence: f64,
    pub prompt_tokens: f64,
    /// Prompt tokens per output token (0 for a single request measured alone).
    pub prompt_per_output: f64,
    pub batch: f64,
    pub gpus: f64,
    pub peak_tflops: f64,
    pub bandwidth_gbs: f64,
    /// Fraction of peak FLOPs reached in prefill.
    pub prefill_efficiency: Range,
    /// Fraction of memory bandwidth reached in decode (MBU).
    pub bandwidth_efficiency: Range,
}

/// Prefill: 2·N_active·prompt FLOPs over peak × efficiency. Decode step:
/// the larger of bytes read (weights + KV) over bandwidth × MBU and
/// 2·N_active·batch FLOPs over peak × efficiency (roofline; estimation_formulas.md §5).
pub fn inference_speed(i: &InferenceInputs) -> InferenceSpeed {
    let active = i.model.active_params_b * 1e9;
    let flops_per_s = i.peak_tflops * 1e12 * i.gpus;
    let bytes_per_s = i.bandwidth_gbs * 1e9 * i.gpus;
    let ttft = |eff: f64| 2.0 * active * i.prompt_tokens / (flops_per_s * eff) * 1000.0;
    let step = |mbu: f64, eff: f64| {
        let memory = (i.weight_bytes + i.kv_bytes_per_sequence * i.batch) / (bytes_per_s * mbu);
        let compute = 2.0 * active * i.batch / (flops_per_s * eff);
        memory.max(compute)
    };
    let (pe, be) = (i.prefill_efficiency, i.bandwidth_efficiency);
    // Continuous batching: per decode step of `batch` tokens the server also
    // prefills prompt/output × batch prompt tokens on average.
    let prefill_share = |eff: f64| i.batch * i.prompt_per_output * 2.0 * active / (flops_per_s * eff);
    let itl = Range {
        low: step(be.high, pe.high) * 1000.0,
        expected: step(be.expected, pe.expected) * 1000.0,
        high: step(be.low, pe.low) * 1000.0,
    };
    let memory_time = (i.weight_bytes + i.kv_bytes_per_sequence * i.batch) / (bytes_per_s * be.expected);
    let compute_time = 2.0 * active * i.batch / (flops_per_s * pe.expected);
    InferenceSpeed {
        ttft_ms: Range { low: ttft(pe.high), expected: ttft(pe.expected), high: ttft(pe.low) },
        tokens_per_second: Range {
            low: i.batch / (itl.high / 1000.0 + prefill_share(pe.low)),
            expected: i.batch / (itl.expected / 1000.0 + prefill_share(pe.expected)),
            high: i.batch / (itl.low / 1000.0 + prefill_share(pe.high)),
        },
        itl_ms: itl,
        decode_bound: if memory_time >= compute_time { "memory bandwidth" } else { "compute" },
    }
}

/// Default prefill efficiency (fraction of dense peak): llm-analysis uses 0.7
/// for inference; serving stacks reach less with small batches.
pub const PREFILL_EFFICIENCY: (f64, f64, f64) = (0.3, 0.5, 0.7);
/// Default decode bandwidth utilisation (MBU): NIM Llama-3.3-70B at concurrency
/// 1 reached 56% (estimation_formulas.md §5.1); vLLM at ~65 concurrent
/// requests about 25% (calibration.csv, vLLM 0.5.4); llm-analysis 0.9 aggressive.
pub const DECODE_BANDWIDTH_EFFICIENCY: (f64, f64, f64) = (0.25, 0.5, 0.7);
