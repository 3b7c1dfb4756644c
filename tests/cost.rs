//! Cost model: golden scenarios with the arithmetic in comments, and properties.
//! Prices are real catalog offers (sources in comments); tolerances are cents.
#![cfg(not(target_arch = "wasm32"))]

use gpuplan::cost::api_break_even::{api_break_even, ApiPrice};
use gpuplan::cost::blended::LoadProfile;
use gpuplan::cost::hidden::{egress_usd_per_month, HiddenCosts, StorageItem};
use gpuplan::cost::phases::{sum, PhaseCost};
use gpuplan::cost::tco::{tco, TcoRequest};
use gpuplan::cost::text::describe;
use gpuplan::cost::{plans, spot, Extras, HourlyPrices, Load, PlanKind, Terms, Warnings};
use proptest::prelude::*;

/// Reads a request part from JSON. (The request layer's own reader names the
/// path of a bad field; here plain serde is enough and survives its changes.)
fn read<T: serde::de::DeserializeOwned>(value: serde_json::Value) -> Result<T, serde_json::Error> {
    serde_json::from_value(value)
}

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol
}

/// Azure Standard_ND96isr_H100_v5, eastus (8× H100): on-demand $98.32 and spot
/// $18.169536 (anycloud-sh/catalog azure/vms.csv, 2026-05-20); reserved
/// $62.924772 / $43.162481 effective per hour, 36.0% / 56.1% off (Retail
/// Prices API fixture, mrmonroe90/compute-price-tracker, 2026-07-27).
const AZURE_ND_H100: HourlyPrices = HourlyPrices {
    on_demand: Some(98.32),
    spot: Some(18.169536),
    reserved_1y: Some(62.924772),
    reserved_3y: Some(43.162481),
};

/// AWS p4d.24xlarge, us-east-1 (8× A100 40GB), snapshot 2025-11-30 (tsaol/aws-gpu
/// from instances.vantage.sh): on-demand $21.957642, spot $8.0468; Standard
/// no-upfront reserved $13.921094 (1 y) and $9.374219 (3 y).
const AWS_P4D: HourlyPrices = HourlyPrices {
    on_demand: Some(21.957642),
    spot: Some(8.0468),
    reserved_1y: Some(13.921094),
    reserved_3y: Some(9.374219),
};

/// GCP a3-highgpu-8g, us-central1 (8× H100), Cyclenerd pricing.yml @fd66b26f
/// (2026-07-30): hour $88.49, hour_spot $50.6095, committed use $44,810.08 and
/// $28,371.00 a month, i.e. ÷ 730 h per hour.
const GCP_A3: HourlyPrices = HourlyPrices {
    on_demand: Some(88.4899999025753),
    spot: Some(50.6095408219178),
    reserved_1y: Some(44_810.08066464 / 730.0),
    reserved_3y: Some(28_370.99821392 / 730.0),
};

fn no_extras() -> Extras {
    Extras { storage_usd: Some(0.0), egress_usd: Some(0.0), ..Extras::default() }
}

