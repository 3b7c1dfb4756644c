//! Demand × offer → how many instances, how long, or why it cannot work.
//! Runs once per offer on every keystroke: numbers and codes only.

use super::facts;
use super::outcome::{exclude, Exclusion, Layout, Notices};
use super::roles::{self, Role};
use crate::catalog::schema::{Accelerator, Offer};
use crate::workload::compute::scaling_range;
use crate::workload::precision::Precision;
use crate::workload::{EstimateResponse, Infeasible, Workload};

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
}

pub use crate::workload::kinds::hpc::STRONG_FP64_TFLOPS;
/// Training across more GPUs than this is beyond what the estimate can support.
const MAX_TRAINING_GPUS: f64 = 65_536.0;

pub struct FitInput<'a> {
    pub workload: &'a Workload,
    pub estimate: &'a EstimateResponse,
    pub offer: &'a Offer,
    pub accel: &'a Accelerator,
    pub overhead: f64,
    pub service_hours: f64,
    pub deadline_hours: Option<f64>,
}

fn mem(offer: &Offer) -> f64 {
    offer.memory_per_gpu_gib.unwrap_or(0.0)
}

fn whole_gpus(i: &FitInput) -> Result<(), Exclusion> {
    if i.offer.gpu_count < 1.0 {
        return Err(exclude("fractional-gpu", &[("gpuShare", i.offer.gpu_count)]));
    }
    Ok(())
}

fn graphics(a: &Accelerator) -> Result<(), Exclusion> {
    match a.graphics {
        Some(true) => Ok(()),
        Some(false) => Err(exclude("no-graphics", &[])),
        None => Err(exclude("graphics-unknown", &[])),
    }
}

fn peak(a: &Accelerator, p: Precision) -> f64 {
    crate::workload::precision::peak_tflops(a, p).map_or(0.0, |(t, _)| t)
}

/// Instances needed so that `work_gpu_hours` finish by the deadline on `per_instance` GPUs each.
fn instances_for_deadline(work_gpu_hours: f64, per_instance: f64, overhead: f64, deadline: Option<f64>) -> f64 {
    match deadline {
        Some(d) => (work_gpu_hours * (1.0 + overhead) / d / per_instance).ceil().max(1.0),
        None => 1.0,
    }
}

