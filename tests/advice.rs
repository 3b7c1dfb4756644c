//! Advice an expert would sign (issue 16): horizons that fit the workload,
//! reservations shown as commitments, fit rules per GPU.
#![cfg(not(target_arch = "wasm32"))]

use gpuplan::cost::PlanKind;
use gpuplan::recommend::{RecommendRequest, RecommendResponse};
use serde_json::json;

mod common;

fn run(json: serde_json::Value) -> RecommendResponse {
    let request: RecommendRequest =
        gpuplan::input::read("request", &gpuplan::input::from_json(&json).unwrap()).unwrap();
    gpuplan::recommend(&request).unwrap()
}

/// `run` with every candidate, paged (an answer holds at most 1,000).
fn run_all(json: serde_json::Value) -> RecommendResponse {
    common::recommend_every_candidate(json).unwrap()
}

/// One custom 8 × H100 offer priced so the arithmetic is plain: on-demand
/// $32/h, 1-year reserved $20/h (0.625 of on-demand), 3-year $14/h.
fn h100_box() -> serde_json::Value {
    json!({ "customOffers": [{ "provider": "mycloud", "instance": "h100x8", "region": "eastus", "accelerator": "H100",
        "gpuCount": 8, "onDemand": 32.0, "reserved1y": 20.0, "reserved3y": 14.0, "source": "test quote", "date": "2026-11-30" }] })
}

fn serve_70b(pricing: serde_json::Value) -> RecommendResponse {
    run(json!({
        "workload": { "kind": "inference", "model": "llama-3.1-70b", "mode": "online", "requestsPerSecond": 2,
                      "precision": "fp8" },
        "constraints": { "providers": ["mycloud"] },
        "pricing": pricing,
        "priorities": { "limit": 5 }
    }))
}

#[test]
fn a_24x7_service_is_costed_over_a_year_and_names_the_winning_plan_and_its_break_even() {
    let mut pricing = json!({ "userPrices": h100_box() });
    let r = serve_70b(pricing.clone());
    let c = r.candidates.first().expect("the H100 box serves 70B in FP8");
    let instances = c.fit.instances;
    // Default horizon 12 months, 24×7: on-demand 32 × 730 × 12 = 280,320 per instance;
    // a 1-year reservation 20 × 8,760 = 175,200 → it wins, from 0.625 × 12 = 7.5 months.
    assert_eq!(c.cost.chosen, Some(PlanKind::Reserved1y), "{:?}", c.reasons);
    let od = c.cost.on_demand.as_ref().unwrap();
    assert!((od.total - 280_320.0 * instances).abs() < 1e-6 * od.total, "{}", od.total);
    let r1 = c.cost.reserved_1y.as_ref().unwrap();
    assert!((r1.usd_per_month.unwrap() - 14_600.0 * instances).abs() < 1e-6 * r1.total);
    assert!((r1.break_even_months.unwrap() - 7.5).abs() < 1e-9);
    // 3 years: 14 × 26,280 = 367,920 over a 12-month horizon loses; it would win from 0.4375 × 36 = 15.75 months.
    let r3 = c.cost.reserved_3y.as_ref().unwrap();
    assert!((r3.break_even_months.unwrap() - 15.75).abs() < 1e-9);
    let reason = &c.reasons[0];
    assert!(reason.contains("a month over 12 months, 1-year reserved"), "{reason}");
    assert!(reason.contains("beats on-demand from 7.5 months"), "{reason}");
    assert!(c.reasons_zh[0].contains("7.5 个月"), "{}", c.reasons_zh[0]);
    // Over one month on-demand wins, and the answer says from when a reservation would.
    pricing["months"] = json!(1);
    let short = serve_70b(pricing);
    let c = &short.candidates[0];
    assert_eq!(c.cost.chosen, Some(PlanKind::OnDemand));
    assert!(c.reasons[0].contains("1-year reserved would win from 7.5 months"), "{}", c.reasons[0]);
}

#[test]
fn a_reservation_longer_than_the_job_is_shown_as_a_commitment() {
    // A 2-hour job on one instance: the 1-year reservation bills 8,760 h × $20 = $175,200.
    let r = run(json!({
        "workload": { "kind": "raw", "gpuMemoryGib": 80, "gpuCount": 8, "hours": 2 },
        "constraints": { "providers": ["mycloud"] },
        "pricing": { "userPrices": h100_box(), "virtualizationOverhead": 0 }
    }));
    let c = &r.candidates[0];
    assert_eq!(c.cost.chosen, Some(PlanKind::OnDemand));
    let r1 = c.cost.reserved_1y.as_ref().unwrap();
    let commitment = r1.commitment.as_ref().expect("a reservation is a commitment");
    assert!((commitment.months - 12.0).abs() < 1e-9);
    assert!((commitment.total_usd - 175_200.0).abs() < 1e-6);
    assert!((commitment.usd_per_month - 14_600.0).abs() < 1e-6);
    assert!((commitment.share_used.unwrap() - 2.0 / 8_760.0).abs() < 1e-12);
    // Per hour of the commitment ($20), never $175,200 ÷ 2 h.
    assert!((r1.usd_per_hour - 20.0).abs() < 1e-9, "{}", r1.usd_per_hour);
    assert!(r1.break_even_months.is_none(), "a job's break-even is a utilization");
    assert!((r1.break_even_utilization.unwrap() - 0.625).abs() < 1e-12);
    assert!(c.cost.on_demand.as_ref().unwrap().commitment.is_none());
}