#[test]
fn golden_azure_nd_h100_training_job_every_plan() {
    // 100 h of work + 5% virtualization overhead = 105 h on one instance.
    let load = Load::job(1.0, 105.0, 8.0);
    // Azure's lowest eviction bucket, "0–5%" an hour: its upper bound, 0.05.
    let terms = Terms { interruptible: true, eviction_per_hour: spot::azure_bucket_per_hour(0), ..Terms::default() };
    let set = plans(AZURE_ND_H100, &load, &terms, &no_extras());

    // On-demand: 98.32 × 105 = 10,323.60, of which virtualization 10,323.60 × 0.05 / 1.05 = 491.60.
    let od = set.on_demand.unwrap();
    assert!(close(od.total, 10_323.6, 1e-6), "{}", od.total);
    assert!(close(od.breakdown.virtualization, 491.6, 1e-6));
    assert!(close(od.breakdown.compute, 9_832.0, 1e-6));
    assert!(close(od.usd_per_hour(), 98.32, 1e-9));

    // 1-year reservation: paid for the year, 62.924772 × 8,760 = 551,221.00 (Azure's term total);
    // break-even 62.924772 / 98.32 = 0.64 (36% off); the job uses 105 / 8,760 = 1.2% of it.
    let r1 = set.reserved_1y.unwrap();
    assert!(close(r1.total, 551_221.0, 0.01), "{}", r1.total);
    assert!(close(r1.break_even_utilization.unwrap(), 0.64, 1e-6));
    assert!(close(r1.commitment_utilization.unwrap(), 105.0 / 8760.0, 1e-12));
    assert!(close(r1.breakdown.idle, 551_221.0 - 10_323.6 * 62.924772 / 98.32, 0.01));
    // 3-year: 43.162481 × 26,280 = 1,134,310.00 (Azure's term total).
    assert!(close(set.reserved_3y.unwrap().total, 1_134_310.0, 0.01));
    assert!(set.warnings.has(Warnings::RESERVED_UNDERUSED));
    // Said only where it matters: when the reservation is the plan chosen.
    let warned = |plan| describe(&set, plan, 0.05).warnings.iter().any(|w| w.code == "reserved-underused");
    assert!(warned(PlanKind::Reserved1y) && !warned(PlanKind::Best));

    // Spot: Young's interval τ = √(2 × 0.1 / 0.05) = 2 h; wall time factor
    // (1 + 0.1/2) / (1 − 0.05 × (2/2 + 0.25)) = 1.05 / 0.9375 = 1.12:
    // 105 × 1.12 = 117.6 h, 18.169536 × 117.6 = 2,136.74, of which recovery 18.169536 × 105 × 0.12 = 228.94.
    let s = set.spot.unwrap();
    assert!(close(s.hours, 117.6, 1e-9));
    assert!(close(s.total, 2_136.737_433_6, 1e-6), "{}", s.total);
    assert!(close(s.breakdown.spot_recovery, 228.936_153_6, 1e-6));
    // A single job: blended = its cheapest plan (spot), so best names spot itself.
    assert!(close(set.blended.unwrap().total, s.total, 1e-9));
    assert_eq!(set.best, Some(PlanKind::Spot));
    assert!(!set.warnings.has(Warnings::SPOT_DEFAULT_EVICTION));

    // Work that cannot be interrupted: spot is shown with a warning, never chosen.
    let strict = plans(AZURE_ND_H100, &load, &Terms { interruptible: false, ..terms }, &no_extras());
    assert_eq!(strict.best, Some(PlanKind::OnDemand));
    assert!(strict.warnings.has(Warnings::SPOT_NOT_INTERRUPTIBLE));
    let costs = describe(&strict, PlanKind::Best, 0.05);
    assert_eq!(costs.chosen, Some(PlanKind::OnDemand));
    assert!(costs.warnings.iter().any(|w| w.code == "spot-not-interruptible" && !w.text_zh.is_empty()));
    let json = serde_json::to_value(&costs).unwrap();
    assert_eq!(json["reserved1y"]["breakEvenUtilization"].as_f64().map(|x| (x * 100.0).round()), Some(64.0));
    assert_eq!(json["onDemand"]["breakdown"][1]["code"], "virtualization");
    assert!(json["onDemand"]["usdPerMonth"].is_null(), "a job has no monthly figure");
}

#[test]
fn golden_gcp_a3_reservation_used_300_hours_in_a_month() {
    let load = Load::job(1.0, 300.0, 8.0);
    let terms = Terms { virtualization_overhead: 0.0, ..Terms::default() };
    let set = plans(GCP_A3, &load, &terms, &no_extras());
    // On-demand: 88.49 × 300 = 26,547.00.
    assert!(close(set.on_demand.unwrap().total, 26_547.0, 0.01));
    // One year is paid whatever the use: 44,810.08066464 × 12 = 537,720.97; 3 years: 28,370.99821392 × 36 = 1,021,355.94.
    let r1 = set.reserved_1y.unwrap();
    assert!(close(r1.total, 537_720.97, 0.01), "{}", r1.total);
    assert!(close(set.reserved_3y.unwrap().total, 1_021_355.94, 0.01));
    // Break-even 61.383672 / 88.49 = 0.6937 (GCP's 30.6% off); used 300 / 8,760 = 3.4%.
    assert!(close(r1.break_even_utilization.unwrap(), 0.693_679, 1e-6));
    // Spot, with no published GCP eviction rate: default λ = 0.2 / 730 per hour; τ = √(2 × 0.1 / λ) = √730 = 27.02 h;
    // factor (1 + 0.1/27.02) / (1 − λ (27.02/2 + 0.25)) = 1.0037012 / 0.9962304 = 1.0074991;
    // 50.6095408 × 300 = 15,182.86 → 15,296.72. The work is not marked interruptible: spot is shown, not chosen.
    assert!(close(set.spot.unwrap().total, 15_296.72, 0.01), "{}", set.spot.unwrap().total);
    // Blended for a single job is its cheapest plan that fits: on-demand, 26,547.00.
    assert!(close(set.blended.unwrap().total, 26_547.0, 0.01));
    assert_eq!(set.best, Some(PlanKind::OnDemand));
    // When the capacity serves other work the rest of the year, only the 300 h count: 61.383672 × 300 = 18,415.10.
    let reused = plans(GCP_A3, &load, &Terms { capacity_reused: true, ..terms }, &no_extras());
    assert!(close(reused.reserved_1y.unwrap().total, 18_415.10, 0.01));
    assert_eq!(reused.best, Some(PlanKind::Reserved3y), "3-year at 38.86/h × 300 h = 11,659.31");

    // Spot, four nodes training synchronously, no published GCP eviction rate:
    // default λ = 0.2 / 730 per node-hour, × 4 nodes = 0.0010959/h; τ = √(2 × 0.1 / Λ) = √182.5 = 13.509 h;
    // factor = (1 + 0.1/τ) / (1 − Λ (τ/2 + 0.25)) = 1.0074023 / 0.9923237 = 1.015195.
    let sync = Load::job(4.0, 200.0, 8.0);
    let st = Terms { interruptible: true, synchronous: true, ..terms };
    let s = plans(GCP_A3, &sync, &st, &no_extras());
    let rate: f64 = 0.2 / 730.0 * 4.0;
    let tau = (2.0 * 0.1 / rate).sqrt();
    let factor = (1.0 + 0.1 / tau) / (1.0 - rate * (tau / 2.0 + 0.25));
    assert!(close(factor, 1.015_195, 1e-6), "{factor}");
    // 50.6095408 × 4 × 200 = 40,487.63; × 1.015195 = 41,102.85.
    assert!(close(s.spot.unwrap().total, 50.6095408219178 * 800.0 * factor, 1e-6));
    assert!(close(s.spot.unwrap().total, 41_102.85, 0.01), "{}", s.spot.unwrap().total);
    assert!(s.warnings.has(Warnings::SPOT_SYNCHRONOUS) && s.warnings.has(Warnings::SPOT_DEFAULT_EVICTION));
}