pub fn fit(i: &FitInput) -> Result<Fit, Exclusion> {
    let (o, a, e) = (i.offer, i.accel, i.estimate);
    let mut notices = Notices::default();
    let per_gpu_need = e.memory.total_gib;
    let base = Fit {
        instances: 1.0,
        gpus: o.gpu_count,
        hours: 0.0,
        gpu_hours: 0.0,
        memory_needed_gib: per_gpu_need,
        memory_per_gpu_gib: mem(o),
        scaling_efficiency: 1.0,
        layout: Layout::OneInstance,
        peak_tflops: 0.0,
        notices: Notices::default(),
    };
    let mut f = match i.workload {
        Workload::Pretrain(t) | Workload::Finetune(t) => {
            whole_gpus(i)?;
            if !roles::trains(&a.key) {
                return Err(exclude("inference-only", &[]));
            }
            let precision = t.precision.unwrap_or(Precision::Bf16);
            if precision == Precision::Fp8 && a.fp8_tflops.is_none() {
                return Err(exclude("no-fp8", &[]));
            }
            let need = e.compute.gpus_needed.unwrap_or(1.0);
            if !need.is_finite() {
                return Err(exclude("memory", &[("activationsGib", e.memory.activations_gib), ("hasGib", mem(o))]));
            }
            // GPU-hours at perfect scaling: this offer's cluster applies its own loss, once.
            let base_gpu_hours = e.compute.ideal_gpu_hours.or(e.compute.gpu_hours).map_or(0.0, |h| h.expected);
            let rdma = facts::rdma(o);
            let nvlink = facts::contains_ignore_case(&a.interconnect, "nvlink");
            let network = if rdma == Some(true) { "infiniband" } else { "ethernet" };
            let mut gpus = need.max(t.gpus.unwrap_or(1.0));
            let mut instances;
            let mut scaling;
            loop {
                instances = (gpus / o.gpu_count).ceil();
                let total = instances * o.gpu_count;
                scaling = scaling_range(total, o.gpu_count, nvlink, network).expected;
                let hours = base_gpu_hours / (total * scaling) * (1.0 + i.overhead);
                match i.deadline_hours {
                    Some(d) if hours > d && total < MAX_TRAINING_GPUS && instances > 1.0 && rdma != Some(true) => {
                        return Err(exclude("deadline", &[("deadlineHours", d), ("needsRdma", 1.0)]));
                    }
                    Some(d) if hours > d && total < MAX_TRAINING_GPUS => gpus = (total * (hours / d).max(1.05)).ceil(),
                    Some(d) if hours > d => {
                        return Err(exclude("deadline", &[("deadlineHours", d), ("gpus", total)]));
                    }
                    _ => break,
                }
            }
            let total = instances * o.gpu_count;
            // Model states shard over the GPUs used (ZeRO stage ≥ 1/2/3); activations and overhead do not.
            let stage = t.zero_stage.unwrap_or(3);
            let shard = |s: u8| if stage >= s { total / e.gpus.max(1.0) } else { 1.0 };
            let per_gpu = e.memory.weights_gib / shard(3)
                + e.memory.gradients_gib / shard(2)
                + e.memory.optimizer_gib / shard(1)
                + e.memory.activations_gib
                + e.memory.overhead_gib;
            if per_gpu > mem(o) + 1e-9 {
                return Err(memory_short(per_gpu, o));
            }
            if instances > 1.0 {
                match rdma {
                    Some(false) => return Err(exclude("no-rdma", &[("instances", instances)])),
                    // Synchronous training waits for the slowest link: unknown networking is not enough.
                    None => return Err(exclude("rdma-unknown", &[("instances", instances)])),
                    Some(true) => {}
                }
            }
            let hours = base_gpu_hours / (total * scaling) * (1.0 + i.overhead);
            host_balance(o, per_gpu, &mut notices);
            capacity(total, &mut notices);
            Fit {
                instances,
                gpus: total,
                memory_needed_gib: per_gpu,
                hours,
                gpu_hours: hours * total,
                scaling_efficiency: scaling,
                layout: if instances > 1.0 {
                    Layout::MultiNode { rdma: rdma == Some(true) }
                } else {
                    Layout::OneInstance
                },
                peak_tflops: peak(a, precision) * total,
                ..base
            }
        }
        Workload::Inference(inf) => {
            whole_gpus(i)?;
            // The estimate says, in numbers, why the demand cannot be met on this accelerator.
            match e.compute.infeasible {
                Some(Infeasible::Ttft { best_ms, target_ms }) => {
                    return Err(exclude("latency", &[("ttftMs", best_ms), ("targetMs", target_ms)]))
                }
                Some(Infeasible::Itl { best_ms, target_ms }) => {
                    return Err(exclude("latency", &[("itlMs", best_ms), ("targetMs", target_ms)]))
                }
                Some(Infeasible::Memory { need_gib, gpus }) => {
                    return Err(exclude("memory", &[("needGib", need_gib), ("gpus", gpus), ("hasGib", mem(o))]))
                }
                None => {}
            }
            let per_replica = e.compute.gpus_per_replica.unwrap_or(1.0);
            if o.gpu_count < per_replica {
                return Err(exclude(
                    "tensor-parallel",
                    &[("gpusPerReplica", per_replica), ("hasGpus", o.gpu_count), ("memoryGib", mem(o))],
                ));
            }
            let replicas = e.compute.replicas.unwrap_or(1.0);
            let per_instance = (o.gpu_count / per_replica).floor().max(1.0);
            let instances = (replicas / per_instance).ceil().max(1.0);
            let hours = match inf.mode {
                crate::workload::InferenceMode::Online => i.service_hours,
                crate::workload::InferenceMode::Batch => {
                    let per_day =
                        e.compute.gpu_hours.map_or(24.0, |h| h.expected) / (instances * per_instance * per_replica);
                    per_day.min(24.0) * i.service_hours / 24.0 * (1.0 + i.overhead)
                }
            };
            Fit {
                instances,
                gpus: instances * o.gpu_count,
                hours,
                gpu_hours: hours * instances * o.gpu_count,
                layout: Layout::Replicas { gpus_per_replica: per_replica },
                peak_tflops: peak(a, inf.precision.unwrap_or(Precision::Bf16)) * instances * o.gpu_count,
                ..base
            }
        }
        Workload::Hpc(h) => {
            whole_gpus(i)?;
            let precision = h.precision.unwrap_or(Precision::Fp64);
            let fp64 = peak(a, precision);
            if precision == Precision::Fp64 && fp64 < STRONG_FP64_TFLOPS {
                return Err(exclude("weak-fp64", &[("fp64Tflops", fp64)]));
            }
            if h.memory_gib_per_job.unwrap_or(0.0) > mem(o) {
                return Err(memory_short(per_gpu_need, o));
            }
            spread_work(i, fp64, base)
        }
        Workload::Render(_) => {
            graphics(a)?;
            // A frame renders on one GPU: its memory, never the instance's sum.
            if per_gpu_need > per_gpu_memory(o) + 1e-9 {
                return Err(memory_short(per_gpu_need, o));
            }
            spread_work(i, a.fp32_tflops.unwrap_or(0.0), base)
        }
        Workload::Vdi(v) => {
            graphics(a)?;
            match roles::multi_user_vdi(&a.key) {
                Role::No => return Err(exclude("no-vgpu", &[])),
                Role::Unknown => notices.push("vgpu-unknown", &[]),
                Role::Yes => {}
            }
            let instance_memory = o.gpu_memory_gib.unwrap_or(0.0);
            let by_gpu = (instance_memory / v.profile_gib + 1e-9).floor();
            if by_gpu < 1.0 {
                return Err(exclude("memory", &[("instanceGib", instance_memory), ("profileGib", v.profile_gib)]));
            }
            // The host must run the desktops too: vCPUs and RAM per desktop bound the count.
            let host = e.host_per_desktop;
            let by_vcpus = match (o.vcpus, host) {
                (Some(have), Some(h)) => (have / h.vcpus + 1e-9).floor(),
                _ => f64::INFINITY,
            };
            let by_ram = match (o.memory_gib, host) {
                (Some(have), Some(h)) => (have / h.memory_gib + 1e-9).floor(),
                _ => f64::INFINITY,
            };
            let per_instance = by_gpu.min(by_vcpus).min(by_ram);
            if per_instance < 1.0 {
                let h = host.unwrap_or(crate::workload::HostDemand { vcpus: 0.0, memory_gib: 0.0 });
                return Err(exclude(
                    "host-too-small",
                    &[
                        ("vcpus", o.vcpus.unwrap_or(0.0)),
                        ("memoryGib", o.memory_gib.unwrap_or(0.0)),
                        ("desktopVcpus", h.vcpus),
                        ("desktopMemoryGib", h.memory_gib),
                    ],
                ));
            }
            let instances = (v.desktops / per_instance).ceil();
            // The demand's hours, checked once by the estimate.
            let hours = e.hours.unwrap_or(i.service_hours);
            Fit {
                memory_needed_gib: v.profile_gib,
                layout: Layout::Desktops { per_instance },
                ..sized(base, o, instances, hours, a.fp32_tflops.unwrap_or(0.0))
            }
        }
        Workload::Devtest(d) => {
            let need = d.min_gpu_memory_gib.unwrap_or(16.0);
            // A notebook's minimum is per GPU: four 12 GiB cards never hold a 16 GiB model.
            if per_gpu_memory(o) + 1e-9 < need {
                return Err(memory_short(need, o));
            }
            Fit {
                hours: e.hours.unwrap_or(d.hours_per_month),
                gpu_hours: e.hours.unwrap_or(d.hours_per_month) * o.gpu_count,
                memory_needed_gib: need,
                peak_tflops: peak(a, Precision::Bf16) * o.gpu_count,
                ..base
            }
        }
        Workload::Raw(r) => {
            let count = r.gpu_count.unwrap_or(1.0);
            let per_gpu = if o.gpu_count < 1.0 { o.gpu_memory_gib.unwrap_or(0.0) } else { mem(o) };
            if per_gpu + 1e-9 < r.gpu_memory_gib {
                return Err(exclude(
                    "memory",
                    &[
                        ("gpuCount", count),
                        ("needGib", r.gpu_memory_gib),
                        ("hasGpus", o.gpu_count),
                        ("hasGib", per_gpu),
                    ],
                ));
            }
            let precision = r.precision.unwrap_or(Precision::Bf16);
            if precision == Precision::Fp64 && peak(a, Precision::Fp64) < STRONG_FP64_TFLOPS {
                return Err(exclude("weak-fp64", &[("fp64Tflops", peak(a, Precision::Fp64))]));
            }
            if precision == Precision::Fp8 && a.fp8_tflops.is_none() {
                return Err(exclude("no-fp8", &[]));
            }
            let instances = (count / o.gpu_count).ceil().max(1.0);
            if instances > 1.0 && !r.spread {
                return Err(exclude("one-instance", &[("gpus", count), ("hasGpus", o.gpu_count)]));
            }
            let wants_rdma = r
                .interconnect
                .as_deref()
                .is_some_and(|n| ["infiniband", "rdma", "roce"].iter().any(|x| n.trim().eq_ignore_ascii_case(x)));
            if instances > 1.0 && wants_rdma && facts::rdma(o) != Some(true) {
                return Err(exclude("no-rdma", &[("gpus", count), ("instances", instances)]));
            }
            if instances > 1.0 && !wants_rdma {
                notices.push("separate-instances", &[("gpus", count), ("instances", instances)]);
            }
            let layout = if instances > 1.0 {
                Layout::MultiNode { rdma: facts::rdma(o) == Some(true) }
            } else {
                Layout::OneInstance
            };
            let hours = r.hours.unwrap_or(1.0) * (1.0 + i.overhead);
            Fit {
                memory_needed_gib: r.gpu_memory_gib,
                memory_per_gpu_gib: per_gpu,
                layout,
                ..sized(base, o, instances, hours, peak(a, precision))
            }
        }
    };
    if let Some(d) = i.deadline_hours {
        if f.hours > d {
            return Err(exclude("deadline", &[("hours", f.hours), ("deadlineHours", d)]));
        }
    }
    f.notices = notices;
    Ok(f)
}

