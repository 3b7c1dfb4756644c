//! Ranking, the cost/time Pareto front, the six-dimension scorecard (the
//! seeds' framework: demand fit, hardware, cloud offering, cost, software
//! ecosystem, security/compliance), reasons in en and zh, and the
//! proof-of-concept suggestion.

use super::answer::{Candidate, Dimension, ProofOfConcept, Scorecard, Scored};
use super::facts::{Compliance, Status};
use super::request::Rank;
use super::words;
use crate::catalog::query::JurisdictionName as Jurisdiction;
use crate::catalog::schema::ProviderFacts;
use crate::catalog::user::{offer_id, Entry};
use std::cmp::Ordering;

/// Best values among the candidates, to compare each one with, and the
/// answer's superlatives, computed once from the order shown: the first row
/// of the lowest cost is "cheapest", the first of the fewest hours "fastest";
/// no other row may claim either.
pub struct Context {
    pub count: usize,
    pub min_cost: f64,
    pub min_hours: f64,
    pub max_peak_per_gpu: f64,
    /// Positions in the ranked list.
    pub cheapest: Option<usize>,
    pub fastest: Option<usize>,
}

/// The position of the first lowest value, in list order.
fn first_min(c: &[Scored], f: impl Fn(&Scored) -> f64) -> Option<(usize, f64)> {
    let mut best: Option<(usize, f64)> = None;
    for (i, x) in c.iter().enumerate() {
        let v = f(x);
        if best.is_none_or(|(_, b)| v < b) {
            best = Some((i, v));
        }
    }
    best
}

impl Context {
    pub fn of(c: &[Scored]) -> Context {
        let cheapest = first_min(c, |x| x.total);
        let fastest = first_min(c, |x| x.hours);
        Context {
            count: c.len(),
            min_cost: cheapest.map_or(f64::INFINITY, |(_, v)| v),
            min_hours: fastest.map_or(f64::INFINITY, |(_, v)| v),
            max_peak_per_gpu: c.iter().map(|x| x.peak_tflops / x.gpus.max(1e-9)).fold(0.0, f64::max),
            cheapest: cheapest.map(|(i, _)| i),
            fastest: fastest.map(|(i, _)| i),
        }
    }
}

/// Data we trust less: a listing sampled from a marketplace, a source with no
/// date or an old one, a provider covered in part, specs that disagree.
pub const RANK_DOUBT_FLAGS: [&str; 6] =
    ["marketplace-sample", "undated", "stale", "partial-provider", "memory-mismatch", "placeholder-price"];
/// `rank: "risk-adjusted"` only: each doubt ranks an offer as if it cost 25%
/// more (an assumption, not data), so a doubtful offer must be clearly cheaper
/// to come first. Never applied under `cheapest`: that orders by the cost shown.
pub const DOUBT_WEIGHT: f64 = 0.25;
/// Scores within 2% of each other are a near-tie (a choice: below the spread of
/// list prices between regions of one provider); a near-tie goes to fewer
/// GPUs, then fewer instances, which are easier to get and to run.
pub const NEAR_TIE_SHARE: f64 = 0.02;

/// The risk weight of an offer with `doubts` doubt flags: 1 + 0.25 per flag.
pub fn doubt_weight(doubts: usize) -> f64 {
    1.0 + DOUBT_WEIGHT * doubts as f64
}

fn cmp(a: f64, b: f64) -> Ordering {
    a.total_cmp(&b)
}

/// The ranking's order of two candidates by score: tier, score, then explicit
/// tie-breaks down to the offer's entry, so no two candidates compare equal.
fn by_score(rank: Rank) -> impl Fn(&Scored, &Scored) -> Ordering + Copy {
    move |a: &Scored, b: &Scored| {
        // A lower lead tier comes first whatever the score (`lead.rs`).
        a.tier
            .cmp(&b.tier)
            .then_with(|| cmp(a.score, b.score))
            .then_with(|| if rank == Rank::Fastest { cmp(b.peak_tflops, a.peak_tflops) } else { Ordering::Equal })
            .then_with(|| cmp(a.total, b.total))
            .then_with(|| cmp(a.hours, b.hours))
            .then_with(|| a.entry.cmp(&b.entry))
    }
}

