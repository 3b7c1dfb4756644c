//! The words of every code, in English and Simplified Chinese, written from a
//! code and its numbers only for what an answer returns. The page may render
//! its own from the same `code` and `params`.

use super::facts::{Compliance, Status};
use super::fit::Fit;
use super::outcome::{Exclusion, Layout, Notice};
use crate::catalog::query::JurisdictionName;
use crate::catalog::schema::Accelerator;
use crate::catalog::user::Entry;

/// A number for a sentence: whole numbers plain, others to two decimals at
/// most, never a raw float ("16.650000000000002").
pub fn num(v: f64) -> String {
    if !v.is_finite() {
        return "—".into();
    }
    if (v - v.round()).abs() < 1e-9 {
        // A whole number as an integer: the same text as `{v:.0}` without the
        // exact float formatting (about 4% of the page's keystroke call natively,
        // docs/PERFORMANCE.md, round 23). Zero keeps its sign ("-0") that way.
        return if (0.5..9e15).contains(&v.abs()) { (v.round() as i64).to_string() } else { format!("{v:.0}") };
    }
    let digits = if v.abs() >= 100.0 {
        0
    } else if v.abs() >= 10.0 {
        1
    } else {
        2
    };
    let text = format!("{v:.digits$}");
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    }
}

/// US dollars, with thousands separators: `$25,477` or `$9.83`.
pub fn usd(v: f64) -> String {
    if !v.is_finite() {
        return "—".into();
    }
    if v.abs() >= 100.0 {
        let whole = format!("{:.0}", v.abs());
        let mut grouped = String::new();
        for (i, c) in whole.chars().enumerate() {
            if i > 0 && (whole.len() - i) % 3 == 0 {
                grouped.push(',');
            }
            grouped.push(c);
        }
        format!("{}${grouped}", if v < 0.0 { "-" } else { "" })
    } else {
        format!("${v:.2}")
    }
}

/// A duration in one unit system: hours below two days, days above.
pub fn duration(hours: f64) -> (String, String) {
    if hours >= 48.0 {
        (format!("{} days", num(hours / 24.0)), format!("{} 天", num(hours / 24.0)))
    } else {
        (format!("{} h", num(hours)), format!("{} 小时", num(hours)))
    }
}

