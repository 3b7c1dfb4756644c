//! HPC codes by class: dense (HPL-like) runs on the FP64 matrix units, stencil
//! (CFD) and sparse codes are bound by memory bandwidth (roofline: Williams,
//! Waterman & Patterson 2009, "Roofline: an insightful visual performance model").

use super::efficiency::{achieved_on, OpClass};
use crate::catalog::schema::Accelerator;
use crate::workload::compute::Range;
use crate::workload::precision::Precision;
use crate::workload::words::Said;
use serde::{Deserialize, Serialize};

/// The kind of HPC code, which decides which peak or bandwidth bounds it.
#[derive(ts_rs::TS, Deserialize, Serialize, Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
pub enum CodeClass {
    /// Dense linear algebra (LU, HPL-like): FP64 matrix peak × HPL efficiency.
    Dense,
    /// Structured-grid stencils, finite-volume CFD: bandwidth-bound.
    #[default]
    Stencil,
    /// Sparse solvers (SpMV, CG, HPCG-like): bandwidth-bound, lower intensity.
    Sparse,
}

impl CodeClass {
    pub fn name(self) -> &'static str {
        match self {
            CodeClass::Dense => "dense",
            CodeClass::Stencil => "stencil",
            CodeClass::Sparse => "sparse",
        }
    }

    /// The class in Simplified Chinese, for the Chinese words.
    pub fn name_zh(self) -> &'static str {
        match self {
            CodeClass::Dense => "稠密",
            CodeClass::Stencil => "模板（CFD）",
            CodeClass::Sparse => "稀疏",
        }
    }

    /// Arithmetic intensity in FLOP per byte of DRAM traffic at FP64 (low, expected,
    /// high): a 7-point stencil 0.33 compulsory, up to 0.5 with cache blocking
    /// (LBMHD 0.7–1.07); CSR SpMV 0.17–0.25 (Williams et al. 2009, Table 2 and §5).
    fn fp64_intensity(self) -> Range {
        match self {
            CodeClass::Dense => Range::new(f64::INFINITY, f64::INFINITY, f64::INFINITY),
            CodeClass::Stencil => Range::new(0.33, 0.5, 1.0),
            CodeClass::Sparse => Range::new(0.17, 0.2, 0.25),
        }
    }
}

/// Achieved TFLOPS of one accelerator on a code class, as a range, with a
/// sentence saying which bound applies. `None` when the accelerator has no
/// figure for the precision.
pub fn achieved_tflops(a: &Accelerator, precision: Precision, class: CodeClass) -> Option<(Range, Said)> {
    let (vector, matrix, bytes) = match precision {
        Precision::Fp64 => (a.fp64_tflops, a.fp64_tensor_tflops, 8.0),
        Precision::Fp32 => (a.fp32_tflops, None, 4.0),
        _ => return None,
    };
    let vector = vector.or(matrix)?;
    let share = |op: OpClass, fallback: Range| achieved_on(a, op).map_or(fallback, |x| x.share);
    if class == CodeClass::Dense {
        let peak = matrix.unwrap_or(vector);
        let e = share(OpClass::Fp64Matrix, Range::new(0.5, 0.6, 0.7));
        let (which, which_zh) =
            if matrix.is_some() { ("matrix (tensor-core)", "矩阵（张量核心）") } else { ("vector", "向量") };
        return Some((
            e.map(|x| x * peak),
            Said {
                en: format!("dense (HPL-like): {} of the {peak} TFLOPS {which} peak (TOP500 Rmax/Rpeak)", e.expected),
                zh: format!("稠密（类 HPL）：{peak} TFLOPS {which_zh}峰值的 {}（TOP500 Rmax/Rpeak）", e.expected),
            },
        ));
    }
    let bandwidth = a.memory_bandwidth_gbs? * 1e9;
    let stream = share(OpClass::Stream, Range::new(0.7, 0.8, 0.9));
    let vector_share = share(OpClass::Fp64Vector, Range::new(0.5, 0.7, 0.85));
    // FP32 moves half the bytes per value: twice the FLOPs per byte.
    let intensity = class.fp64_intensity().map(|i| i * 8.0 / bytes);
    let bound = |i: f64, bw_share: f64, v_share: f64| (i * bandwidth * bw_share / 1e12).min(vector * v_share);
    let r = Range::new(
        bound(intensity.low, stream.low, vector_share.low),
        bound(intensity.expected, stream.expected, vector_share.expected),
        bound(intensity.high, stream.high, vector_share.high),
    );
    let memory_bound = intensity.expected * bandwidth * stream.expected / 1e12 < vector * vector_share.expected;
    let why = if memory_bound {
        Said {
            en: format!(
                "{}: bandwidth-bound, {:.2} FLOP/byte × {:.0} GB/s × {:.2} (roofline; the {vector} TFLOPS vector peak does not bind)",
                class.name(),
                intensity.expected,
                bandwidth / 1e9,
                stream.expected
            ),
            zh: format!(
                "{}：受带宽限制，{:.2} FLOP/字节 × {:.0} GB/s × {:.2}（屋顶线模型；{vector} TFLOPS 向量峰值不构成限制）",
                class.name_zh(),
                intensity.expected,
                bandwidth / 1e9,
                stream.expected
            ),
        }
    } else {
        Said {
            en: format!(
                "{}: the {vector} TFLOPS vector peak × {:.2} binds before bandwidth",
                class.name(),
                vector_share.expected
            ),
            zh: format!(
                "{}：{vector} TFLOPS 向量峰值 × {:.2} 先于带宽构成限制",
                class.name_zh(),
                vector_share.expected
            ),
        }
    };
    Some((r, why))
}
