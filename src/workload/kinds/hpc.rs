//! HPC and simulation: FP64/FP32 work over peak × efficiency.

use crate::catalog::schema::Accelerator;
use crate::catalog::Catalog;
use crate::error::{check_range, Error};
use crate::workload::compute::Range;
use crate::workload::context::*;
use crate::workload::context::{resolve_accelerator, Kind};
use crate::workload::memory::MemoryBreakdown;
use crate::workload::precision::{self, Precision};
use crate::workload::response::*;
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
}

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
    let eff = ctx.range(
        "hpcEfficiency",
        ctx.overrides.hpc_efficiency,
        (
            Range::new(0.1, 0.3, 0.6),
            (
                "assumed: dense solvers reach 60–70% of FP64 peak (HPL), sparse CFD codes far less; set your own",
                "假定：稠密求解器可达 FP64 峰值的 60–70%（HPL），稀疏 CFD 代码远低于此；可自行设置",
            )
                .into(),
        ),
    );
    let peak_of =
        |a: &Accelerator| precision::peak_tflops(a, precision).filter(|(_, m)| *m == precision).map(|(t, _)| t);
    let work_tflop = match (h.work_tflop, h.reference_hours, &h.reference_accelerator) {
        (Some(work), _, _) => positive(&format!("{w}.workTflop"), work)?,
        (None, Some(hours), Some(reference)) => {
            positive(&format!("{w}.referenceHours"), hours)?;
            let r = resolve_accelerator(catalog, reference, &format!("{w}.referenceAccelerator"))?;
            let peak = peak_of(r).ok_or_else(|| {
                Error::new(format!("{w}.referenceAccelerator"), format!("{} has no {} figure", r.key, precision.name()))
            })?;
            // The same code reaches the same share of peak on the target.
            hours * 3600.0 * peak * eff.expected
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
        match peak_of(a) {
            Some(peak) if precision != Precision::Fp64 || peak >= 1.0 => {
                let hours = Range {
                    low: work_tflop / (peak * eff.high) / 3600.0,
                    expected: work_tflop / (peak * eff.expected) / 3600.0,
                    high: work_tflop / (peak * eff.low) / 3600.0,
                }
                .map(|x| x * jobs);
                response.compute.gpu_hours = Some(hours);
                response.compute.peak_tflops = Some(peak);
                response.compute.math_precision = Some(precision);
            }
            Some(peak) => ctx.note(
                format!(
                    "{} reaches only {peak} FP64 TFLOPS: consumer-class FP64 (1/32–1/64 of FP32), unsuited to FP64 work",
                    a.key
                ),
                format!("{} 的 FP64 仅 {peak} TFLOPS：消费级 FP64（FP32 的 1/32–1/64），不适合 FP64 计算", a.key),
            ),
            None => ctx.note(
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