/// Why an offer is left out, in en and zh. `specs_error` is the estimate's
/// message for code `specs`; `jurisdictions_asked` the request's distinct
/// jurisdictions (resolved once per request: a reason never walks the list
/// as sent, which may hold 100,000 copies of one name).
pub fn excluded(
    x: &Exclusion,
    e: &Entry,
    a: Option<&Accelerator>,
    jurisdictions_asked: &[JurisdictionName],
    specs_error: Option<&str>,
) -> (String, String) {
    let p = &x.params;
    let o = e.offer;
    let key = a.map_or("?", |a| &*a.key);
    let instance = &*o.instance;
    let region = e.catalog.region_of(o).map_or("", |g| &*g.id);
    let n = |name: &str| num(p.num(name));
    match x.code {
        // Counts, never the lists: every reason would repeat a list of any length.
        "provider" => {
            let count = n("asked");
            (
                format!("provider {} is not among the {count} provider(s) asked for", o.provider),
                format!("服务商 {} 不在所选的 {count} 个服务商内", o.provider),
            )
        }
        "region" => {
            let count = n("asked");
            (
                format!("region {region} is not among the {count} region(s) asked for"),
                format!("区域 {region} 不在所选的 {count} 个区域内"),
            )
        }
        "jurisdiction" => {
            // At most six distinct names, whatever the list's length.
            let want: Vec<String> = jurisdictions_asked.iter().map(|j| format!("{j:?}").to_uppercase()).collect();
            (
                format!("region {region} is outside {}", want.join("/")),
                format!("区域 {region} 不在 {} 范围内", want.join("/")),
            )
        }
        "accelerator" => {
            (format!("{key} is not among the accelerators asked for"), format!("{key} 不在所选加速器内"))
        }
        "vendor" => {
            let vendor = a.map_or("?", |a| &*a.vendor);
            (format!("{key} is made by {vendor}"), format!("{key} 的厂商为 {vendor}"))
        }
        "software-stack" => {
            let stack = a.map_or("?", super::facts::stack);
            (format!("{key} needs {stack}"), format!("{key} 需要 {stack}"))
        }
        "compliance" if p.get("residency").is_some() => (
            format!("GDPR residency: region {region} is outside the EU/EEA"),
            format!("GDPR 数据驻留：区域 {region} 不在欧盟/欧洲经济区"),
        ),
        "compliance" => {
            let rule = Compliance::ALL.get(p.num("rule") as usize).map_or("?", |k| k.name());
            let status = Status::ALL.get(p.num("status") as usize).copied().unwrap_or(Status::Unknown);
            let status_zh = if status == Status::Listed { "仅见于二手来源" } else { "未知（数据中没有）" };
            (
                format!("{rule}: {} for {}", status.describe(), o.provider),
                format!("{rule}：{} 的状态为{status_zh}", o.provider),
            )
        }
        "retired" => {
            let row = e.retirement.and_then(crate::catalog::retirement::OnDay::retirement);
            let (date, source) = row.map_or(("?", ""), |r| (r.retires_on.as_str(), r.source.as_str()));
            (
                format!("{} retired {instance} on {date}: it can no longer be run ({source})", o.provider),
                format!("{} 已于 {date} 停用 {instance}，无法再创建或运行（{source}）", o.provider),
            )
        }
        "doubtful-price" => {
            let why = e
                .catalog
                .flags_of(o)
                .find(|f| f.code == "doubtful-price" || f.code == "placeholder-price")
                .map_or(String::new(), |f| f.message.to_string());
            (
                format!("its price in our data is doubtful, so it is not ranked: {why}"),
                "数据中的价格存疑，不参与排名".into(),
            )
        }
        "confidential" => (
            format!("{instance} is not a confidential-computing GPU size"),
            format!("{instance} 不是机密计算 GPU 规格"),
        ),
        "bare-metal" => (format!("{instance} is virtualized, not bare metal"), format!("{instance} 为虚拟机，非裸金属")),
        "no-desktop-hosting" => (
            format!("{} cannot host virtual desktops (no vGPU-licensed hypervisor, Windows multi-session or desktop protocol; data/provider_capabilities.csv)", o.provider),
            format!("{} 无法托管虚拟桌面（没有 vGPU 许可的虚拟化、Windows 多会话或桌面协议）", o.provider),
        ),
        "users-too-far" => (
            format!("region {region} is about {} ms round trip from the users, above the {} ms a remote desktop tolerates", n("rttMs"), n("limitMs")),
            format!("区域 {region} 到用户的往返时延约 {} 毫秒，超过远程桌面可接受的 {} 毫秒", n("rttMs"), n("limitMs")),
        ),
        "specs" => {
            let why = specs_error.unwrap_or("");
            // The engine's reason is English only: the Chinese says what is missing without it.
            (format!("{key}: {why}"), format!("{key}：规格数据不足，无法估算"))
        }
        "price-unknown" => {
            ("no on-demand price in our data (price unknown)".into(), "数据中没有按需价格（价格未知）".into())
        }
        "budget" => {
            let (cost, budget) = (usd(p.num("costUsd")), usd(p.num("budgetUsd")));
            (format!("costs {cost}, above the {budget} budget"), format!("费用 {cost}，超出 {budget} 预算"))
        }
        "fractional-gpu" => (
            format!("a {} share of one GPU (vGPU slice) is for graphics and light work", n("gpuShare")),
            format!("仅为 {} 块 GPU（vGPU 切片），适合图形与轻量负载", n("gpuShare")),
        ),
        "no-graphics" => (
            format!("{key} is compute-only: no graphics or virtual-workstation support"),
            format!("{key} 为纯计算卡，不支持图形或虚拟工作站"),
        ),
        "graphics-unknown" => (format!("graphics support of {key} is not known"), format!("{key} 是否支持图形未知")),
        "no-fp8" => (format!("{key} has no FP8 units"), format!("{key} 不支持 FP8")),
        "no-nf4" => {
            let (en, zh) = crate::workload::kinds::training::NO_NF4_BASE;
            (format!("{key}: {en}"), format!("{key}：{zh}"))
        }
        "no-ml-stack" => (
            format!("{key} as this cloud offers it runs no PyTorch or LLM serving engine (no supported ROCm or CUDA stack)"),
            format!("{key} 在该云上的形态无法运行 PyTorch 或大模型推理引擎（没有受支持的 ROCm 或 CUDA 软件栈）"),
        ),
        "inference-only" => (
            format!("{key} is an inference accelerator: it does not run training"),
            format!("{key} 是推理芯片，不能用于训练"),
        ),
        "memory" if p.get("activationsGib").is_some() => (
            format!("activations alone ({} GiB) exceed {key}'s {} GiB", n("activationsGib"), n("hasGib")),
            format!("仅激活值（{} GiB）就超过 {key} 的 {} GiB 显存", n("activationsGib"), n("hasGib")),
        ),
        "memory" if p.get("profileGib").is_some() => (
            format!("{} GiB of GPU memory is less than one {} GiB desktop", n("instanceGib"), n("profileGib")),
            format!("{} GiB 显存不足一个 {} GiB 桌面", n("instanceGib"), n("profileGib")),
        ),
        "memory" if p.get("gpuCount").is_some() => (
            format!("needs {} × {} GB, has {} × {} GB", n("gpuCount"), n("needGib"), n("hasGpus"), n("hasGib")),
            format!("需要 {} × {} GB，实际为 {} × {} GB", n("gpuCount"), n("needGib"), n("hasGpus"), n("hasGib")),
        ),
        "memory" if p.get("gpus").is_some() => (
            format!("{} GiB of weights and cache do not fit {} × {key}", n("needGib"), n("gpus")),
            format!("{} GiB 的权重与缓存无法放入 {} 块 {key}", n("needGib"), n("gpus")),
        ),
        "memory" => (
            format!("needs {} GiB per GPU, {instance} has {} GiB per GPU ({key})", n("needGib"), n("hasGib")),
            format!("每卡需要 {} GiB 显存，{instance} 每卡仅有 {} GiB（{key}）", n("needGib"), n("hasGib")),
        ),
        "deadline" if p.get("needsRdma").is_some() => (
            format!(
                "finishing in {} h needs several instances, and {instance} has no InfiniBand/RDMA networking",
                n("deadlineHours")
            ),
            format!("要在 {} 小时内完成需多台实例，而 {instance} 没有 InfiniBand/RDMA 网络", n("deadlineHours")),
        ),
        "deadline" if p.get("gpus").is_some() => (
            format!("cannot finish within {} h even on {} GPUs", n("deadlineHours"), n("gpus")),
            format!("即使用 {} 块 GPU 也无法在 {} 小时内完成", n("gpus"), n("deadlineHours")),
        ),
        "deadline" => (
            format!("takes {} h, beyond the {} h deadline", n("hours"), n("deadlineHours")),
            format!("需 {} 小时，超出 {} 小时期限", n("hours"), n("deadlineHours")),
        ),
        "no-rdma" if p.get("gpus").is_some() => (
            format!(
                "{} GPUs need {} instances joined by InfiniBand/RDMA, which {instance} lacks or does not state",
                n("gpus"),
                n("instances")
            ),
            format!("{} 块 GPU 需 {} 台实例以 InfiniBand/RDMA 互联，{instance} 不具备或未说明", n("gpus"), n("instances")),
        ),
        "no-rdma" => (
            format!(
                "needs {} instances, and multi-node training needs InfiniBand/RDMA-class networking, which {instance} lacks",
                n("instances")
            ),
            format!("需要 {} 台实例，多节点训练需要 InfiniBand/RDMA 级网络，而 {instance} 没有", n("instances")),
        ),
        "rdma-unknown" => (
            format!(
                "needs {} instances, and our data does not say that {instance} has the InfiniBand/RDMA-class networking synchronous multi-node training needs",
                n("instances")
            ),
            format!(
                "需要 {} 台实例，但数据未表明 {instance} 具备同步多节点训练所需的 InfiniBand/RDMA 级网络",
                n("instances")
            ),
        ),
        "latency" if p.get("ttftMs").is_some() => (
            format!(
                "time to first token is {} ms on the largest {key} replica {instance} holds, with one request; the target is {} ms",
                n("ttftMs"),
                n("targetMs")
            ),
            format!(
                "{instance} 可容纳的最大 {key} 副本处理单个请求，首个 token 也需 {} 毫秒；目标为 {} 毫秒",
                n("ttftMs"),
                n("targetMs")
            ),
        ),
        "latency" => (
            format!(
                "time per output token is {} ms on the largest {key} replica {instance} holds, at batch 1; the target is {} ms",
                n("itlMs"),
                n("targetMs")
            ),
            format!(
                "{instance} 可容纳的最大 {key} 副本在批量为 1 时，每个输出 token 也需 {} 毫秒；目标为 {} 毫秒",
                n("itlMs"),
                n("targetMs")
            ),
        ),
        "itl-floor" => (
            format!(
                "a {} ms per-token target is below the bandwidth floor of {} ms on {} × {key} (every weight a token reads, of a mixture of experts only the experts it is routed to, once over the GPUs' memory bandwidth); no batch size or engine decodes faster",
                n("targetMs"),
                n("floorMs"),
                n("gpusPerReplica")
            ),
            format!(
                "每 token {} 毫秒的目标低于 {} × {key} 的带宽下限 {} 毫秒（每个 token 都要经显存带宽读一遍它用到的权重；混合专家模型只计它被路由到的专家），任何批量或推理引擎都无法更快",
                n("targetMs"),
                n("gpusPerReplica"),
                n("floorMs")
            ),
        ),
        "tensor-parallel" => (
            format!(
                "needs {} × {} GiB in one instance for tensor parallelism; {instance} has {} × {} GiB",
                n("gpusPerReplica"),
                n("memoryGib"),
                n("hasGpus"),
                n("memoryGib")
            ),
            format!(
                "张量并行需在单实例内有 {} 块 {} GiB GPU；{instance} 仅有 {} 块",
                n("gpusPerReplica"),
                n("memoryGib"),
                n("hasGpus")
            ),
        ),
        "weak-fp64" => (
            format!("{key} has weak FP64 ({} TFLOPS): consumer-class double precision", n("fp64Tflops")),
            format!("{key} 的 FP64 性能弱（{} TFLOPS），属消费级双精度", n("fp64Tflops")),
        ),
        "no-vgpu" => (
            format!("{key} is a consumer GPU: no vGPU sharing, and its driver licence excludes data-centre desktops"),
            format!("{key} 为消费级 GPU：不支持 vGPU 共享，其驱动许可不允许数据中心桌面使用"),
        ),
        "host-too-small" => (
            format!(
                "{instance} has {} vCPUs and {} GiB RAM, less than one desktop's {} vCPUs and {} GiB",
                n("vcpus"),
                n("memoryGib"),
                n("desktopVcpus"),
                n("desktopMemoryGib")
            ),
            format!(
                "{instance} 仅有 {} 个 vCPU 和 {} GiB 内存，不足一个桌面所需的 {} 个 vCPU 和 {} GiB",
                n("vcpus"),
                n("memoryGib"),
                n("desktopVcpus"),
                n("desktopMemoryGib")
            ),
        ),
        "one-instance" => (
            format!(
                "{} GPUs in one instance were asked for; {instance} has {} (allow spreading to combine instances)",
                n("gpus"),
                n("hasGpus")
            ),
            format!("要求单实例 {} 块 GPU；{instance} 只有 {} 块（允许分散可组合多台实例）", n("gpus"), n("hasGpus")),
        ),
        other => (format!("not suitable ({other})"), format!("不适用（{other}）")),
    }
}

