//! Raw requirements: GPU memory and count, hours, precision, interconnect.

use crate::catalog::Catalog;
use crate::error::{check_range, Error};
use crate::recommend::facts;
use crate::recommend::fit::{mem, multi_node, peak, sized, Fit, FitInput};
use crate::recommend::outcome::{exclude, Exclusion, Layout, Notices};
use crate::workload::compute::Range;
use crate::workload::context::*;
use crate::workload::kinds::hpc::STRONG_FP64_TFLOPS;
use crate::workload::kinds::Network;
use crate::workload::memory::MemoryBreakdown;
use crate::workload::precision::Precision;
use crate::workload::response::*;
use crate::workload::words::GIVEN;
use serde::Deserialize;

#[derive(Deserialize, Debug, Clone)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[derive(ts_rs::TS)]
#[ts(optional_fields = nullable)]
pub struct Raw {
    pub gpu_memory_gib: f64,
    #[serde(default)]
    pub gpu_count: Option<f64>,
    #[serde(default)]
    pub hours: Option<f64>,
    #[serde(default)]
    pub precision: Option<Precision>,
    /// Any case: `infiniband`, `roce`, `efa`, `rdma` require RDMA between instances;
    /// `ethernet`, `nvlink`, `pcie`, `none` do not.
    #[serde(default)]
    pub interconnect: Option<String>,
    /// Allow the GPUs to be spread over several instances (default: one instance holds them all).
    #[serde(default)]
    #[ts(optional = nullable)]
    pub spread: bool,
}

/// Checked raw requirements.
#[derive(Debug, Clone)]
pub struct RawNeed {
    memory_gib: f64,
    count: f64,
    hours: Option<f64>,
    /// The precision as given: `None` states no need (BF16 assumed for speed).
    precision: Option<Precision>,
    interconnect: Option<String>,
    wants_rdma: bool,
    spread: bool,
}

impl Kind for RawNeed {
    type Request = Raw;

    fn check(r: &Raw, _: &Catalog, _: &'static str) -> Result<Self, Error> {
        let w = "workload";
        let memory_gib = check_range(&format!("{w}.gpuMemoryGib"), r.gpu_memory_gib, 0.0, 1e5)?;
        let count = at_least_one(&format!("{w}.gpuCount"), r.gpu_count, 1.0)?;
        let hours = r.hours.map(|h| check_range(&format!("{w}.hours"), h, 0.0, 1e7)).transpose()?;
        let wants_rdma = match &r.interconnect {
            Some(word) => Network::parse(&format!("{w}.interconnect"), word)? == Network::Rdma,
            None => false,
        };
        Ok(RawNeed {
            memory_gib,
            count,
            hours,
            precision: r.precision,
            interconnect: r.interconnect.clone(),
            wants_rdma,
            spread: r.spread,
        })
    }

    fn demand(&self, ctx: &mut Ctx) -> Result<Demand, Error> {
        let mut demand = Demand {
            memory: MemoryBreakdown { weights_gib: self.memory_gib, ..MemoryBreakdown::default() }.summed(),
            gpus: self.count,
            total_memory_gib: self.memory_gib * self.count,
            hours: self.hours,
            ..Demand::default()
        };
        if let Some(h) = self.hours {
            demand.compute.gpu_hours = Some(Range::new(h * self.count, h * self.count, h * self.count));
        }
        demand.compute.math_precision = self.precision;
        demand.compute.gpus_needed = Some(self.count);
        if let Some(i) = &self.interconnect {
            ctx.assume("interconnect", i, GIVEN);
        }
        Ok(demand)
    }

    fn fit(&self, _: &Demand, i: &FitInput) -> Result<Fit, Exclusion> {
        let (o, a) = (i.offer, i.accel);
        let count = self.count;
        let per_gpu = if o.gpu_count < 1.0 { o.gpu_memory_gib.unwrap_or(0.0) } else { mem(o) };
        if per_gpu + 1e-9 < self.memory_gib {
            return Err(exclude(
                "memory",
                &[("gpuCount", count), ("needGib", self.memory_gib), ("hasGpus", o.gpu_count), ("hasGib", per_gpu)],
            ));
        }
        let precision = self.precision.unwrap_or(Precision::Bf16);
        if precision == Precision::Fp64 && peak(a, Precision::Fp64) < STRONG_FP64_TFLOPS {
            return Err(exclude("weak-fp64", &[("fp64Tflops", peak(a, Precision::Fp64))]));
        }
        if precision == Precision::Fp8 && a.fp8_tflops.is_none() {
            return Err(exclude("no-fp8", &[]));
        }
        let instances = (count / o.gpu_count).ceil().max(1.0);
        if instances > 1.0 && !self.spread {
            return Err(exclude("one-instance", &[("gpus", count), ("hasGpus", o.gpu_count)]));
        }
        if instances > 1.0 && self.wants_rdma && facts::rdma(o) != Some(true) {
            return Err(exclude("no-rdma", &[("gpus", count), ("instances", instances)]));
        }
        let mut notices = Notices::default();
        if instances > 1.0 && !self.wants_rdma {
            notices.push("separate-instances", &[("gpus", count), ("instances", instances)]);
        }
        let layout = if instances > 1.0 { multi_node(o) } else { Layout::OneInstance };
        let hours = self.hours.unwrap_or(1.0) * (1.0 + i.overhead);
        Ok(Fit {
            memory_needed_gib: self.memory_gib,
            memory_per_gpu_gib: per_gpu,
            layout,
            notices,
            ..sized(i.base(self.memory_gib), o, instances, hours, peak(a, precision))
        })
    }

    fn describe(&self) -> Description<'_> {
        Description { kind: "raw", ..Description::default() }
    }
}
