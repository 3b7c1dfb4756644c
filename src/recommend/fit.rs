//! Demand × offer → how many instances, how long, or why it cannot work.

use super::facts;
use super::roles::{self, Role};
use crate::catalog::schema::{Accelerator, Offer};
use crate::workload::compute::scaling_efficiency;
use crate::workload::precision::Precision;
use crate::workload::{EstimateResponse, Workload};
use serde::Serialize;

/// How an offer meets the demand.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
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
    /// How the GPUs talk: one node over NVLink/PCIe, or several over RDMA.
    pub interconnect: String,
    /// Dense TFLOPS of all GPUs at the workload's precision (for ranking by speed).
    pub peak_tflops: f64,
    pub warnings: Vec<String>,
    pub warnings_zh: Vec<String>,
}

/// Why an offer cannot serve the demand: a stable code and a sentence in en and zh.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Exclusion {
    pub code: &'static str,
    pub reason: String,
    pub reason_zh: String,
}

pub fn exclude(code: &'static str, reason: String, reason_zh: String) -> Exclusion {
    Exclusion { code, reason, reason_zh }
}

/// FP64 below this is consumer-class (1/32–1/64 of FP32): unsuited to FP64 work.
pub const STRONG_FP64_TFLOPS: f64 = 2.0;
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
        return Err(exclude(
            "fractional-gpu",
            format!("a {:.2} share of one GPU (vGPU slice) is for graphics and light work", i.offer.gpu_count),
            format!("仅为 {:.2} 块 GPU（vGPU 切片），适合图形与轻量负载", i.offer.gpu_count),
        ));
    }
    Ok(())
}