/// A caution about a kept offer, in en and zh.
pub fn notice(x: &Notice, key: &str) -> (String, String) {
    let p = &x.params;
    let n = |name: &str| num(p.num(name));
    match x.code {
        "few-vcpus" => (
            format!("{} vCPU per GPU may starve the GPUs of data", n("vcpusPerGpu")),
            format!("每块 GPU 仅 {} 个 vCPU，数据供给可能不足", n("vcpusPerGpu")),
        ),
        "little-host-ram" => (
            format!("{} GiB host RAM per GPU is less than the {} GiB each GPU holds", n("hostGibPerGpu"), n("gpuGib")),
            format!("每块 GPU 对应的主机内存 {} GiB 少于每卡 {} GiB 的显存占用", n("hostGibPerGpu"), n("gpuGib")),
        ),
        "large-request" => (
            format!(
                "{} GPUs at once: on-demand capacity at this scale is rarely free in one region; reserve capacity first",
                n("gpus")
            ),
            format!("同时需要 {} 块 GPU：单个区域很少有这么多按需容量，请先预留容量", n("gpus")),
        ),
        "vgpu-unknown" => (
            format!("whether {key} supports vGPU desktop sharing is not in our data"),
            format!("数据中没有 {key} 是否支持 vGPU 桌面共享的信息"),
        ),
        "job-spans-instances" => (
            format!(
                "each job spans {} GPUs over {} instances with no InfiniBand/RDMA stated: its exchanges cross ordinary networking, counted in the time at Ethernet's bandwidth and latency",
                n("gpusPerJob"),
                n("instances")
            ),
            format!(
                "每个作业跨 {} 台实例使用 {} 块 GPU，而未标明 InfiniBand/RDMA：其数据交换走普通网络，时间已按以太网的带宽和延迟计入",
                n("instances"),
                n("gpusPerJob")
            ),
        ),
        "halo-exchange" => {
            let share = num((1.0 - p.num("scalingEfficiency")) * 100.0);
            (
                format!(
                    "each job's exchanges between its {} GPUs take {share}% of its time (scaling efficiency {}: every step sends its blocks' faces and joins a reduction, not overlapped with compute)",
                    n("gpusPerJob"),
                    n("scalingEfficiency")
                ),
                format!(
                    "每个作业在其 {} 块 GPU 之间的数据交换占其时间的 {share}%（扩展效率 {}：每一步发送各块的边界面并参与一次归约，未与计算重叠）",
                    n("gpusPerJob"),
                    n("scalingEfficiency")
                ),
            )
        }
        "separate-instances" => (
            format!(
                "the {} GPUs sit in {} separate instances, with no NVLink between them; set the interconnect if they must talk",
                n("gpus"),
                n("instances")
            ),
            format!("{} 块 GPU 分布在 {} 台独立实例中，彼此没有 NVLink；若需互联请指定 interconnect", n("gpus"), n("instances")),
        ),
        other => (other.to_string(), other.to_string()),
    }
}

