//! Compute: training FLOPs and GPU-hours and the utilisation assumptions
//! behind them, each with its source (serving is `perf::serving`).

use super::model::ModelSpec;
use super::precision::Precision;
use super::words::Said;
use crate::catalog::schema::{Accelerator, AcceleratorKind};
use serde::Serialize;

/// A utilisation assumption: expected value and the low–high range measured.
#[derive(Serialize, Debug, Clone, Copy, PartialEq)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
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

/// Utilisation ceiling by generation: the share of dense 16-bit peak a very
/// wide dense model would reach in a real pre-training run before the cluster-scale
/// loss. Hopper's is *fitted* with `SIZE_HALF_HIDDEN_H100` to the Llama 3.1 70B and
/// 405B GPU-hours (meta-llama/llama-models MODEL_CARD.md, 7.0M and 30.84M H100-hours,
/// ~15T tokens); Ampere's is *fitted* to Llama 2 70B (1.72M A100-hours, 2T tokens).
/// Low and high span ×0.7 and ×1.25, *fitted* so that BLOOM's run (0.69 of the
/// expected value) and MosaicML's MPT-7B benchmark (1.46) fall inside (data/calibration.csv).
fn utilization_ceiling(a: &Accelerator) -> Option<(Range, (&'static str, &'static str))> {
    let arch = a.architecture.to_ascii_lowercase();
    let band = |u: f64| Range::new(u * 0.7, u, u * 1.25);
    if arch.contains("ampere") {
        Some((band(0.71), ("Ampere ceiling 0.71, fitted to Llama 2 70B", "Ampere 上限 0.71，按 Llama 2 70B 拟合")))
    } else if arch.contains("hopper") {
        Some((
            band(0.69),
            (
                "Hopper ceiling 0.69, fitted to Llama 3.1 70B and 405B",
                "Hopper 上限 0.69，按 Llama 3.1 70B 与 405B 拟合",
            ),
        ))
    } else if arch.contains("blackwell") {
        Some((
            band(0.69),
            (
                "Blackwell: no published real run in our sources; Hopper's ceiling assumed",
                "Blackwell：我们的来源中没有公开的实际训练记录，假定与 Hopper 上限相同",
            ),
        ))
    } else if arch.contains("volta") {
        // Megatron-LM reached 48% of V100 peak on one GPU (estimation_formulas.md §2).
        Some((
            Range::new(0.34, 0.48, 0.55),
            (
                "Volta ceiling 0.48: Megatron-LM 48% of peak on one V100",
                "Volta 上限 0.48：Megatron-LM 在单块 V100 上达到峰值的 48%",
            ),
        ))
    } else {
        None
    }
}

/// The hidden size at which an H100 reaches half its ceiling, *fitted* (with the
/// Hopper ceiling) to the Llama 3.1 70B and 405B runs. Narrow models lose more
/// because per-GPU matrix work shrinks while memory-bound and communication work
/// does not (Llama 3.1 8B implies 18% of peak, 405B 36%).
pub const SIZE_HALF_HIDDEN_H100: f64 = 6350.0;
/// H100 SXM: 989.4 dense BF16 TFLOPS over 3.35 TB/s, FLOP per byte of HBM.
const H100_BALANCE: f64 = 989.4e12 / 3.35e12;

/// Fraction of the ceiling a model of hidden size `h` reaches: h / (h + h½). h½
/// grows with the square of the accelerator's FLOP-per-byte balance (assumed:
/// it carries Hopper's fit to Ampere, which then loses little with model size, as
/// LLaMA 7B–65B show). The range takes h½ ×1.5 and ÷1.5.
fn size_factor(hidden: f64, a: &Accelerator) -> Range {
    let peak = a.bf16_tflops.or(a.fp16_tflops);
    let balance = match (peak, a.memory_bandwidth_gbs) {
        (Some(t), Some(bw)) if t > 0.0 && bw > 0.0 => t * 1e12 / (bw * 1e9),
        _ => H100_BALANCE,
    };
    let half = SIZE_HALF_HIDDEN_H100 * (balance / H100_BALANCE).powi(2);
    let f = |k: f64| hidden / (hidden + k);
    Range::new(f(half * 1.5), f(half), f(half / 1.5))
}