/// Of two candidates equal on what a choice compares (cost and hours on the front, a price
/// for the proof of concept), the one the ranking prefers within a near-tie: lower lead tier,
/// fewer GPUs, fewer instances, then by score. It does not depend on the list's order, of
/// which only the returned places are sorted (`rank`).
pub fn of_equals(rank: Rank) -> impl Fn(&Scored, &Scored) -> Ordering + Copy {
    let by_score = by_score(rank);
    move |a: &Scored, b: &Scored| {
        a.tier
            .cmp(&b.tier)
            .then_with(|| cmp(a.gpus, b.gpus))
            .then_with(|| cmp(a.instances, b.instances))
            .then_with(|| by_score(a, b))
    }
}

/// Scores and orders the candidates, and marks the Pareto front on (cost, hours);
/// returns the front's positions from the cheapest to the fastest.
///
/// Order: by score; then scores within [`NEAR_TIE_SHARE`] of the lowest of
/// their group form a near-tie, ordered by fewer GPUs, fewer instances, then
/// score. So down the list a score never falls below the one before it by
/// more than 2%, and only where the earlier row uses fewer GPUs or instances.
///
/// Only the first `ordered` places are put in that order (the answer shows no
/// more; a partial selection, then a sort of those places, instead of sorting
/// thousands of candidates: an eighth of the page's keystroke call,
/// docs/PERFORMANCE.md issue 18 round 29); the rest follow in no particular
/// order. The places are the ones a full sort gives: a near-tie group that
/// reaches the last place is followed into the rest.
pub fn rank(c: &mut [Scored], rank: Rank, ordered: usize) -> Vec<usize> {
    let ctx = Context::of(c);
    for x in c.iter_mut() {
        x.score = match rank {
            Rank::Cheapest => x.total,
            Rank::RiskAdjusted => x.total * doubt_weight(x.doubts),
            Rank::Fastest => x.hours,
            // Geometric mean of how far each is from the best.
            Rank::Balanced => ((x.total / ctx.min_cost.max(1e-12)) * (x.hours / ctx.min_hours.max(1e-12))).sqrt(),
            // An unknown footprint ranks last; f64::MAX, not infinity, keeps the score a JSON number.
            Rank::Greenest => x.co2_kg.unwrap_or(f64::MAX),
        };
        x.score = x.score.min(f64::MAX);
    }
    let by_score = by_score(rank);
    // Near-ties: each group starts at the lowest score not yet grouped and
    // takes every score within 2% of it.
    let in_group = |(tier, limit): (u8, f64), x: &Scored| x.tier == tier && x.score <= limit;
    let group_of = |first: &Scored| (first.tier, first.score * (1.0 + NEAR_TIE_SHARE));
    let mut k = ordered.max(1).min(c.len());
    if k < c.len() {
        c.select_nth_unstable_by(k, by_score);
    }
    c[..k].sort_unstable_by(by_score);
    // Within a group every tier is the same, so `of_equals` orders it by GPUs, instances, then score.
    let of_equals = of_equals(rank);
    let mut start = 0;
    while start < k {
        let group = group_of(&c[start]);
        let mut end = start + c[start..k].iter().take_while(|x| in_group(group, x)).count().max(1);
        if end == k {
            // The last group goes on into the rest: its members there are the next places in
            // score order (a lower score or tier would be among the first k already).
            let mut next = k;
            for i in k..c.len() {
                if in_group(group, &c[i]) {
                    c.swap(next, i);
                    next += 1;
                }
            }
            c[k..next].sort_unstable_by(by_score);
            (end, k) = (next, next);
        }
        c[start..end].sort_unstable_by(of_equals);
        start = end;
    }
    // Sorted by cost then hours (`of_equals` among equals), a candidate is on the front when
    // it is faster than every cheaper one. Only the box between the cheapest and the fastest
    // can hold one: a dearer candidate than the fastest is slower too, a slower one than the
    // cheapest dearer too; sorting the box alone was a twentieth of a keystroke's call.
    // The box's corners: the cheapest's hours (the fastest of the cheapest), the fastest's cost.
    let lowest =
        |key: fn(&Scored) -> (f64, f64)| c.iter().map(key).min_by(|a, b| cmp(a.0, b.0).then_with(|| cmp(a.1, b.1)));
    let (Some((_, most_hours)), Some((_, most_total))) =
        (lowest(|x| (x.total, x.hours)), lowest(|x| (x.hours, x.total)))
    else {
        return Vec::new();
    };
    let mut order: Vec<(f64, f64, usize)> = (0..c.len())
        .filter(|&i| cmp(c[i].total, most_total).is_le() && cmp(c[i].hours, most_hours).is_le())
        .map(|i| (c[i].total, c[i].hours, i))
        .collect();
    order.sort_unstable_by(|a, b| cmp(a.0, b.0).then_with(|| cmp(a.1, b.1)).then_with(|| of_equals(&c[a.2], &c[b.2])));
    let mut best_hours = f64::INFINITY;
    let mut front = Vec::new();
    for (_, _, i) in order {
        if c[i].hours < best_hours - 1e-9 {
            c[i].pareto = true;
            best_hours = c[i].hours;
            front.push(i);
        }
    }
    front
}

