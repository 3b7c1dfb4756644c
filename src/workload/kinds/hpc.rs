//! HPC and simulation: FP64/FP32 work over peak × efficiency.

use crate::catalog::schema::Accelerator;
use crate::catalog::Catalog;
use crate::error::{check_range, Error};
use crate::recommend::fit::{capacity, memory_short, multi_node, peak, sized, whole_gpus, Fit, FitInput};
use crate::recommend::outcome::{exclude, Exclusion, Layout};
use crate::workload::compute::Range;
use crate::workload::context::*;
use crate::workload::context::{resolve_accelerator, Kind};
use crate::workload::memory::MemoryBreakdown;
use crate::workload::perf::hpc::{
    achieved_tflops, halo_efficiency, CodeClass, JobLinks, ETHERNET_LATENCY_S, RDMA_LATENCY_S,
};
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

/// How the work is given: as TFLOP, or as hours on a reference accelerator.
#[derive(Debug, Clone)]
enum Work {
    Tflop(f64),
    Reference { hours: f64, accelerator: Box<Accelerator> },
}

/// A checked HPC job.
#[derive(Debug, Clone)]
pub struct HpcJob {
    precision: Precision,
    work: Work,
    jobs: f64,
    memory_gib: f64,
    /// Memory per job as given: the fit checks memory only when it is given.
    memory_given: Option<f64>,
    class: CodeClass,
}

fn peak_of(a: &Accelerator, precision: Precision) -> Option<f64> {
    precision::peak_tflops(a, precision).filter(|(_, m)| *m == precision).map(|(t, _)| t)
}

impl HpcJob {
    /// Achieved TFLOPS on `a`: your efficiency × the peak, or the code class's bound (roofline).
    fn achieved(&self, a: &Accelerator, user_eff: Option<f64>) -> Option<(Range, Said)> {
        match user_eff {
            Some(e) => peak_of(a, self.precision).map(|p| {
                let said = Said {
                    en: format!("{e} of the {p} TFLOPS peak (your value)"),
                    zh: format!("{p} TFLOPS 峰值的 {e}（您的值）"),
                };
                (Range::new(p * e, p * e, p * e), said)
            }),
            None => achieved_tflops(a, self.precision, self.class),
        }
    }
}

/// A job's exchanges that cost more than this share of its time are said on its row.
const EXCHANGE_NOTICE_BELOW: f64 = 0.95;
/// The most instances a deadline may add beyond full scaling's count (×64: past it, or where
/// one more doubling no longer shortens the job, the offer misses the deadline).
const MAX_INSTANCES_FACTOR: f64 = 64.0;

/// The fewest instances from `start` whose `hours` meet the deadline: doubling while more of
/// them still shorten the job (at most `MAX_INSTANCES_FACTOR` × `start`), then halving the gap
/// between the last too slow and the first in time. Never in time: the fastest count tried,
/// whose hours give the deadline's reason.
fn fewest_instances_in_time(start: f64, deadline: f64, hours: impl Fn(f64) -> f64) -> f64 {
    let (mut short, mut short_hours) = (start, hours(start));
    if short_hours <= deadline {
        return start;
    }
    let mut next = start * 2.0;
    while next <= start * MAX_INSTANCES_FACTOR {
        let next_hours = hours(next);
        if next_hours >= short_hours {
            break;
        }
        if next_hours <= deadline {
            let mut fast = next;
            while fast - short > 1.0 {
                let mid = ((short + fast) / 2.0).floor();
                if hours(mid) <= deadline {
                    fast = mid;
                } else {
                    short = mid;
                }
            }
            return fast;
        }
        (short, short_hours) = (next, next_hours);
        next *= 2.0;
    }
    short
}