/// Whole-step speed-up of FP8 over BF16 training: MosaicML's H100 table shows
/// 1.0–1.34 for the same model (scripts/train/benchmarking/README.md); NeMo's
/// GPT3-175B FP8 reaches 932 model TFLOP/s per GPU, 94% of the BF16 peak, so a
/// tuned stack gets near 2×. Non-GEMM work stays 16-bit, so utilisation of the
/// FP8 peak is BF16 utilisation × speed-up / 2.
pub const FP8_SPEEDUP: (f64, f64, f64) = (1.0, 1.5, 2.0);

/// Inter-node bandwidth per GPU for expert all-to-all, bytes/s: DeepSeek-V3's
/// H800 cluster, InfiniBand 50 GB/s per GPU (arXiv 2412.19437 §3.2).
pub const ALL_TO_ALL_BYTES_PER_S: f64 = 50e9;
/// Share of all-to-all time not hidden behind computation: DeepSeek-V3's DualPipe
/// overlaps nearly all of it (0), a plain schedule none (1); 0.5 expected (assumed).
pub const ALL_TO_ALL_EXPOSED: (f64, f64, f64) = (1.0, 0.3, 0.0);

/// Attention score FLOPs per token in training (forward + backward): the
/// query·key and attention·value products, 2·seq·heads·d each forward, ×3 for
/// backward. This is PaLM's 12·L·H·Q·T (Chowdhery et al. 2022, appendix B) with
/// MLA's separate key and value widths. A sliding-window layer's queries read at
/// most `window` keys (Longformer, Beltagy et al. 2020; Mistral 7B §2), counted in
/// the same full-sequence convention (`window_keys`).
pub fn attention_flops_per_token(m: &ModelSpec, seq: f64) -> f64 {
    let (qk, v) = m.attention_head_dims();
    let per_layer = |keys: f64| 6.0 * keys * f64::from(m.heads) * (qk + v);
    let windowed = f64::from(m.sliding_layers.min(m.layers));
    let full = f64::from(m.layers) - windowed;
    full * per_layer(seq) + windowed * per_layer(window_keys(seq, f64::from(m.sliding_window)))
}

/// A sliding-window layer's keys per query over a causal sequence of `seq`, in the
/// convention where a full layer counts `seq` and the causal mask halves it later:
/// twice the mean keys a query reads, 2·w − w²/seq for a window w shorter than the
/// sequence (the first w queries read their whole prefix, the rest w each).
fn window_keys(seq: f64, window: f64) -> f64 {
    if window > 0.0 && window < seq {
        2.0 * window - window * window / seq
    } else {
        seq
    }
}

/// Model FLOPs per training token: 6·N_active (forward 2N, backward 4N;
/// Transformer Math 101) plus attention scores.
pub fn model_flops_per_token(m: &ModelSpec, seq: f64) -> f64 {
    6.0 * m.active_params_b * 1e9 + attention_flops_per_token(m, seq)
}

/// Hardware FLOPs of a training run: model FLOPs, plus one more forward pass
/// (a third more) with full recomputation (EleutherAI cookbook `calc_transformer_flops.py`).
pub fn training_flops(m: &ModelSpec, tokens: f64, seq: f64, full_recompute: bool) -> f64 {
    model_flops_per_token(m, seq) * tokens * if full_recompute { 4.0 / 3.0 } else { 1.0 }
}

/// Expert all-to-all time per token over compute time per token, at utilisation `u`
/// of `peak_tflops`: every MoE layer sends each token's hidden state to its k
/// experts and back, forward and backward: 4·k·h·2 bytes (BF16). DeepSeek-V3
/// reports about 1:1 for its cross-node setup (arXiv 2412.19437 §3.2.1).
fn all_to_all_ratio(m: &ModelSpec, seq: f64, peak_tflops: f64, u: f64, bytes_per_s: f64) -> f64 {
    let bytes = 4.0 * m.routed_per_token() * f64::from(m.hidden_size) * 2.0 * f64::from(m.layers);
    let compute_s = model_flops_per_token(m, seq) / (peak_tflops * 1e12 * u);
    bytes / bytes_per_s / compute_s
}

