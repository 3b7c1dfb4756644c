//! Recommendation: golden scenarios (arithmetic in comments) and properties.
#![cfg(not(target_arch = "wasm32"))]

use gpuplan::recommend::{RecommendRequest, RecommendResponse};
use proptest::prelude::*;
use std::collections::HashSet;

mod common;

/// Runs a request; these tests read every "why not" entry, so unless the
/// request says otherwise they ask for all of them (the default is 100).
fn run(mut json: serde_json::Value) -> Result<RecommendResponse, gpuplan::Error> {
    if let Some(request) = json.as_object_mut() {
        let priorities = request.entry("priorities").or_insert_with(|| serde_json::json!({}));
        if let Some(p) = priorities.as_object_mut() {
            p.entry("excludedLimit").or_insert(serde_json::json!(10_000));
        }
    }
    let request: RecommendRequest = gpuplan::input::read("request", &gpuplan::input::from_json(&json)?)?;
    gpuplan::recommend(&request)
}

/// An `estimate` of a request given as JSON, which must answer.
fn estimate_of(json: serde_json::Value) -> gpuplan::workload::EstimateResponse {
    let request: gpuplan::workload::EstimateRequest =
        gpuplan::input::read("request", &gpuplan::input::from_json(&json).unwrap()).unwrap();
    gpuplan::estimate(&request).unwrap()
}

/// `run` with every candidate, paged (an answer holds at most 1,000).
fn run_all(mut json: serde_json::Value) -> Result<RecommendResponse, gpuplan::Error> {
    if let Some(p) = json
        .as_object_mut()
        .and_then(|r| r.entry("priorities").or_insert_with(|| serde_json::json!({})).as_object_mut())
    {
        p.entry("excludedLimit").or_insert(serde_json::json!(10_000));
    }
    common::recommend_every_candidate(json)
}

/// The total of the plan the ranking used.
fn chosen_total(c: &gpuplan::recommend::Candidate) -> f64 {
    c.cost.chosen_cost().expect("a candidate has a chosen plan").1.total
}

#[test]
fn golden_8x80gb_for_100_hours_in_azure_eastus() {
    let r = run(serde_json::json!({
        "workload": { "kind": "raw", "gpuMemoryGib": 80, "gpuCount": 8, "hours": 100, "precision": "bf16" },
        "constraints": { "providers": ["azure"], "regions": ["eastus"] },
        "priorities": { "rank": "cheapest" }
    }))
    .unwrap();
    let nd = r
        .candidates
        .iter()
        .find(|c| c.offer.instance == "Standard_ND96isr_H100_v5")
        .expect("ND H100 v5 is a candidate");
    // 100 h × (1 + 5% virtualization overhead) = 105 h; 105 h × $98.32 × 1 instance = $10,323.60.
    assert!((nd.hours - 105.0).abs() < 1e-9);
    let on_demand = nd.cost.on_demand.as_ref().expect("an on-demand price").total;
    assert!((on_demand - 10_323.6).abs() < 1e-6, "{on_demand}");
    // A 105-hour job that cannot be interrupted: on-demand is its cheapest plan.
    assert_eq!(nd.cost.chosen, Some(gpuplan::cost::PlanKind::OnDemand));
    assert_eq!(nd.fit.instances, 1.0);
    assert!(!nd.reasons.is_empty() && !nd.reasons_zh.is_empty());
    // Everything else in eastus is either a candidate (≥ 80 GB per GPU) or excluded with a reason.
    let t4 = r.excluded.iter().find(|x| x.offer.id == "azure/Standard_NC4as_T4_v3/eastus").expect("T4 excluded");
    assert_eq!(t4.code, "memory");
    assert!(t4.reason.contains("needs 8 × 80 GB, has 1 × 16 GB"), "{}", t4.reason);
    // Eight GPUs mean one instance by default: eight single-GPU VMs have no NVLink between them.
    let split = r.excluded.iter().find(|x| x.offer.id == "azure/Standard_NC24ads_A100_v4/eastus").expect("excluded");
    assert_eq!(split.code, "one-instance");
    // Allowed to spread, eight single-GPU instances say that their GPUs cannot talk over NVLink.
    let spread = run(serde_json::json!({
        "workload": { "kind": "raw", "gpuMemoryGib": 80, "gpuCount": 8, "hours": 100, "spread": true },
        "constraints": { "providers": ["azure"], "regions": ["eastus"] }
    }))
    .unwrap();
    let split =
        spread.candidates.iter().find(|c| c.offer.instance == "Standard_NC24ads_A100_v4").expect("NC24ads A100 v4");
    assert_eq!(split.fit.instances, 8.0);
    assert!(split.reasons.iter().any(|x| x.contains("separate instances")), "{:?}", split.reasons);
    // Cheapest first: every candidate costs at least the first.
    let first = chosen_total(&r.candidates[0]);
    assert!(r.candidates.iter().all(|c| chosen_total(c) >= first));
    // The virtualization overhead is editable.
    let bare = run(serde_json::json!({
        "workload": { "kind": "raw", "gpuMemoryGib": 80, "gpuCount": 8, "hours": 100 },
        "constraints": { "providers": ["azure"], "regions": ["eastus"] }, "pricing": { "virtualizationOverhead": 0 }
    }))
    .unwrap();
    let nd0 = bare.candidates.iter().find(|c| c.offer.instance == "Standard_ND96isr_H100_v5").unwrap();
    assert!((nd0.cost.on_demand.as_ref().unwrap().total - 9_832.0).abs() < 1e-6);
}

#[test]
fn golden_lora_qwen_7b_eu_only() {
    let r = run(serde_json::json!({
        "workload": { "kind": "finetune", "method": "lora", "model": "qwen2.5-7b", "tokens": 2e8 },
        "constraints": { "jurisdictions": ["EU"] }
    }))
    .unwrap();
    let top = &r.candidates[0];
    // One 24 GB GPU suffices: about 19 GiB for a rank-16 LoRA with checkpointing.
    assert!(r.demand.memory.total_gib < 24.0, "{}", r.demand.memory.total_gib);
    assert!(top.hours < 100.0, "hours, not days: {}", top.hours);
    assert!(r.candidates.iter().all(|c| c.offer.region.jurisdiction == gpuplan::catalog::query::JurisdictionName::Eu));
    assert!(r.excluded.iter().any(|x| x.code == "jurisdiction"));
    // Tens of dollars, hours not days.
    assert!(chosen_total(top) < 200.0, "{}", chosen_total(top));
    assert!(r.proof_of_concept.is_some());
}

#[test]
fn golden_serve_llama_70b_at_20_rps() {
    let r = run(serde_json::json!({
        // BF16 set: an open precision is searched over FP8 and INT4 too (0.4), and this golden is about BF16.
        "workload": { "kind": "inference", "model": "llama-3.1-70b", "requestsPerSecond": 20, "ttftTargetMs": 1000,
                      "promptTokens": 1000, "outputTokens": 300, "precision": "bf16" },
        "constraints": { "providers": ["azure", "aws", "gcp"] },
        "priorities": { "rank": "cheapest", "limit": 20 }
    }))
    .unwrap();
    assert!(!r.candidates.is_empty());
    for c in &r.candidates {
        // BF16 weights (141 GB) need at least two 80 GB GPUs in one instance.
        assert!(c.offer.gpu_count * c.offer.memory_per_gpu_gib.unwrap() >= 141.0);
        // The reason names the weights' precision, in both languages.
        assert!(c.reasons[0].contains("with BF16 weights"), "{}", c.reasons[0]);
        assert!(c.reasons_zh[0].contains("（BF16 权重）"), "{}", c.reasons_zh[0]);
    }
    assert!(r.excluded.iter().any(|x| x.code == "tensor-parallel"), "single 80 GB GPUs cannot hold 70B in BF16");
}

#[test]
fn a_served_models_reason_names_the_precision_the_search_chose() {
    // No precision given: on a 16 GB GPU the search serves Llama 3.1 8B at a precision that
    // fits it; whichever it chose, the first reason says so.
    let r =
        run(serde_json::json!({ "workload": { "kind": "inference", "model": "llama-3.1-8b", "requestsPerSecond": 5 },
        "priorities": { "limit": 50 } }))
        .unwrap();
    let precisions = ["BF16", "FP16", "FP8", "INT8", "INT4"];
    for c in &r.candidates {
        let chosen = c.fit.serving.as_ref().expect("a serving fit").chosen.layout.precision.name();
        assert!(precisions.contains(&chosen));
        assert!(c.reasons[0].contains(&format!("with {chosen} weights")), "{}", c.reasons[0]);
    }
    // The layout's words say tensor parallelism only where the replica has it.
    let per_replica =
        |c: &gpuplan::recommend::Candidate| c.fit.serving.as_ref().unwrap().chosen.layout.gpus_per_replica;
    let single = r.candidates.iter().find(|c| per_replica(c) == 1.0).expect("a one-GPU replica");
    assert_eq!(single.fit.interconnect, "1 GPU per replica: no tensor parallelism");
    assert!(single.fit.interconnect_zh.contains("无需张量并行"), "{}", single.fit.interconnect_zh);
    let split = r.candidates.iter().find(|c| per_replica(c) > 1.0).expect("a tensor-parallel replica");
    assert!(split.fit.interconnect.contains("tensor parallel within the instance"), "{}", split.fit.interconnect);
    // A job's reason has no weights clause.
    let job = run(serde_json::json!({ "workload": { "kind": "raw", "gpuMemoryGib": 80, "gpuCount": 8, "hours": 10 },
        "priorities": { "limit": 5 } }))
    .unwrap();
    assert!(job.candidates.iter().all(|c| !c.reasons[0].contains("weights")));
}