#[test]
fn memory_minimums_are_compared_per_gpu() {
    // A dev box that needs 24 GiB: several smaller GPUs summed never qualify.
    let r = run_all(json!({
        "workload": { "kind": "devtest", "hoursPerMonth": 80, "minGpuMemoryGib": 24 },
        "priorities": { "excludedLimit": 0 }
    }));
    assert!(r.counts.candidates > 0);
    for c in &r.candidates {
        let per_gpu = c.offer.gpu_memory_per_gpu_gib.expect("a candidate's memory is known");
        assert!(per_gpu + 1e-9 >= 24.0, "{}: {} GiB per GPU", c.offer.id, per_gpu);
        assert_eq!(c.offer.gpu_memory_total_gib, c.offer.gpu_memory_gib, "the total, named as one");
    }
    // Excluded small cards say what one GPU has.
    let r = run(json!({
        "workload": { "kind": "devtest", "hoursPerMonth": 80, "minGpuMemoryGib": 24 },
        "constraints": { "accelerators": ["RTX3060"] },
        "priorities": { "excludedLimit": 10000 }
    }));
    assert!(r.candidates.is_empty(), "12 GiB cards never hold 24 GiB, however many");
}

fn desktops(constraints: serde_json::Value) -> RecommendResponse {
    run(json!({
        "workload": { "kind": "vdi", "desktops": 50, "profileGib": 4 },
        "constraints": constraints,
        "priorities": { "limit": 50, "excludedLimit": 0 }
    }))
}

#[test]
fn no_provider_without_desktop_hosting_is_in_a_desktop_answer_top_five() {
    let r = desktops(json!({}));
    assert!(r.candidates.len() >= 5, "{} candidates", r.candidates.len());
    for c in r.candidates.iter().take(5) {
        let caps = c.capabilities.as_ref().expect("every provider has a capabilities row");
        assert!(
            caps.desktop_hosting.starts_with("yes"),
            "{} ({}) in the top 5",
            c.offer.provider,
            caps.desktop_hosting
        );
        assert_eq!(caps.operator_kind, "operated", "{}", c.offer.provider);
        assert!(!caps.desktop_hosting_source.is_empty() && caps.desktop_hosting_source != "unknown");
        assert_eq!(c.tier, 0);
    }
    // Unknown stays unknown and is shown, below the known ones, saying why.
    let unknown = r.candidates.iter().find(|c| c.capabilities.as_ref().is_some_and(|k| k.desktop_hosting == "unknown"));
    if let Some(c) = unknown {
        assert!(c.tier > 0);
        assert!(c.reasons.iter().any(|s| s.contains("can host desktops") && s.contains("unknown")), "{:?}", c.reasons);
        assert!(c.reasons_zh.iter().any(|s| s.contains("托管桌面")), "{:?}", c.reasons_zh);
    }
    assert!(r.candidates.iter().all(|c| c.capabilities.as_ref().is_none_or(|k| k.desktop_hosting != "no")));
}

#[test]
fn desktops_stay_near_their_users() {
    let r = desktops(json!({ "usersCountry": "DE" }));
    let top = &r.candidates[0];
    assert!(top.users_rtt_ms.is_some_and(|ms| ms <= 50.0), "{:?}", top.users_rtt_ms);
    assert!(r.candidates.iter().all(|c| c.users_rtt_ms.is_none_or(|ms| ms <= 150.0)));
    assert!(
        r.counts.excluded_by_reason.get("users-too-far").is_some_and(|n| *n > 0),
        "{:?}",
        r.counts.excluded_by_reason
    );
    // Far rows come after near ones of the same standing, and say so.
    let far = r.candidates.iter().find(|c| c.users_rtt_ms.is_some_and(|ms| ms > 50.0));
    if let Some(c) = far {
        assert!(c.reasons.iter().any(|s| s.contains("round trip to the users")), "{:?}", c.reasons);
    }
    let request: RecommendRequest = gpuplan::input::read(
        "request",
        &gpuplan::input::from_json(&json!({ "workload": { "kind": "vdi", "desktops": 2, "profileGib": 4 },
            "constraints": { "usersCountry": "XX" } }))
        .unwrap(),
    )
    .unwrap();
    let e = gpuplan::recommend(&request).unwrap_err();
    assert_eq!(e.field, "constraints.usersCountry");
}

