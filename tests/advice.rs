//! Advice an expert would sign (issue 16): horizons that fit the workload,
//! reservations shown as commitments, fit rules per GPU.
#![cfg(not(target_arch = "wasm32"))]

use gpuplan::cost::PlanKind;
use gpuplan::recommend::{RecommendRequest, RecommendResponse};
use serde_json::json;

fn run(json: serde_json::Value) -> RecommendResponse {
    let request: RecommendRequest =
        gpuplan::input::read("request", &gpuplan::input::from_json(&json).unwrap()).unwrap();
    gpuplan::recommend(&request).unwrap()
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
    let r = run(json!({
        "workload": { "kind": "devtest", "hoursPerMonth": 80, "minGpuMemoryGib": 24 },
        "priorities": { "limit": 10000, "excludedLimit": 0 }
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