/// An HPC job's data is split over the GPUs it spans (domain decomposition), each holding its
/// share beside the runtime's reserve: a 40 GiB job needs two 40 GiB A100s at 21.5 GiB each (it
/// was once ranked on one, "16 × A100 (40 GiB each) hold the 41.5 GiB per GPU needed", then left
/// out of every A100 40 GB, one GPU having to hold it all), and a job larger than any GPU runs on
/// as many as hold it (a 300 GiB job had no candidate).
#[test]
fn an_hpc_jobs_memory_with_the_runtimes_reserve_fits_each_gpu() {
    let r = run_all(serde_json::json!({
        "workload": { "kind": "hpc", "workTflop": 5e5, "codeClass": "stencil", "memoryGibPerJob": 40 }
    }))
    .unwrap();
    assert!(!r.candidates.is_empty());
    for c in &r.candidates {
        assert!(c.fit.memory_needed_gib <= c.fit.memory_per_gpu_gib, "{}: {:?}", c.offer.id, c.reasons[0]);
    }
    let a100: Vec<_> = r.candidates.iter().filter(|c| c.offer.accelerator == "A100").collect();
    assert!(!a100.is_empty(), "A100 40 GB holds the job over two GPUs");
    for c in &a100 {
        assert!(c.fit.gpus >= 2.0, "{}: {} GPUs", c.offer.id, c.fit.gpus);
        assert!(c.fit.memory_needed_gib <= 21.5 + 1e-9, "{}: {}", c.offer.id, c.fit.memory_needed_gib);
    }
    let one_a100 = a100.iter().find(|c| c.offer.gpu_count == 1.0).expect("a single-A100 instance");
    assert_eq!((one_a100.fit.instances, one_a100.fit.memory_needed_gib), (2.0, 21.5));
    assert!(one_a100.reasons[0].contains("21.5"), "{}", one_a100.reasons[0]);
    let large =
        run_all(serde_json::json!({ "workload": { "kind": "hpc", "workTflop": 1.8e6, "memoryGibPerJob": 300 } }))
            .unwrap();
    assert!(!large.candidates.is_empty(), "a 300 GiB job runs on GPUs that hold it between them");
    for c in &large.candidates {
        let usable = c.fit.memory_per_gpu_gib - 1.5;
        assert!(c.fit.gpus * usable >= 300.0 - 1e-6, "{}: {} GPUs of {usable} GiB", c.offer.id, c.fit.gpus);
        assert!(c.fit.memory_needed_gib <= c.fit.memory_per_gpu_gib, "{}", c.offer.id);
    }
}

/// FP64 stencil jobs of 20 GiB each under a two-day deadline, every candidate returned.
fn stencil_jobs_in_two_days(work_tflop_per_job: f64, jobs: f64) -> RecommendResponse {
    run_all(serde_json::json!({
        "workload": { "kind": "hpc", "workTflop": work_tflop_per_job, "memoryGibPerJob": 20, "jobs": jobs },
        "constraints": { "deadlineHours": 48 }
    }))
    .unwrap()
}

#[test]
fn work_spread_over_instances_says_what_crosses_between_them() {
    // One FP64 stencil job under a two-day deadline: before, two single-GPU H200 instances
    // read "1 GPU(s) in one instance" although the one job's exchanges crossed their network.
    let r = stencil_jobs_in_two_days(5e5, 1.0);
    let spanning: Vec<_> = r.candidates.iter().filter(|c| c.fit.instances > 1.0).collect();
    assert!(!spanning.is_empty());
    for c in &spanning {
        assert!(c.fit.interconnect.contains(" instances × "), "{}: {}", c.offer.id, c.fit.interconnect);
        let notice = c.fit.notices.iter().find(|n| n.code == "job-spans-instances");
        let rdma = c.fit.interconnect.contains("InfiniBand/RDMA");
        assert_eq!(notice.is_some(), !rdma, "{}: {}", c.offer.id, c.fit.interconnect);
        if let Some(n) = notice {
            assert!(n.message.contains("each job spans") && n.message_zh.contains("每个作业跨"), "{}", n.message);
        }
    }
    assert!(spanning.iter().any(|c| c.fit.notices.iter().any(|n| n.code == "job-spans-instances")));
    // As many jobs as GPUs: each instance runs its own, nothing crosses, no notice.
    let r = stencil_jobs_in_two_days(5e3, 100.0);
    // One GPU talks to none: it read "1 GPUs in one instance (NVLink5)".
    let single = r.candidates.iter().find(|c| c.fit.gpus == 1.0).expect("one GPU");
    assert_eq!((single.fit.interconnect.as_str(), single.fit.interconnect_zh.as_str()), ("1 GPU", "1 块 GPU"));
    // (Where one GPU holds a job: a 20 GiB job spans two 16 GiB GPUs.)
    let apart: Vec<_> = r
        .candidates
        .iter()
        .filter(|c| c.fit.instances > 1.0 && c.fit.gpus <= 100.0 && c.fit.memory_per_gpu_gib >= 21.5)
        .collect();
    assert!(!apart.is_empty());
    for c in apart {
        assert!(c.fit.interconnect.contains("nothing crosses between them"), "{}: {}", c.offer.id, c.fit.interconnect);
        assert!(c.fit.interconnect_zh.contains("实例之间无数据往来"), "{}", c.fit.interconnect_zh);
        assert!(c.fit.notices.iter().all(|n| n.code != "job-spans-instances"), "{}", c.offer.id);
    }
    // Frames render apart too.
    let r = run(serde_json::json!({
        "workload": { "kind": "render", "frames": 20000, "minutesPerFrame": 5, "referenceAccelerator": "L4" },
        "constraints": { "deadlineHours": 24 }
    }))
    .unwrap();
    let c = r.candidates.iter().find(|c| c.fit.instances > 1.0).expect("a render over several instances");
    assert!(c.fit.interconnect.contains("nothing crosses between them"), "{}", c.fit.interconnect);
}

/// A job spread over several GPUs exchanges its blocks' faces every step: its GPU-hours grow by
/// the share of the step that exchange takes (within one instance little, over instances with
/// ordinary networking much), where a job with a GPU of its own scales fully. Before, every
/// GPU added its whole rate, over any networking.
#[test]
fn a_job_over_several_gpus_pays_for_its_halo_exchange() {
    let one_job = stencil_jobs_in_two_days(5e5, 1.0);
    // At full scaling a job's GPU-hours on one accelerator are the same on any count of GPUs:
    // each row's GPU-hours × its efficiency are that figure.
    let mut full_scaling: std::collections::HashMap<&str, f64> = std::collections::HashMap::new();
    for c in &one_job.candidates {
        let e = c.fit.scaling_efficiency;
        assert!(e > 0.0 && e <= 1.0, "{}: {e}", c.offer.id);
        if c.fit.gpus == 1.0 {
            assert_eq!(e, 1.0, "{}", c.offer.id);
        }
        let at_full = c.fit.gpu_hours * e;
        let seen = *full_scaling.entry(c.offer.accelerator.as_str()).or_insert(at_full);
        assert!((at_full / seen - 1.0).abs() < 1e-6, "{}: {at_full} against {seen}", c.offer.id);
        let said = c.fit.notices.iter().find(|n| n.code == "halo-exchange");
        assert_eq!(said.is_some(), e < 0.95, "{}: {e}", c.offer.id);
        if let Some(n) = said {
            assert!(n.message.contains("% of its time") && n.message_zh.contains("扩展效率"), "{}", n.message);
        }
    }
    let worst_within = one_job
        .candidates
        .iter()
        .filter(|c| c.fit.instances == 1.0)
        .map(|c| c.fit.scaling_efficiency)
        .fold(1.0, f64::min);
    assert!(worst_within > 0.9, "{worst_within}");
    let over_ethernet =
        one_job.candidates.iter().filter(|c| c.fit.notices.iter().any(|n| n.code == "job-spans-instances"));
    assert!(over_ethernet.clone().count() > 0);
    assert!(over_ethernet.clone().all(|c| c.fit.scaling_efficiency < worst_within), "ordinary networking costs more");
    // As many jobs as GPUs, each GPU holding a job: nothing is exchanged.
    let many = stencil_jobs_in_two_days(5e3, 100.0);
    for c in many.candidates.iter().filter(|c| c.fit.gpus <= 100.0 && c.fit.memory_per_gpu_gib >= 21.5) {
        assert_eq!(c.fit.scaling_efficiency, 1.0, "{}", c.offer.id);
    }
}

#[test]
fn golden_fp64_cfd_excludes_weak_fp64() {
    let r = run(serde_json::json!({ "workload": { "kind": "hpc", "workTflop": 1.8e6 }, "constraints": { "providers": ["azure"] } })).unwrap();
    let top = &r.candidates[0].offer.accelerator;
    assert!(
        [
            "A100-80GB",
            "A100-80GB-PCIe",
            "A100",
            "H100",
            "H100-NVL",
            "H200",
            "MI300X",
            "V100",
            "V100-32GB",
            "GB200",
            "B200"
        ]
        .contains(&top.as_str()),
        "{top}"
    );
    for weak in ["Standard_NC4as_T4_v3", "Standard_NV36ads_A10_v5"] {
        let x = r.excluded.iter().find(|x| x.offer.instance == weak).unwrap_or_else(|| panic!("{weak}"));
        assert!(x.code == "weak-fp64" || x.code == "fractional-gpu", "{weak}: {}", x.code);
    }
}

