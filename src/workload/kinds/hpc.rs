//! HPC and simulation: FP64/FP32 work over peak × efficiency.

use crate::catalog::schema::Accelerator;
use crate::catalog::Catalog;
use crate::error::{check_range, Error};
use crate::workload::compute::Range;
use crate::workload::context::*;
use crate::workload::context::{resolve_accelerator, Kind};
use crate::workload::memory::MemoryBreakdown;
use crate::workload::perf::hpc::{achieved_tflops, CodeClass};
use crate::workload::precision::{self, Precision};
use crate::workload::response::*;
use crate::workload::words::{Said, YOUR_OVERRIDE};
use serde::Deserialize;

#[derive(Deserialize, Debug, Clone)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[derive(ts_rs::TS)]
#[ts(optional_fields = nullable)]
pub struct Hpc {
    #[serde(default)]
    pub precision: Option<Precision>,
    /// Total floating-point work, TFLOP.
    #[serde(default)]
    pub work_tflop: Option<f64>,
    /// Or a measured runtime on a reference accelerator.
    #[serde(default)]
    pub reference_hours: Option<f64>,
    #[serde(default)]
    pub reference_accelerator: Option<String>,
    #[serde(default)]
    pub memory_gib_per_job: Option<f64>,
    #[serde(default)]
    pub jobs: Option<f64>,
    /// `dense` (HPL-like), `stencil` (CFD, the default) or `sparse`: which peak or bandwidth bounds the code.
    #[serde(default)]
    pub code_class: Option<CodeClass>,
}

/// FP64 below this (the larger of vector and matrix peak) is consumer-class
/// (1/32–1/64 of FP32: L40S and RTX 6000 Ada 1.4, H800 and H20 1.0): unsuited to
/// FP64 work. The one threshold: the estimate notes it, the fit excludes by it.
pub const STRONG_FP64_TFLOPS: f64 = 2.0;

/// HPC: total FP64/FP32 work over peak × efficiency, or a measured runtime scaled by peak ratio.
pub(crate) fn hpc(ctx: &mut Ctx, catalog: &Catalog, h: &Hpc) -> Result<EstimateResponse, Error> {
    let w = "workload";
    let precision = h.precision.unwrap_or(Precision::Fp64);
    if !matches!(precision, Precision::Fp64 | Precision::Fp32) {
        return Err(Error::new(format!("{w}.precision"), "HPC work is fp64 or fp32"));
    }
    let jobs = at_least_one(&format!("{w}.jobs"), h.jobs, 1.0)?;
    let memory = h.memory_gib_per_job.unwrap_or(0.0);
    check_range(&format!("{w}.memoryGibPerJob"), memory, 0.0, 1e7)?;
    let mut response = empty_response("hpc");
    let overhead = ctx.overhead();
    response.memory =
        MemoryBreakdown { activations_gib: memory, overhead_gib: overhead, ..MemoryBreakdown::default() }.summed();
    response.total_memory_gib = response.memory.total_gib * jobs;
    let class = h.code_class.unwrap_or_default();
    ctx.assume(
        "codeClass",
        class.name(),
        (
            "dense (HPL-like), stencil (CFD) or sparse: stencil assumed, as most simulation codes are bandwidth-bound",
            "稠密（类 HPL）、模板（CFD）或稀疏：默认模板类，因多数仿真代码受内存带宽限制",
        ),
    );
    let peak_of =
        |a: &Accelerator| precision::peak_tflops(a, precision).filter(|(_, m)| *m == precision).map(|(t, _)| t);
    // Achieved TFLOPS: your efficiency × the peak, or the code class's bound (roofline).
    let user_eff = ctx.overrides.hpc_efficiency;
    if let Some(e) = user_eff {
        ctx.assume("hpcEfficiency", e, YOUR_OVERRIDE);
    }
    let achieved = |a: &Accelerator| -> Option<(Range, Said)> {
        match user_eff {
            Some(e) => peak_of(a).map(|p| {
                let said = Said {
                    en: format!("{e} of the {p} TFLOPS peak (your value)"),
                    zh: format!("{p} TFLOPS 峰值的 {e}（您的值）"),
                };
                (Range::new(p * e, p * e, p * e), said)
            }),
            None => achieved_tflops(a, precision, class),
        }
    };
    let work_tflop = match (h.work_tflop, h.reference_hours, &h.reference_accelerator) {
        (Some(work), _, _) => positive(&format!("{w}.workTflop"), work)?,
        (None, Some(hours), Some(reference)) => {
            positive(&format!("{w}.referenceHours"), hours)?;
            let r = resolve_accelerator(catalog, reference, &format!("{w}.referenceAccelerator"))?;
            let (rate, _) = achieved(r).ok_or_else(|| {
                Error::new(format!("{w}.referenceAccelerator"), format!("{} has no {} figure", r.key, precision.name()))
            })?;
            // The same code reaches the same bound on the reference: its work in TFLOP.
            hours * 3600.0 * rate.expected
        }
        _ => {
            return Err(Error::new(
                format!("{w}.workTflop"),
                "give workTflop, or referenceHours with referenceAccelerator",
            ))
        }
    };
    response.compute.total_flops = Some(work_tflop * 1e12 * jobs);
    if let Some(a) = ctx.accel {
        match (peak_of(a), achieved(a)) {
            (Some(peak), Some((rate, why))) if precision != Precision::Fp64 || peak >= STRONG_FP64_TFLOPS => {
                let hours = Range {
                    low: work_tflop / rate.high / 3600.0,
                    expected: work_tflop / rate.expected / 3600.0,
                    high: work_tflop / rate.low / 3600.0,
                }
                .map(|x| x * jobs);
                ctx.assume("achievedTflops", rate, why.clone());
                response.compute.gpu_hours = Some(hours);
                response.compute.peak_tflops = Some(peak);
                response.compute.math_precision = Some(precision);
            }
            (Some(peak), _) => ctx.note(
                format!(
                    "{} reaches only {peak} FP64 TFLOPS: consumer-class FP64 (1/32–1/64 of FP32), unsuited to FP64 work",
                    a.key
                ),
                format!("{} 的 FP64 仅 {peak} TFLOPS：消费级 FP64（FP32 的 1/32–1/64），不适合 FP64 计算", a.key),
            ),
            (None, _) => ctx.note(
                format!("{} has no published {} figure", a.key, precision.name()),
                format!("{} 没有公开的 {} 数据", a.key, precision.name()),
            ),
        }
    }
    Ok(response)
}

impl Kind for Hpc {
    fn demand(&self, ctx: &mut Ctx, catalog: &Catalog, _: &'static str) -> Result<EstimateResponse, Error> {
        hpc(ctx, catalog, self)
    }
}