/// "GPU" for one, "GPUs" for any other count.
fn gpus_word(count: f64) -> &'static str {
    if count == 1.0 {
        "GPU"
    } else {
        "GPUs"
    }
}

/// How the GPUs of a fit talk, in a few words (English, Chinese).
pub fn layout(f: &Fit, a: &Accelerator, gpus_per_instance: f64) -> (String, String) {
    let ic = &a.interconnect;
    match f.layout {
        // One GPU talks to no other: its instance's links say nothing.
        Layout::OneInstance if f.gpus <= 1.0 && f.instances <= 1.0 => ("1 GPU".into(), "1 块 GPU".into()),
        Layout::OneInstance if f.gpus > gpus_per_instance - 1e-9 && f.instances <= 1.0 => {
            let n = num(f.gpus);
            (format!("{n} GPUs in one instance ({ic})"), format!("一个实例内 {n} 块 GPU（{ic}）"))
        }
        Layout::OneInstance => {
            let n = num(gpus_per_instance);
            (format!("{n} {} in one instance", gpus_word(gpus_per_instance)), format!("一个实例内 {n} 块 GPU"))
        }
        Layout::Apart => {
            let (instances, per) = (num(f.instances), num(gpus_per_instance));
            (
                format!(
                    "{instances} instances × {per} {}, each instance on its own frames or jobs: nothing crosses between them",
                    gpus_word(gpus_per_instance)
                ),
                format!("{instances} 个实例 × 每个 {per} 块 GPU，各实例处理各自的帧或作业：实例之间无数据往来"),
            )
        }
        Layout::MultiNode { rdma, fabric_gbit_per_s, nvlink_rack_gpus } => {
            let (instances, per) = (num(f.instances), num(gpus_per_instance));
            let (link, link_zh) = if rdma {
                ("InfiniBand/RDMA", "经 InfiniBand/RDMA 互连")
            } else {
                ("separate networking (no RDMA stated)", "各自联网（未标明 RDMA）")
            };
            let (rate, rate_zh) = fabric_gbit_per_s.map_or((String::new(), String::new()), |g| {
                (format!(", {} Gb/s per instance", num(g)), format!("，每实例 {} Gb/s", num(g)))
            });
            let Some(rack) = nvlink_rack_gpus else {
                return (
                    format!("{instances} instances × {per} {} over {link}{rate}", gpus_word(gpus_per_instance)),
                    format!("{instances} 个实例 × 每个 {per} 块 GPU，{link_zh}{rate_zh}"),
                );
            };
            if f.gpus <= rack + 1e-9 {
                let rack = num(rack);
                return (
                    format!(
                        "{instances} instances × {per} {} joined by NVLink ({ic}) within one {rack}-GPU rack",
                        gpus_word(gpus_per_instance)
                    ),
                    format!("{instances} 个实例 × 每个 {per} 块 GPU，同一 {rack} GPU 机架内经 NVLink（{ic}）互连"),
                );
            }
            let rack = num(rack);
            (
                format!(
                    "{instances} instances × {per} {}: NVLink ({ic}) within each {rack}-GPU rack, {link} between racks{rate}",
                    gpus_word(gpus_per_instance)
                ),
                format!("{instances} 个实例 × 每个 {per} 块 GPU：每个 {rack} GPU 机架内经 NVLink（{ic}），机架之间{link_zh}{rate_zh}"),
            )
        }
        // A replica over several instances of one NVLink domain (an NVL72 rack of 4-GPU VMs).
        Layout::Replicas { gpus_per_replica } if gpus_per_replica > gpus_per_instance + 1e-9 => {
            let (n, k) = (num(gpus_per_replica), num((gpus_per_replica / gpus_per_instance).ceil()));
            (
                format!("{n} GPUs per replica over {k} instances of one NVLink rack ({ic})"),
                format!("每个副本 {n} 块 GPU，跨同一 NVLink 机架内的 {k} 台实例（{ic}）"),
            )
        }
        Layout::Replicas { gpus_per_replica } if gpus_per_replica <= 1.0 => {
            ("1 GPU per replica: no tensor parallelism".into(), "每个副本 1 块 GPU：无需张量并行".into())
        }
        Layout::Replicas { gpus_per_replica } if attention_data_parallel(f) => {
            let n = num(gpus_per_replica);
            (
                format!("{n} GPUs per replica within the instance ({ic}): attention data-parallel, the experts spread over them"),
                format!("每个副本 {n} 块 GPU，同一实例内（{ic}）：注意力数据并行，专家分布于这些 GPU"),
            )
        }
        Layout::Replicas { gpus_per_replica } => {
            let n = num(gpus_per_replica);
            (
                format!("{n} GPUs per replica, tensor parallel within the instance ({ic})"),
                format!("每个副本 {n} 块 GPU，实例内张量并行（{ic}）"),
            )
        }
        Layout::Desktops { per_instance } => {
            let n = num(per_instance);
            (format!("{n} desktop(s) per instance"), format!("每个实例 {n} 个桌面"))
        }
    }
}

/// Whether a serving fit's chosen replica gives each GPU a whole copy of the attention.
fn attention_data_parallel(f: &Fit) -> bool {
    f.serving
        .is_some_and(|s| s.chosen.attention_parallelism == crate::workload::perf::serving::AttentionParallelism::Data)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_as_a_person_writes_them() {
        assert_eq!(num(16.650000000000002), "16.7");
        assert_eq!(num(0.5458089668615985), "0.55");
        assert_eq!(num(8.0), "8");
        assert_eq!(num(123.456), "123");
        // Whole numbers take the integer path; the text is `{:.0}`'s for every one of them.
        for v in [1.0, 7.9999999999, -3.0, 1e15 - 1.0, 12_345_678.0, 0.0, -0.0, 0.3e-9, -0.3e-9, 1e17, 9e15] {
            assert_eq!(num(v), format!("{v:.0}"), "{v}");
        }
        assert_eq!(usd(25_477.2), "$25,477");
        assert_eq!(usd(9.831), "$9.83");
        assert_eq!(duration(8.973).0, "8.97 h");
        assert_eq!(duration(52.7).0, "2.2 days");
    }
}
