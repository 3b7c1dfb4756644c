//! Words for the candidates returned: breakdown lines and warnings, each with
//! a stable `code`, numeric `params` (the page translates from these), and
//! English and Chinese text. Never called in the per-offer loop.

use super::licence::{DesktopLicence, Payer};
use super::{Breakdown, PlanFigure, PlanKind, PlanSet, Warnings};
use serde::Serialize;
use std::collections::BTreeMap;

/// One line of a breakdown or one warning.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
#[ts(rename = "CostLine")]
pub struct Line {
    pub code: &'static str,
    /// USD; `null` where the price is unknown (then it is not in the total).
    pub usd: Option<f64>,
    pub params: BTreeMap<&'static str, f64>,
    pub text: String,
    pub text_zh: String,
}

fn line(code: &'static str, usd: Option<f64>, params: &[(&'static str, f64)], text: String, text_zh: String) -> Line {
    Line { code, usd, params: params.iter().copied().collect(), text, text_zh }
}

/// A plan's cost as the API returns it.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct PlanCost {
    /// USD for the whole horizon (the job, or `months` of service).
    pub total: f64,
    /// Fleet cost per wall-clock hour: total ÷ hours; for a reservation
    /// longer than the work, per hour of the committed term.
    pub usd_per_hour: f64,
    /// Wall-clock hours to finish, or in service over the horizon.
    pub hours: f64,
    /// Services only: total ÷ months.
    pub usd_per_month: Option<f64>,
    pub gpu_hours_per_month: Option<f64>,
    /// Reserved: the share of committed hours above which it beats on-demand.
    pub break_even_utilization: Option<f64>,
    /// Reserved: the share of committed hours the load uses.
    pub commitment_utilization: Option<f64>,
    /// Reserved, steady service: months of service from which the reservation
    /// beats on-demand (`null`: it never does within its term, or a job).
    pub break_even_months: Option<f64>,
    /// Reserved: what is committed to, whatever the work uses of it.
    pub commitment: Option<Commitment>,
    pub breakdown: Vec<Line>,
}

/// A reservation as the commitment it is: billed for whole terms, whether or
/// not the work uses them.
#[derive(ts_rs::TS, Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Commitment {
    /// Calendar months billed (whole terms: 12 or 36, or a multiple).
    pub months: f64,
    /// USD paid for the reserved capacity over those months (compute, virtualization and idle lines).
    pub total_usd: f64,
    /// `totalUsd` ÷ `months`.
    pub usd_per_month: f64,
    /// Share of the committed instance-hours the work uses.
    pub share_used: Option<f64>,
}

/// How the blended plan serves the base and the peak.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
#[ts(rename = "Mix")]
pub struct MixView {
    pub base_plan: PlanKind,
    pub base_usd: f64,
    pub peak_plan: Option<PlanKind>,
    pub peak_usd: f64,
    pub text: String,
    pub text_zh: String,
}

/// `cost` of a candidate: every plan side by side and the one chosen.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct Costs {
    pub on_demand: Option<PlanCost>,
    pub reserved_1y: Option<PlanCost>,
    pub reserved_3y: Option<PlanCost>,
    pub spot: Option<PlanCost>,
    pub blended: Option<PlanCost>,
    /// The plan the ranking used (`best` resolved); `null` when no plan has a price.
    pub chosen: Option<PlanKind>,
    pub mix: Option<MixView>,
    pub warnings: Vec<Line>,
}

impl Costs {
    /// The plan the ranking used, with its cost.
    pub fn chosen_cost(&self) -> Option<(PlanKind, &PlanCost)> {
        let kind = self.chosen?;
        let cost = match kind {
            PlanKind::OnDemand => &self.on_demand,
            PlanKind::Reserved1y => &self.reserved_1y,
            PlanKind::Reserved3y => &self.reserved_3y,
            PlanKind::Spot => &self.spot,
            PlanKind::Blended | PlanKind::Best => &self.blended,
        };
        cost.as_ref().map(|c| (kind, c))
    }
}

