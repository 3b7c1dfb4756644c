//! Demand × offer → how many instances, how long, or why it cannot work.
//! Runs once per offer on every keystroke: numbers and codes only.

use super::facts;
use super::outcome::{exclude, Exclusion, Layout, Notices};
use crate::catalog::schema::{Accelerator, Offer};
use crate::workload::precision::Precision;
use crate::workload::{Checked, Demand, ServingLayout};

/// How an offer meets the demand.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fit {
    pub instances: f64,
    /// GPUs in use: instances × GPUs per instance (fractions for vGPU slices).
    pub gpus: f64,
    /// Wall-clock hours, including scaling losses and virtualization overhead.
    pub hours: f64,
    pub gpu_hours: f64,
    /// GPU memory the workload needs per GPU and what the offer has.
    pub memory_needed_gib: f64,
    pub memory_per_gpu_gib: f64,
    pub scaling_efficiency: f64,
    /// How the GPUs are laid out and talk.
    pub layout: Layout,
    /// Dense TFLOPS of all GPUs at the workload's precision (for ranking by speed).
    pub peak_tflops: f64,
    pub notices: Notices,
    /// Inference: the serving layout chosen on this offer and the runner-up.
    pub serving: Option<ServingChoice>,
}

/// The serving layout chosen on one offer (fewest instances, i.e. least cost
/// per token on it), the runner-up, and the instances each needs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ServingChoice {
    pub chosen: ServingLayout,
    pub chosen_instances: f64,
    pub runner_up: Option<(ServingLayout, f64)>,
}

/// One offer and the request's terms, as every kind's fit sees them.
pub struct FitInput<'a> {
    /// One offer stands for every offer of its shape (`ShapeKey` in
    /// catalog/priced.rs): a fit reads only the fields the shape holds.
    pub offer: &'a Offer,
    pub accel: &'a Accelerator,
    pub overhead: f64,
    pub service_hours: f64,
    pub deadline_hours: Option<f64>,
}

impl FitInput<'_> {
    /// A fit of one instance of the offer, nothing decided yet.
    pub fn base(&self, memory_needed_gib: f64) -> Fit {
        Fit {
            instances: 1.0,
            gpus: self.offer.gpu_count,
            hours: 0.0,
            gpu_hours: 0.0,
            memory_needed_gib,
            memory_per_gpu_gib: mem(self.offer),
            scaling_efficiency: 1.0,
            layout: Layout::OneInstance,
            peak_tflops: 0.0,
            notices: Notices::default(),
            serving: None,
        }
    }
}

pub fn mem(offer: &Offer) -> f64 {
    offer.memory_per_gpu_gib.unwrap_or(0.0)
}

pub fn whole_gpus(i: &FitInput) -> Result<(), Exclusion> {
    if i.offer.gpu_count < 1.0 {
        return Err(exclude("fractional-gpu", &[("gpuShare", i.offer.gpu_count)]));
    }
    Ok(())
}

/// Training and LLM serving need PyTorch or a serving engine on the accelerator
/// as offered; graphics GPUs without that stack (data/accelerator_roles.csv) are
/// left out with the reason rather than timed from their peaks.
pub fn ml_stack(a: &Accelerator) -> Result<(), Exclusion> {
    if super::roles::lacks_ml_stack(&a.key) {
        return Err(exclude("no-ml-stack", &[]));
    }
    Ok(())
}

pub fn graphics(a: &Accelerator) -> Result<(), Exclusion> {
    match a.graphics {
        Some(true) => Ok(()),
        Some(false) => Err(exclude("no-graphics", &[])),
        None => Err(exclude("graphics-unknown", &[])),
    }
}

pub fn peak(a: &Accelerator, p: Precision) -> f64 {
    crate::workload::precision::peak_tflops(a, p).map_or(0.0, |(t, _)| t)
}

/// Instances needed so that `work_gpu_hours` finish by the deadline on `per_instance` GPUs each.
fn instances_for_deadline(work_gpu_hours: f64, per_instance: f64, overhead: f64, deadline: Option<f64>) -> f64 {
    match deadline {
        Some(d) => (work_gpu_hours * (1.0 + overhead) / d / per_instance).ceil().max(1.0),
        None => 1.0,
    }
}