/// Independent jobs or frames: the estimate's GPU-hours spread over the
/// offer's GPUs, with as many instances as the deadline needs.
fn spread_work(i: &FitInput, tflops_per_gpu: f64, base: Fit) -> Fit {
    let gpus_per_instance = i.offer.gpu_count;
    let work = i.estimate.compute.gpu_hours.map_or(0.0, |h| h.expected);
    let instances = instances_for_deadline(work, gpus_per_instance, i.overhead, i.deadline_hours);
    let hours = work / (instances * gpus_per_instance) * (1.0 + i.overhead);
    sized(base, i.offer, instances, hours, tflops_per_gpu)
}

/// `instances` instances of the offer, each running `hours`.
fn sized(base: Fit, offer: &Offer, instances: f64, hours: f64, tflops_per_gpu: f64) -> Fit {
    let gpus = instances * offer.gpu_count;
    Fit { instances, gpus, hours, gpu_hours: hours * gpus, peak_tflops: tflops_per_gpu * gpus, ..base }
}

/// Memory one GPU of the offer gives a workload: the device's, or a vGPU slice's share.
fn per_gpu_memory(o: &Offer) -> f64 {
    if o.gpu_count >= 1.0 {
        mem(o)
    } else {
        o.gpu_memory_gib.unwrap_or(0.0)
    }
}

fn memory_short(need: f64, o: &Offer) -> Exclusion {
    exclude("memory", &[("needGib", need), ("hasGib", per_gpu_memory(o))])
}

/// More GPUs than this in one region at once is rarely available on demand (assumed).
pub const LARGE_REQUEST_GPUS: f64 = 512.0;

/// Warns when a request is larger than a region plausibly has free on demand.
fn capacity(gpus: f64, notices: &mut Notices) {
    if gpus > LARGE_REQUEST_GPUS {
        notices.push("large-request", &[("gpus", gpus)]);
    }
}

/// Warns when the host may starve the GPUs of data: fewer than 4 vCPUs per GPU,
/// or less host RAM than the GPU memory in use.
fn host_balance(o: &Offer, gpu_need: f64, notices: &mut Notices) {
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