#[test]
fn licensed_operators_lead_a_mainland_china_regulated_answer() {
    let r = run(json!({
        "workload": { "kind": "finetune", "method": "lora", "model": "qwen2.5-7b", "tokens": 2e8 },
        "constraints": { "jurisdictions": ["CN"] },
        "priorities": { "limit": 100, "excludedLimit": 0 }
    }));
    assert!(!r.candidates.is_empty());
    let licensed = |c: &gpuplan::recommend::Candidate| {
        c.capabilities.as_ref().is_some_and(|k| k.cn_licensed_operator.starts_with("yes"))
    };
    assert!(licensed(&r.candidates[0]), "{} leads", r.candidates[0].offer.provider);
    // No marketplace host, nor any provider not known to be licensed, comes before a licensed one.
    let first_other = r.candidates.iter().position(|c| !licensed(c)).unwrap_or(r.candidates.len());
    assert!(r.candidates[first_other..].iter().all(|c| !licensed(c)));
    for c in &r.candidates[first_other..] {
        assert!(c.tier > 0 && c.reasons.iter().any(|s| s.starts_with("Ranked below")), "{:?}", c.reasons);
    }
    // MLPS status is shown as it is: unknown where no source states it.
    assert!(r.candidates.iter().all(|c| c.capabilities.as_ref().is_none_or(|k| !k.mlps.is_empty())));
}

#[test]
fn the_buy_vs_rent_reference_is_comparable() {
    use gpuplan::cost::tco::{tco, TcoRequest};
    // The ranking's start: the cheapest ranked offer like the top candidate.
    let r = run(json!({
        "workload": { "kind": "raw", "gpuMemoryGib": 80, "gpuCount": 8, "hours": 200 },
        "priorities": { "limit": 300, "excludedLimit": 0 }
    }));
    let start = r.buy_vs_rent.as_ref().expect("a rent reference");
    let top = &r.candidates[0];
    assert_eq!(start.accelerator, top.offer.accelerator);
    let per_gpu = |c: &gpuplan::recommend::Candidate| c.offer.prices.on_demand.map(|p| p / c.offer.gpu_count);
    let comparable: Vec<&gpuplan::recommend::Candidate> = r
        .candidates
        .iter()
        .filter(|c| c.offer.accelerator == start.accelerator && c.offer.gpu_count == start.gpus)
        .collect();
    assert!(comparable.iter().any(|c| c.offer.id == start.rent_offer_id));
    assert_eq!(start.gpus, top.offer.gpu_count);
    for c in &comparable {
        assert!(per_gpu(c).is_none_or(|p| p >= start.rent_usd_per_gpu_hour - 1e-9), "{} is cheaper", c.offer.id);
    }
    // tco from that start rents exactly that offer (the owned price entered: our data has
    // a sourced price for a DGX H100 only).
    let from_start: TcoRequest = gpuplan::input::read(
        "request",
        &gpuplan::input::from_json(&json!({ "server": { "gpus": start.gpus, "accelerator": start.accelerator,
                                                        "priceUsd": 250_000 },
                                            "rentOfferId": start.rent_offer_id }))
        .unwrap(),
    )
    .unwrap();
    let t = tco(&from_start).unwrap();
    assert!((t.rent[0].usd_per_gpu_hour - start.rent_usd_per_gpu_hour).abs() < 1e-6);
    // With no rent given, tco rents the cheapest comparable catalog offer (8 × H100), and staff is counted.
    let d = tco(&TcoRequest::default()).unwrap();
    let rent = d.assumptions.iter().find(|a| a.name == "rent").expect("the rent is an assumption");
    assert!(rent.source.contains("cheapest comparable"), "{}", rent.source);
    let catalog = gpuplan::catalog::embedded().unwrap();
    let h100 = catalog.accelerator_index("H100").unwrap();
    let cheapest = catalog
        .data
        .offers
        .iter()
        .filter(|o| o.accelerator as usize == h100 && o.gpu_count == 8.0)
        .filter(|o| {
            !catalog.flags_of(o).any(|f| {
                f.code == "doubtful-price" || gpuplan::recommend::explain::RANK_DOUBT_FLAGS.contains(&f.code.as_str())
            })
        })
        .filter_map(|o| o.prices.on_demand)
        .fold(f64::INFINITY, f64::min);
    assert!((d.rent[0].usd_per_gpu_hour - cheapest / 8.0).abs() < 1e-9);
    let staff = d.assumptions.iter().find(|a| a.name == "staffUsdPerYear").unwrap();
    assert_eq!(staff.value, Some(75_000.0));
    assert!(staff.source.contains("Spheron"));
    assert!(d.owned.staff_usd > 0.0);
}