impl HpcJob {
    /// The share of its GPUs' time a job of `job_gib` computes on a count of GPUs per job
    /// (`perf::hpc::halo_efficiency`): 1 on one GPU. The offer's links are read once, for
    /// every count a deadline tries.
    fn scaling(&self, demand: &Demand, i: &FitInput, job_gib: f64) -> impl Fn(f64) -> f64 {
        let known = match (demand.compute.total_flops, demand.compute.gpu_hours) {
            (Some(flops), Some(hours)) if hours.expected > 0.0 && self.class != CodeClass::Dense => {
                Some(flops / (hours.expected * 3600.0) / 1e12)
            }
            _ => None,
        };
        // The rate the estimate used on this accelerator (the class's bound or your efficiency).
        let setting = known.map(|rate_tflops| {
            let per_instance = i.offer.gpu_count.max(1.0);
            let rdma = crate::recommend::facts::rdma(i.offer) == Some(true);
            let stated = crate::recommend::facts::stated_fabric(i.offer).map(|(per_gpu, _)| per_gpu);
            let network = if rdma { super::Network::Rdma } else { super::Network::Ethernet };
            let cluster = super::cluster_links(i.accel, network, per_instance, stated);
            let links = JobLinks {
                gpus_per_instance: per_instance,
                intra_bytes_per_s: cluster.intra_node_bytes_per_s,
                inter_bytes_per_s: cluster.inter_node_bytes_per_s,
                inter_latency_s: if rdma || stated.is_some() { RDMA_LATENCY_S } else { ETHERNET_LATENCY_S },
            };
            (rate_tflops, job_gib * crate::workload::memory::GIB, links)
        });
        let value_bytes = if self.precision == Precision::Fp64 { 8.0 } else { 4.0 };
        let class = self.class;
        move |gpus_per_job: f64| match &setting {
            Some((rate_tflops, job_bytes, links)) if gpus_per_job > 1.0 => {
                halo_efficiency(class, value_bytes, *job_bytes, gpus_per_job, *rate_tflops, links)
            }
            _ => 1.0,
        }
    }
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
        let class = h.code_class.unwrap_or_default();
        let work = match (h.work_tflop, h.reference_hours, &h.reference_accelerator) {
            (Some(work), _, _) => Work::Tflop(positive(&format!("{w}.workTflop"), work)?),
            (None, Some(hours), Some(reference)) => {
                positive(&format!("{w}.referenceHours"), hours)?;
                let r = resolve_accelerator(catalog, reference, &format!("{w}.referenceAccelerator"))?;
                if peak_of(r, precision).is_none() {
                    return Err(Error::new(
                        format!("{w}.referenceAccelerator"),
                        format!("{} has no {} figure", r.key, precision.name()),
                    ));
                }
                Work::Reference { hours, accelerator: Box::new(r.clone()) }
            }
            _ => {
                return Err(Error::new(
                    format!("{w}.workTflop"),
                    "give workTflop, or referenceHours with referenceAccelerator",
                ))
            }
        };
        Ok(HpcJob { precision, work, jobs, memory_gib, memory_given: h.memory_gib_per_job, class })
    }

    /// Total FP64/FP32 work over the achieved rate (your efficiency × peak, or
    /// the code class's roofline bound), or a measured runtime scaled by that rate.
    fn demand(&self, ctx: &mut Ctx) -> Result<Demand, Error> {
        let precision = self.precision;
        let overhead = ctx.overhead();
        let memory =
            MemoryBreakdown { activations_gib: self.memory_gib, overhead_gib: overhead, ..MemoryBreakdown::default() }
                .summed();
        let mut demand = Demand { memory, total_memory_gib: memory.total_gib * self.jobs, ..Demand::one_gpu() };
        ctx.assume(
            "codeClass",
            self.class.name(),
            (
                "dense (HPL-like), stencil (CFD) or sparse: stencil assumed, as most simulation codes are bandwidth-bound",
                "稠密（类 HPL）、模板（CFD）或稀疏：默认模板类，因多数仿真代码受内存带宽限制",
            ),
        );
        let user_eff = ctx.overrides.hpc_efficiency;
        if let Some(e) = user_eff {
            ctx.assume("hpcEfficiency", e, YOUR_OVERRIDE);
        }
        let work_tflop = match &self.work {
            Work::Tflop(work) => *work,
            // The same code reaches the same bound on the reference: its work in TFLOP.
            Work::Reference { hours, accelerator } => {
                let (rate, _) = self.achieved(accelerator, user_eff).ok_or_else(|| {
                    Error::new(
                        "workload.referenceAccelerator",
                        format!("{} has no {} figure", accelerator.key, precision.name()),
                    )
                })?;
                hours * 3600.0 * rate.expected
            }
        };
        demand.compute.total_flops = Some(work_tflop * 1e12 * self.jobs);
        if let Some(a) = ctx.accel {
            match (peak_of(a, precision), self.achieved(a, user_eff)) {
                (Some(peak), Some((rate, why))) if precision != Precision::Fp64 || peak >= STRONG_FP64_TFLOPS => {
                    let hours = Range {
                        low: work_tflop / rate.high / 3600.0,
                        expected: work_tflop / rate.expected / 3600.0,
                        high: work_tflop / rate.low / 3600.0,
                    }
                    .map(|x| x * self.jobs);
                    ctx.assume("achievedTflops", rate, why);
                    demand.compute.gpu_hours = Some(hours);
                    demand.compute.peak_tflops = Some(peak);
                    demand.compute.math_precision = Some(precision);
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
        Ok(demand)
    }

    fn fit(&self, demand: &Demand, i: &FitInput) -> Result<Fit, Exclusion> {
        whole_gpus(i)?;
        let per_gpu = peak(i.accel, self.precision);
        if self.precision == Precision::Fp64 && per_gpu < STRONG_FP64_TFLOPS {
            return Err(exclude("weak-fp64", &[("fp64Tflops", per_gpu)]));
        }
        // A job spread over GPUs splits its data between them (domain decomposition, a rank per
        // GPU), as it splits its work: it needs enough GPUs that each holds its share beside the
        // runtime's reserve (a 300 GiB job: four 80 GiB GPUs, not one that holds it all).
        let (gpu_gib, reserve) = (crate::recommend::fit::mem(i.offer), demand.memory.overhead_gib);
        let job_gib = self.memory_given.filter(|m| *m > 0.0);
        if job_gib.is_some() && gpu_gib <= reserve {
            return Err(memory_short(demand.memory.total_gib, i.offer));
        }
        let least_gpus_per_job = job_gib.map_or(1.0, |job| (job / (gpu_gib - reserve) - 1e-9).ceil().max(1.0));
        let per_instance = i.offer.gpu_count;
        // Jobs share the GPUs; a job never has fewer than it needs, so on fewer GPUs than the
        // jobs need at once they run in groups and the GPUs left over idle.
        let gpus_per_job = |gpus: f64| (gpus / self.jobs).max(least_gpus_per_job);
        let busy_gpus = |gpus: f64| {
            if gpus / self.jobs >= least_gpus_per_job {
                gpus
            } else {
                (gpus / least_gpus_per_job).floor() * least_gpus_per_job
            }
        };
        // A job over several GPUs exchanges its blocks' faces every step; more instances than the
        // deadline needs at full scaling may be needed to meet it, until more of them no longer
        // shorten the job.
        let work = demand.compute.gpu_hours.map_or(0.0, |h| h.expected) * (1.0 + i.overhead);
        // A job's data not given: as large as one GPU holds beside the reserve (the least
        // exchange for its work).
        let computing_share = self.scaling(demand, i, job_gib.unwrap_or((gpu_gib - reserve).max(1.0)));
        let efficiency = |instances: f64| computing_share(gpus_per_job(instances * per_instance));
        let hours = |instances: f64| work / busy_gpus(instances * per_instance) / efficiency(instances);
        let mut instances = (least_gpus_per_job / per_instance).ceil().max(1.0);
        if let Some(deadline) = i.deadline_hours {
            // Full scaling's count first, then as the exchange asks.
            instances =
                fewest_instances_in_time(instances.max((work / deadline / per_instance).ceil()), deadline, hours);
        }
        let gpus = instances * per_instance;
        let per_job = gpus_per_job(gpus);
        let memory_needed = job_gib.map_or(demand.memory.total_gib, |job| job / per_job + reserve);
        let scaling = efficiency(instances);
        let mut fit = sized(i.base(memory_needed), i.offer, instances, hours(instances), per_gpu);
        fit.scaling_efficiency = scaling;
        if instances > 1.0 {
            fit.layout = Layout::Apart;
        }
        if scaling < EXCHANGE_NOTICE_BELOW {
            fit.notices.push("halo-exchange", &[("gpusPerJob", per_job), ("scalingEfficiency", scaling)]);
        }
        // A job on more GPUs than an instance has spans instances (its halo and solver
        // exchanges cross the network between them).
        if per_job > per_instance {
            fit.layout = multi_node(i.offer);
            if matches!(fit.layout, Layout::MultiNode { rdma: false, .. }) {
                fit.notices.push("job-spans-instances", &[("gpusPerJob", per_job), ("instances", instances)]);
            }
        }
        capacity(gpus, &mut fit.notices);
        Ok(fit)
    }

    fn describe(&self) -> Description<'_> {
        Description { kind: "hpc", interruptible: true, ..Description::default() }
    }
}