#[test]
fn golden_cad_desktops_exclude_compute_only_sizes() {
    let r = run(serde_json::json!({ "workload": { "kind": "vdi", "desktops": 50, "profileGib": 4 }, "constraints": { "providers": ["azure"], "regions": ["eastus"] } })).unwrap();
    let graphics = ["A10", "T4", "M60", "MI25", "Radeon-Pro-V620", "Radeon-Pro-V710"];
    assert!(
        r.candidates.iter().all(|c| graphics.contains(&c.offer.accelerator.as_str())),
        "graphics-capable GPUs only"
    );
    assert!(r.candidates.iter().any(|c| c.offer.family == "NV"));
    assert!(!r.candidates.iter().any(|c| c.offer.family == "ND"));
    let nd = r.excluded.iter().find(|x| x.offer.id == "azure/Standard_ND96isr_H100_v5/eastus").unwrap();
    assert_eq!(nd.code, "no-graphics");
}

#[test]
fn golden_hipaa_keeps_known_yes_and_never_assumes() {
    let r = run(serde_json::json!({ "workload": { "kind": "devtest", "hoursPerMonth": 80, "minGpuMemoryGib": 16 }, "constraints": { "compliance": ["hipaa"] }, "priorities": { "limit": 1000 } })).unwrap();
    let providers: HashSet<&str> = r.candidates.iter().map(|c| c.offer.provider.as_str()).collect();
    assert!(providers.iter().all(|p| ["azure", "aws", "gcp"].contains(p)), "{providers:?}");
    let lambda = r.excluded.iter().find(|x| x.offer.provider == "lambda").unwrap();
    assert!(lambda.reason.contains("unknown"), "{}", lambda.reason);
    let oci = r.excluded.iter().find(|x| x.offer.provider == "oci").unwrap();
    assert!(oci.reason.contains("secondary source only"), "{}", oci.reason);
}

#[test]
fn golden_mainland_china_only() {
    let r = run(serde_json::json!({ "workload": { "kind": "devtest", "hoursPerMonth": 80 }, "constraints": { "jurisdictions": ["CN"] } })).unwrap();
    assert!(r.candidates.iter().any(|c| c.offer.provider == "alibaba"));
    for c in &r.candidates {
        assert_eq!(c.offer.region.jurisdiction, gpuplan::catalog::query::JurisdictionName::Cn);
        if c.offer.provider == "alibaba" {
            assert!(c.offer.region.id.starts_with("cn-"));
            assert_eq!(c.offer.prices.original.as_ref().unwrap().currency, "CNY");
        }
    }
}

#[test]
fn golden_pretrain_7b_in_30_days_goes_multi_node_over_rdma() {
    let r = run(serde_json::json!({ "workload": { "kind": "pretrain", "model": "qwen2.5-7b", "tokens": 1e12 },
        "constraints": { "deadlineHours": 720, "providers": ["azure", "aws", "gcp"], "vendors": ["NVIDIA"] }, "priorities": { "rank": "cheapest" } })).unwrap();
    // NVIDIA only: GCP's TPU slices are candidates by default now and one slice can finish alone.
    let top = &r.candidates[0];
    // The deadline decides the node count: several instances, finishing within 720 h.
    assert!(top.fit.instances > 1.0 && top.hours <= 720.0, "{} instances, {} h", top.fit.instances, top.hours);
    assert!(top.fit.interconnect.contains("InfiniBand/RDMA"), "{}", top.fit.interconnect);
    // Tens of thousands of GPU-hours.
    assert!(top.fit.gpu_hours > 10_000.0 && top.fit.gpu_hours < 200_000.0, "{}", top.fit.gpu_hours);
    assert!(r.excluded.iter().any(|x| x.code == "deadline"));
    assert!(r.excluded.iter().any(|x| x.code == "doubtful-price"), "GCP rows with known-wrong prices are not ranked");
}

#[test]
fn bad_requests_name_their_field() {
    let cases = [
        (
            serde_json::json!({ "workload": { "kind": "raw", "gpuMemoryGib": 80 }, "constraints": { "providers": ["nowhere"] } }),
            "constraints.providers[0]",
        ),
        (
            serde_json::json!({ "workload": { "kind": "raw", "gpuMemoryGib": 80 }, "constraints": { "compliance": ["iso9001"] } }),
            "constraints.compliance[0]",
        ),
        (
            serde_json::json!({ "workload": { "kind": "raw", "gpuMemoryGib": 80 }, "pricing": { "virtualizationOverhead": 0.3 } }),
            "pricing.virtualizationOverhead",
        ),
        (
            serde_json::json!({ "workload": { "kind": "raw", "gpuMemoryGib": 80 }, "priorities": { "rank": "prettiest" } }),
            "priorities.rank",
        ),
        (serde_json::json!({ "workload": { "kind": "raw", "gpuMemoryGib": -1 } }), "workload.gpuMemoryGib"),
        (
            serde_json::json!({ "workload": { "kind": "raw", "gpuMemoryGib": 8 }, "constraints": { "jurisdictions": ["Moon"] } }),
            "constraints.jurisdictions[0]",
        ),
    ];
    for (json, field) in cases {
        let err = run(json.clone()).expect_err(&json.to_string());
        assert_eq!(err.field, field, "{json}: {}", err.message);
    }
}

fn raw(memory: f64, count: f64, providers: &[&str], jurisdictions: &[&str]) -> RecommendResponse {
    run_all(serde_json::json!({
        "workload": { "kind": "raw", "gpuMemoryGib": memory, "gpuCount": count, "hours": 10 },
        "constraints": { "providers": providers, "jurisdictions": jurisdictions }
    }))
    .unwrap()
}

const PROVIDERS: [&str; 5] = ["azure", "gcp", "lambda", "nebius", "oci"];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn every_offer_considered_is_in_exactly_one_list(memory in 1.0f64..200.0, count in 1u32..16, p in 0usize..5) {
        let r = raw(memory, f64::from(count), &[PROVIDERS[p]], &[]);
        prop_assert_eq!(r.counts.candidates + r.counts.excluded, r.counts.considered);
        let kept: HashSet<&str> = r.candidates.iter().map(|c| c.offer.id.as_str()).collect();
        let dropped: HashSet<&str> = r.excluded.iter().map(|x| x.offer.id.as_str()).collect();
        prop_assert!(kept.is_disjoint(&dropped));
        prop_assert_eq!(kept.len() + dropped.len(), r.counts.considered);
        prop_assert!(r.candidates.iter().all(|c| !c.reasons.is_empty()));
    }

    #[test]
    fn tightening_a_constraint_never_adds_candidates(memory in 1.0f64..100.0, count in 1u32..8, p in 0usize..5) {
        let loose: HashSet<String> = raw(memory, f64::from(count), &[], &[]).candidates.iter().map(|c| c.offer.id.clone()).collect();
        let by_provider = raw(memory, f64::from(count), &[PROVIDERS[p]], &[]);
        let by_region = raw(memory, f64::from(count), &[], &["EU"]);
        prop_assert!(by_provider.counts.candidates <= raw(memory, f64::from(count), &[], &[]).counts.candidates);
        prop_assert!(by_region.candidates.iter().all(|c| loose.contains(&c.offer.id)) || by_region.counts.candidates <= loose.len());
    }

    #[test]
    fn more_required_memory_never_lowers_the_gpu_count(params in 1.0f64..400.0, extra in 1.0f64..400.0, p in 0usize..5) {
        // The same training demand, once with a larger model: more memory per
        // replica must never need fewer GPUs on the same offer.
        let train = |params_b: f64| run_all(serde_json::json!({
            "workload": { "kind": "pretrain", "tokens": 1e9, "model": { "paramsB": params_b, "layers": 32, "hiddenSize": 4096, "heads": 32, "vocab": 32000 } },
            "constraints": { "providers": [PROVIDERS[p]] }
        })).unwrap();
        let (small, large) = (train(params), train(params + extra));
        let mut compared = 0;
        for c in &large.candidates {
            if let Some(s) = small.candidates.iter().find(|s| s.offer.id == c.offer.id) {
                prop_assert!(c.fit.gpus >= s.fit.gpus, "{}: {} GPUs for {} B, {} for {} B", c.offer.id, s.fit.gpus, params, c.fit.gpus, params + extra);
                compared += 1;
            }
        }
        prop_assert!(compared > 0 || large.candidates.is_empty(), "no offer to compare");
        // And no offer that fails the smaller need passes the larger one.
        let small_ids: HashSet<&str> = small.candidates.iter().map(|c| c.offer.id.as_str()).collect();
        prop_assert!(large.candidates.iter().all(|c| small_ids.contains(c.offer.id.as_str())));
    }
}