#[test]
fn phases_sum_in_one_answer() {
    let constraints = json!({ "providers": ["aws"] });
    let train = json!({ "kind": "finetune", "method": "lora", "model": "llama-3.1-8b", "tokens": 2e8 });
    let serve = json!({ "kind": "inference", "model": "llama-3.1-8b", "mode": "online", "requestsPerSecond": 2 });
    let r = run(json!({
        "workload": train,
        "constraints": constraints,
        "phases": [
            { "name": "train", "workload": train },
            { "name": "serve", "workload": serve, "months": 6 }
        ],
        "priorities": { "limit": 3 }
    }));
    let phases = r.phases.as_ref().expect("a phased answer");
    assert_eq!(phases.phases.len(), 2);
    // Each phase is what a request of its own answers.
    for (p, (workload, months)) in phases.phases.iter().zip([(train.clone(), None), (serve.clone(), Some(6.0))]) {
        let alone = run(json!({ "workload": workload, "constraints": constraints,
                                "pricing": { "months": months }, "priorities": { "limit": 1 } }));
        let top = &alone.candidates[0];
        assert_eq!(p.offer_id.as_deref(), Some(top.offer.id.as_str()), "{}", p.name);
        assert!((p.cost.total.unwrap() - top.cost.chosen_cost().unwrap().1.total).abs() < 1e-6);
    }
    let sum: f64 = phases.phases.iter().map(|p| p.cost.total.unwrap()).sum();
    assert!((phases.project.total.unwrap() - sum).abs() < 1e-6);
    // A later page of candidates costs the same phases: each is its own request's top candidate.
    let paged = run(json!({
        "workload": train,
        "constraints": constraints,
        "phases": [{ "name": "train", "workload": train }, { "name": "serve", "workload": serve, "months": 6 }],
        "priorities": { "limit": 3, "offset": 5 }
    }));
    assert_eq!(paged.candidates[0].rank, 6);
    let ids = |a: &RecommendResponse| {
        a.phases.as_ref().unwrap().phases.iter().map(|p| p.offer_id.clone()).collect::<Vec<_>>()
    };
    assert_eq!(ids(&paged), ids(&r), "the phases do not follow the page");
    // Hours are wall-clock hours of each phase: six months of serving are 6 × 730 h, not one month's.
    assert!((phases.phases[1].cost.hours - 6.0 * 730.0).abs() < 1e-6, "{}", phases.phases[1].cost.hours);
    let hours: f64 = phases.phases.iter().map(|p| p.cost.hours).sum();
    assert!((phases.project.hours - hours).abs() < 1e-9);
    // Without phases there is no phased answer; a bad phase names its path.
    assert!(run(json!({ "workload": train, "constraints": constraints })).phases.is_none());
    let bad: RecommendRequest = gpuplan::input::read(
        "request",
        &gpuplan::input::from_json(
            &json!({ "workload": train, "phases": [{ "name": "x", "workload": train, "months": 0 }] }),
        )
        .unwrap(),
    )
    .unwrap();
    assert_eq!(gpuplan::recommend(&bad).unwrap_err().field, "phases[0].months");
}

#[test]
fn the_proof_of_concept_is_priced_on_demand_and_hints_tokens_only_for_llm_kinds() {
    let spot = run(json!({
        "workload": { "kind": "finetune", "method": "lora", "model": "qwen2.5-7b", "tokens": 2e8 },
        "constraints": { "providers": ["aws"] },
        "pricing": { "plan": "spot" },
        "priorities": { "limit": 500, "excludedLimit": 0 }
    }));
    let poc = spot.proof_of_concept.as_ref().unwrap();
    let top = &spot.candidates[0];
    let same: Vec<f64> = spot
        .candidates
        .iter()
        .filter(|c| c.offer.accelerator == top.offer.accelerator)
        .filter_map(|c| c.offer.prices.on_demand)
        .collect();
    let cheapest = same.iter().copied().fold(f64::INFINITY, f64::min);
    assert!((poc.cost_usd / poc.hours - cheapest).abs() < 1e-9, "{} vs {cheapest}", poc.cost_usd / poc.hours);
    assert!(poc.advice.contains("on demand") && poc.advice.contains("tokens/s"), "{}", poc.advice);
    let hpc =
        run(json!({ "workload": { "kind": "hpc", "workTflop": 3.6e5 }, "constraints": { "providers": ["aws"] } }));
    let advice = &hpc.proof_of_concept.as_ref().unwrap().advice;
    assert!(!advice.contains("tokens/s"), "{advice}");
    assert!(!hpc.proof_of_concept.as_ref().unwrap().advice_zh.contains("tokens/s"));
}