fn graphics(a: &Accelerator) -> Result<(), Exclusion> {
    match a.graphics {
        Some(true) => Ok(()),
        Some(false) => Err(exclude(
            "no-graphics",
            format!("{} is compute-only: no graphics or virtual-workstation support", a.key),
            format!("{} 为纯计算卡，不支持图形或虚拟工作站", a.key),
        )),
        None => Err(exclude(
            "graphics-unknown",
            format!("graphics support of {} is not known", a.key),
            format!("{} 是否支持图形未知", a.key),
        )),
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
    let mut warnings = Vec::new();
    let mut warnings_zh = Vec::new();
    let per_gpu_need = e.memory.total_gib;
    let base = Fit {
        instances: 1.0,
        gpus: o.gpu_count,
        hours: 0.0,
        gpu_hours: 0.0,
        memory_needed_gib: per_gpu_need,
        memory_per_gpu_gib: mem(o),
        scaling_efficiency: 1.0,
        interconnect: format!("{} GPU(s) in one instance", o.gpu_count),
        peak_tflops: 0.0,
        warnings: Vec::new(),
        warnings_zh: Vec::new(),
    };
    let mut f = match i.workload {
        Workload::Pretrain(t) | Workload::Finetune(t) => {
            whole_gpus(i)?;
            if !roles::trains(&a.key) {
                return Err(exclude(
                    "inference-only",
                    format!("{} is an inference accelerator: it does not run training", a.key),
                    format!("{} 是推理芯片，不能用于训练", a.key),
                ));
            }
            let precision = t.precision.unwrap_or(Precision::Bf16);
            if precision == Precision::Fp8 && a.fp8_tflops.is_none() {
                return Err(exclude("no-fp8", format!("{} has no FP8 units", a.key), format!("{} 不支持 FP8", a.key)));
            }
            let need = e.compute.gpus_needed.unwrap_or(1.0);
            if !need.is_finite() {
                return Err(exclude(
                    "memory",
                    format!(
                        "activations alone ({:.0} GiB) exceed {}'s {} GiB",
                        e.memory.activations_gib,
                        a.key,
                        mem(o)
                    ),
                    format!("仅激活值（{:.0} GiB）就超过 {} 的 {} GiB 显存", e.memory.activations_gib, a.key, mem(o)),
                ));
            }
            // GPU-hours at perfect scaling: this offer's cluster applies its own loss, once.
            let base_gpu_hours = e.compute.ideal_gpu_hours.or(e.compute.gpu_hours).map_or(0.0, |h| h.expected);
            let rdma = facts::rdma(o);
            let nvlink = a.interconnect.to_ascii_lowercase().contains("nvlink");
            let network = if rdma == Some(true) { "infiniband" } else { "ethernet" };
            let mut gpus = need.max(t.gpus.unwrap_or(1.0));
            let mut instances;
            let mut scaling;
            loop {
                instances = (gpus / o.gpu_count).ceil();
                let total = instances * o.gpu_count;
                scaling = scaling_efficiency(total, o.gpu_count, nvlink, network).0;
                let hours = base_gpu_hours / (total * scaling) * (1.0 + i.overhead);
                match i.deadline_hours {
                    Some(d) if hours > d && total < MAX_TRAINING_GPUS && instances > 1.0 && rdma != Some(true) => {
                        return Err(exclude(
                            "deadline",
                            format!(
                                "finishing in {d} h needs several instances, and {} has no InfiniBand/RDMA networking",
                                o.instance
                            ),
                            format!("要在 {d} 小时内完成需多台实例，而 {} 没有 InfiniBand/RDMA 网络", o.instance),
                        ));
                    }
                    Some(d) if hours > d && total < MAX_TRAINING_GPUS => gpus = (total * (hours / d).max(1.05)).ceil(),
                    Some(d) if hours > d => {
                        return Err(exclude(
                            "deadline",
                            format!("cannot finish within {d} h even on {total} GPUs"),
                            format!("即使用 {total} 块 GPU 也无法在 {d} 小时内完成"),
                        ));
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
                return Err(memory_short(per_gpu, o, a));
            }
            if instances > 1.0 {
                match rdma {
                    Some(false) => {
                        return Err(exclude(
                            "no-rdma",
                            format!("needs {instances} instances, and multi-node training needs InfiniBand/RDMA-class networking, which {} lacks", o.instance),
                            format!("需要 {instances} 台实例，多节点训练需要 InfiniBand/RDMA 级网络，而 {} 没有", o.instance),
                        ))
                    }
                    // Synchronous training waits for the slowest link: unknown networking is not enough.
                    None => {
                        return Err(exclude(
                            "rdma-unknown",
                            format!("needs {instances} instances, and our data does not say that {} has InfiniBand/RDMA-class networking, which synchronous multi-node training needs", o.instance),
                            format!("需要 {instances} 台实例，但数据未表明 {} 具备同步多节点训练所需的 InfiniBand/RDMA 级网络", o.instance),
                        ))
                    }
                    Some(true) => {}
                }
            }
            let hours = base_gpu_hours / (total * scaling) * (1.0 + i.overhead);
            host_balance(o, per_gpu, &mut warnings, &mut warnings_zh);
            capacity(total, &mut warnings, &mut warnings_zh);
            Fit {
                instances,
                gpus: total,
                memory_needed_gib: per_gpu,
                hours,
                gpu_hours: hours * total,
                scaling_efficiency: scaling,
                interconnect: if instances > 1.0 {
                    format!(
                        "{instances} instances × {} GPUs over {}",
                        o.gpu_count,
                        if rdma == Some(true) { "InfiniBand/RDMA" } else { "unknown networking" }
                    )
                } else {
                    format!("{total} GPUs in one instance ({})", a.interconnect)
                },
                peak_tflops: peak(a, precision) * total,
                ..base
            }
        }
        Workload::Inference(inf) => {
            whole_gpus(i)?;
            if e.compute.latency_feasible == Some(false) {
                let why =
                    e.notes.iter().find(|n| n.contains("target") || n.contains("fit")).cloned().unwrap_or_default();
                return Err(exclude(
                    "latency",
                    format!("cannot meet the target on {}: {why}", a.key),
                    format!("{} 无法达到目标：{why}", a.key),
                ));
            }
            let per_replica = e.compute.gpus_per_replica.unwrap_or(1.0);
            if o.gpu_count < per_replica {
                return Err(exclude(
                    "tensor-parallel",
                    format!(
                        "needs {per_replica} × {} GiB in one instance for tensor parallelism; {} has {} × {} GiB",
                        mem(o),
                        o.instance,
                        o.gpu_count,
                        mem(o)
                    ),
                    format!(
                        "张量并行需在单实例内有 {per_replica} 块 {} GiB GPU；{} 仅有 {} 块",
                        mem(o),
                        o.instance,
                        o.gpu_count
                    ),
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
                interconnect: format!(
                    "{per_replica} GPU(s) per replica, tensor parallel within the instance ({})",
                    a.interconnect
                ),
                peak_tflops: peak(a, inf.precision.unwrap_or(Precision::Bf16)) * instances * o.gpu_count,
                ..base
            }
        }
        Workload::Hpc(h) => {
            whole_gpus(i)?;
            let precision = h.precision.unwrap_or(Precision::Fp64);
            let fp64 = peak(a, precision);
            if precision == Precision::Fp64 && fp64 < STRONG_FP64_TFLOPS {
                return Err(exclude(
                    "weak-fp64",
                    format!("{} has weak FP64 ({fp64} TFLOPS): consumer-class double precision", a.key),
                    format!("{} 的 FP64 性能弱（{fp64} TFLOPS），属消费级双精度", a.key),
                ));
            }
            if h.memory_gib_per_job.unwrap_or(0.0) > mem(o) {
                return Err(memory_short(per_gpu_need, o, a));
            }
            spread_work(i, fp64, base)
        }
        Workload::Render(_) => {
            graphics(a)?;
            if per_gpu_need > o.gpu_memory_gib.unwrap_or(0.0) {
                return Err(memory_short(per_gpu_need, o, a));
            }
            spread_work(i, a.fp32_tflops.unwrap_or(0.0), base)
        }
        Workload::Vdi(v) => {
            graphics(a)?;
            match roles::multi_user_vdi(&a.key) {
                Role::No => {
                    return Err(exclude(
                        "no-vgpu",
                        format!(
                        "{} is a consumer GPU: no vGPU sharing, and its driver licence excludes data-centre desktops",
                        a.key
                    ),
                        format!("{} 为消费级 GPU：不支持 vGPU 共享，其驱动许可不允许数据中心桌面使用", a.key),
                    ))
                }
                Role::Unknown => {
                    warnings.push(format!("whether {} supports vGPU desktop sharing is not in our data", a.key));
                    warnings_zh.push(format!("数据中没有 {} 是否支持 vGPU 桌面共享的信息", a.key));
                }
                Role::Yes => {}
            }
            let instance_memory = o.gpu_memory_gib.unwrap_or(0.0);
            let by_gpu = (instance_memory / v.profile_gib + 1e-9).floor();
            if by_gpu < 1.0 {
                return Err(exclude(
                    "memory",
                    format!("{instance_memory} GiB of GPU memory is less than one {} GiB desktop", v.profile_gib),
                    format!("{instance_memory} GiB 显存不足一个 {} GiB 桌面", v.profile_gib),
                ));
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
                    format!(
                        "{} has {} vCPUs and {} GiB RAM, less than one desktop's {} vCPUs and {} GiB",
                        o.instance,
                        o.vcpus.unwrap_or(0.0),
                        o.memory_gib.unwrap_or(0.0),
                        h.vcpus,
                        h.memory_gib
                    ),
                    format!(
                        "{} 仅有 {} 个 vCPU 和 {} GiB 内存，不足一个桌面所需的 {} 个 vCPU 和 {} GiB",
                        o.instance,
                        o.vcpus.unwrap_or(0.0),
                        o.memory_gib.unwrap_or(0.0),
                        h.vcpus,
                        h.memory_gib
                    ),
                ));
            }
            let instances = (v.desktops / per_instance).ceil();
            // The demand's hours, checked once by the estimate.
            let hours = e.hours.unwrap_or(i.service_hours);
            Fit {
                memory_needed_gib: v.profile_gib,
                interconnect: format!("{per_instance} desktop(s) per instance"),
                ..sized(base, o, instances, hours, a.fp32_tflops.unwrap_or(0.0))
            }
        }
        Workload::Devtest(d) => {
            let need = d.min_gpu_memory_gib.unwrap_or(16.0);
            if o.gpu_memory_gib.unwrap_or(0.0) + 1e-9 < need {
                return Err(memory_short(need, o, a));
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
                    format!("needs {count} × {} GB, has {} × {} GB", r.gpu_memory_gib, o.gpu_count, per_gpu),
                    format!("需要 {count} × {} GB，实际为 {} × {} GB", r.gpu_memory_gib, o.gpu_count, per_gpu),
                ));
            }
            let precision = r.precision.unwrap_or(Precision::Bf16);
            if precision == Precision::Fp64 && peak(a, Precision::Fp64) < STRONG_FP64_TFLOPS {
                return Err(exclude(
                    "weak-fp64",
                    format!("{} has weak FP64", a.key),
                    format!("{} 的 FP64 性能弱", a.key),
                ));
            }
            if precision == Precision::Fp8 && a.fp8_tflops.is_none() {
                return Err(exclude("no-fp8", format!("{} has no FP8 units", a.key), format!("{} 不支持 FP8", a.key)));
            }
            let instances = (count / o.gpu_count).ceil().max(1.0);
            if instances > 1.0 && !r.spread {
                return Err(exclude(
                    "one-instance",
                    format!("{count} GPUs in one instance were asked for; {} has {}", o.instance, o.gpu_count),
                    format!("要求单实例 {count} 块 GPU；{} 只有 {} 块", o.instance, o.gpu_count),
                ));
            }
            let wants_rdma = r
                .interconnect
                .as_deref()
                .is_some_and(|n| ["infiniband", "rdma", "roce"].contains(&n.to_ascii_lowercase().as_str()));
            if instances > 1.0 && wants_rdma && facts::rdma(o) != Some(true) {
                return Err(exclude(
                    "no-rdma",
                    format!("{count} GPUs need {instances} instances joined by InfiniBand/RDMA, which {} lacks or does not state", o.instance),
                    format!("{count} 块 GPU 需 {instances} 台实例以 InfiniBand/RDMA 互联，{} 不具备或未说明", o.instance),
                ));
            }
            if instances > 1.0 && !wants_rdma {
                warnings.push(format!("the {count} GPUs sit in {instances} separate instances, with no NVLink between them; set the interconnect if they must talk"));
                warnings_zh.push(format!(
                    "{count} 块 GPU 分布在 {instances} 台独立实例中，彼此没有 NVLink；若需互联请指定 interconnect"
                ));
            }
            let hours = r.hours.unwrap_or(1.0) * (1.0 + i.overhead);
            Fit {
                memory_needed_gib: r.gpu_memory_gib,
                memory_per_gpu_gib: per_gpu,
                ..sized(base, o, instances, hours, peak(a, precision))
            }
        }
    };
    if let Some(d) = i.deadline_hours {
        if f.hours > d {
            return Err(exclude(
                "deadline",
                format!("takes {:.0} h, beyond the {d} h deadline", f.hours),
                format!("需 {:.0} 小时，超出 {d} 小时期限", f.hours),
            ));
        }
    }
    f.warnings.extend(warnings);
    f.warnings_zh.extend(warnings_zh);
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

fn memory_short(need: f64, o: &Offer, a: &Accelerator) -> Exclusion {
    let has = if o.gpu_count >= 1.0 { mem(o) } else { o.gpu_memory_gib.unwrap_or(0.0) };
    exclude(
        "memory",
        format!("needs {need:.0} GiB per GPU, {} has {has} GiB per GPU ({})", o.instance, a.key),
        format!("每卡需要 {need:.0} GiB 显存，{} 每卡仅有 {has} GiB（{}）", o.instance, a.key),
    )
}

/// More GPUs than this in one region at once is rarely available on demand (assumed).
pub const LARGE_REQUEST_GPUS: f64 = 512.0;

/// Warns when a request is larger than a region plausibly has free on demand.
fn capacity(gpus: f64, warnings: &mut Vec<String>, warnings_zh: &mut Vec<String>) {
    if gpus > LARGE_REQUEST_GPUS {
        warnings.push(format!(
            "{gpus:.0} GPUs at once: on-demand capacity at this scale is rarely free in one region; reserve capacity first"
        ));
        warnings_zh.push(format!("同时需要 {gpus:.0} 块 GPU：单个区域很少有这么多按需容量，请先预留容量"));
    }
}

/// Warns when the host may starve the GPUs of data: fewer than 4 vCPUs per GPU,
/// or less host RAM than the GPU memory in use.
fn host_balance(o: &Offer, gpu_need: f64, warnings: &mut Vec<String>, warnings_zh: &mut Vec<String>) {
    if let Some(v) = o.vcpus {
        let per_gpu = v / o.gpu_count;
        if per_gpu < 4.0 {
            warnings.push(format!("{per_gpu:.0} vCPU per GPU may starve the GPUs of data"));
            warnings_zh.push(format!("每块 GPU 仅 {per_gpu:.0} 个 vCPU，数据供给可能不足"));
        }
    }
    if let Some(ram) = o.memory_gib {
        if ram / o.gpu_count < gpu_need {
            warnings.push(format!(
                "{:.0} GiB host RAM per GPU is less than the {gpu_need:.0} GiB each GPU holds",
                ram / o.gpu_count
            ));
            warnings_zh.push(format!(
                "每块 GPU 对应的主机内存 {:.0} GiB 少于每卡 {gpu_need:.0} GiB 的显存占用",
                ram / o.gpu_count
            ));
        }
    }
}