/// The total of the plan the ranking used.
fn chosen_total(c: &Candidate) -> f64 {
    c.cost.chosen_cost().map_or(f64::INFINITY, |(_, p)| p.total)
}

fn five(ratio: f64) -> u8 {
    (ratio.clamp(0.0, 1.0) * 5.0).round() as u8
}

/// The quality flags' words in Chinese (the codes of `QUALITY_FLAGS`).
fn flag_zh(code: &str) -> &'static str {
    match code {
        "doubtful-price" => "价格可疑",
        "partial-provider" => "只采集到部分目录",
        "single-global-price" => "所有区域同一价格",
        "marketplace-sample" => "市场报价样本",
        "undated" => "来源没有日期",
        "stale" => "价格已超过一年",
        "reserved-derived" => "预留价格由折扣推算",
        "retiring" => "服务商已宣布停用此规格",
        _ => "数据说明",
    }
}

const QUALITY_FLAGS: [&str; 8] = [
    "doubtful-price",
    "partial-provider",
    "single-global-price",
    "marketplace-sample",
    "undated",
    "stale",
    "reserved-derived",
    "retiring",
];

pub fn scorecard(c: &Candidate, ctx: &Context, provider: Option<&ProviderFacts>) -> Scorecard {
    let f = &c.fit;
    let o = &c.offer;
    let headroom = if f.memory_needed_gib > 0.0 { f.memory_per_gpu_gib / f.memory_needed_gib } else { 2.0 };
    let (needed, has) = (words::num(f.memory_needed_gib), words::num(f.memory_per_gpu_gib));
    let (instances, gpus) = (words::num(f.instances), words::num(f.gpus));
    let demand_fit = Dimension {
        score: (five((headroom - 0.8) / 0.7) as i8 - if f.instances > 1.0 { 1 } else { 0 }).clamp(0, 5) as u8,
        facts: vec![
            format!("needs {needed} GiB per GPU, has {has} GiB"),
            format!("{instances} instance(s), {gpus} GPU(s): {}", f.interconnect),
        ],
        facts_zh: vec![
            format!("每块 GPU 需要 {needed} GiB，实有 {has} GiB"),
            format!("{instances} 个实例，{gpus} 块 GPU：{}", f.interconnect_zh),
        ],
    };
    let peak_per_gpu = f.peak_tflops / f.gpus.max(1e-9);
    let hardware = Dimension {
        score: five(peak_per_gpu / ctx.max_peak_per_gpu.max(1e-9)),
        facts: vec![format!(
            "{} ({}): {:.0} TFLOPS per GPU at the workload's precision",
            o.accelerator_name, o.accelerator, peak_per_gpu
        )],
        facts_zh: vec![format!(
            "{}（{}）：按工作负载的精度每块 GPU {:.0} TFLOPS",
            o.accelerator_name, o.accelerator, peak_per_gpu
        )],
    };
    let doubts: Vec<&str> =
        o.flags.iter().map(|x| x.code.as_str()).filter(|code| QUALITY_FLAGS.contains(code)).collect();
    let jurisdiction_zh = match o.region.jurisdiction {
        Jurisdiction::Eu => "欧盟/欧洲经济区",
        Jurisdiction::Us => "美国",
        Jurisdiction::Cn => "中国大陆",
        Jurisdiction::Uk => "英国",
        Jurisdiction::Other => "其他",
        Jurisdiction::Unknown => "未知",
    };
    let region_zh = o.region.name_zh.as_deref().unwrap_or(&o.region.id);
    let spot = o.prices.spot.is_some();
    let reserved = o.prices.reserved_1y.is_some() || o.prices.reserved_3y.is_some();
    let mut offering = vec![format!("{} ({:?})", o.region.name_en, o.region.jurisdiction)];
    offering.push(if spot { "spot capacity priced".into() } else { "no spot price".into() });
    offering.push(if reserved { "reservations priced".into() } else { "no reservation price".into() });
    offering.extend(doubts.iter().map(|d| format!("data note: {d}")));
    let mut offering_zh = vec![format!("{region_zh}（{jurisdiction_zh}）")];
    offering_zh.push(if spot { "有竞价价格".into() } else { "无竞价价格".into() });
    offering_zh.push(if reserved { "有预留价格".into() } else { "无预留价格".into() });
    offering_zh.extend(doubts.iter().map(|d| format!("数据说明：{}", flag_zh(d))));
    let cloud_offering = Dimension {
        score: (3 + u8::from(o.prices.spot.is_some()) + u8::from(o.prices.reserved_1y.is_some()))
            .saturating_sub(doubts.len() as u8)
            .min(5),
        facts: offering,
        facts_zh: offering_zh,
    };
    let per_hour = words::usd(c.cost.chosen_cost().map_or(f64::NAN, |(_, p)| p.usd_per_hour));
    let total = words::usd(chosen_total(c));
    let cost = Dimension {
        score: five(ctx.min_cost / chosen_total(c).max(1e-12)),
        facts: vec![format!("{per_hour} per hour for {instances} instance(s); {total} in all")],
        facts_zh: vec![format!("{instances} 个实例每小时 {per_hour}；合计 {total}")],
    };
    let software_ecosystem = Dimension {
        score: match c.software_stack {
            "cuda" => 5,
            "rocm" | "xla" => 3,
            "neuron" => 2,
            _ => 1,
        },
        facts: vec![c.lock_in.to_string()],
        facts_zh: vec![c.lock_in_zh.to_string()],
    };
    let checks = [Compliance::Hipaa, Compliance::Soc2, Compliance::Iso27001, Compliance::Gdpr];
    let statuses: Vec<(Compliance, Status)> = checks.iter().map(|k| (*k, k.status(provider))).collect();
    let security_compliance = Dimension {
        score: (statuses.iter().filter(|(_, s)| s.is_yes()).count() as u8 + 1).min(5),
        facts: statuses.iter().map(|(k, s)| format!("{}: {}", k.name(), s.describe())).collect(),
        facts_zh: statuses.iter().map(|(k, s)| format!("{}：{}", k.name(), s.describe_zh())).collect(),
    };
    Scorecard { demand_fit, hardware, cloud_offering, cost, software_ecosystem, security_compliance }
}

