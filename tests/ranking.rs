//! The ranking is honest (issue 16): `cheapest` orders by the cost shown,
//! data-quality doubt orders only `risk-adjusted`, superlatives are claimed by
//! one row each, and near-ties (2%) go to fewer GPUs and instances.
#![cfg(not(target_arch = "wasm32"))]

use gpuplan::recommend::{Candidate, RecommendRequest, RecommendResponse};
use proptest::prelude::*;
use serde_json::json;

fn run(json: serde_json::Value) -> RecommendResponse {
    let request: RecommendRequest =
        gpuplan::input::read("request", &gpuplan::input::from_json(&json).unwrap()).unwrap();
    gpuplan::recommend(&request).unwrap()
}

/// The figure a row shows: per month for a service, the total for a job.
fn shown(c: &Candidate) -> f64 {
    let (_, p) = c.cost.chosen_cost().expect("a candidate has a chosen plan");
    p.usd_per_month.unwrap_or(p.total)
}

const NEAR_TIE: f64 = gpuplan::recommend::explain::NEAR_TIE_SHARE;

/// Down the list the lead tier never falls (a lower tier always comes first,
/// with its reason), and within a tier the shown cost never falls, except
/// inside a near-tie (at most 2%) where the earlier row uses fewer GPUs, or as
/// many on fewer instances.
fn assert_honest_order(r: &RecommendResponse) -> Result<(), TestCaseError> {
    let c = &r.candidates;
    for pair in c.windows(2) {
        prop_assert!(pair[0].tier <= pair[1].tier, "tier {} before tier {}", pair[0].tier, pair[1].tier);
    }
    for x in c.iter().filter(|x| x.tier > 0) {
        prop_assert!(x.reasons.iter().any(|s| s.starts_with("Ranked below")), "{:?}", x.reasons);
    }
    for i in 0..c.len() {
        for j in (i + 1..c.len()).filter(|&j| c[j].tier == c[i].tier) {
            let (a, b) = (shown(&c[i]), shown(&c[j]));
            prop_assert!(b * (1.0 + NEAR_TIE) >= a * (1.0 - 1e-9), "#{} {a} then #{} {b}", i + 1, j + 1);
            if b < a * (1.0 - 1e-9) {
                let fewer = c[i].fit.gpus < c[j].fit.gpus
                    || (c[i].fit.gpus == c[j].fit.gpus && c[i].fit.instances <= c[j].fit.instances);
                prop_assert!(fewer, "#{} ({}) is dearer than #{} ({}) without using fewer GPUs", i + 1, a, j + 1, b);
            }
        }
    }
    for claim in ["Cheapest", "Fastest"] {
        let claims = c.iter().filter(|x| x.reasons.iter().any(|s| s.starts_with(claim))).count();
        prop_assert!(claims <= 1, "{claims} rows claim {claim}");
    }
    Ok(())
}

const PROVIDERS: [&str; 6] = ["azure", "aws", "gcp", "alibaba", "runpod", "vast"];