#[test]
fn excluded_is_limited_and_pages_cover_every_offer_once() {
    let json = serde_json::json!({
        "workload": { "kind": "raw", "gpuMemoryGib": 80, "gpuCount": 8 },
        "priorities": { "excludedLimit": 25 }
    });
    let request: RecommendRequest =
        gpuplan::input::read("request", &gpuplan::input::from_json(&json).unwrap()).unwrap();
    let r = gpuplan::recommend(&request).unwrap();
    assert_eq!(r.excluded.len(), 25);
    assert_eq!(r.excluded_total, r.counts.excluded);
    assert_eq!(r.excluded_total + r.counts.candidates, r.counts.considered);
    let mut seen = HashSet::new();
    let mut offset = 0;
    while offset < r.excluded_total {
        let page = gpuplan::recommend::WhyNotPage { offset: Some(offset as u32), limit: Some(997), code: None };
        let p = gpuplan::why_not(&request, &page).unwrap();
        assert!(!p.excluded.is_empty());
        for x in &p.excluded {
            assert!(seen.insert(x.offer.id.clone()), "{} twice", x.offer.id);
        }
        offset += p.excluded.len();
    }
    assert_eq!(seen.len(), r.excluded_total);
    // The answer's 25 are the first page.
    let first = gpuplan::why_not(&request, &Default::default()).unwrap();
    assert_eq!(first.excluded[..25], r.excluded[..]);
}

#[test]
fn candidates_are_limited_and_offset_pages_cover_every_candidate_once() {
    // A 16 GiB dev box: thousands of candidates, more than one answer holds.
    let json = |priorities: serde_json::Value| serde_json::json!({ "workload": { "kind": "devtest", "hoursPerMonth": 80, "minGpuMemoryGib": 16 }, "priorities": priorities });
    let err = run(json(serde_json::json!({ "limit": 1_001 }))).unwrap_err();
    assert_eq!(err.field, "priorities.limit", "{}", err.message);
    let first = run(json(serde_json::json!({}))).unwrap();
    assert_eq!(first.candidates.len(), 50, "the default page");
    assert!(first.counts.candidates > 1_000, "{} candidates", first.counts.candidates);
    let mut seen = HashSet::new();
    let mut offset = 0;
    while offset < first.counts.candidates {
        let page = run(json(serde_json::json!({ "limit": 997, "offset": offset }))).unwrap();
        assert!(!page.candidates.is_empty());
        for (i, c) in page.candidates.iter().enumerate() {
            assert_eq!(c.rank, offset + i + 1, "ranks count from the first candidate, not the page");
            assert!(seen.insert(c.offer.id.clone()), "{} twice", c.offer.id);
        }
        assert_eq!(page.counts.candidates, first.counts.candidates);
        offset += page.candidates.len();
    }
    assert_eq!(seen.len(), first.counts.candidates);
    let again = run(json(serde_json::json!({ "limit": 997 }))).unwrap();
    let ids = |r: &RecommendResponse| r.candidates.iter().take(50).map(|c| c.offer.id.clone()).collect::<Vec<_>>();
    assert_eq!(ids(&again), ids(&first), "the first page of any size starts with the default answer");
    let past = run(json(serde_json::json!({ "offset": 1_000_000 }))).unwrap();
    assert!(past.candidates.is_empty(), "a page past the last candidate is empty, not an error");
}

#[test]
fn a_planner_with_prices_answers_as_a_request_with_those_prices() {
    let prices = serde_json::json!({ "discounts": { "azure": 20 } });
    let json = serde_json::json!({
        "workload": { "kind": "raw", "gpuMemoryGib": 80, "gpuCount": 8, "hours": 10 },
        "constraints": { "providers": ["azure"] },
        "pricing": { "userPrices": prices }
    });
    let with_prices: RecommendRequest =
        gpuplan::input::read("request", &gpuplan::input::from_json(&json).unwrap()).unwrap();
    let mut without = with_prices.clone();
    without.pricing.user_prices = Default::default();
    let options: gpuplan::PlannerOptions = gpuplan::input::read(
        "options",
        &gpuplan::input::from_json(&serde_json::json!({ "userPrices": prices })).unwrap(),
    )
    .unwrap();
    let planner = gpuplan::Planner::new(&options).unwrap();
    let a = gpuplan::recommend(&with_prices).unwrap();
    let b = planner.recommend(&without).unwrap();
    assert_eq!(a.candidates.len(), b.candidates.len());
    for (x, y) in a.candidates.iter().zip(&b.candidates) {
        assert_eq!((&x.offer.id, chosen_total(x)), (&y.offer.id, chosen_total(y)));
    }
}