#[test]
fn arm_hosts_carry_a_caveat() {
    let r = run(json!({
        "workload": { "kind": "devtest", "hoursPerMonth": 80, "minGpuMemoryGib": 16 },
        "constraints": { "accelerators": ["T4G"] },
        "priorities": { "limit": 5 }
    }));
    assert!(!r.candidates.is_empty());
    for c in &r.candidates {
        assert!(c.reasons.iter().any(|s| s.starts_with("Arm host")), "{:?}", c.reasons);
        assert!(c.reasons_zh.iter().any(|s| s.starts_with("Arm 主机")));
    }
    let x86 = run(json!({
        "workload": { "kind": "devtest", "hoursPerMonth": 80, "minGpuMemoryGib": 16 },
        "constraints": { "accelerators": ["T4"], "providers": ["aws"] },
        "priorities": { "limit": 5 }
    }));
    assert!(x86.candidates.iter().all(|c| !c.reasons.iter().any(|s| s.starts_with("Arm host"))));
}

#[test]
fn a_no_gpu_verdict_leads_the_answer() {
    let hpc = json!({ "kind": "hpc", "precision": "fp64", "workTflop": 3600 });
    // 60% serial and 4 GiB copied per 10 s step: Amdahl gives about 1.6×, below the 3× a GPU needs to pay off.
    let r = run(json!({
        "workload": hpc,
        "gpuCheck": { "parallelFraction": 0.4, "cpuSecondsPerStep": 10, "transferGibPerStep": 4 },
        "priorities": { "limit": 3 }
    }));
    let v = r.verdict.as_ref().expect("a gpuCheck gives a verdict");
    assert_eq!(v.code, "no-gpu");
    assert!(!v.gpu_pays_off && !v.check.worth_it);
    assert!(v.check.speedup < 1.7, "{}", v.check.speedup);
    assert!(v.message.starts_with("A GPU will not pay off"), "{}", v.message);
    assert!(v.candidates_label.starts_with("If you use a GPU anyway"), "{}", v.candidates_label);
    assert!(!v.message_zh.is_empty() && !v.candidates_label_zh.is_empty());
    // The candidates still follow, for a user who runs it on a GPU anyway.
    assert!(!r.candidates.is_empty());
    // It is the same check `estimate` makes.
    let e: gpuplan::workload::EstimateRequest = gpuplan::input::read(
        "request",
        &gpuplan::input::from_json(&json!({ "workload": hpc,
            "gpuCheck": { "parallelFraction": 0.4, "cpuSecondsPerStep": 10, "transferGibPerStep": 4 } }))
        .unwrap(),
    )
    .unwrap();
    assert_eq!(gpuplan::estimate(&e).unwrap().gpu_check.as_ref(), Some(&v.check));

    // A parallel job: the verdict says a GPU pays off and the candidates are plain candidates.
    let r = run(json!({ "workload": hpc, "gpuCheck": { "parallelFraction": 0.99 }, "priorities": { "limit": 1 } }));
    let v = r.verdict.expect("verdict");
    assert_eq!((v.code, v.gpu_pays_off), ("gpu", true));
    // Without a check there is no verdict; a bad check names its field.
    assert!(run(json!({ "workload": hpc, "priorities": { "limit": 1 } })).verdict.is_none());
    let bad: RecommendRequest = gpuplan::input::read(
        "request",
        &gpuplan::input::from_json(&json!({ "workload": hpc, "gpuCheck": { "parallelFraction": 2 } })).unwrap(),
    )
    .unwrap();
    assert_eq!(gpuplan::recommend(&bad).unwrap_err().field, "gpuCheck.parallelFraction");
}

#[test]
fn the_estimate_can_show_the_layout_the_ranking_chose_for_the_deadline() {
    let workload = json!({ "kind": "pretrain", "model": "mistral-7b-v0.3", "tokens": 1e11 });
    let r = run(json!({
        "workload": workload,
        "constraints": { "deadlineHours": 240, "accelerators": ["H100", "A100-80GB"] },
        "priorities": { "limit": 500 }
    }));
    let d = r.deadline.as_ref().expect("a deadline gives the layouts it needs");
    assert_eq!(d.deadline_hours, 240.0);
    assert!(!d.layouts.is_empty());
    // One layout per accelerator, each the first-ranked candidate of it, within the deadline.
    let mut keys: Vec<&str> = d.layouts.iter().map(|l| l.accelerator.as_str()).collect();
    keys.dedup();
    assert_eq!(keys.len(), d.layouts.len());
    for l in &d.layouts {
        let first = r.candidates.iter().find(|c| c.offer.accelerator == l.accelerator).expect("ranked");
        assert_eq!((first.offer.id.as_str(), first.fit.gpus, first.hours), (l.offer_id.as_str(), l.gpus, l.hours));
        assert!(l.hours <= 240.0 && (l.gpu_hours - l.gpus * l.hours).abs() < 1e-6, "{l:?}");
    }
    // The estimate on H100 alone sizes for memory, not for the deadline: its hours are
    // longer than the deadline, so the page must show the ranking's layout instead.
    let h100 = d.layouts.iter().find(|l| l.accelerator == "H100").expect("an H100 layout");
    let e: gpuplan::workload::EstimateRequest = gpuplan::input::read(
        "request",
        &gpuplan::input::from_json(&json!({ "workload": workload, "accelerator": "H100" })).unwrap(),
    )
    .unwrap();
    let estimate = gpuplan::estimate(&e).unwrap();
    let wall = estimate.compute.wall_clock_hours.expect("hours").expected;
    assert!(wall > 240.0 && h100.gpus > estimate.gpus, "estimate {wall} h on {} GPUs, layout {h100:?}", estimate.gpus);
    // No deadline, no layouts.
    assert!(run(
        json!({ "workload": workload, "constraints": { "accelerators": ["H100"] }, "priorities": { "limit": 1 } })
    )
    .deadline
    .is_none());
}