/// A reservation that beats the chosen plan only on a horizon longer than the
/// one asked for: its name and its break-even months.
fn longer_horizon_wins(c: &Candidate, months: f64) -> Option<(&'static str, &'static str, f64)> {
    use crate::cost::PlanKind;
    [(PlanKind::Reserved1y, &c.cost.reserved_1y), (PlanKind::Reserved3y, &c.cost.reserved_3y)]
        .into_iter()
        .filter(|(kind, _)| c.cost.chosen != Some(*kind))
        .filter_map(|(kind, p)| Some((kind, p.as_ref()?.break_even_months?)))
        .filter(|(_, from)| *from > months)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(kind, from)| {
            let (en, zh) = crate::cost::text::plan_name(kind);
            (en, zh, from)
        })
}

/// One or two short sentences on why this offer, in en and zh.
pub fn reasons(c: &Candidate, ctx: &Context, rank: Rank) -> (Vec<String>, Vec<String>) {
    let f = &c.fit;
    let o = &c.offer;
    let (time, time_zh) = words::duration(c.hours);
    let (plan, plan_zh) = c.cost.chosen.map_or(("", ""), crate::cost::text::plan_name);
    // A service is paid by the month; a job by its total and time to finish.
    let (cost, cost_zh) = match c.cost.chosen_cost().and_then(|(_, p)| Some((p.usd_per_month?, p))) {
        Some((month, p)) => {
            let months = words::num(p.total / month.max(1e-12));
            let mut en = format!("{} a month over {months} months, {plan}", words::usd(month));
            let mut zh = format!("按 {months} 个月计，{plan_zh}每月 {}", words::usd(month));
            // The reservation that wins says from when; one that would win on a longer horizon says so too.
            if let Some(from) = p.break_even_months {
                en.push_str(&format!(" (it beats on-demand from {} months)", words::num(from)));
                zh.push_str(&format!("（服务满 {} 个月起比按需便宜）", words::num(from)));
            } else if let Some((name, name_zh, from)) = longer_horizon_wins(c, p.total / month.max(1e-12)) {
                en.push_str(&format!(" ({name} would win from {} months)", words::num(from)));
                zh.push_str(&format!("（服务满 {} 个月起{name_zh}更便宜）", words::num(from)));
            }
            (en, zh)
        }
        None => (
            format!("{} {plan}, done in {time}", words::usd(chosen_total(c))),
            format!("{plan_zh}共 {}，耗时 {time_zh}", words::usd(chosen_total(c))),
        ),
    };
    // A served model's weights are the request's precision or the one the layout search chose
    // (INT4 on a 16 GB GPU where BF16 fits a 48 GB one): what the GPUs hold, and the answers'
    // quality, depend on it, so the reason names it.
    let (weights, weights_zh) = match &f.serving {
        Some(s) => {
            let p = s.chosen.layout.precision.name();
            (format!(" with {p} weights"), format!("（{p} 权重）"))
        }
        None => (String::new(), String::new()),
    };
    let mut en = vec![format!(
        "{} × {} ({} GiB each) hold the {} GiB per GPU needed{weights}; {cost}.",
        words::num(f.gpus),
        o.accelerator,
        words::num(f.memory_per_gpu_gib),
        words::num(f.memory_needed_gib),
    )];
    let mut zh = vec![format!(
        "{} 块 {}（每块 {} GiB）可容纳每卡所需的 {} GiB{weights_zh}；{cost_zh}。",
        words::num(f.gpus),
        o.accelerator,
        words::num(f.memory_per_gpu_gib),
        words::num(f.memory_needed_gib),
    )];
    let position = c.rank.saturating_sub(1);
    let best_cost = ctx.cheapest == Some(position);
    let best_time = ctx.fastest == Some(position);
    match (rank, best_cost, best_time) {
        (_, true, true) => {
            en.push(format!("Cheapest and fastest of {} candidates.", ctx.count));
            zh.push(format!("在 {} 个候选中最便宜且最快。", ctx.count));
        }
        (_, true, false) => {
            en.push(format!("Cheapest of {} candidates.", ctx.count));
            zh.push(format!("在 {} 个候选中最便宜。", ctx.count));
        }
        (Rank::Fastest | Rank::Balanced, false, true) => {
            en.push(format!("Fastest of {} candidates.", ctx.count));
            zh.push(format!("在 {} 个候选中最快。", ctx.count));
        }
        (Rank::Cheapest, false, _) if position == 0 && chosen_total(c) <= ctx.min_cost * (1.0 + NEAR_TIE_SHARE) => {
            // In the row's own unit: per month for a service, the total for a job.
            let per_month = c.cost.chosen_cost().and_then(|(_, p)| p.usd_per_month.map(|m| m / p.total.max(1e-12)));
            let (pct, cheapest) = (NEAR_TIE_SHARE * 100.0, words::usd(ctx.min_cost * per_month.unwrap_or(1.0)));
            en.push(format!("Within {pct:.0}% of the cheapest ({cheapest}) on fewer GPUs or instances: ranked first."));
            zh.push(format!("与最便宜的方案（{cheapest}）相差不到 {pct:.0}%，且 GPU 或实例更少：排在首位。"));
        }
        _ if c.pareto => {
            en.push("On the cost/time front: nothing is both cheaper and faster.".into());
            zh.push("位于成本/时间前沿：没有既更便宜又更快的选项。".into());
        }
        _ => {}
    }
    if o.flags.iter().any(|x| x.code == "marketplace-sample") {
        en.push("Marketplace listing: price and availability change by the hour.".into());
        zh.push("市场挂单：价格与可用性按小时变化。".into());
    }
    if let Some(w) = f.warnings.first() {
        en.push(format!("Note: {w}."));
        zh.push(format!("注意：{}。", f.warnings_zh.first().map_or("", String::as_str)));
    }
    (en, zh)
}

