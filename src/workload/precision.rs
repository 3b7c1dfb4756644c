//! Number formats: bytes per parameter and the accelerator's peak for each.

use crate::catalog::schema::Accelerator;
use serde::{Deserialize, Serialize};

#[derive(Deserialize, Serialize, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[serde(rename_all = "lowercase")]
#[derive(ts_rs::TS)]
pub enum Precision {
    Fp64,
    Fp32,
    Bf16,
    Fp16,
    Fp8,
    Int8,
    Int4,
}

/// Group-wise 4-bit formats store a 16-bit scale (and zero point) per group of
/// 128 weights: 4 + 32/128 = 4.25 bits (GPTQ/AWQ defaults; estimation_formulas.md §6).
pub const INT4_BYTES: f64 = 4.25 / 8.0;
/// QLoRA's NF4 with double quantization: 4.127 bits per parameter (Dettmers et al. 2023).
pub const NF4_BYTES: f64 = 4.127 / 8.0;

impl Precision {
    /// Bytes per stored value (estimation_formulas.md §6).
    pub fn bytes(self) -> f64 {
        match self {
            Precision::Fp64 => 8.0,
            Precision::Fp32 => 4.0,
            Precision::Bf16 | Precision::Fp16 => 2.0,
            Precision::Fp8 | Precision::Int8 => 1.0,
            Precision::Int4 => INT4_BYTES,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Precision::Fp64 => "FP64",
            Precision::Fp32 => "FP32",
            Precision::Bf16 => "BF16",
            Precision::Fp16 => "FP16",
            Precision::Fp8 => "FP8",
            Precision::Int8 => "INT8",
            Precision::Int4 => "INT4",
        }
    }
}

/// Dense peak TFLOPS an accelerator offers for math in `p`, and the format
/// actually used. Weight-only formats (INT4, and FP8 without FP8 units) compute
/// in 16 bits (estimation_formulas.md §5.3). `None`: no usable figure.
pub fn peak_tflops(a: &Accelerator, p: Precision) -> Option<(f64, Precision)> {
    let half = a.bf16_tflops.map(|t| (t, Precision::Bf16)).or(a.fp16_tflops.map(|t| (t, Precision::Fp16)));
    match p {
        Precision::Fp64 => a.fp64_tensor_tflops.or(a.fp64_tflops).map(|t| (t, p)),
        Precision::Fp32 => a.fp32_tflops.map(|t| (t, p)),
        Precision::Bf16 => half,
        Precision::Fp16 => a.fp16_tflops.map(|t| (t, p)).or(half),
        Precision::Fp8 => a.fp8_tflops.map(|t| (t, p)).or(half),
        Precision::Int8 => a.int8_tops.map(|t| (t, p)).or(half),
        Precision::Int4 => half,
    }
}