#[test]
fn golden_aws_p4d_service_by_the_month_and_blended() {
    // Two instances serving around the clock for 12 months.
    let load = Load::service(2.0, 730.0, 12.0, 8.0);
    let terms =
        Terms { virtualization_overhead: 0.0, eviction_per_hour: spot::aws_bucket_per_hour(1), ..Terms::default() };
    let set = plans(AWS_P4D, &load, &terms, &no_extras());
    // On-demand: 21.957642 × 2 × 8,760 = 384,697.89; 1-year: 13.921094 × 2 × 8,760 = 243,897.57;
    // 3-year (a whole 3-year term for a 1-year need): 9.374219 × 2 × 26,280 = 492,708.95.
    assert!(close(set.on_demand.unwrap().total, 384_697.887_84, 1e-4));
    let r1 = set.reserved_1y.unwrap();
    assert!(close(r1.total, 243_897.566_88, 1e-4));
    assert!(close(set.reserved_3y.unwrap().total, 492_708.950_64, 1e-4));
    assert_eq!(set.best, Some(PlanKind::Reserved1y));
    // Per month: 243,897.57 / 12 = 20,324.80; GPU-hours per month: 2 × 8 × 730 = 11,680.
    assert!(close(set.usd_per_month(&r1).unwrap(), 20_324.797_24, 1e-4));
    assert_eq!(set.gpu_hours_per_month(), Some(11_680.0));
    // Spot for 12 months, AWS's "5–10%" bucket → 0.10 / 730 an hour; a service loses only restarts:
    // 1 / (1 − 0.10/730 × 0.25) = 1.0000342; 8.0468 × 2 × 8,760 × 1.0000342 = 140,984.76.
    assert!(close(set.spot.unwrap().total, 140_984.764, 1.0));
    // A service on spot is not longer, only dearer (restarts are paid).
    assert_eq!(set.spot.unwrap().hours, 8_760.0);

    // Blended: base 2 instances always on (cannot be interrupted), peak 6 for 8 h a day, every day;
    // the 4 extra replicas are stateless, so they may run on spot.
    let profile: LoadProfile = read(serde_json::json!({
        "baseInstances": 2, "peakInstances": 6, "peakHoursPerDay": 8, "months": 12, "peakInterruptible": true
    }))
    .unwrap();
    profile.check("pricing.load").unwrap();
    let bl = profile.to_load(8.0);
    let bt = Terms { peak_interruptible: true, ..terms };
    let b = plans(AWS_P4D, &bl, &bt, &no_extras());
    // Peak tier: 4 instances × 8 h × 30.417 days × 12 = 4 × 2,920 h.
    //   on-demand 21.957642 × 11,680 = 256,465.26; 1-year 13.921094 × 4 × 8,760 = 487,795.13;
    //   spot 8.0468 × 11,680 × 1.0000342 = 93,989.84 (cheapest).
    // Base tier: 1-year reserved, 243,897.57 (cheapest, as above).
    // Blended = 243,897.57 + 93,989.84 = 337,887.41; per month 28,157.28.
    let mix = b.mix.unwrap();
    assert_eq!((mix.base_plan, mix.peak_plan), (PlanKind::Reserved1y, Some(PlanKind::Spot)));
    let blended = b.blended.unwrap();
    assert!(close(blended.total, 337_887.41, 0.05), "{}", blended.total);
    assert!(close(b.usd_per_month(&blended).unwrap(), 28_157.28, 0.01));
    // Every single plan serving the same load costs more: on-demand 384,697.89 + 256,465.26 = 641,163.15;
    // 1-year for all 6: 6 × 13.921094 × 8,760 = 731,692.70. Spot alone does not fit (the base cannot be interrupted).
    assert!(close(b.on_demand.unwrap().total, 641_163.146_4, 1e-4));
    assert!(close(b.reserved_1y.unwrap().total, 731_692.700_64, 1e-4));
    assert_eq!(b.best, Some(PlanKind::Blended));
    let text = describe(&b, PlanKind::Best, 0.0).mix.unwrap();
    assert!(text.text.contains("1-year reserved") && text.text_zh.contains("竞价"), "{}", text.text);
}