#[test]
fn a_custom_cluster_declares_its_interconnect() {
    let offer = |instance: &str, interconnect: Option<&str>| {
        let mut o = json!({ "provider": "mycloud", "instance": instance, "region": "eastus", "accelerator": "H100",
            "gpuCount": 8, "onDemand": 32.0, "source": "test quote", "date": "2026-11-30" });
        if let Some(i) = interconnect {
            o["interconnect"] = json!(i);
        }
        o
    };
    let r = run(json!({
        "workload": { "kind": "pretrain", "model": "mistral-7b-v0.3", "tokens": 1e10, "gpus": 32 },
        "constraints": { "providers": ["mycloud"] },
        "pricing": { "userPrices": { "customOffers": [
            offer("ib", Some("InfiniBand")), offer("eth", Some("ethernet")), offer("plain", None)
        ] } },
        "priorities": { "excludedLimit": 1000 }
    }));
    // Four 8-GPU instances in sync: only the declared InfiniBand cluster is kept.
    let kept: Vec<&str> = r.candidates.iter().map(|c| c.offer.instance.as_str()).collect();
    assert_eq!(kept, ["ib"], "{:?}", r.excluded.iter().map(|x| (&x.offer.instance, x.code)).collect::<Vec<_>>());
    assert_eq!(r.candidates[0].fit.instances, 4.0);
    let code = |instance: &str| r.excluded.iter().find(|x| x.offer.instance == instance).map(|x| x.code);
    assert_eq!(code("eth"), Some("no-rdma"));
    assert_eq!(code("plain"), Some("rdma-unknown"));

    // The CSV column, and a word it does not know named with its column.
    let csv = "provider,instance,region,accelerator,gpuCount,onDemand,interconnect\nmine,ib,eastus,H100,8,30,roce\n";
    let offers = gpuplan::parse_catalog_file(csv, "csv").unwrap().offers;
    assert_eq!(offers[0].interconnect.as_deref(), Some("roce"));
    let bad = gpuplan::parse_catalog_file(&csv.replace("roce", "carrier-pigeon"), "csv").unwrap_err();
    assert_eq!((bad.field.as_str(), bad.column.as_deref()), ("file", Some("interconnect")), "{}", bad.message);
}

#[test]
fn virtualization_overhead_is_the_same_on_base_and_peak_hours() {
    // A 10% overhead. The same deployment served 12 h a day, once as a service of 365 h a month
    // and once as the peak tier of a load profile (no base, 12 h a day): the same hours, the same
    // cost, plan by plan. The peak once ran 12 × 1.1 h a day while the base ran its 730 h.
    let with = |pricing: serde_json::Value| {
        let mut p = json!({ "userPrices": h100_box(), "virtualizationOverhead": 0.1, "months": 12 });
        p.as_object_mut().unwrap().extend(pricing.as_object().unwrap().clone());
        serve_70b(p)
    };
    let line = |lines: &[gpuplan::cost::text::Line], code: &str| {
        lines.iter().find(|l| l.code == code).and_then(|l| l.usd).unwrap_or(0.0)
    };
    let costs = |r: &RecommendResponse| {
        let c = &r.candidates[0];
        [&c.cost.on_demand, &c.cost.reserved_1y, &c.cost.reserved_3y]
            .map(|p| p.as_ref().map(|p| (p.total.round(), line(&p.breakdown, "virtualization").round())))
    };
    let service = with(json!({ "serviceHours": 365 }));
    let peak = with(json!({ "load": { "baseInstances": 0, "peakInstances": 1, "peakHoursPerDay": 12, "months": 12 } }));
    assert_eq!(costs(&service), costs(&peak));
    // And always on: base and peak tiers of one profile alike, and alike without a profile.
    let always = with(json!({}));
    let base = with(json!({ "load": { "baseInstances": 1, "peakInstances": 1, "peakHoursPerDay": 0, "months": 12 } }));
    let all_peak =
        with(json!({ "load": { "baseInstances": 0, "peakInstances": 1, "peakHoursPerDay": 24, "months": 12 } }));
    assert_eq!(costs(&always), costs(&base));
    assert_eq!(costs(&always), costs(&all_peak));
    // The overhead is the same share inside every plan: o / (1 + o) of the compute used.
    let od = always.candidates[0].cost.on_demand.as_ref().unwrap();
    let virtualization = line(&od.breakdown, "virtualization");
    let used = line(&od.breakdown, "compute") + virtualization;
    assert!(virtualization > 0.0 && (virtualization - used * 0.1 / 1.1).abs() < 1e-6, "{:?}", od.breakdown);
}