#[test]
fn a_planners_answer_is_the_same_whatever_it_answered_before() {
    // A planner keeps its last answer's demands (`recommend` or `whyNot`) for
    // a next call with the same workload: every answer in a sequence that
    // changes the constraints, the ranking, the plan, the deadline, the
    // overrides and the workload itself (and back) must be the one a fresh
    // computation gives.
    let lora = serde_json::json!({ "kind": "finetune", "model": "qwen2.5-7b", "tokens": 2e8 });
    let serve = serde_json::json!({ "kind": "inference", "model": "llama-3.1-70b", "requestsPerSecond": 20, "ttftTargetMs": 1000 });
    let pretrain = serde_json::json!({ "kind": "pretrain", "model": "llama-3.1-8b", "tokens": 1e11 });
    let sequence = [
        serde_json::json!({ "workload": lora }),
        serde_json::json!({ "workload": lora, "constraints": { "budgetUsd": 500 } }),
        serde_json::json!({ "workload": lora, "constraints": { "providers": ["aws", "azure"] }, "priorities": { "rank": "fastest" } }),
        serde_json::json!({ "workload": lora, "pricing": { "plan": "spot" } }),
        serde_json::json!({ "workload": lora, "constraints": { "deadlineHours": 5 } }),
        serde_json::json!({ "workload": lora, "constraints": { "deadlineHours": 5 }, "pricing": { "virtualizationOverhead": 0.1 } }),
        serde_json::json!({ "workload": lora, "overrides": { "utilization": 0.3 } }),
        serde_json::json!({ "workload": { "kind": "finetune", "model": "qwen2.5-7b", "tokens": 2e9 } }),
        serde_json::json!({ "workload": serve }),
        serde_json::json!({ "workload": serve, "constraints": { "jurisdictions": ["EU"] } }),
        serde_json::json!({ "workload": pretrain, "constraints": { "deadlineHours": 720 } }),
        serde_json::json!({ "workload": pretrain }),
        // A deadline lets fits grow to many nodes: the curve kept without one is too short.
        serde_json::json!({ "workload": pretrain, "constraints": { "deadlineHours": 48 } }),
        serde_json::json!({ "workload": lora }),
        serde_json::json!({ "workload": lora, "priorities": { "limit": 5, "offset": 3 } }),
        // The layout searches are kept across token counts (the page's tokens field), and
        // must be made again for anything else a search reads.
        serde_json::json!({ "workload": { "kind": "finetune", "model": "qwen2.5-7b", "tokens": 200 } }),
        serde_json::json!({ "workload": { "kind": "finetune", "model": "qwen2.5-7b", "tokens": 2e5, "contextTokens": 2048 } }),
        serde_json::json!({ "workload": { "kind": "finetune", "model": "qwen2.5-7b", "tokens": 2e5, "method": "qlora" } }),
        serde_json::json!({ "workload": lora, "overrides": { "overheadGib": 12 } }),
        serde_json::json!({ "workload": { "kind": "pretrain", "model": "llama-3.1-8b", "tokens": 1e12 } }),
        serde_json::json!({ "workload": { "kind": "pretrain", "model": "llama-3.1-8b", "tokens": 1e12, "gpus": 64 } }),
        serde_json::json!({ "workload": pretrain, "constraints": { "deadlineHours": 48 } }),
        serde_json::json!({ "workload": pretrain, "overrides": { "overheadGib": 12 } }),
    ];
    let planner = gpuplan::Planner::new(&Default::default()).unwrap();
    for (i, json) in sequence.iter().enumerate() {
        let request: gpuplan::recommend::RecommendRequest =
            gpuplan::input::read_json("request", &json.to_string()).unwrap();
        let kept = serde_json::to_string(&planner.recommend(&request).unwrap()).unwrap();
        let fresh =
            serde_json::to_string(&gpuplan::Planner::new(&Default::default()).unwrap().recommend(&request).unwrap())
                .unwrap();
        assert!(kept == fresh, "call {i} differs after the calls before it: {json}");
        // The page pages through why-not with the request of the answer it shows.
        let page: gpuplan::recommend::WhyNotPage =
            gpuplan::input::read_json("page", r#"{"offset":2,"limit":50}"#).unwrap();
        let kept = serde_json::to_string(&planner.why_not(&request, &page).unwrap()).unwrap();
        let fresh = serde_json::to_string(
            &gpuplan::Planner::new(&Default::default()).unwrap().why_not(&request, &page).unwrap(),
        )
        .unwrap();
        assert!(kept == fresh, "why-not {i} differs after the calls before it: {json}");
    }
}

/// Advice an expert would sign: what each accelerator is for decides where it appears.
mod advice {
    use super::{estimate_of, run_all};

    fn codes(r: &gpuplan::recommend::RecommendResponse, code: &str) -> usize {
        r.excluded.iter().filter(|x| x.code == code).count()
    }

    #[test]
    fn inference_chips_never_serve_training() {
        let r = run_all(serde_json::json!({
            "workload": { "kind": "finetune", "method": "lora", "model": "qwen2.5-7b", "tokens": 2e8 }
        }))
        .unwrap();
        for c in &r.candidates {
            assert!(
                !["Inferentia", "Inferentia2", "Qualcomm-AI100"].contains(&c.offer.accelerator.as_str()),
                "{} ranks for training",
                c.offer.id
            );
        }
        assert!(codes(&r, "inference-only") > 0, "inf1/inf2 are excluded with the reason");
    }

    /// Azure NVv4's MI25 runs Windows guests only and AWS g4ad's Radeon Pro V520 has no ROCm
    /// libraries: a 3B model served on them ranked among the candidates, timed from their peaks.
    #[test]
    fn graphics_gpus_without_an_ml_stack_neither_serve_nor_train() {
        let no_stack = ["MI25", "Radeon-Pro-V520"];
        for workload in [
            serde_json::json!({ "kind": "inference", "model": "llama-3.2-3b", "requestsPerSecond": 1 }),
            serde_json::json!({ "kind": "finetune", "method": "lora", "model": "llama-3.2-1b", "tokens": 1e7 }),
        ] {
            // Before Azure retired NVv4 on 2026-09-30, so its MI25 offers reach the fit.
            let r = run_all(serde_json::json!({ "workload": workload, "today": "2026-08-01",
                "constraints": { "includeDoubtfulPrices": true } }))
            .unwrap();
            assert!(!r.candidates.is_empty());
            for c in &r.candidates {
                assert!(!no_stack.contains(&c.offer.accelerator.as_str()), "{} ranks for {workload}", c.offer.id);
            }
            let left_out: Vec<_> = r.excluded.iter().filter(|x| x.code == "no-ml-stack").collect();
            for key in no_stack {
                assert!(left_out.iter().any(|x| x.offer.accelerator == key), "{key} is left out as no-ml-stack");
            }
            assert!(left_out.iter().all(|x| x.reason.contains("PyTorch") && x.reason_zh.contains("PyTorch")));
            // The Radeon Pro V710 (Azure's ROCm driver extension) still serves.
            assert!(r.excluded.iter().all(|x| x.code != "no-ml-stack" || x.offer.accelerator != "Radeon-Pro-V710"));
        }
        // An estimate on one says so, in both languages.
        let e = estimate_of(serde_json::json!({ "accelerator": "Radeon-Pro-V520",
            "workload": { "kind": "inference", "model": "llama-3.2-1b" } }));
        assert!(e.notes.iter().any(|n| n.starts_with("Radeon-Pro-V520: no PyTorch")), "{:?}", e.notes);
        assert!(e.notes_zh.iter().any(|n| n.contains("PyTorch")));
    }

    /// Azure retired NCv3 on 2025-09-30 and NVv3 and NVv4 on 2026-09-30 (its retired-sizes list):
    /// after that day their offers are left out as `retired`; before it they rank, flagged
    /// `retiring`, and `listOffers` lists them either way, flagged.
    #[test]
    fn sizes_their_provider_retired_are_left_out_from_their_retirement_day() {
        let retired = ["Standard_NC6s_v3", "Standard_NV12s_v3", "Standard_NV32as_v4"];
        let request = |today: &str| {
            serde_json::json!({ "today": today, "constraints": { "providers": ["azure"] },
                "workload": { "kind": "raw", "gpuCount": 1, "gpuMemoryGib": 8, "hours": 100 } })
        };
        let after = run_all(request("2026-12-07")).unwrap();
        assert!(!after.candidates.is_empty());
        for c in &after.candidates {
            assert!(!retired.contains(&c.offer.instance.as_str()), "{} ranks after its retirement", c.offer.id);
            assert!(c.offer.flags.iter().all(|f| f.code != "retired" && f.code != "retiring"));
        }
        for instance in retired {
            let left_out = after.excluded.iter().find(|x| x.offer.instance == instance).expect("listed as excluded");
            assert_eq!(left_out.code, "retired", "{instance}");
            assert!(left_out.reason.contains("can no longer be run") && left_out.reason.contains("-09-30"));
            assert!(left_out.reason_zh.contains("停用"));
            // Both languages name the provider's page that says so.
            assert!(left_out.reason.contains("MicrosoftDocs") && left_out.reason_zh.contains("MicrosoftDocs"));
        }
        // Before NVv3's and NVv4's day (NCv3 already gone) they rank, flagged with the date.
        let before = run_all(request("2026-08-01")).unwrap();
        let flagged: Vec<_> = before.candidates.iter().filter(|c| c.offer.instance == "Standard_NV32as_v4").collect();
        assert!(!flagged.is_empty(), "NVv4 ranks before its retirement");
        for c in flagged {
            let f = c.offer.flags.iter().find(|f| f.code == "retiring").expect("flagged retiring");
            assert!(f.message.contains("retires on 2026-09-30"), "{}", f.message);
        }
        assert!(before.excluded.iter().any(|x| x.offer.instance == "Standard_NC6s_v3" && x.code == "retired"));
        // The catalog's own listing keeps them, flagged, and counts them.
        let planner = gpuplan::Planner::default_planner().unwrap();
        let info = planner.catalog_info_on("2026-12-07").unwrap();
        assert!(info.flag_counts.get("retired").copied().unwrap_or(0) >= 200, "{:?}", info.flag_counts);
        assert_eq!(info.flag_counts.get("retiring"), None);
    }

    /// Azure's ND GB200 v6 VMs hold four GPUs each, 18 to an NVL72 rack whose NVLink joins all
    /// 72: Llama 3.1 405B in BF16 (810 GB of weights, more than four GPUs' 744 GiB) was left
    /// out as `tensor-parallel`, where a replica of eight GPUs over two VMs of one rack serves it.
    #[test]
    fn a_replica_spans_the_vms_of_one_nvl72_rack() {
        let r = run_all(serde_json::json!({
            "workload": { "kind": "inference", "model": "llama-3.1-405b", "precision": "bf16", "requestsPerSecond": 2 },
            "constraints": { "accelerators": ["GB200"], "providers": ["azure"] }
        }))
        .unwrap();
        assert!(!r.candidates.is_empty(), "{:?}", r.counts);
        for c in &r.candidates {
            let chosen = c.fit.serving.as_ref().expect("a serving fit").chosen.layout;
            assert!(chosen.gpus_per_replica > 4.0 && chosen.gpus_per_replica <= 72.0, "{chosen:?}");
            // Each replica takes whole VMs of its rack.
            let per_replica = (chosen.gpus_per_replica / 4.0).ceil();
            assert_eq!(c.fit.instances, chosen.replicas * per_replica, "{chosen:?}");
            assert!(c.fit.interconnect.contains("instances of one NVLink rack"), "{}", c.fit.interconnect);
            assert!(c.fit.interconnect_zh.contains("NVLink 机架"));
        }
        // Training on them: NVLink within each rack, InfiniBand between racks.
        for (gpus, words) in [
            (64, "joined by NVLink (NVLink5) within one 72-GPU rack"),
            (256, "within each 72-GPU rack, InfiniBand/RDMA between racks"),
        ] {
            let t = run_all(serde_json::json!({
                "workload": { "kind": "pretrain", "model": "llama-3.1-70b", "tokens": 1e11, "gpus": gpus },
                "constraints": { "accelerators": ["GB200"], "providers": ["azure"] }
            }))
            .unwrap();
            assert!(!t.candidates.is_empty());
            for c in &t.candidates {
                assert!(c.fit.interconnect.contains(words), "{}", c.fit.interconnect);
                assert!(c.fit.interconnect_zh.contains("NVLink"));
            }
        }
        // An 8-GPU H100 instance still holds its replica within itself.
        let h100 = run_all(serde_json::json!({
            "workload": { "kind": "inference", "model": "llama-3.1-405b", "precision": "fp8", "requestsPerSecond": 2 },
            "constraints": { "accelerators": ["H100"], "providers": ["azure"] }
        }))
        .unwrap();
        assert!(!h100.candidates.is_empty());
        for c in &h100.candidates {
            let per_replica = c.fit.serving.as_ref().unwrap().chosen.layout.gpus_per_replica;
            assert!(per_replica <= c.offer.gpu_count, "{}: {per_replica} GPUs per replica", c.offer.id);
        }
    }

    /// QLoRA's NF4 base is dequantized by bitsandbytes' kernels: NVIDIA GPUs from Pascal and
    /// AMD GPUs run them, TPUs and AWS's Neuron chips do not (the cheapest QLoRA of a 70B
    /// was a TPU v6e slice).
    #[test]
    fn qlora_runs_only_where_its_4_bit_kernels_do() {
        let r = run_all(serde_json::json!({
            "workload": { "kind": "finetune", "method": "qlora", "model": "llama-3.1-70b", "tokens": 1e8 }
        }))
        .unwrap();
        assert!(!r.candidates.is_empty());
        for c in &r.candidates {
            let a = &c.offer.accelerator;
            assert!(!a.starts_with("TPU") && !a.starts_with("Trainium"), "{} fine-tunes with QLoRA on {a}", c.offer.id);
        }
        let left_out: Vec<_> = r.excluded.iter().filter(|x| x.code == "no-nf4").collect();
        assert!(left_out.iter().any(|x| x.offer.accelerator.starts_with("TPU")), "TPUs are left out as no-nf4");
        assert!(left_out.iter().all(|x| x.reason.contains("bitsandbytes") && x.reason_zh.contains("bitsandbytes")));
        // LoRA over a 16-bit base runs on the same TPUs.
        let lora = run_all(serde_json::json!({
            "workload": { "kind": "finetune", "method": "lora", "model": "llama-3.1-70b", "tokens": 1e8 }
        }))
        .unwrap();
        assert_eq!(codes(&lora, "no-nf4"), 0);
        assert!(lora.candidates.iter().any(|c| c.offer.accelerator.starts_with("TPU")));
        // An estimate of QLoRA on a TPU says so, in both languages; on an H100 it does not.
        let notes = |accelerator: &str| {
            let e = estimate_of(serde_json::json!({ "accelerator": accelerator,
                "workload": { "kind": "finetune", "method": "qlora", "model": "llama-3.1-8b", "tokens": 1e8 } }));
            (e.notes.join(" | "), e.notes_zh.join(" | "))
        };
        let (en, zh) = notes("TPU-v6e");
        assert!(en.contains("TPU-v6e: QLoRA's 4-bit (NF4) base needs bitsandbytes' kernels"), "{en}");
        assert!(zh.contains("bitsandbytes 内核"), "{zh}");
        assert!(!notes("H100").0.contains("bitsandbytes"));
    }

    #[test]
    fn geforce_never_serves_shared_desktops_and_the_host_must_fit_them() {
        let r = run_all(serde_json::json!({
            "workload": { "kind": "vdi", "desktops": 50, "profileGib": 4 },
            "constraints": { "includeDoubtfulPrices": true }
        }))
        .unwrap();
        const GEFORCE: [&str; 7] = ["RTX4090", "RTX5090", "RTX3090", "RTX3060", "RTX4060", "RTX4070", "RTX5070"];
        for c in &r.candidates {
            assert!(!GEFORCE.contains(&c.offer.accelerator.as_str()), "{} hosts desktops", c.offer.id);
            // Every candidate's host runs its desktops: 4 vCPUs and 16 GiB each by default.
            if let (Some(v), Some(m)) = (c.offer.vcpus, c.offer.memory_gib) {
                let desktops_per_instance = (50.0 / c.fit.instances).floor();
                assert!(v >= 4.0 * desktops_per_instance.min(v / 4.0).max(1.0), "{}: {v} vCPU", c.offer.id);
                assert!(m >= 16.0, "{}: {m} GiB", c.offer.id);
            }
        }
        assert!(codes(&r, "no-vgpu") > 0, "GeForce offers are excluded with the reason");
        assert!(codes(&r, "host-too-small") > 0, "small hosts are excluded with the reason");
        let nv_a10 = r
            .candidates
            .iter()
            .position(|c| c.offer.instance.starts_with("Standard_NV") && c.offer.accelerator == "A10");
        assert!(nv_a10.is_some(), "Azure NV A10 v5 serves CAD desktops");
    }

    #[test]
    fn a_raw_multi_gpu_request_means_one_instance_unless_spreading_is_allowed() {
        let one =
            run_all(serde_json::json!({ "workload": { "kind": "raw", "gpuMemoryGib": 24, "gpuCount": 8 } })).unwrap();
        assert!(!one.candidates.is_empty());
        assert!(one.candidates.iter().all(|c| c.fit.instances == 1.0));
        assert!(codes(&one, "one-instance") > 0);
        let spread = run_all(
            serde_json::json!({ "workload": { "kind": "raw", "gpuMemoryGib": 24, "gpuCount": 8, "spread": true } }),
        )
        .unwrap();
        assert!(spread.candidates.iter().any(|c| c.fit.instances > 1.0));
    }

    #[test]
    fn synchronous_multi_instance_training_needs_known_rdma() {
        let r = run_all(serde_json::json!({
            "workload": { "kind": "pretrain", "model": "qwen2.5-7b", "tokens": 1e12 },
            "constraints": { "deadlineHours": 720, "includeDoubtfulPrices": true }
        }))
        .unwrap();
        let multi: Vec<_> = r.candidates.iter().filter(|c| c.fit.instances > 1.0).collect();
        assert!(!multi.is_empty());
        for c in multi {
            // Instances within one NVL72 rack are joined by its NVLink (Azure's GB200 v6 VMs).
            let joined = c.fit.interconnect.contains("InfiniBand/RDMA")
                || c.fit.interconnect.contains("joined by NVLink (NVLink5) within one 72-GPU rack");
            assert!(joined, "{}: {}", c.offer.id, c.fit.interconnect);
        }
        // Without a deadline, 64 GPUs asked for still need known RDMA between instances.
        let r = run_all(serde_json::json!({
            "workload": { "kind": "pretrain", "model": "qwen2.5-7b", "tokens": 1e11, "gpus": 64 },
            "constraints": { "includeDoubtfulPrices": true }
        }))
        .unwrap();
        assert!(r.candidates.iter().all(|c| c.fit.instances == 1.0
            || c.fit.interconnect.contains("InfiniBand/RDMA")
            || c.fit.interconnect.contains("within one 72-GPU rack")));
        assert!(codes(&r, "rdma-unknown") > 0, "unknown networking is a reason, not a warning");
        // A trn1.2xlarge has one Trainium and "up to 12.5 Gigabit", no EFA: 64 of them are not
        // a training cluster (it was kept as EFA, as the 32xlarge sizes are).
        let small = r.excluded.iter().find(|x| x.offer.instance == "trn1.2xlarge").expect("trn1.2xlarge");
        assert_eq!(small.code, "no-rdma", "{}", small.reason);
        assert!(!r.candidates.iter().any(|c| c.offer.instance == "trn1.2xlarge"));
    }
}

/// The cost plans drive the ranking.
mod plans {
    use super::{chosen_total, run};
    use gpuplan::cost::PlanKind;

    fn lora(plan: &str) -> gpuplan::recommend::RecommendResponse {
        run(serde_json::json!({
            "workload": { "kind": "finetune", "method": "lora", "model": "qwen2.5-7b", "tokens": 2e8 },
            "constraints": { "providers": ["aws", "azure", "gcp"] },
            "pricing": { "plan": plan }, "priorities": { "limit": 200 }
        }))
        .unwrap()
    }

    #[test]
    fn the_plan_selector_reranks_and_best_is_never_dearer_than_a_single_plan() {
        let on_demand = lora("onDemand");
        let spot = lora("spot");
        assert!(on_demand.candidates.iter().all(|c| c.cost.chosen == Some(PlanKind::OnDemand)));
        assert!(spot.candidates.iter().all(|c| c.cost.chosen == Some(PlanKind::Spot)));
        let ids = |r: &gpuplan::recommend::RecommendResponse| {
            r.candidates.iter().take(10).map(|c| c.offer.id.clone()).collect::<Vec<_>>()
        };
        assert_ne!(ids(&on_demand), ids(&spot), "paying differently ranks differently");
        // A checkpointed fine-tune may run on spot: `best` picks the cheapest plan that fits.
        let best = lora("best");
        for c in &best.candidates {
            let total = chosen_total(c);
            for p in [&c.cost.on_demand, &c.cost.reserved_1y, &c.cost.reserved_3y].into_iter().flatten() {
                assert!(total <= p.total + 1e-6, "{}: best {total} > {}", c.offer.id, p.total);
            }
        }
        assert!(best.candidates.iter().take(5).any(|c| c.cost.chosen == Some(PlanKind::Spot)), "spot is suggested");
    }

    #[test]
    fn a_service_is_costed_by_the_month_and_reservations_pay_off_over_years() {
        let serve = |months: f64| {
            run(serde_json::json!({
                "workload": { "kind": "inference", "model": "llama-3.1-8b", "requestsPerSecond": 2 },
                "constraints": { "providers": ["aws"] },
                "pricing": { "months": months }, "priorities": { "limit": 20 }
            }))
            .unwrap()
        };
        let one = serve(1.0);
        let top = &one.candidates[0];
        let month = top.cost.chosen_cost().unwrap().1.usd_per_month.expect("a service has a monthly cost");
        assert!(top.reasons[0].contains("a month"), "{}", top.reasons[0]);
        assert!(month > 0.0);
        // For one month a one-year reservation cannot pay off; over three years it does.
        assert_ne!(top.cost.chosen, Some(PlanKind::Reserved1y));
        let three_years = serve(36.0);
        assert!(three_years
            .candidates
            .iter()
            .take(5)
            .any(|c| matches!(c.cost.chosen, Some(PlanKind::Reserved1y | PlanKind::Reserved3y))));
    }
}

#[test]
fn hidden_costs_not_asked_for_are_zero_not_unknown() {
    let r = run(serde_json::json!({ "workload": { "kind": "raw", "gpuMemoryGib": 80, "gpuCount": 8, "hours": 10 },
        "constraints": { "providers": ["azure"], "regions": ["eastus"] } }))
    .unwrap();
    for c in &r.candidates {
        assert!(
            c.cost.warnings.iter().all(|w| w.code != "storage-unknown" && w.code != "egress-unknown"),
            "{}",
            c.offer.id
        );
    }
    // Asked for, on a provider whose egress tiers are known, egress is priced.
    let r = run(serde_json::json!({ "workload": { "kind": "raw", "gpuMemoryGib": 80, "gpuCount": 8, "hours": 10 },
        "constraints": { "providers": ["azure"], "regions": ["eastus"] }, "pricing": { "egressGbPerMonth": 5000 } }))
    .unwrap();
    let egress = r.candidates[0].cost.chosen_cost().unwrap().1.breakdown.iter().find(|l| l.code == "egress").cloned();
    assert!(egress.and_then(|l| l.usd).is_some_and(|usd| usd > 0.0));
}

#[test]
fn offers_without_the_specs_to_estimate_say_which_figure_is_missing() {
    let json = serde_json::json!({
        "workload": { "kind": "inference", "model": "llama-3.1-8b", "requestsPerSecond": 2 },
        "constraints": { "includeDoubtfulPrices": true }
    });
    let request: RecommendRequest =
        gpuplan::input::read("request", &gpuplan::input::from_json(&json).unwrap()).unwrap();
    let page = gpuplan::recommend::WhyNotPage { code: Some("specs".into()), offset: None, limit: Some(10_000) };
    let specs = gpuplan::why_not(&request, &page).unwrap();
    assert!(specs.total > 0, "some accelerators lack a published figure");
    for x in &specs.excluded {
        let (key, why) = x.reason.split_once(": ").expect("`key: message`");
        assert_eq!(key, x.offer.accelerator, "{}", x.reason);
        assert!(why.contains("no published"), "{}", x.reason);
    }
}

/// GCP's TPU slice prices are not doubtful: only its GPU rows from offers.csv
/// carry `doubtful-price`; TPU v6e slices with a placeholder $700/h have no price.
#[test]
fn gcp_tpu_offers_are_candidates_by_default() {
    let r = run(serde_json::json!({ "workload": { "kind": "pretrain", "model": "qwen2.5-7b", "tokens": 1e12 },
        "constraints": { "deadlineHours": 720, "providers": ["gcp"] }, "priorities": { "rank": "cheapest" } }))
    .unwrap();
    assert!(r.candidates.iter().any(|c| c.offer.accelerator.starts_with("TPU")), "a TPU slice is ranked");
    for x in r.excluded.iter().filter(|x| x.code == "doubtful-price" && x.offer.accelerator.starts_with("TPU")) {
        // Only the placeholder slices: every v6e size at one $700/h in three regions.
        assert_eq!(x.offer.accelerator, "TPU-v6e", "{}", x.offer.id);
        assert!(
            ["asia-east1", "southamerica-east1", "us-central2"].contains(&x.offer.region.as_str()),
            "{}",
            x.offer.id
        );
    }
}

/// One scaling, from the step model: an offer's fit applies the demand's own
/// scaling (none within the node the per-GPU rate was measured on), not a
/// second per-offer loss on top of it.
#[test]
fn training_fits_apply_the_step_models_scaling_once() {
    for gpus in [8.0, 64.0] {
        let r = run(serde_json::json!({ "workload": { "kind": "pretrain", "model": "llama-3.1-8b", "tokens": 1e11,
            "gpus": gpus }, "constraints": { "providers": ["aws"], "vendors": ["NVIDIA"] } }))
        .unwrap();
        let on_8 = r.candidates.iter().filter(|c| c.offer.gpu_count == 8.0 && c.fit.gpus == gpus);
        let mut seen = 0;
        for c in on_8 {
            // An offer whose provider states its fabric crosses that (the answer says it per instance).
            let mut workload =
                serde_json::json!({ "kind": "pretrain", "model": "llama-3.1-8b", "tokens": 1e11, "gpus": gpus });
            if let Some(gbps) = fabric_gbps_per_instance(&c.fit.interconnect) {
                workload["interNodeGbpsPerGpu"] = serde_json::json!(gbps / c.offer.gpu_count);
            }
            let request = serde_json::json!({ "workload": workload, "accelerator": c.offer.accelerator });
            let request: gpuplan::workload::EstimateRequest =
                gpuplan::input::read("request", &gpuplan::input::from_json(&request).unwrap()).unwrap();
            let demand = gpuplan::workload::estimate(gpuplan::catalog::embedded().unwrap(), &request).unwrap().compute;
            let want = demand.scaling_efficiency.unwrap();
            assert!(
                (c.fit.scaling_efficiency - want).abs() < 1e-9,
                "{} on {gpus}: {} vs {want}",
                c.offer.id,
                c.fit.scaling_efficiency
            );
            if gpus == 8.0 {
                assert_eq!(c.fit.scaling_efficiency, 1.0, "one node is the per-GPU rate itself");
            }
            seen += 1;
        }
        assert!(seen > 0, "an 8-GPU NVIDIA offer on AWS fits {gpus} GPUs");
    }
}

#[test]
fn pre_training_a_70b_fits_80_gb_gpus_with_the_layout_searchs_tensor_parallelism() {
    // At TP 1 a 70B's activations (selective recompute, 4,096 tokens) are 88.9 GiB per GPU, more
    // than an H100 holds at any GPU count; tensor parallelism splits them. Every 80 GB GPU was
    // left out as `memory` until the fit read the layout search's memory.
    let r = run(serde_json::json!({ "workload": { "kind": "pretrain", "model": "llama-3.1-70b", "tokens": 1e11 },
        "constraints": { "accelerators": ["H100"] } }))
    .unwrap();
    assert!(!r.candidates.is_empty(), "no H100 offer: {:?}", r.counts.excluded_by_reason);
    for c in &r.candidates {
        // Its tensor-parallel group within one instance, the model states over more than one node.
        assert!(c.offer.gpu_count >= 8.0 && c.fit.gpus >= 16.0, "{}: {} GPUs", c.offer.id, c.fit.gpus);
        assert!(c.fit.memory_needed_gib <= 80.0, "{}: {} GiB", c.offer.id, c.fit.memory_needed_gib);
    }
    assert!(r.excluded.iter().all(|x| x.code != "memory"), "an H100 left out for memory");
    // An instance smaller than the tensor-parallel group the memory needs is left out, saying so.
    let small = r.excluded.iter().find(|x| x.code == "tensor-parallel").expect("single-GPU H100 instances are listed");
    assert!(small.reason.contains("tensor parallelism"), "{}", small.reason);
    // The estimate names the same need.
    let request: gpuplan::workload::EstimateRequest = gpuplan::input::read(
        "request",
        &gpuplan::input::from_json(&serde_json::json!({ "workload": { "kind": "pretrain", "model": "llama-3.1-70b",
            "tokens": 1e11 }, "accelerator": "H100" }))
        .unwrap(),
    )
    .unwrap();
    let estimate = gpuplan::workload::estimate(gpuplan::catalog::embedded().unwrap(), &request).unwrap();
    assert_eq!(estimate.compute.gpus_needed, Some(16.0));
    // Its note says which layout fits, in both languages, not only that the request's own does not.
    assert!(
        estimate.notes.iter().any(|n| n.contains("the layout search fits it from 16 GPUs at TP 8")),
        "{:?}",
        estimate.notes
    );
    assert!(estimate.notes_zh.iter().any(|n| n.contains("从 16 块 GPU 起以 TP 8 装下")), "{:?}", estimate.notes_zh);
}

/// The fabric's Gb/s per instance that a multi-node fit's words state ("…, 400 Gb/s per instance").
fn fabric_gbps_per_instance(interconnect: &str) -> Option<f64> {
    let before = interconnect.strip_suffix(" Gb/s per instance")?;
    before.rsplit(' ').next()?.parse().ok()
}

/// Pre-training Llama 3.1 8B on 64 of one AWS accelerator, and the 64-GPU candidate on an instance.
fn aws_pretrain_8b_on_64(accelerator: &str) -> RecommendResponse {
    aws_pretrain_on_64("llama-3.1-8b", accelerator, serde_json::json!({}))
}

fn aws_pretrain_on_64(model: &str, accelerator: &str, more: serde_json::Value) -> RecommendResponse {
    let mut workload = serde_json::json!({ "kind": "pretrain", "model": model, "tokens": 1e11, "gpus": 64 });
    workload.as_object_mut().unwrap().extend(more.as_object().unwrap().clone());
    run(serde_json::json!({ "workload": workload,
        "constraints": { "providers": ["aws"], "accelerators": [accelerator] } }))
    .unwrap()
}

fn on_64<'a>(r: &'a RecommendResponse, instance: &str) -> &'a gpuplan::recommend::Candidate {
    let c = r.candidates.iter().find(|c| c.offer.instance == instance && c.fit.gpus == 64.0);
    c.unwrap_or_else(|| panic!("{instance} is a 64-GPU candidate"))
}