#[test]
fn golden_egress_tier_crossing() {
    // AWS 12,000 GB: first 100 GB free; 10,140 GB × $0.09 = 912.60; 1,760 GB × $0.085 = 149.60 → 1,062.20.
    let aws = egress_usd_per_month("aws", "us-east-1", 12_000.0).unwrap().unwrap();
    assert!(close(aws.usd, 1_062.2, 1e-6), "{}", aws.usd);
    assert_eq!(aws.beyond_tiers_gb, 0.0);
    // GCP 2,000 GB from us-central1: 1,024 × 0.12 = 122.88; 976 × 0.11 = 107.36 → 230.24.
    let gcp = egress_usd_per_month("gcp", "us-central1", 2_000.0).unwrap().unwrap();
    assert!(close(gcp.usd, 230.24, 1e-6));
    // Azure 20,000 GB: 100 free; 10,140 × 0.087 = 882.18; the 9,760 GB above 10 TB have no published tier:
    // priced at 0.087 (849.12, an upper bound) and flagged → 1,731.30.
    let az = egress_usd_per_month("azure", "eastus", 20_000.0).unwrap().unwrap();
    assert!(close(az.usd, 1_731.3, 1e-6) && az.beyond_tiers_gb == 9_760.0);
    // Alibaba, Chinese mainland: flat 0.123 → 1,000 GB = 123.00; Hong Kong is not covered.
    assert!(close(egress_usd_per_month("alibaba", "cn-hangzhou", 1000.0).unwrap().unwrap().usd, 123.0, 1e-9));
    assert_eq!(egress_usd_per_month("alibaba", "cn-hongkong", 1000.0).unwrap(), None);

    // As a hidden cost over 3 months, with 500 GB of S3 Standard: 3 × 1,062.20 = 3,186.60; 500 × 0.023 × 3 = 34.50.
    let hidden = HiddenCosts {
        storage: vec![StorageItem { kind: "object".into(), gb: 500.0 }],
        egress_gb_per_month: Some(12_000.0),
        managed_surcharge_pct: Some(10.0),
        staff_usd_per_month: Some(1000.0),
        ..HiddenCosts::default()
    };
    hidden.check("pricing").unwrap();
    let x = hidden.extras("aws", "us-east-1", 3.0).unwrap();
    assert!(close(x.egress_usd.unwrap(), 3_186.6, 1e-6) && close(x.storage_usd.unwrap(), 34.5, 1e-9));
    let set = plans(AWS_P4D, &Load::service(1.0, 730.0, 3.0, 8.0), &Terms::default(), &x);
    let od = set.on_demand.unwrap();
    // Compute 21.957642 × 2,190 = 48,087.24; managed 10% = 4,808.72; staff 3,000.
    assert!(close(od.breakdown.managed, 4_808.723_598, 1e-5));
    assert!(close(od.total, 48_087.235_98 + 4_808.723_598 + 3_000.0 + 3_186.6 + 34.5, 1e-5), "{}", od.total);
    // Unknown prices are unknown, not zero: a line with usd null and a warning.
    let lambda = hidden.extras("lambda", "us-east-1", 3.0).unwrap();
    let lset = plans(AWS_P4D, &Load::service(1.0, 730.0, 3.0, 8.0), &Terms::default(), &lambda);
    let costs = describe(&lset, PlanKind::OnDemand, 0.05);
    let storage = costs.on_demand.unwrap().breakdown.into_iter().find(|l| l.code == "storage").unwrap();
    assert_eq!(storage.usd, None);
    assert!(costs.warnings.iter().any(|w| w.code == "egress-unknown"));
    let bad = HiddenCosts { storage: vec![StorageItem { kind: "tape".into(), gb: 1.0 }], ..HiddenCosts::default() };
    assert_eq!(bad.check("pricing").unwrap_err().field, "pricing.storage[0].kind");
}

