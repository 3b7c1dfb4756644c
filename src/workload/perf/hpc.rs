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

/// What a job's halo exchange travels over, per GPU and direction: the instance's
/// own GPU links and, beyond them, its networking.
#[derive(Debug, Clone, Copy)]
pub struct JobLinks {
    pub gpus_per_instance: f64,
    pub intra_bytes_per_s: f64,
    pub inter_bytes_per_s: f64,
    /// One small message's latency between instances, s (within one, `INTRA_INSTANCE_LATENCY_S`).
    pub inter_latency_s: f64,
}

/// A small message between two GPUs of one instance (CUDA-aware MPI over NVLink or
/// PCIe peer-to-peer), s. Assumed: GPU-to-GPU MPI latencies are a few microseconds.
pub const INTRA_INSTANCE_LATENCY_S: f64 = 3e-6;
/// The same between instances over InfiniBand/RDMA-class networking (GPUDirect RDMA), s. Assumed.
pub const RDMA_LATENCY_S: f64 = 3e-6;
/// The same over ordinary Ethernet without RDMA (kernel TCP, the GPU's buffer staged
/// through host memory), s. Assumed: tens of microseconds.
pub const ETHERNET_LATENCY_S: f64 = 30e-6;

impl CodeClass {
    /// Per cell (stencil) or matrix row (sparse) at FP64: the bytes it holds, the bytes of it
    /// a neighbour needs, and the global reductions of one step. Stencil, assumed: a
    /// finite-volume CFD cell holds about 50 FP64 values (state, previous state, residual,
    /// fluxes, geometry) and sends its 5 conserved variables of the compressible
    /// Navier–Stokes equations; one reduction (the time step or a residual norm). Sparse,
    /// derived: HPCG's 27-point operator in CSR holds 27 × (8 + 4) bytes per row and four
    /// 8-byte vectors, sends one vector entry per boundary row, and conjugate gradients
    /// take two inner products per iteration (Dongarra, Heroux & Luszczek 2016, the HPCG
    /// benchmark; Saad 2003, Algorithm 6.18). Dense (HPL-like) codes are left to their
    /// Rmax/Rpeak share, which is measured on whole systems and counts their exchanges.
    fn exchange(self) -> Option<(f64, f64, f64)> {
        match self {
            CodeClass::Dense => None,
            CodeClass::Stencil => Some((400.0, 40.0, 1.0)),
            CodeClass::Sparse => Some((27.0 * 12.0 + 4.0 * 8.0, 8.0, 2.0)),
        }
    }
}

/// The faces of its block through which a GPU exchanges, for the GPU with the most, when
/// `gpus` GPUs split a cubic domain into blocks (powers of two, one axis after another:
/// 2 → 1 face, 8 → 3, 64 and more → 6; a count between powers counts as the next).
fn faces(gpus: f64) -> f64 {
    let splits = gpus.max(1.0).log2().ceil() as u32;
    [splits.div_ceil(3), (splits + 1) / 3, splits / 3].iter().map(|&halvings| f64::from(halvings.min(2))).sum()
}