/// The demand on one offer: the kind's own fit, then the deadline every kind shares.
pub fn fit(kind: &Checked, demand: &Demand, i: &FitInput) -> Result<Fit, Exclusion> {
    let f = kind.fit(demand, i)?;
    if let Some(d) = i.deadline_hours {
        if f.hours > d {
            return Err(exclude("deadline", &[("hours", f.hours), ("deadlineHours", d)]));
        }
    }
    Ok(f)
}

/// Independent jobs or frames: the estimate's GPU-hours spread over the
/// offer's GPUs, with as many instances as the deadline needs.
pub fn spread_work(i: &FitInput, demand: &Demand, tflops_per_gpu: f64, base: Fit) -> Fit {
    let gpus_per_instance = i.offer.gpu_count;
    let work = demand.compute.gpu_hours.map_or(0.0, |h| h.expected);
    let instances = instances_for_deadline(work, gpus_per_instance, i.overhead, i.deadline_hours);
    let hours = work / (instances * gpus_per_instance) * (1.0 + i.overhead);
    // Several instances share the work between them, nothing crossing between them (an HPC
    // job, whose one unit of work may span instances, sizes its own fit: kinds/hpc.rs).
    let layout = if instances > 1.0 { Layout::Apart } else { base.layout };
    sized(Fit { layout, ..base }, i.offer, instances, hours, tflops_per_gpu)
}

/// Several instances of `o` joined by its own networking: RDMA-class or not, and the
/// fabric its provider states (a kind whose user declares the fabric builds its own).
pub fn multi_node(o: &Offer) -> Layout {
    Layout::MultiNode {
        rdma: facts::rdma(o) == Some(true),
        fabric_gbit_per_s: facts::stated_fabric_gbit_per_s(o),
        nvlink_rack_gpus: facts::nvlink_rack_gpus(o),
    }
}

/// `instances` instances of the offer, each running `hours`.
pub fn sized(base: Fit, offer: &Offer, instances: f64, hours: f64, tflops_per_gpu: f64) -> Fit {
    let gpus = instances * offer.gpu_count;
    Fit { instances, gpus, hours, gpu_hours: hours * gpus, peak_tflops: tflops_per_gpu * gpus, ..base }
}

/// Memory one GPU of the offer gives a workload: the device's, or a vGPU slice's share.
pub fn per_gpu_memory(o: &Offer) -> f64 {
    if o.gpu_count >= 1.0 {
        mem(o)
    } else {
        o.gpu_memory_gib.unwrap_or(0.0)
    }
}

pub fn memory_short(need: f64, o: &Offer) -> Exclusion {
    exclude("memory", &[("needGib", need), ("hasGib", per_gpu_memory(o))])
}

/// More GPUs than this in one region at once is rarely available on demand (assumed).
pub const LARGE_REQUEST_GPUS: f64 = 512.0;

/// Warns when a request is larger than a region plausibly has free on demand.
pub fn capacity(gpus: f64, notices: &mut Notices) {
    if gpus > LARGE_REQUEST_GPUS {
        notices.push("large-request", &[("gpus", gpus)]);
    }
}

/// Warns when the host may starve the GPUs of data: fewer than 4 vCPUs per GPU,
/// or less host RAM than the GPU memory in use.
pub fn host_balance(o: &Offer, gpu_need: f64, notices: &mut Notices) {
    if let Some(v) = o.vcpus {
        let per_gpu = v / o.gpu_count;
        if per_gpu < 4.0 {
            notices.push("few-vcpus", &[("vcpusPerGpu", per_gpu)]);
        }
    }
    if let Some(ram) = o.memory_gib {
        if ram / o.gpu_count < gpu_need {
            notices.push("little-host-ram", &[("hostGibPerGpu", ram / o.gpu_count), ("gpuGib", gpu_need)]);
        }
    }
}