pub fn plan_name(kind: PlanKind) -> (&'static str, &'static str) {
    match kind {
        PlanKind::OnDemand => ("on-demand", "按需"),
        PlanKind::Reserved1y => ("1-year reserved", "1 年预留"),
        PlanKind::Reserved3y => ("3-year reserved", "3 年预留"),
        PlanKind::Spot => ("spot", "竞价（Spot）"),
        PlanKind::Blended => ("blended", "混合"),
        PlanKind::Best => ("best", "最优"),
    }
}

fn breakdown_lines(b: &Breakdown, set: &PlanSet, overhead: f64) -> Vec<Line> {
    let w = set.warnings;
    let mut out =
        vec![line("compute", Some(b.compute), &[], "Compute: useful GPU time".into(), "计算：有效 GPU 时间".into())];
    let pct = overhead * 100.0;
    if b.virtualization > 0.0 {
        out.push(line(
            "virtualization",
            Some(b.virtualization),
            &[("pct", pct)],
            format!("Virtualization overhead: {pct:.0}% more run time than bare metal"),
            format!("虚拟化开销：运行时间比裸金属多 {pct:.0}%"),
        ));
    }
    if b.idle > 0.0 {
        out.push(line(
            "idle",
            Some(b.idle),
            &[],
            "Idle capacity: paid for but not used".into(),
            "闲置容量：已付费但未使用".into(),
        ));
    }
    if b.spot_recovery > 0.0 {
        let p = set.eviction_per_hour * 100.0;
        out.push(line(
            "spotRecovery",
            Some(b.spot_recovery),
            &[("evictionPctPerHour", p)],
            format!("Spot evictions ({p:.3}% per instance-hour): checkpoints, lost work and restarts"),
            format!("Spot 回收（每实例小时 {p:.3}%）：检查点、丢失的计算与重启"),
        ));
    }
    let unknown_or = |known: bool, usd: f64| if known { Some(usd) } else { None };
    if b.storage > 0.0 || w.has(Warnings::STORAGE_UNKNOWN) {
        out.push(line(
            "storage",
            unknown_or(!w.has(Warnings::STORAGE_UNKNOWN), b.storage),
            &[],
            "Storage (GB-months at the provider's list price)".into(),
            "存储（按云厂商标价计的 GB·月）".into(),
        ));
    }
    if b.egress > 0.0 || w.has(Warnings::EGRESS_UNKNOWN) {
        out.push(line(
            "egress",
            unknown_or(!w.has(Warnings::EGRESS_UNKNOWN), b.egress),
            &[],
            "Data egress to the internet, by the provider's tiers".into(),
            "公网出流量费用（按云厂商阶梯价）".into(),
        ));
    }
    if let Some(l) = set.licence {
        out.push(licence_line(&l, b.licence));
    }
    for (code, usd, en, zh) in [
        ("managed", b.managed, "Managed-service surcharge", "托管服务附加费"),
        ("staff", b.staff, "Staff time", "人工成本"),
        ("delay", b.delay, "Cost of finishing later than the fastest candidate", "比最快方案晚完成的代价"),
    ] {
        if usd > 0.0 {
            out.push(line(code, Some(usd), &[], en.into(), zh.into()));
        }
    }
    out
}