#[test]
fn a_trn1n_cluster_crosses_twice_a_trn1s_fabric() {
    // AWS Neuron's Trn1/Trn1n architecture page: EFA 800 Gb/s per trn1.32xlarge, 1,600 per trn1n.32xlarge.
    let r = aws_pretrain_8b_on_64("Trainium");
    let stated = |instance: &str| {
        let c = on_64(&r, instance);
        (fabric_gbps_per_instance(&c.fit.interconnect), c.fit.scaling_efficiency)
    };
    let ((trn1, trn1_scaling), (trn1n, trn1n_scaling)) = (stated("trn1.32xlarge"), stated("trn1n.32xlarge"));
    assert_eq!((trn1, trn1n), (Some(800.0), Some(1600.0)));
    assert!(trn1n_scaling >= trn1_scaling, "{trn1n_scaling} vs {trn1_scaling}");
}

#[test]
fn a_single_h100_instance_cluster_crosses_its_100_gigabit_network() {
    // A p5.4xlarge holds one H100 and one 100 Gb/s network (the catalog's AWS source); the
    // default of 400 Gb/s per GPU made 64 of them a faster cluster than eight p5.48xlarge.
    let r = aws_pretrain_8b_on_64("H100");
    let (small, large) = (on_64(&r, "p5.4xlarge"), on_64(&r, "p5.48xlarge"));
    assert_eq!(fabric_gbps_per_instance(&small.fit.interconnect), Some(100.0), "{}", small.fit.interconnect);
    assert!(small.hours > large.hours, "p5.4xlarge {} h, p5.48xlarge {} h", small.hours, large.hours);
}