/// The cheapest single instance of the top candidate's accelerator, to
/// benchmark the real workload on before committing, and for how long. It is
/// priced on demand whatever plan the ranking chose: a benchmark cannot wait
/// for spot capacity nor commit to a term. `per_instance_on_demand` gives
/// each kept offer's on-demand price per instance-hour (`None`: not priced).
pub fn proof_of_concept(
    c: &[Scored],
    rank: Rank,
    per_instance_on_demand: impl Fn(&Scored) -> Option<f64>,
) -> Option<(&Scored, f64, f64)> {
    let top = c.first()?;
    let same = c.iter().filter(|x| x.accelerator == top.accelerator);
    let of_equals = of_equals(rank);
    let (pick, price) = same
        .filter_map(|x| Some((x, per_instance_on_demand(x)?)))
        .min_by(|a, b| cmp(a.1, b.1).then_with(|| of_equals(a.0, b.0)))?;
    Some((pick, price, 2.0_f64.min(top.hours.max(0.5))))
}

/// Kinds whose estimate a measured tokens/s replaces (`overrides.measuredTokensPerSecond`).
pub const TOKEN_KINDS: [&str; 3] = ["finetune", "pretrain", "inference"];

pub fn proof_of_concept_text(e: &Entry, per_hour: f64, hours: f64, kind: &str) -> ProofOfConcept {
    let cost = per_hour * hours;
    let region = e.catalog.region_of(e.offer).map_or("", |g| &*g.id);
    let instance = &*e.offer.instance;
    let (h, (money_h, money)) = (words::num(hours), (words::usd(per_hour), words::usd(cost)));
    let (then, then_zh) = if TOKEN_KINDS.contains(&kind) {
        (
            "then enter the measured tokens/s: it replaces the estimate everywhere",
            "再填入实测 tokens/s：它将替换所有估算",
        )
    } else {
        (
            "then compare the measured time of a representative part with the estimate before committing",
            "再将代表性部分的实测耗时与估算对比，然后再做承诺",
        )
    };
    ProofOfConcept {
        offer_id: offer_id(e.catalog, e.offer),
        hours,
        cost_usd: cost,
        advice: format!(
            "Benchmark the real workload on one {instance} in {region} ({money_h}/h on demand) for {h} h (about {money}), {then}."
        ),
        advice_zh: format!(
            "先在 {region} 的一台 {instance}（按需 {money_h}/小时）上用真实负载测试 {h} 小时（约 {money}），{then_zh}。"
        ),
    }
}
