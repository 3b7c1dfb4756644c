//! HPC and simulation: FP64/FP32 work over peak × efficiency.

use crate::catalog::schema::Accelerator;
use crate::catalog::Catalog;
use crate::error::{check_range, Error};
use crate::recommend::fit::{memory_short, peak, spread_work, whole_gpus, Fit, FitInput};
use crate::recommend::outcome::{exclude, Exclusion};
use crate::workload::compute::Range;
use crate::workload::context::*;
use crate::workload::context::{resolve_accelerator, Kind};
use crate::workload::memory::MemoryBreakdown;
use crate::workload::precision::{self, Precision};
use crate::workload::response::*;
use serde::Deserialize;

#[derive(Deserialize, Debug, Clone)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
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

/// FP64 below this is consumer-class (1/32–1/64 of FP32): an offer is left out
/// of FP64 work. The estimate itself gives hours from `ESTIMATE_FP64_TFLOPS`.
pub const STRONG_FP64_TFLOPS: f64 = 2.0;
/// FP64 below this gets no hours in the estimate, only a note.
const ESTIMATE_FP64_TFLOPS: f64 = 1.0;

/// How the work is given: as TFLOP, or as hours on a reference accelerator.
#[derive(Debug, Clone)]
enum Work {
    Tflop(f64),
    Reference { hours: f64, peak_tflops: f64 },
}

/// A checked HPC job.
#[derive(Debug, Clone)]
pub struct HpcJob {
    precision: Precision,
    work: Work,
    jobs: f64,
    memory_gib: f64,
    /// Memory per job as given (the fit compares it with the offer).
    memory_given: Option<f64>,
}

fn peak_of(a: &Accelerator, precision: Precision) -> Option<f64> {
    precision::peak_tflops(a, precision).filter(|(_, m)| *m == precision).map(|(t, _)| t)
}

impl Kind for HpcJob {
    type Request = Hpc;

    fn check(h: &Hpc, catalog: &Catalog, _: &'static str) -> Result<Self, Error> {
        let w = "workload";
        let precision = h.precision.unwrap_or(Precision::Fp64);
        if !matches!(precision, Precision::Fp64 | Precision::Fp32) {
            return Err(Error::new(format!("{w}.precision"), "HPC work is fp64 or fp32"));
        }
        let jobs = at_least_one(&format!("{w}.jobs"), h.jobs, 1.0)?;
        let memory_gib = h.memory_gib_per_job.unwrap_or(0.0);
        check_range(&format!("{w}.memoryGibPerJob"), memory_gib, 0.0, 1e7)?;
        let work = match (h.work_tflop, h.reference_hours, &h.reference_accelerator) {
            (Some(work), _, _) => Work::Tflop(positive(&format!("{w}.workTflop"), work)?),
            (None, Some(hours), Some(reference)) => {
                positive(&format!("{w}.referenceHours"), hours)?;
                let r = resolve_accelerator(catalog, reference, &format!("{w}.referenceAccelerator"))?;
                let peak_tflops = peak_of(r, precision).ok_or_else(|| {
                    Error::new(
                        format!("{w}.referenceAccelerator"),
                        format!("{} has no {} figure", r.key, precision.name()),
                    )
                })?;
                Work::Reference { hours, peak_tflops }
            }
            _ => {
                return Err(Error::new(
                    format!("{w}.workTflop"),
                    "give workTflop, or referenceHours with referenceAccelerator",
                ))
            }
        };
        Ok(HpcJob { precision, work, jobs, memory_gib, memory_given: h.memory_gib_per_job })
    }

    /// Total FP64/FP32 work over peak × efficiency, or a measured runtime scaled by peak ratio.
    fn demand(&self, ctx: &mut Ctx) -> Result<Demand, Error> {
        let precision = self.precision;
        let overhead = ctx.overhead();
        let memory =
            MemoryBreakdown { activations_gib: self.memory_gib, overhead_gib: overhead, ..MemoryBreakdown::default() }
                .summed();
        let mut demand = Demand { memory, total_memory_gib: memory.total_gib * self.jobs, ..Demand::one_gpu() };
        let eff = ctx.range(
            "hpcEfficiency",
            ctx.overrides.hpc_efficiency,
            (
                Range::new(0.1, 0.3, 0.6),
                "assumed: dense solvers reach 60–70% of FP64 peak (HPL), sparse CFD codes far less; set your own",
            ),
        );
        let work_tflop = match self.work {
            Work::Tflop(work) => work,
            // The same code reaches the same share of peak on the target.
            Work::Reference { hours, peak_tflops } => hours * 3600.0 * peak_tflops * eff.expected,
        };
        demand.compute.total_flops = Some(work_tflop * 1e12 * self.jobs);
        if let Some(a) = ctx.accel {
            match peak_of(a, precision) {
                Some(peak) if precision != Precision::Fp64 || peak >= ESTIMATE_FP64_TFLOPS => {
                    let hours = Range {
                        low: work_tflop / (peak * eff.high) / 3600.0,
                        expected: work_tflop / (peak * eff.expected) / 3600.0,
                        high: work_tflop / (peak * eff.low) / 3600.0,
                    }
                    .map(|x| x * self.jobs);
                    demand.compute.gpu_hours = Some(hours);
                    demand.compute.peak_tflops = Some(peak);
                    demand.compute.math_precision = Some(precision);
                }
                Some(peak) => ctx.notes.push(format!(
                    "{} reaches only {peak} FP64 TFLOPS: consumer-class FP64 (1/32–1/64 of FP32), unsuited to FP64 work",
                    a.key
                )),
                None => ctx.notes.push(format!("{} has no published {} figure", a.key, precision.name())),
            }
        }
        Ok(demand)
    }

    fn fit(&self, demand: &Demand, i: &FitInput) -> Result<Fit, Exclusion> {
        whole_gpus(i)?;
        let per_gpu = peak(i.accel, self.precision);
        if self.precision == Precision::Fp64 && per_gpu < STRONG_FP64_TFLOPS {
            return Err(exclude("weak-fp64", &[("fp64Tflops", per_gpu)]));
        }
        if self.memory_given.unwrap_or(0.0) > crate::recommend::fit::mem(i.offer) {
            return Err(memory_short(demand.memory.total_gib, i.offer));
        }
        Ok(spread_work(i, demand, per_gpu, i.base(demand.memory.total_gib)))
    }

    fn describe(&self) -> Description<'_> {
        Description { kind: "hpc", interruptible: true, ..Description::default() }
    }
}