#[test]
fn a_production_service_leads_with_operated_clouds_unless_marketplaces_are_allowed() {
    let serve = |allow: bool| {
        run_all(json!({
            "workload": { "kind": "inference", "model": "llama-3.1-8b", "mode": "online", "requestsPerSecond": 10 },
            "constraints": { "allowMarketplace": allow },
            "pricing": { "months": 36 }
        }))
    };
    let strict = serve(false);
    let kind = |c: &gpuplan::recommend::Candidate| c.capabilities.as_ref().map(|k| k.operator_kind.to_string());
    // The top five are clouds known to run their own machines, in regions with a country.
    for c in strict.candidates.iter().take(5) {
        assert_eq!((kind(c).as_deref(), c.tier), (Some("operated"), 0), "{}", c.offer.id);
        assert!(!c.offer.region.country.is_empty(), "{}", c.offer.id);
    }
    // Marketplaces and aggregators still appear, below, saying why.
    let market = strict
        .candidates
        .iter()
        .find(|c| matches!(kind(c).as_deref(), Some("marketplace" | "aggregator")))
        .expect("marketplace listings are ranked, not removed");
    assert!(market.tier >= 4);
    assert!(market.reasons.iter().any(|r| r.contains("allowMarketplace")), "{:?}", market.reasons);
    // Opting in ranks every offer by cost alone: the cheapest may be a marketplace listing.
    let open = serve(true);
    assert!(open.candidates.iter().all(|c| c.tier == 0));
    let cost = |c: &gpuplan::recommend::Candidate| c.cost.chosen_cost().and_then(|(_, p)| p.usd_per_month).unwrap();
    assert!(cost(&open.candidates[0]) <= cost(&strict.candidates[0]));
    // A job is not a production service: no such rule.
    let job = run(json!({ "workload": { "kind": "finetune", "method": "lora", "model": "qwen2.5-7b", "tokens": 2e8 },
                          "priorities": { "limit": 20 } }));
    assert!(job.candidates.iter().all(|c| c.tier == 0));
}

#[test]
fn a_synchronous_run_on_a_multi_host_tpu_slice_is_not_put_on_spot_unless_asked() {
    let pretrain = |plan: &str| {
        run(json!({
            "workload": { "kind": "pretrain", "model": "mistral-7b-v0.3", "tokens": 1e12 },
            "constraints": { "deadlineHours": 720, "accelerators": ["TPU-v6e"] },
            "pricing": { "plan": plan },
            "priorities": { "limit": 20 }
        }))
    };
    let r = pretrain("best");
    let slice = r
        .candidates
        .iter()
        .find(|c| c.offer.gpu_count > 8.0 && c.cost.spot.is_some())
        .expect("a multi-host slice with a spot price fits the deadline");
    // One instance, but 16 or more hosts that stall together: spot is priced, not chosen, and it says why.
    assert_eq!(slice.fit.instances, 1.0);
    assert_ne!(slice.cost.chosen, Some(PlanKind::Spot), "{}", slice.offer.id);
    let warning = slice.cost.warnings.iter().find(|w| w.code == "spot-synchronous").expect("the reason");
    assert!(warning.text.contains("TPU slice"), "{}", warning.text);
    assert!(r.candidates.iter().all(|c| c.cost.chosen != Some(PlanKind::Spot) || c.offer.gpu_count <= 8.0));
    // Asked for, spot is what is ranked.
    let spot = pretrain("spot");
    assert!(spot.candidates.iter().all(|c| c.cost.chosen == Some(PlanKind::Spot)));
}

