//! Compute: training FLOPs and GPU-hours (the step time behind them is `perf::training`,
//! serving `perf::serving`).

use super::model::ModelSpec;
use serde::Serialize;

/// An estimate or assumption: its expected value and its low–high range.
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

/// GPU-hours = FLOPs / (peak × utilisation × 3600) per GPU at perfect scaling, as a range.
pub fn gpu_hours(flops: f64, peak_tflops: f64, util: Range) -> Range {
    let per_gpu = |u: f64| flops / (peak_tflops * 1e12 * u) / 3600.0;
    // More utilisation → fewer hours: the low estimate uses the high utilisation.
    Range { low: per_gpu(util.high), expected: per_gpu(util.expected), high: per_gpu(util.low) }
}