fn workload(kind: usize, size: f64) -> serde_json::Value {
    match kind {
        0 => {
            json!({ "kind": "raw", "gpuMemoryGib": 8.0 + size * 150.0, "gpuCount": (1.0 + size * 7.0).round(), "hours": 1.0 + size * 200.0, "spread": true })
        }
        1 => json!({ "kind": "finetune", "method": "lora", "model": "qwen2.5-7b", "tokens": 1e7 + size * 1e9 }),
        2 => {
            json!({ "kind": "inference", "model": "llama-3.1-8b", "mode": "online", "requestsPerSecond": 0.5 + size * 20.0 })
        }
        3 => json!({ "kind": "devtest", "hoursPerMonth": 10.0 + size * 700.0, "minGpuMemoryGib": 8.0 + size * 72.0 }),
        4 => json!({ "kind": "hpc", "workTflop": 3600.0 + size * 1.8e6 }),
        _ => json!({ "kind": "vdi", "desktops": (1.0 + size * 60.0).round(), "profileGib": 2 }),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn cheapest_orders_by_the_cost_shown(kind in 0usize..6, size in 0.0f64..1.0, p in 0usize..7, plan in 0usize..3, doubtful in any::<bool>()) {
        let providers: Vec<&str> = PROVIDERS.get(p).into_iter().copied().collect();
        let plan = ["best", "onDemand", "spot"][plan];
        let r = run(json!({
            "workload": workload(kind, size),
            "constraints": { "providers": providers, "includeDoubtfulPrices": doubtful },
            "pricing": { "plan": plan },
            "priorities": { "rank": "cheapest", "limit": 300, "excludedLimit": 0 }
        }));
        assert_honest_order(&r)?;
    }
}

#[test]
fn doubt_is_shown_beside_the_price_and_orders_only_risk_adjusted() {
    let request = |rank: &str| {
        json!({
            "workload": { "kind": "raw", "gpuMemoryGib": 24, "hours": 10 },
            "priorities": { "rank": rank, "limit": 400, "excludedLimit": 0 }
        })
    };
    let cheapest = run(request("cheapest"));
    let risk = run(request("risk-adjusted"));
    assert_eq!(cheapest.counts.candidates, risk.counts.candidates);
    // Marketplace listings are among the candidates, each with its doubt shown.
    let doubtful: Vec<&Candidate> = cheapest.candidates.iter().filter(|c| c.doubt.is_some()).collect();
    assert!(!doubtful.is_empty(), "some candidates carry doubt flags");
    for c in &doubtful {
        let d = c.doubt.as_ref().unwrap();
        assert!((d.weight - (1.0 + 0.25 * d.flags.len() as f64)).abs() < 1e-12);
        let total = c.cost.chosen_cost().unwrap().1.total;
        assert!((d.risk_adjusted_total - total * d.weight).abs() < 1e-6 * total.max(1.0));
        assert!((c.score - total).abs() < 1e-9 * total.max(1.0), "cheapest scores the cost, not the weighted cost");
    }
    // Risk-adjusted orders by the weighted cost (near-ties aside) and says so.
    let weighted =
        |c: &Candidate| c.doubt.as_ref().map_or(c.cost.chosen_cost().unwrap().1.total, |d| d.risk_adjusted_total);
    for pair in risk.candidates.windows(2) {
        assert!(weighted(&pair[1]) * (1.0 + NEAR_TIE) >= weighted(&pair[0]) * (1.0 - 1e-9));
    }
    assert!(risk.candidates.iter().all(|c| (c.score - weighted(c)).abs() < 1e-6 * c.score.max(1.0)));
}

#[test]
fn a_near_tie_goes_to_fewer_gpus() {
    // Eight independent FP64 jobs cost the same GPU-hours on any number of GPUs (one job
    // split over several would exchange its blocks' faces): the 8-GPU box is 0.6% cheaper
    // per GPU-hour than eight of the single one.
    let offer = |instance: &str, gpus: f64, usd: f64| {
        json!({ "provider": "mycloud", "instance": instance, "region": "eastus", "accelerator": "A100-80GB",
                "gpuCount": gpus, "onDemand": usd, "source": "test quote", "date": "2026-11-30" })
    };
    let r = run(json!({
        "workload": { "kind": "hpc", "workTflop": 45000, "jobs": 8 },
        "constraints": { "providers": ["mycloud"] },
        "pricing": { "userPrices": { "customOffers": [offer("one", 1.0, 2.0), offer("eight", 8.0, 15.9)] } },
        "priorities": { "rank": "cheapest" }
    }));
    let ids: Vec<&str> = r.candidates.iter().map(|c| c.offer.instance.as_str()).collect();
    assert_eq!(ids, ["one", "eight"]);
    let (one, eight) = (&r.candidates[0], &r.candidates[1]);
    assert!(shown(eight) < shown(one) && shown(one) < shown(eight) * 1.02);
    assert!(one.reasons.iter().any(|s| s.starts_with("Within 2% of the cheapest")), "{:?}", one.reasons);
    assert!(eight.reasons.iter().any(|s| s.starts_with("Cheapest")), "{:?}", eight.reasons);
    // Beyond 2% the cheaper fleet leads.
    let r = run(json!({
        "workload": { "kind": "hpc", "workTflop": 45000, "jobs": 8 },
        "constraints": { "providers": ["mycloud"] },
        "pricing": { "userPrices": { "customOffers": [offer("one", 1.0, 2.0), offer("eight", 8.0, 15.0)] } }
    }));
    assert_eq!(r.candidates[0].offer.instance, "eight");
}

/// Staleness is judged on the day of the answer: AWS's 2026-01-21 prices are
/// 364 days old on 2027-01-20 and 366 on 2027-01-22, when they weigh as doubtful
/// data and the candidate says so. A planner's `today` stands for every call.
#[test]
fn a_price_a_year_old_on_the_readers_day_is_stale_in_the_advice() {
    let request = |today: &str| {
        json!({
            "workload": { "kind": "raw", "gpuMemoryGib": 24, "hours": 10 },
            "constraints": { "providers": ["aws"], "regions": ["us-east-1"] },
            "priorities": { "rank": "risk-adjusted", "limit": 5, "excludedLimit": 0 },
            "today": today
        })
    };
    let is_stale = |c: &Candidate| c.offer.flags.iter().any(|f| f.code == "stale");
    let before = run(request("2027-01-20"));
    assert!(!before.candidates.is_empty());
    for c in &before.candidates {
        assert_eq!(c.offer.source.date.as_deref(), Some("2026-01-21"), "{}", c.offer.id);
        assert!(!is_stale(c), "{} is 364 days old", c.offer.id);
    }
    let after = run(request("2027-01-22"));
    for c in &after.candidates {
        assert!(is_stale(c), "{} is 366 days old", c.offer.id);
        let doubt = c.doubt.as_ref().expect("a stale price is a doubt");
        assert!(doubt.flags.iter().any(|f| f == "stale"), "{:?}", doubt.flags);
        let note = &c.scorecard.cloud_offering;
        assert!(note.facts.iter().any(|f| f == "data note: stale"), "{:?}", note.facts);
        assert!(note.facts_zh.iter().any(|f| f == "数据说明：价格已超过一年"), "{:?}", note.facts_zh);
        let flag = c.offer.flags.iter().find(|f| f.code == "stale").unwrap();
        assert!(flag.message.contains("before today (2027-01-22)"), "{}", flag.message);
    }
    let weight = |r: &RecommendResponse| r.candidates[0].doubt.as_ref().map_or(1.0, |d| d.weight);
    assert!((weight(&after) - weight(&before) - 0.25).abs() < 1e-12, "one more doubt: +25% in risk-adjusted");
    // A planner built with `today` answers every call on that day; a call's own `today` wins.
    let options = gpuplan::PlannerOptions { today: Some("2027-01-22".into()), ..Default::default() };
    let planner = gpuplan::Planner::new(&options).unwrap();
    let mut undated_call: RecommendRequest =
        gpuplan::input::read("request", &gpuplan::input::from_json(&request("2027-01-20")).unwrap()).unwrap();
    undated_call.today = None;
    assert!(planner.recommend(&undated_call).unwrap().candidates.iter().all(is_stale));
    undated_call.today = Some("2027-01-20".into());
    assert!(!planner.recommend(&undated_call).unwrap().candidates.iter().any(is_stale));
    // Without any today (native callers without a clock) ages count from the newest snapshot.
    undated_call.today = None;
    assert!(!gpuplan::recommend(&undated_call).unwrap().candidates.iter().any(is_stale));
    let bad =
        gpuplan::Planner::new(&gpuplan::PlannerOptions { today: Some("2026-02-30x".into()), ..Default::default() });
    assert_eq!(bad.err().map(|e| e.field), Some("today".into()));
    undated_call.today = Some("yesterday".into());
    assert_eq!(gpuplan::recommend(&undated_call).unwrap_err().field, "today");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// The answer ranks only the places it returns (`explain::rank`'s `ordered`): a short
    /// page is the same places of a long one, and what reads the whole list (the front, the
    /// proof of concept, buy-vs-rent) answers the same.
    #[test]
    fn a_short_page_is_the_same_places_of_a_long_one(kind in 0usize..6, size in 0.0f64..1.0, rank in 0usize..5, offset in 0u32..12) {
        let rank = ["cheapest", "risk-adjusted", "fastest", "balanced", "greenest"][rank];
        let ask = |offset: u32, limit: u32| run(json!({
            "workload": workload(kind, size),
            "priorities": { "rank": rank, "offset": offset, "limit": limit, "excludedLimit": 0 }
        }));
        let long = ask(0, 1000);
        let short = ask(offset, 4);
        let ids = |c: &[Candidate]| c.iter().map(|x| (x.rank, x.offer.id.clone())).collect::<Vec<_>>();
        let from = (offset as usize).min(long.candidates.len());
        let to = (from + 4).min(long.candidates.len());
        prop_assert_eq!(ids(&short.candidates), ids(&long.candidates[from..to]));
        prop_assert_eq!(&short.pareto_front, &long.pareto_front);
        prop_assert_eq!(
            short.proof_of_concept.as_ref().map(|p| &p.offer_id),
            long.proof_of_concept.as_ref().map(|p| &p.offer_id)
        );
        prop_assert_eq!(
            short.buy_vs_rent.as_ref().map(|b| &b.rent_offer_id),
            long.buy_vs_rent.as_ref().map(|b| &b.rent_offer_id)
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// `paretoFront` is every candidate faster than each cheaper one (one of candidates equal on
    /// both), from the cheapest to the fastest: checked against every pair of candidates.
    #[test]
    fn the_front_is_every_candidate_no_cheaper_one_matches(kind in 0usize..6, size in 0.0f64..1.0, p in 0usize..6, rank in 0usize..5) {
        let rank = ["cheapest", "risk-adjusted", "fastest", "balanced", "greenest"][rank];
        let r = run(json!({
            "workload": workload(kind, size),
            "constraints": { "providers": [PROVIDERS[p]] },
            "priorities": { "rank": rank, "limit": 1000, "excludedLimit": 0 }
        }));
        prop_assume!(r.counts.candidates == r.candidates.len());
        let total = |c: &Candidate| c.cost.chosen_cost().expect("a chosen plan").1.total;
        let front: Vec<&Candidate> =
            r.pareto_front.iter().map(|id| r.candidates.iter().find(|c| &c.offer.id == id).expect("a candidate")).collect();
        for pair in front.windows(2) {
            prop_assert!(total(pair[0]) < total(pair[1]) && pair[0].hours > pair[1].hours, "not cheapest first: {:?}", r.pareto_front);
        }
        for x in &r.candidates {
            let beaten = r.candidates.iter().any(|y| {
                !std::ptr::eq(x, y) && total(y) <= total(x) && y.hours <= x.hours + 1e-9 && (total(y) < total(x) || y.hours < x.hours - 1e-9)
            });
            let equals = r.candidates.iter().filter(|y| total(y) == total(x) && y.hours == x.hours).count();
            if beaten {
                prop_assert!(!x.pareto, "{} is beaten but on the front", x.offer.id);
            } else if equals == 1 {
                prop_assert!(x.pareto, "{} is beaten by none but not on the front", x.offer.id);
            }
            prop_assert_eq!(x.pareto, r.pareto_front.contains(&x.offer.id));
        }
    }
}