#[test]
fn golden_phased_project_and_delay() {
    // Fine-tune for two weeks on Azure ND H100 v5 on demand: 336 h × 98.32 = 33,035.52;
    // then serve for 12 months on one p4d on a 1-year reservation: 13.921094 × 8,760 = 121,948.78.
    let tune = plans(AZURE_ND_H100, &Load::job(1.0, 336.0, 8.0), &Terms::default(), &no_extras());
    let serve = plans(AWS_P4D, &Load::service(1.0, 730.0, 12.0, 8.0), &Terms::default(), &no_extras());
    let (_, t) = tune.chosen(PlanKind::OnDemand).unwrap();
    let (_, s) = serve.chosen(PlanKind::Reserved1y).unwrap();
    let project =
        sum(&[PhaseCost { total: Some(t.total), hours: t.hours }, PhaseCost { total: Some(s.total), hours: s.hours }]);
    // 33,035.52 + 121,948.78 = 154,984.30 over 336 + 8,760 = 9,096 h.
    assert!(close(project.total.unwrap(), 154_984.303_44, 1e-4));
    assert_eq!(project.hours, 9_096.0);
    // One unknown phase makes the project unknown, never a partial sum.
    assert_eq!(sum(&[PhaseCost { total: Some(1.0), hours: 1.0 }, PhaseCost { total: None, hours: 1.0 }]).total, None);

    // Finishing later: 336 h against a fastest candidate of 240 h is 4 days; at $500 a day that is $2,000.
    let late = tune.with_delay(240.0, 500.0);
    assert!(close(late.on_demand.unwrap().breakdown.delay, 2_000.0, 1e-9));
    assert!(close(late.on_demand.unwrap().total, 33_035.52 + 2_000.0, 1e-6));
}

#[test]
fn golden_self_host_vs_api_break_even() {
    // Example API price $3 / $15 per million input / output tokens; prompts are 75% of tokens:
    // (0.75 × 3 + 0.25 × 15) / 10⁶ = $6 per million tokens.
    // Self-hosting on one p4d on a 1-year reservation: 13.921094 × 730 = 10,162.40 a month.
    // Break-even: 10,162.40 / 0.000006 = 1,693,733,103 tokens a month; at 10⁹ tokens the API costs 6,000.
    let price = ApiPrice { input_usd_per_m_tok: 3.0, output_usd_per_m_tok: 15.0 };
    price.check("pricing.apiPrice").unwrap();
    let b = api_break_even(&price, 0.75, 1e9, 13.921094 * 730.0);
    assert!(close(b.tokens_per_month.unwrap(), 1_693_733_103.3, 1.0), "{:?}", b.tokens_per_month);
    assert!(close(b.api_usd_per_month, 6_000.0, 1e-6));
    let parsed: ApiPrice = read(serde_json::json!({ "inputUsdPerMTok": 3, "outputUsdPerMTok": 15 })).unwrap();
    assert_eq!(parsed, price);
}