#[test]
fn the_owned_server_matches_the_rented_gpu_class() {
    use gpuplan::cost::tco::{tco, TcoRequest};
    let read = |v: serde_json::Value| -> TcoRequest {
        gpuplan::input::read("request", &gpuplan::input::from_json(&v).unwrap()).unwrap()
    };
    // Renting 4 × RTX 3090: no DGX H100 price for it; the answer says the price is unknown.
    let e = tco(&read(json!({ "server": { "accelerator": "RTX3090", "gpus": 4 } }))).unwrap_err();
    assert_eq!((e.field.as_str(), e.code), ("server.priceUsd", "required"), "{}", e.message);
    assert!(e.message.contains("4 × RTX3090") && e.message.contains("DGX H100"), "{}", e.message);
    // The rented offer decides the class when the server names none: an 8 × A100 rental is not a DGX H100.
    let e = tco(&read(json!({ "rentOfferId": "aws/p4d.24xlarge/us-east-1" }))).unwrap_err();
    assert_eq!(e.field, "server.priceUsd", "{}", e.message);
    // With the price entered, the power is estimated from the GPUs' TDP (the DGX's ratio), and said so.
    let t = tco(&read(
        json!({ "server": { "accelerator": "RTX3090", "gpus": 4, "priceUsd": 12_000 }, "rentUsdPerGpuHour": 0.2 }),
    ))
    .unwrap();
    let power = t.assumptions.iter().find(|a| a.name == "server.powerKw").unwrap();
    // 4 × 350 W = 1.4 kW of GPUs × 10.2 / 5.6 = 2.55 kW.
    assert!((power.value.unwrap() - 1.4 * 10.2 / 5.6).abs() < 1e-9, "{:?}", power);
    assert!(power.source.contains("ratio"), "{}", power.source);
    // From the rented offer when the server names none: its GPUs too.
    let e =
        tco(&read(json!({ "rentOfferId": "aws/p4d.24xlarge/us-east-1", "server": { "priceUsd": 200_000 } }))).unwrap();
    let gpus = e.assumptions.iter().find(|a| a.name == "server.gpus").unwrap();
    assert_eq!((gpus.value, gpus.source.as_str()), (Some(8.0), "8 × A100"));
    // The default server is still the sourced DGX H100.
    let d = tco(&TcoRequest::default()).unwrap();
    let price = d.assumptions.iter().find(|a| a.name == "server.priceUsd").unwrap();
    assert!(price.source.contains("DGX H100"), "{}", price.source);
    assert!(tco(&read(json!({ "server": { "accelerator": "H100-SXM", "gpus": 8 } }))).is_ok());
}

/// The chosen plan's `vgpuLicence` breakdown line of a candidate.
fn licence_line(c: &gpuplan::recommend::Candidate) -> gpuplan::cost::text::Line {
    let (_, plan) = c.cost.chosen_cost().expect("a chosen plan");
    plan.breakdown.iter().find(|l| l.code == "vgpuLicence").cloned().expect("a desktop answer has a licence line")
}

#[test]
fn a_desktop_answer_shows_the_vgpu_licence_per_row() {
    let r = desktops(json!({}));
    let mut seen = std::collections::BTreeSet::new();
    for c in &r.candidates {
        let line = licence_line(c);
        let payer = c.capabilities.as_ref().map_or("unknown", |k| k.vgpu_licence.as_str());
        seen.insert(payer.to_string());
        assert_eq!(line.params["desktops"], 50.0, "one licence per concurrent desktop");
        let (_, plan) = c.cost.chosen_cost().unwrap();
        match payer {
            // Included: a zero line that says so.
            "included" => {
                assert_eq!(line.usd, Some(0.0), "{}", c.offer.provider);
                assert!(line.text.contains("included") && line.text_zh.contains("已包含"), "{}", line.text);
            }
            // Billed by the provider or unknown: shown as unknown, out of the total, with a warning.
            "billed-by-provider" | "unknown" => {
                assert_eq!(line.usd, None, "{}", c.offer.provider);
                assert!(c.cost.warnings.iter().any(|w| w.code == "vgpu-licence-unknown"), "{}", c.offer.provider);
                assert!(line.text_zh.contains("未计入总价"), "{}", line.text_zh);
            }
            other => panic!("unexpected vgpu_licence `{other}`"),
        }
        let summed: f64 = plan.breakdown.iter().filter_map(|l| l.usd).sum();
        assert!((summed - plan.total).abs() < 1e-6 * plan.total.max(1.0), "lines sum to the total");
    }
    assert!(seen.contains("included"), "AWS and Azure desktops include the licence: {seen:?}");
    // Not a desktop answer: no licence line.
    let serve = serve_70b(json!({ "userPrices": h100_box() }));
    let (_, plan) = serve.candidates[0].cost.chosen_cost().unwrap();
    assert!(plan.breakdown.iter().all(|l| l.code != "vgpuLicence"));
    // A quote is checked, and names its field.
    let request: RecommendRequest = gpuplan::input::read(
        "request",
        &gpuplan::input::from_json(&json!({ "workload": { "kind": "vdi", "desktops": 2, "profileGib": 4 },
            "pricing": { "vgpuLicenceUsdPerDesktopMonth": -5 } }))
        .unwrap(),
    )
    .unwrap();
    assert_eq!(gpuplan::recommend(&request).unwrap_err().field, "pricing.vgpuLicenceUsdPerDesktopMonth");
}

#[test]
fn licences_the_customer_brings_cost_per_concurrent_desktop_and_month() {
    use gpuplan::cost::licence::{DesktopLicence, Payer};
    // 50 desktops for 12 months at a $20 quote: $12,000, whatever the instance.
    let l = DesktopLicence::new(Payer::Customer, 50.0, 12.0, Some(20.0)).unwrap();
    assert_eq!(l.usd(), Some(12_000.0));
    assert!(l.quoted);
}