/// The vGPU licence of a shared GPU desktop answer: included, billed by the
/// provider, the customer's (per concurrent desktop) or unknown, in words.
fn licence_line(l: &DesktopLicence, usd: f64) -> Line {
    let n = l.desktops;
    let price = l.usd_per_desktop_month;
    let params = [("desktops", n), ("usdPerDesktopMonth", price.unwrap_or(0.0)), ("months", l.months)];
    let (text, text_zh) = match (l.payer, price) {
        (Payer::Included, _) => (
            "NVIDIA vGPU licence: included in the instance price (the provider's licensed GRID/RTX driver)".into(),
            "NVIDIA vGPU 许可：已包含在实例价格中（云厂商提供的已授权 NVIDIA 驱动）".into(),
        ),
        (Payer::Provider, _) => (
            "NVIDIA vGPU licence: billed by the provider beside the GPU price; the amount is not in our data, so it is not in the total".into(),
            "NVIDIA vGPU 许可：由云厂商在 GPU 价格之外另行计费；金额不在我们的数据中，因此未计入总价".into(),
        ),
        (Payer::Customer, Some(p)) => (
            format!(
                "NVIDIA RTX vWS licences you bring: {} concurrent desktops × ${p:.2} per desktop-month ({})",
                num(n),
                if l.quoted { "your quote" } else { "NVIDIA list price" }
            ),
            format!(
                "需自备的 NVIDIA RTX vWS 许可：{} 个并发桌面 × 每桌面每月 ${p:.2}（{}）",
                num(n),
                if l.quoted { "您的报价" } else { "NVIDIA 标价" }
            ),
        ),
        (Payer::Customer, None) => (
            format!(
                "NVIDIA RTX vWS licences you bring: {} concurrent desktops; no list price was found in a source read, so the amount is unknown and not in the total (enter your quote)",
                num(n)
            ),
            format!(
                "需自备的 NVIDIA RTX vWS 许可：{} 个并发桌面；所查资料中没有标价，金额未知，未计入总价（请填写您的报价）",
                num(n)
            ),
        ),
        (Payer::Unknown, _) => (
            "NVIDIA vGPU licence: whether this provider's price includes it is unknown in our data; not in the total".into(),
            "NVIDIA vGPU 许可：我们的数据中不知道该云厂商的价格是否包含此许可；未计入总价".into(),
        ),
    };
    let known = l.usd().map(|_| usd);
    line("vgpuLicence", known, &params, text, text_zh)
}

/// A count as written in the lines: whole numbers without decimals.
fn num(n: f64) -> String {
    if n.fract() == 0.0 {
        format!("{n:.0}")
    } else {
        format!("{n:.2}")
    }
}

fn plan_cost(f: &PlanFigure, set: &PlanSet, overhead: f64, lines: bool) -> PlanCost {
    PlanCost {
        total: f.total,
        usd_per_hour: f.usd_per_hour(),
        hours: f.hours,
        usd_per_month: set.usd_per_month(f),
        gpu_hours_per_month: set.gpu_hours_per_month(),
        break_even_utilization: f.break_even_utilization,
        commitment_utilization: f.commitment_utilization,
        break_even_months: f.break_even_months,
        commitment: f.committed_hours.filter(|h| *h > 0.0).map(|hours| {
            let b = &f.breakdown;
            let (paid, months) = (b.compute + b.virtualization + b.idle, hours / super::HOURS_PER_MONTH);
            Commitment { months, total_usd: paid, usd_per_month: paid / months, share_used: f.commitment_utilization }
        }),
        breakdown: if lines { breakdown_lines(&f.breakdown, set, overhead) } else { Vec::new() },
    }
}