#[test]
fn golden_buy_vs_rent_break_even() {
    // onprem_tco.md §2, low case: DGX H100 $270,000, 10.2 kW, 3 years, PUE 1.25, $0.0826/kWh,
    // colocation $184.06/kW-month, idle draw 0, rent AWS p5 $98.32/h = $12.29 per GPU-hour.
    // e_busy = 10.2 × 0.75 × 1.25 × 0.0826 = $0.7898625 per busy hour; colo = 184.06 × 10.2 × 36 = 67,586.83.
    // u* = (270,000 + 67,586.83) / (26,280 × (98.32 − 0.7898625)) = 0.1317 (the example's 13%).
    let req: TcoRequest = read(serde_json::json!({
        "server": { "priceUsd": 270000, "gpus": 8, "powerKw": 10.2 },
        "years": 3, "utilization": 1.0, "rentUsdPerGpuHour": 12.29, "idlePowerFraction": 0,
        "staffUsdPerYear": 0
    }))
    .unwrap();
    let r = tco(&req).unwrap();
    assert!(close(r.break_even_utilization.unwrap(), 0.131_710_773_6, 1e-9), "{:?}", r.break_even_utilization);
    // Owned at 100%: 337,586.83 + 26,280 × 0.7898625 = 358,344.42 (the example's $358,344); $1.70 per GPU-hour.
    assert!(close(r.owned.total_usd, 358_344.418_5, 1e-3));
    assert!(close(r.owned.usd_per_used_gpu_hour.unwrap(), 1.704_454, 1e-6));
    assert!(r.rent[0].owning_cheaper);
    // Break-even month at 50% use: running costs (67,586.83 + 26,280 × 0.5 × 0.7898625) / 36 = 2,165.71 a month;
    // rent 98.32 × 730 × 0.5 = 35,886.80 a month; 270,000 / (35,886.80 − 2,165.71) = 8.007 → month 9.
    let half = TcoRequest { utilization: Some(0.5), ..req.clone() };
    let h = tco(&half).unwrap();
    assert_eq!(h.break_even_month, Some(9));
    assert_eq!(h.monthly.len(), 37);
    assert!(h.monthly[9].on_demand_usd.unwrap() > h.monthly[9].owned_usd);
    assert!(h.monthly[8].on_demand_usd.unwrap() < h.monthly[8].owned_usd);
    // Defaults are named with their source; a bad field is named.
    let d = tco(&TcoRequest::default()).unwrap();
    assert!(d.assumptions.iter().any(|a| a.name == "colocationUsdPerKwMonth" && a.source.contains("CBRE")));
    // The default rent is the cheapest trusted 8 × H100 catalog offer: only the plans it prices.
    assert!(!d.rent.is_empty() && d.rent.len() <= 3);
    let bad: TcoRequest = read(serde_json::json!({ "server": { "priceUsd": -1 } })).unwrap();
    assert_eq!(tco(&bad).unwrap_err().field, "server.priceUsd");
    let unknown = read::<TcoRequest>(serde_json::json!({ "server": { "price": 1 } }));
    assert!(unknown.unwrap_err().to_string().contains("unknown field `price`"));
    // A catalog offer as the rent: the p4d's on-demand price per GPU (8 × A100: the owned price is entered).
    let offer: TcoRequest =
        read(serde_json::json!({ "rentOfferId": "aws/p4d.24xlarge/us-east-1", "server": { "priceUsd": 150000 } }))
            .unwrap();
    let o = tco(&offer).unwrap();
    assert!(o.rent[0].usd_per_gpu_hour > 0.0);
    let missing: TcoRequest = read(serde_json::json!({ "rentOfferId": "aws/nope/us-east-1" })).unwrap();
    assert_eq!(tco(&missing).unwrap_err().field, "rentOfferId");
}

#[test]
fn terms_are_range_checked_and_catalog_prices_convert() {
    assert!(Terms::default().check("pricing").is_ok());
    let bad = Terms { eviction_per_hour: Some(1.5), ..Terms::default() };
    assert_eq!(bad.check("pricing").unwrap_err().field, "pricing.evictionPerHour");
    let nan = Terms { utilization: f64::NAN, ..Terms::default() };
    assert_eq!(nan.check("pricing").unwrap_err().field, "pricing.utilization");
    // The embedded catalog's p4d in us-east-1 carries the prices used above.
    let list =
        gpuplan::list_offers(&read(serde_json::json!({ "text": "p4d.24xlarge", "region": "us-east-1" })).unwrap())
            .unwrap();
    let p4d = list.offers.iter().find(|o| o.instance == "p4d.24xlarge").unwrap();
    let catalog = HourlyPrices {
        on_demand: p4d.prices.on_demand,
        spot: p4d.prices.spot,
        reserved_1y: p4d.prices.reserved_1y,
        reserved_3y: p4d.prices.reserved_3y,
    };
    assert_eq!(catalog, AWS_P4D);
}

#[test]
fn currency_rates_are_dated_and_sourced() {
    use gpuplan::cost::currency::{display_rate, from_usd, to_usd};
    let catalog = &gpuplan::catalog::embedded().unwrap().data.exchange_rates;
    // CNY: the catalog's rate (CFETS 2024-10-24); EUR: the ECB reference rate of 2025-02-28, 1 / 1.0411.
    let cny = display_rate("cny", None, catalog, "currency").unwrap().unwrap();
    assert_eq!((cny.units_per_usd, cny.date.as_deref()), (7.1286, Some("2024-10-24")));
    let eur = display_rate("EUR", None, catalog, "currency").unwrap().unwrap();
    assert!(close(eur.units_per_usd, 1.0 / 1.0411, 1e-6) && eur.source.contains("ECB"));
    // No rate is known for JPY: unknown, never a guess; the user's own rate always wins.
    assert_eq!(display_rate("JPY", None, catalog, "currency").unwrap(), None);
    let mine = display_rate("JPY", Some(150.0), catalog, "currency").unwrap().unwrap();
    assert_eq!((mine.units_per_usd, mine.date), (150.0, None));
    assert_eq!(display_rate("yen!", None, catalog, "currency").unwrap_err().field, "currency");
    assert_eq!(display_rate("JPY", Some(-1.0), catalog, "currency").unwrap_err().field, "currencyRate");
    // $1,000 shown in CNY; an Alibaba list price of ¥71.286 is $10.
    assert!(close(from_usd(1000.0, 7.1286), 7_128.6, 1e-9) && close(to_usd(71.286, 7.1286), 10.0, 1e-12));
}