#[test]
fn a_cluster_of_one_gpu_instances_has_no_nvlink_inside_its_nodes() {
    // The same fabric declared for both: 64 p5.4xlarge and eight p5.48xlarge differ only in the
    // NVLink inside a p5.48xlarge. Before, every H100 offer's demand took eight GPUs per node,
    // so both were timed alike; a p5.4xlarge's node is its one GPU. One sequence per GPU per
    // step, so the gradients' reduction is not hidden behind the step's compute: inside a
    // p5.48xlarge it runs over NVLink first, across p5.4xlarge instances all over the network.
    let declared = serde_json::json!({ "interNodeGbpsPerGpu": 400, "globalBatchTokens": 262144 });
    let r = aws_pretrain_on_64("qwen2.5-14b", "H100", declared.clone());
    let (small, large) = (on_64(&r, "p5.4xlarge"), on_64(&r, "p5.48xlarge"));
    assert!(small.hours > large.hours * 1.001, "p5.4xlarge {} h, p5.48xlarge {} h", small.hours, large.hours);
    // `gpusPerNode` given is the user's node for every offer: both alike again.
    let mut given = declared;
    given["gpusPerNode"] = serde_json::json!(8);
    let r = aws_pretrain_on_64("qwen2.5-14b", "H100", given);
    let (small, large) = (on_64(&r, "p5.4xlarge"), on_64(&r, "p5.48xlarge"));
    assert!((small.hours - large.hours).abs() < 1e-9 * large.hours, "{} vs {}", small.hours, large.hours);
}