/// What a training run's per-GPU utilisation rests on.
pub struct TrainingSetup<'a> {
    pub model: &'a ModelSpec,
    pub accel: &'a Accelerator,
    /// The format the math runs in, and its peak.
    pub math: Precision,
    pub peak_tflops: f64,
    pub seq: f64,
    /// Whether experts talk across nodes (InfiniBand) or within one (NVLink).
    pub multi_node: bool,
}

/// Per-GPU training utilisation (model FLOPs over `peak_tflops`), before the
/// cluster-scale loss: ceiling × size factor, × FP8 speed-up / 2 on FP8, and
/// for MoE ÷ (1 + exposed all-to-all share). Returns the range and its sources.
pub fn training_utilization(s: &TrainingSetup) -> (Range, Said) {
    let a = s.accel;
    let fp8 = s.math == Precision::Fp8;
    if a.kind == AcceleratorKind::Tpu {
        return (
            Range::new(0.35, 0.45, 0.55),
            (
                "TPU: PaLM reports 46% MFU on TPU v4; no per-generation table in our sources",
                "TPU：PaLM 报告在 TPU v4 上 MFU 为 46%；我们的来源中没有分代数据",
            )
                .into(),
        );
    }
    let (ceiling, (why, why_zh)) = utilization_ceiling(a).unwrap_or((
        Range::new(0.35, 0.5, 0.58),
        (
            "no published training run for this generation in our sources: a ceiling of 0.5 assumed",
            "我们的来源中没有这一代的公开训练记录：假定上限为 0.5",
        ),
    ));
    let size = size_factor(f64::from(s.model.hidden_size), a);
    let mut u = Range::new(ceiling.low * size.low, ceiling.expected * size.expected, ceiling.high * size.high);
    let mut source = format!(
        "{why}; × {:.2} for hidden size {} (h / (h + h½), h½ fitted on H100)",
        size.expected, s.model.hidden_size
    );
    let mut source_zh = format!(
        "{why_zh}；隐藏层维度 {} 取 × {:.2}（h / (h + h½)，h½ 按 H100 拟合）",
        s.model.hidden_size, size.expected
    );
    if fp8 {
        let (l, e, h) = FP8_SPEEDUP;
        u = Range::new(u.low * l / 2.0, u.expected * e / 2.0, u.high * h / 2.0);
        source.push_str(&format!("; FP8: × {e:.1} speed-up over BF16 ÷ 2 (MosaicML, NeMo)"));
        source_zh.push_str(&format!("；FP8：相对 BF16 提速 × {e:.1} ÷ 2（MosaicML、NeMo）"));
    }
    if s.model.is_moe() {
        let bytes_per_s = if s.multi_node {
            ALL_TO_ALL_BYTES_PER_S
        } else {
            // One direction of the GPU's NVLink; unknown links as InfiniBand.
            a.interconnect_gbs.map_or(ALL_TO_ALL_BYTES_PER_S, |g| g * 1e9 / 2.0).max(ALL_TO_ALL_BYTES_PER_S)
        };
        let (xl, xe, xh) = ALL_TO_ALL_EXPOSED;
        let slow = |u: f64, exposed: f64| {
            u / (1.0 + exposed * all_to_all_ratio(s.model, s.seq, s.peak_tflops, u, bytes_per_s))
        };
        let ratio = all_to_all_ratio(s.model, s.seq, s.peak_tflops, u.expected, bytes_per_s);
        u = Range::new(slow(u.low, xl), slow(u.expected, xe), slow(u.high, xh));
        source.push_str(&format!(
            "; MoE all-to-all {:.0}% of compute time, half of it exposed (DeepSeek-V3 hides nearly all)",
            ratio * 100.0
        ));
        source_zh.push_str(&format!(
            "；MoE all-to-all 占计算时间的 {:.0}%，其中一半未被掩盖（DeepSeek-V3 几乎全部掩盖）",
            ratio * 100.0
        ));
    }
    (u, Said { en: source, zh: source_zh })
}

/// GPU-hours = FLOPs / (peak × utilisation × 3600) per GPU at perfect scaling, as a range.
pub fn gpu_hours(flops: f64, peak_tflops: f64, util: Range) -> Range {
    let per_gpu = |u: f64| flops / (peak_tflops * 1e12 * u) / 3600.0;
    // More utilisation → fewer hours: the low estimate uses the high utilisation.
    Range { low: per_gpu(util.high), expected: per_gpu(util.expected), high: per_gpu(util.low) }
}