#[test]
fn golden_energy_of_the_nd_h100_job() {
    use gpuplan::cost::energy::{gpu_power, view, EnergyInput};
    // H100 has no CCF pair: max = TDP 700 W (gpu_specs.csv), idle = 700 × 46/407 = 79.12 W.
    // At CCF's default 50% use: 79.12 + 0.5 × (700 − 79.12) = 389.56 W; 8 GPUs × 105 h × Azure's PUE 1.185 (CCF)
    // = 8 × 389.56 × 105 × 1.185 / 1000 = 387.77 kWh; × 379.069 g/kWh (Azure EastUS, ccf_app_default) = 146.99 kg.
    let input = EnergyInput {
        gpus: 8.0,
        power: gpu_power("H100", Some(700.0)).unwrap(),
        utilization: 0.5,
        hours: 105.0,
        pue: 1.185,
        grid_g_per_kwh: Some(379.069),
        grid_dataset: Some("ccf_app_default"),
    };
    let v = view(&input);
    assert!(close(v.kwh, 387.765_774, 1e-6) && close(v.co2e_kg.unwrap(), 146.989_984, 1e-6));
    assert_eq!((v.power_source, v.grid_dataset.as_deref()), ("tdp", Some("ccf_app_default")));
    assert!(v.text_zh.contains("387.8 kWh"));
    // Unknown grid intensity: kWh still known, CO2e unknown, and no dataset named.
    let unknown = view(&EnergyInput { grid_g_per_kwh: None, ..input });
    assert!(close(unknown.kwh, v.kwh, 1e-12));
    assert_eq!((unknown.co2e_kg, unknown.grid_dataset), (None, None));
}

#[test]
fn plan_names_are_the_api_names() {
    for (name, kind) in
        [("onDemand", PlanKind::OnDemand), ("reserved1y", PlanKind::Reserved1y), ("best", PlanKind::Best)]
    {
        let parsed: PlanKind = read(serde_json::json!(name)).unwrap();
        assert_eq!(parsed, kind);
        assert_eq!(kind.code(), name);
    }
    assert!(read::<PlanKind>(serde_json::json!("cheap")).is_err());
}

fn prices_strategy() -> impl Strategy<Value = HourlyPrices> {
    (0.1f64..100.0, 0.05f64..1.0, 0.2f64..0.95, 0.1f64..0.9, any::<bool>()).prop_map(|(od, s, r1, r3, known)| {
        HourlyPrices {
            on_demand: Some(od),
            spot: known.then_some(od * s),
            reserved_1y: Some(od * r1),
            reserved_3y: known.then_some(od * r1 * r3),
        }
    })
}

fn terms_strategy() -> impl Strategy<Value = Terms> {
    let flags = (any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>());
    let numbers = (0.0f64..0.01, 0.0f64..0.15, 0.1f64..1.0, prop_oneof![Just(0.0), 0.0f64..1.0], 0.0f64..1.0);
    (flags, numbers).prop_map(
        |(
            (interruptible, peak_interruptible, synchronous, reused),
            (eviction, overhead, utilization, checkpoint, restart),
        )| {
            Terms {
                interruptible,
                peak_interruptible,
                synchronous,
                hosts_per_instance: 1.0,
                eviction_per_hour: Some(eviction),
                checkpoint_hours: checkpoint,
                restart_hours: restart,
                capacity_reused: reused,
                virtualization_overhead: overhead,
                utilization,
            }
        },
    )
}

fn profile_strategy() -> impl Strategy<Value = LoadProfile> {
    (0.0f64..8.0, 0.0f64..8.0, 0.0f64..24.0, 0.0f64..30.4, 0.1f64..40.0).prop_map(|(base, extra, h, d, m)| {
        LoadProfile {
            base_instances: base.floor(),
            peak_instances: base.floor() + extra.floor().max(if base < 1.0 { 1.0 } else { 0.0 }),
            peak_hours_per_day: h,
            days_per_month: Some(d),
            months: Some(m),
            peak_interruptible: false,
        }
    })
}