/// One job's step over `gpus` GPUs: the share of the step its GPUs compute, the rest being
/// the halo exchange that is not overlapped. The job's `job_bytes` are split into `gpus`
/// cubic blocks; each step a GPU reads its block once at the class's rate (`rate_tflops`
/// achieved, `intensity` FLOP per byte) and sends one layer of cells through each face
/// (surface over volume: the exchange falls as the cube root of a block's size), faces
/// within its instance over the GPU links and the others over the network, all at once,
/// then joins the step's reductions (recursive doubling: log₂ GPUs messages; Thakur,
/// Rabenseifner & Gropp 2005). Not overlapped with compute (assumed: codes that post the
/// exchange behind the interior update hide part of it).
pub fn halo_efficiency(
    class: CodeClass,
    value_bytes: f64,
    job_bytes: f64,
    gpus: f64,
    rate_tflops: f64,
    links: &JobLinks,
) -> f64 {
    let Some((cell_bytes, sent_bytes, reductions)) = class.exchange() else { return 1.0 };
    if gpus <= 1.0 || rate_tflops <= 0.0 || job_bytes <= 0.0 {
        return 1.0;
    }
    let scale = value_bytes / 8.0;
    let block_bytes = job_bytes / gpus;
    let side = (block_bytes / (cell_bytes * scale)).cbrt().max(1.0);
    let face_bytes = side * side * sent_bytes * scale;
    let intensity = class.fp64_intensity().expected * 8.0 / value_bytes;
    let compute_s = block_bytes * intensity / (rate_tflops * 1e12);
    let all = faces(gpus);
    let inside = faces(gpus.min(links.gpus_per_instance.max(1.0)));
    let across = all - inside;
    let link = super::training::LINK_EFFICIENCY;
    let transfer_s = (inside * face_bytes / (links.intra_bytes_per_s * link))
        .max(across * face_bytes / (links.inter_bytes_per_s * link));
    let latency_s = if across > 0.0 { links.inter_latency_s } else { INTRA_INSTANCE_LATENCY_S };
    let exchange_s = transfer_s + latency_s * (1.0 + reductions * gpus.log2().ceil());
    compute_s / (compute_s + exchange_s)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GIB: f64 = 1024.0 * 1024.0 * 1024.0;
    /// A stencil on an H100's bandwidth: 0.5 FLOP/byte × 3,350 GB/s × 0.8.
    const H100_STENCIL_TFLOPS: f64 = 0.5 * 3350e9 * 0.8 / 1e12;

    fn h100_instances(inter_bytes_per_s: f64, inter_latency_s: f64) -> JobLinks {
        JobLinks { gpus_per_instance: 8.0, intra_bytes_per_s: 450e9, inter_bytes_per_s, inter_latency_s }
    }

    #[test]
    fn a_block_exchanges_through_the_faces_its_splits_cut() {
        let counted: Vec<f64> = [1.0, 2.0, 3.0, 4.0, 8.0, 16.0, 32.0, 64.0, 512.0].into_iter().map(faces).collect();
        assert_eq!(counted, [0.0, 1.0, 2.0, 2.0, 3.0, 4.0, 5.0, 6.0, 6.0]);
    }

    #[test]
    fn the_exchange_costs_little_within_an_instance_and_much_over_plain_ethernet() {
        let rdma = h100_instances(50e9, RDMA_LATENCY_S);
        let ethernet = h100_instances(12.5e9 / 8.0, ETHERNET_LATENCY_S);
        let stencil = |job_gib: f64, gpus: f64, links: &JobLinks| {
            halo_efficiency(CodeClass::Stencil, 8.0, job_gib * GIB, gpus, H100_STENCIL_TFLOPS, links)
        };
        // One GPU, or a dense code (its Rmax/Rpeak share counts its exchanges), exchanges nothing.
        assert_eq!(stencil(40.0, 1.0, &rdma), 1.0);
        assert_eq!(halo_efficiency(CodeClass::Dense, 8.0, 40.0 * GIB, 8.0, 50.0, &rdma), 1.0);
        // 40 GiB over one instance's 8 NVLink GPUs: 5 GiB blocks of about 220 cells a side,
        // 3 faces of 1.9 MB each over 360 GB/s against 2 ms of compute a step.
        let nvlink = stencil(40.0, 8.0, &rdma);
        assert!((0.97..1.0).contains(&nvlink), "{nvlink}");
        // Over four instances, two of a GPU's five faces cross the network.
        let (over_rdma, over_ethernet) = (stencil(40.0, 32.0, &rdma), stencil(40.0, 32.0, &ethernet));
        assert!((0.8..0.95).contains(&over_rdma), "{over_rdma}");
        assert!(over_ethernet < 0.4, "{over_ethernet}");
        // Surface over volume: a smaller domain on the same GPUs exchanges a larger share.
        assert!(stencil(1.0, 8.0, &rdma) < nvlink - 0.1);
    }
}