/// Warnings as lines (no `usd`). An underused reservation is worth a warning
/// only when it is the plan chosen.
pub fn warnings(set: &PlanSet, chosen: Option<PlanKind>) -> Vec<Line> {
    let mut w = set.warnings;
    let underused = chosen
        .and_then(|k| set.get(k))
        .and_then(|f| Some(f.commitment_utilization? < f.break_even_utilization?))
        .unwrap_or(false);
    if !underused {
        w.0 &= !Warnings::RESERVED_UNDERUSED;
    }
    let p = set.eviction_per_hour * 100.0;
    let all: [(u16, &'static str, String, String); 9] = [
        (
            Warnings::SPOT_NOT_INTERRUPTIBLE,
            "spot-not-interruptible",
            "This work cannot be interrupted: spot instances can be evicted at any time, so spot is not offered as the best plan".into(),
            "该任务不能中断：Spot 实例随时可能被回收，因此不推荐 Spot".into(),
        ),
        (
            Warnings::SPOT_SYNCHRONOUS,
            "spot-synchronous",
            "Synchronous run over several hosts (nodes, or the hosts of one TPU slice) on spot: losing one stalls all of them, so spot is not chosen as the best plan unless you ask for it".into(),
            "跨多台主机（多个节点或一个 TPU 切片的多台主机）的同步任务使用 Spot：任一主机被回收，全部主机都会停滞，因此除非您指定，否则不选 Spot 作为最佳方案".into(),
        ),
        (
            Warnings::SPOT_DEFAULT_EVICTION,
            "spot-default-eviction",
            format!("No eviction rate is published for this offer: assumed {p:.3}% per instance-hour (20% a month, AWS's worst bucket)"),
            format!("该实例无公开的回收率：假定每实例小时 {p:.3}%（每月 20%，AWS 最高档）"),
        ),
        (
            Warnings::SPOT_INFEASIBLE,
            "spot-infeasible",
            "At this eviction rate more than half the run time would be lost: spot cannot finish this work".into(),
            "按此回收率将损失一半以上的运行时间：Spot 无法完成该任务".into(),
        ),
        (
            Warnings::RESERVED_UNDERUSED,
            "reserved-underused",
            "The load uses less of a reservation than its break-even utilization: reserving costs more than on-demand".into(),
            "负载对预留容量的利用率低于盈亏平衡点：预留比按需更贵".into(),
        ),
        (
            Warnings::STORAGE_UNKNOWN,
            "storage-unknown",
            "Storage prices for this provider are unknown: storage is not in the totals".into(),
            "该云厂商的存储价格未知：总价未包含存储".into(),
        ),
        (
            Warnings::EGRESS_UNKNOWN,
            "egress-unknown",
            "Egress prices for this provider or region are unknown: egress is not in the totals".into(),
            "该云厂商或区域的出流量价格未知：总价未包含出流量".into(),
        ),
        (
            Warnings::EGRESS_BEYOND_TIERS,
            "egress-beyond-tiers",
            "Egress above the last published tier is priced at that tier: an upper bound".into(),
            "超出已公开阶梯的出流量按最后一档计价：为上限估计".into(),
        ),
        (
            Warnings::LICENCE_UNKNOWN,
            "vgpu-licence-unknown",
            "The NVIDIA vGPU licence for these desktops is unknown here: it is not in the totals".into(),
            "这些桌面的 NVIDIA vGPU 许可费用未知：总价未包含该项".into(),
        ),
    ];
    all.into_iter()
        .filter(|(bit, ..)| w.has(*bit))
        .map(|(_, code, en, zh)| line(code, None, &[("evictionPctPerHour", p)], en, zh))
        .collect()
}

fn mix_view(set: &PlanSet) -> Option<MixView> {
    let m = set.mix?;
    let (base_en, base_zh) = plan_name(m.base_plan);
    let (text, text_zh) = match m.peak_plan {
        Some(peak) => {
            let (peak_en, peak_zh) = plan_name(peak);
            (
                format!(
                    "Base load on {base_en} (${:.0}), peak on {peak_en} (${:.0}), zero when idle",
                    m.base_usd, m.peak_usd
                ),
                format!(
                    "基础负载用{base_zh}（${:.0}），峰值用{peak_zh}（${:.0}），空闲时缩容到零",
                    m.base_usd, m.peak_usd
                ),
            )
        }
        None => (format!("All on {base_en} (${:.0})", m.base_usd), format!("全部使用{base_zh}（${:.0}）", m.base_usd)),
    };
    Some(MixView {
        base_plan: m.base_plan,
        base_usd: m.base_usd,
        peak_plan: m.peak_plan,
        peak_usd: m.peak_usd,
        text,
        text_zh,
    })
}

/// Every plan of one candidate, with its words. `plan` is the requested plan
/// (`best` is resolved); `overhead` the virtualization overhead used.
pub fn describe(set: &PlanSet, plan: PlanKind, overhead: f64) -> Costs {
    let costs = figures(set, plan, overhead, true);
    Costs { mix: mix_view(set), warnings: warnings(set, costs.chosen), ..costs }
}

/// Every plan's figures without their words: no breakdown lines, mix or
/// warnings (a results row's, whose reasons read the figures only); with
/// `lines`, the plans' breakdowns too.
pub fn figures(set: &PlanSet, plan: PlanKind, overhead: f64, lines: bool) -> Costs {
    let view = |f: Option<PlanFigure>| f.map(|f| plan_cost(&f, set, overhead, lines));
    Costs {
        on_demand: view(set.on_demand),
        reserved_1y: view(set.reserved_1y),
        reserved_3y: view(set.reserved_3y),
        spot: view(set.spot),
        blended: view(set.blended),
        chosen: set.chosen(plan).map(|(k, _)| k),
        mix: None,
        warnings: Vec::new(),
    }
}