const SINGLES: [PlanKind; 4] = [PlanKind::OnDemand, PlanKind::Reserved1y, PlanKind::Reserved3y, PlanKind::Spot];

proptest! {
    #[test]
    fn cost_never_decreases_with_more_hours(
        prices in prices_strategy(), terms in terms_strategy(),
        instances in 1.0f64..16.0, h1 in 0.1f64..30_000.0, more in 0.0f64..30_000.0, managed in 0.0f64..0.5,
    ) {
        let extras = Extras { storage_usd: Some(5.0), egress_usd: Some(1.0), managed_fraction: managed, ..Extras::default() };
        let a = plans(prices, &Load::job(instances.floor(), h1, 8.0), &terms, &extras);
        let b = plans(prices, &Load::job(instances.floor(), h1 + more, 8.0), &terms, &extras);
        for kind in [PlanKind::OnDemand, PlanKind::Reserved1y, PlanKind::Reserved3y, PlanKind::Spot, PlanKind::Blended, PlanKind::Best] {
            if let (Some(x), Some(y)) = (a.get(kind), b.get(kind)) {
                prop_assert!(y.total >= x.total * (1.0 - 1e-12), "{kind:?}: {} h → {}, {} h → {}", h1, x.total, h1 + more, y.total);
            }
        }
    }

    #[test]
    fn a_plan_never_costs_less_than_its_compute(
        prices in prices_strategy(), terms in terms_strategy(), profile in profile_strategy(),
    ) {
        let load = profile.to_load(8.0);
        let set = plans(prices, &load, &terms, &Extras::default());
        let busy_instance_hours = load.instance_hours();
        for kind in SINGLES {
            if let (Some(f), Some(price)) = (set.get(kind), prices.of(kind)) {
                prop_assert!(f.total >= price * busy_instance_hours * (1.0 - 1e-12), "{kind:?}");
                let b = f.breakdown;
                prop_assert!(f.total.is_finite() && f.hours.is_finite());
                prop_assert!(b.compute >= 0.0 && b.idle >= -1e-9 && b.spot_recovery >= 0.0);
            }
        }
        if let Some(b) = set.blended {
            let cheapest_rate = SINGLES.iter().filter_map(|k| prices.of(*k)).fold(f64::INFINITY, f64::min);
            prop_assert!(b.total >= cheapest_rate * busy_instance_hours * (1.0 - 1e-12));
        }
    }

    #[test]
    fn reserved_beats_on_demand_exactly_above_its_break_even(
        prices in prices_strategy(), profile in profile_strategy(), overhead in 0.0f64..0.15, utilization in 0.1f64..1.0,
        job_hours in 1.0f64..60_000.0, job in any::<bool>(), managed in 0.0f64..0.3,
    ) {
        let terms = Terms { virtualization_overhead: overhead, utilization, ..Terms::default() };
        let load = if job { Load::job(2.0, job_hours, 8.0) } else { profile.to_load(8.0) };
        let extras = Extras { storage_usd: Some(3.0), managed_fraction: managed, ..Extras::default() };
        let set = plans(prices, &load, &terms, &extras);
        let od = set.on_demand.unwrap();
        for kind in [PlanKind::Reserved1y, PlanKind::Reserved3y] {
            let Some(r) = set.get(kind) else { continue };
            let (used, even) = (r.commitment_utilization.unwrap(), r.break_even_utilization.unwrap());
            prop_assume!((used - even).abs() > 1e-9);
            prop_assert_eq!(r.total < od.total, used > even, "{:?}: used {} break-even {}", kind, used, even);
        }
    }

    #[test]
    fn blended_never_costs_more_than_the_cheapest_single_plan_that_fits(
        prices in prices_strategy(), terms in terms_strategy(), profile in profile_strategy(),
    ) {
        let load = profile.to_load(8.0);
        let set = plans(prices, &load, &terms, &no_extras());
        let cheapest = SINGLES
            .iter()
            .filter(|k| **k != PlanKind::Spot || set.spot_fits)
            .filter_map(|k| set.get(*k))
            .map(|f| f.total)
            .fold(f64::INFINITY, f64::min);
        let blended = set.blended.unwrap().total;
        prop_assert!(blended <= cheapest * (1.0 + 1e-12), "blended {blended} > single {cheapest}");
        let best = set.chosen(PlanKind::Best).unwrap().1.total;
        prop_assert!(best <= cheapest * (1.0 + 1e-12));
    }
}