#[test]
fn a_training_cluster_crosses_its_offers_own_fabric_unless_the_user_declares_one() {
    // 64 A100-80GB: an AWS p4de has 4 × 100 Gb/s per 8 GPUs, an Azure ND96amsr_A100_v4 8 × 200.
    let ask = |workload: serde_json::Value| {
        run(serde_json::json!({ "workload": workload,
            "constraints": { "providers": ["aws", "azure"], "accelerators": ["A100-80GB"] } }))
        .unwrap()
    };
    let scaling_on = |r: &RecommendResponse, instance: &str| {
        let c = r.candidates.iter().find(|c| c.offer.instance == instance && c.fit.gpus == 64.0);
        let c = c.unwrap_or_else(|| panic!("{instance} is a 64-GPU candidate"));
        (c.fit.scaling_efficiency, c.fit.interconnect.clone(), c.hours)
    };
    // Tensor parallel 8 fills each node and pipeline 1 leaves 8 data-parallel ranks, one per
    // node, so the gradients cross each GPU's own NIC (a group with several GPUs in a node
    // reduces within it first and shares the node's NICs, which hides most of the difference).
    let job = serde_json::json!({ "kind": "pretrain", "model": "llama-3.1-70b", "tokens": 1e11, "gpus": 64,
        "tensorParallel": 8, "pipelineParallel": 1 });
    let r = ask(job.clone());
    let (p4de, p4de_words, p4de_hours) = scaling_on(&r, "p4de.24xlarge");
    let (nd, nd_words, nd_hours) = scaling_on(&r, "Standard_ND96amsr_A100_v4");
    assert_eq!(fabric_gbps_per_instance(&p4de_words), Some(400.0), "{p4de_words}");
    assert_eq!(fabric_gbps_per_instance(&nd_words), Some(1600.0), "{nd_words}");
    // The data-parallel gradients cross 50 Gb/s per GPU on the p4de, 200 on the ND.
    assert!(p4de < nd - 0.01 && p4de_hours > nd_hours, "p4de {p4de} ({p4de_hours} h), ND {nd} ({nd_hours} h)");
    // A declared network is the user's: every offer crosses it alike.
    let mut declared = job.clone();
    declared["interconnect"] = serde_json::json!("infiniband");
    let r = ask(declared);
    let ((p4de, p4de_words, _), (nd, nd_words, _)) =
        (scaling_on(&r, "p4de.24xlarge"), scaling_on(&r, "Standard_ND96amsr_A100_v4"));
    assert!((p4de - nd).abs() < 1e-12, "declared: p4de {p4de}, ND {nd}");
    // The words state the fabric the estimate crossed: a declared network without a figure, none.
    assert_eq!((fabric_gbps_per_instance(&p4de_words), fabric_gbps_per_instance(&nd_words)), (None, None));
    let mut declared = job;
    declared["interNodeGbpsPerGpu"] = serde_json::json!(50);
    let r = ask(declared);
    let ((p4de_50, p4de_words, _), (nd_50, nd_words, _)) =
        (scaling_on(&r, "p4de.24xlarge"), scaling_on(&r, "Standard_ND96amsr_A100_v4"));
    assert!((p4de_50 - nd_50).abs() < 1e-12 && (p4de_50 - p4de).abs() > 1e-3, "declared 50: {p4de_50}, {nd_50}");
    // The declared 50 Gb/s per GPU is 400 per eight-GPU instance, on both.
    assert_eq!(
        (fabric_gbps_per_instance(&p4de_words), fabric_gbps_per_instance(&nd_words)),
        (Some(400.0), Some(400.0))
    );
    // Out of range is an error at the field.
    let e = ask_error(
        serde_json::json!({ "kind": "pretrain", "model": "llama-3.1-8b", "tokens": 1e11, "interNodeGbpsPerGpu": 0 }),
    );
    assert_eq!(e.field, "workload.interNodeGbpsPerGpu", "{}", e.message);
}

fn ask_error(workload: serde_json::Value) -> gpuplan::Error {
    match run(serde_json::json!({ "workload": workload })) {
        Ok(_) => panic!("an error"),
        Err(e) => e,
    }
}

#[test]
fn rows_are_the_full_answers_candidates_with_the_chosen_plans_figures() {
    // A job (a total) and a service (a cost per month), where some candidates have no price.
    for json in [
        serde_json::json!({ "workload": { "kind": "finetune", "model": "qwen2.5-7b", "method": "lora", "tokens": 2e8 } }),
        serde_json::json!({ "workload": { "kind": "inference", "model": "llama-3.1-70b", "precision": "fp8", "requestsPerSecond": 20 },
                            "pricing": { "plan": "onDemand" }, "priorities": { "limit": 1000 } }),
    ] {
        let full = run(json.clone()).unwrap();
        let rows = full.clone().into_rows();
        // The rows a planner builds without the scorecards and capabilities are the same rows.
        let mut request = json;
        request["priorities"]["excludedLimit"] = serde_json::json!(10_000);
        let request: RecommendRequest = gpuplan::input::read_json("request", &request.to_string()).unwrap();
        let built = gpuplan::Planner::new(&Default::default()).unwrap().recommend_rows(&request).unwrap();
        assert_eq!(serde_json::to_string(&built).unwrap(), serde_json::to_string(&rows).unwrap());
        assert!(!full.candidates.is_empty());
        assert_eq!(rows.candidates.len(), full.candidates.len());
        for (row, c) in rows.candidates.iter().zip(&full.candidates) {
            let shown = &row.figures;
            assert_eq!(
                (shown.rank, &row.offer.id, shown.hours, shown.pareto),
                (c.rank, &c.offer.id, c.hours, c.pareto)
            );
            assert_eq!((&shown.reasons, &shown.reasons_zh, shown.tier), (&c.reasons, &c.reasons_zh, c.tier));
            match (c.cost.chosen_cost(), &shown.cost.plan) {
                (Some((kind, plan)), Some(figures)) => {
                    assert_eq!(shown.cost.chosen, Some(kind));
                    assert_eq!(
                        (figures.total, figures.usd_per_hour, figures.hours, figures.usd_per_month),
                        (plan.total, plan.usd_per_hour, plan.hours, plan.usd_per_month)
                    );
                }
                (None, None) => assert_eq!(shown.cost.chosen, None),
                (full_plan, row_plan) => panic!("{}: {full_plan:?} against {row_plan:?}", c.offer.id),
            }
        }
        // Everything outside the candidates is the same answer.
        let outside = |v: serde_json::Value| {
            let mut v = v;
            v.as_object_mut().unwrap().remove("candidates");
            v
        };
        assert_eq!(outside(serde_json::to_value(&rows).unwrap()), outside(serde_json::to_value(&full).unwrap()));
        // And the rows are the smaller part: no plan lines, scorecards or capabilities.
        let rows_bytes = serde_json::to_string(&rows.candidates).unwrap().len();
        let full_bytes = serde_json::to_string(&full.candidates).unwrap().len();
        assert!(rows_bytes * 2 < full_bytes, "{rows_bytes} bytes of rows against {full_bytes}");
    }
}
