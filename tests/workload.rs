//! The workload model: calibration against published figures, properties
//! that must hold for any input, and errors that name the field.
#![cfg(not(target_arch = "wasm32"))]

use gpuplan::catalog::embedded;
use gpuplan::workload::{calibration, estimate, EstimateRequest, EstimateResponse};
use proptest::prelude::*;

/// A model preset by its id.
fn preset(id: &str) -> gpuplan::workload::model::ModelSpec {
    gpuplan::workload::model::presets().iter().find(|m| m.id == id).cloned().unwrap()
}

fn run(json: &serde_json::Value) -> Result<EstimateResponse, gpuplan::Error> {
    let request: EstimateRequest = gpuplan::input::read("request", &gpuplan::input::from_json(json)?)?;
    estimate(embedded().unwrap(), &request)
}

/// Figures the engine computes exactly or bounds (memory, KV cache, serving):
/// each row within its own tolerance.
const THROUGHPUT_GROUPS: [&str; 5] = [
    "training_tokens_per_gpu_s",
    "finetune_tokens_per_gpu_s",
    "training_mfu",
    "training_tflops_per_gpu",
    "training_iteration_seconds",
];

/// Rows of the published serving tables (data/serving_calibration.csv): checked
/// against the group target in tests/serving.rs, not row by row.
const SERVING_TABLES: [&str; 2] = ["inference_itl", "inference_throughput"];

#[test]
fn every_calibration_row_is_a_case_and_memory_and_serving_rows_keep_their_tolerance() {
    let results = calibration::run(embedded().unwrap()).unwrap();
    assert_eq!(results.len(), 255, "every row of calibration.csv and serving_calibration.csv is a case");
    for r in results.iter().filter(|r| {
        r.quantity != "training_gpu_hours"
            && !THROUGHPUT_GROUPS.contains(&r.quantity.as_str())
            && !SERVING_TABLES.contains(&r.quantity.as_str())
    }) {
        assert!(
            r.passes(),
            "{}: published {} estimate {} ({}..{}), {}",
            r.case,
            r.published,
            r.estimate,
            r.low,
            r.high,
            r.tolerance_text()
        );
    }
}

#[test]
fn independent_training_throughput_meets_the_accuracy_target() {
    // Benchmarks with stated layouts (NeMo, Megatron-Bridge, MosaicML, OPT, MT-NLG): median
    // |error| ≤ 15% and at least 85% of rows within ±25% (docs/ACCURACY.md: 8.6% and 92% of 98
    // rows, issue 15 round 40; the misses are GPT-OSS 120B on every system, Qwen3 30B-A3B on H100
    // at 25.11 and the dense row named below).
    // Every dense row is within, but for the dense misses named below, each held near where it
    // stands (its cause is in docs/ACCURACY.md), so a new miss or a worse one fails.
    let results = calibration::run(embedded().unwrap()).unwrap();
    let rows: Vec<_> =
        results.iter().filter(|r| r.fitted.is_none() && THROUGHPUT_GROUPS.contains(&r.quantity.as_str())).collect();
    assert!(rows.len() >= 15, "{}", rows.len());
    let s = calibration::summary(rows.iter().copied());
    let within = rows.iter().filter(|r| r.error().abs() <= 0.25).count();
    assert!(s.median_abs_error <= 0.15, "median |error| {:.3}", s.median_abs_error);
    assert!(within * 100 >= rows.len() * 85, "{within} of {} within ±25%", rows.len());
    // (case, the largest |error| it may reach).
    const DENSE_MISSES: [(&str, f64); 1] = [
        // NeMo's BF16 Nemotron-4 15B on 16 H100: 55% of the BF16 peak by 6·N, where the H100
        // BF16 share is fitted to llm-foundry's MPT-70B (42.6% MFU); issue 15 round 27.
        ("dgxc_nemotron4_15b_bf16_16", 0.27),
    ];
    for r in rows.iter().filter(|r| r.dense_on_known_gpu) {
        let bound = DENSE_MISSES.iter().find(|m| m.0 == r.case).map_or(0.25, |m| m.1);
        assert!(r.error().abs() <= bound, "{}: {:+.1}%", r.case, r.error() * 100.0);
    }
    // LoRA runs: the estimate follows the published 70B LoRA throughput (issue 15: was 2.8× off).
    let lora = results.iter().find(|r| r.case == "nemo_llama2_70b_lora_fp8_h100").unwrap();
    assert!(lora.error().abs() <= 0.25, "{}", lora.error());
}

#[test]
fn independent_training_runs_are_reported_with_their_spread() {
    // Model-card GPU-hours of real runs: the target (median ≤ 15%, 85% within ±25%)
    // is not met (docs/ACCURACY.md: 15.5% and 75%, issue 15 round 27). The runs whose
    // source states its layout, which the estimate then runs, come closer (12.3%, 79%);
    // those that state none are compared with the layout search's best, and every miss
    // there is a run that took longer than the estimate. This holds each near where it
    // stands so a regression shows, and the range within ×2 for dense models. The floors
    // follow the rows as they are added, misses included (round 27: StableLM 2 1.6B, +35%,
    // took the stated-layout share from 19 of 23 to 19 of 24; round 38's six runs, Phi-1.5's
    // −56% among them, 38 of 51 → 43 of 57 and 19 of 24 → 23 of 28); a change to the model
    // may not lower them.
    let results = calibration::run(embedded().unwrap()).unwrap();
    let runs: Vec<_> = results.iter().filter(|r| r.quantity == "training_gpu_hours" && r.fitted.is_none()).collect();
    assert!(runs.len() >= 15, "published runs of every scale: {}", runs.len());
    let s = calibration::summary(runs.iter().copied());
    assert!(s.median_abs_error <= 0.16, "median |error| {:.3}", s.median_abs_error);
    let within = runs.iter().filter(|r| r.error().abs() <= 0.25).count();
    assert!(within * 100 >= runs.len() * 75, "{within} of {} within ±25%", runs.len());
    let stated: Vec<_> = runs.iter().copied().filter(|r| r.layout_stated).collect();
    assert!(stated.len() >= 10, "{}", stated.len());
    assert!(calibration::summary(stated.iter().copied()).median_abs_error <= 0.15);
    let stated_within = stated.iter().filter(|r| r.error().abs() <= 0.25).count();
    assert!(stated_within * 100 >= stated.len() * 82, "{stated_within} of {} within ±25%", stated.len());
    for r in runs.iter().filter(|r| r.dense_on_known_gpu) {
        assert!(r.high / r.low <= 2.0, "{}: range ×{:.2}", r.case, r.high / r.low);
    }
    assert!(runs.iter().any(|r| r.case.starts_with("phi")) && runs.iter().any(|r| r.case.starts_with("deepseek")));
}

#[test]
fn a_missed_group_is_checked_for_one_shared_bias() {
    // Two estimates 40% under their published figures and one 40% over: only × 1.25 brings the
    // two under within ±25%, and no factor brings all three.
    let row = |published: f64, estimate: f64| calibration::CaseResult {
        case: format!("run_{published}"),
        quantity: "training_gpu_hours".into(),
        published,
        unit: "GPU-hours".into(),
        estimate,
        low: estimate,
        high: estimate,
        tolerance: calibration::Tolerance::Relative(0.25),
        setup: String::new(),
        fitted: None,
        dense_on_known_gpu: true,
        moe: false,
        layout_stated: true,
    };
    let rows = [row(100.0, 60.0), row(200.0, 120.0), row(100.0, 140.0)];
    let line = calibration::shared_factor_check("runs", &rows.iter().collect::<Vec<_>>());
    assert!(line.contains("signed median error is -40.0%"), "{line}");
    assert!(line.contains("2 rows are more than 25% under their published figures and 1 more than 25% over"), "{line}");
    assert!(line.contains("at most 2 of 3 within ±25% (× 1.25), against the 3 the target needs"), "{line}");
    // One bias alone: every estimate 30% under, brought within by the factor nearest 1 that does it.
    let biased = [row(100.0, 70.0), row(100.0, 70.0), row(100.0, 71.0)];
    let line = calibration::shared_factor_check("biased", &biased.iter().collect::<Vec<_>>());
    assert!(line.contains("at most 3 of 3 within ±25% (× 1.08)"), "{line}");
}

#[test]
fn docs_accuracy_md_is_current() {
    let results = calibration::run(embedded().unwrap()).unwrap();
    let committed = include_str!("../docs/ACCURACY.md");
    assert_eq!(committed, calibration::report(&results), "run `cargo run --bin accuracy > docs/ACCURACY.md`");
}

#[test]
fn kv_cache_uses_gqa_mla_and_sliding_windows() {
    let kv = |model: &str, context: u32| {
        run(&serde_json::json!({ "workload": { "kind": "inference", "model": model, "contextTokens": context, "concurrency": 1 } }))
            .unwrap()
            .memory
            .kv_cache_gib
    };
    // Llama 3.1 70B, 128k tokens: 2 × 80 × 8 × 128 × 2 B × 128,000 (HF blog: 39.06 GB).
    assert!((kv("llama-3.1-70b", 128_000) - 39.0625).abs() < 1e-9);
    // DeepSeek-V3 MLA: (512 + 64) × 61 layers × 2 B per token.
    let ds = kv("deepseek-v3", 1000) * 1024.0 * 1024.0 * 1024.0;
    assert!((ds - 576.0 * 61.0 * 2.0 * 1000.0).abs() < 1.0);
    // Gemma 2 9B: 21 of 42 layers hold at most 4,096 tokens.
    let long = kv("gemma-2-9b", 8192);
    let per_token_layer = 2.0 * 8.0 * 256.0 * 2.0 / (1024.0 * 1024.0 * 1024.0);
    assert!((long - per_token_layer * (21.0 * 8192.0 + 21.0 * 4096.0)).abs() < 1e-9);
}

#[test]
fn moe_memory_counts_all_experts_and_compute_the_active_ones() {
    let r = run(&serde_json::json!({ "workload": { "kind": "pretrain", "model": "deepseek-v3", "tokens": 1e12 }, "accelerator": "H100" })).unwrap();
    assert!((r.memory.weights_gib - 671e9 * 2.0 / 1073741824.0).abs() < 1.0);
    // 6 × 37 B active × 1e12 tokens, plus MLA attention at 4,096 tokens:
    // 6 × 61 layers × 4,096 × 128 heads × (192 + 128) per token, and a third
    // more of attention for selective recomputation (the default in pre-training).
    let attention = 6.0 * 61.0 * 4096.0 * 128.0 * (192.0 + 128.0) * 1e12 * 4.0 / 3.0;
    assert!((r.compute.total_flops.unwrap() - (6.0 * 37e9 * 1e12 + attention)).abs() < 1e12);
    assert!(r.notes.iter().any(|n| n.contains("MoE")));
}

#[test]
fn online_inference_finds_gpus_replicas_and_latency() {
    let r = run(&serde_json::json!({ "workload": { "kind": "inference", "model": "llama-3.1-70b", "precision": "fp8",
        "requestsPerSecond": 20, "promptTokens": 1000, "outputTokens": 300, "ttftTargetMs": 1000 }, "accelerator": "H100" })).unwrap();
    let c = &r.compute;
    // One H100 holds the 70 GB of FP8 weights but only about 2 GiB of KV cache
    // after the engine's reserve: two GPUs per replica serve the load on fewer GPUs.
    assert_eq!(c.gpus_per_replica, Some(2.0));
    assert!(c.gpus_needed.unwrap() <= 8.0, "{:?}", c.gpus_needed);
    assert!(c.replicas.unwrap() >= 1.0);
    assert!(c.tokens_per_second.unwrap().expected * c.replicas.unwrap() >= 20.0 * 300.0);
    assert_eq!(c.latency_feasible, Some(true));
    let bf16 = run(&serde_json::json!({ "workload": { "kind": "inference", "model": "llama-3.1-70b", "requestsPerSecond": 20 }, "accelerator": "H100" })).unwrap();
    // 141 GB of BF16 weights need at least two; two leave almost no KV cache, so
    // the layout with the fewest GPUs for the load has more per replica.
    assert!(bf16.compute.gpus_per_replica.unwrap() >= 2.0);
    assert!(bf16.compute.gpus_needed.unwrap() <= 8.0, "{:?}", bf16.compute);
    assert!(r.longest_context_tokens.unwrap() > 1000.0);
    let impossible = run(&serde_json::json!({ "workload": { "kind": "inference", "model": "llama-3.1-70b", "ttftTargetMs": 0.5 }, "accelerator": "L4" })).unwrap();
    assert_eq!(impossible.compute.latency_feasible, Some(false));
}

#[test]
fn a_measured_throughput_replaces_the_estimate() {
    let r = run(&serde_json::json!({ "workload": { "kind": "finetune", "model": "qwen2.5-7b", "tokens": 2e8 }, "accelerator": "L4",
        "overrides": { "measuredTokensPerSecond": 2000 } })).unwrap();
    let hours = r.compute.gpu_hours.unwrap();
    assert!((hours.expected - 2e8 / 2000.0 / 3600.0).abs() < 1e-9);
    assert_eq!(hours.low, hours.high);
}

#[test]
fn a_measurement_on_one_accelerator_scales_to_others_by_peak() {
    let on = |accel: &str| {
        run(&serde_json::json!({ "workload": { "kind": "finetune", "model": "qwen2.5-7b", "tokens": 2e8 }, "accelerator": accel,
            "overrides": { "measuredTokensPerSecond": 2000, "measuredAccelerator": "L4" } })).unwrap()
    };
    let l4 = on("L4").compute.gpu_hours.unwrap().expected;
    assert!((l4 - 2e8 / 2000.0 / 3600.0).abs() < 1e-9, "exact on the accelerator it was measured on");
    let h100 = on("H100");
    // H100 BF16 989.4 TFLOPS vs L4 121: 8.18× the throughput, so 1/8.18 of the hours.
    assert!((h100.compute.gpu_hours.unwrap().expected - l4 * 121.0 / 989.4).abs() < 1e-6);
    assert!(h100.notes.iter().any(|n| n.contains("scaled by")));
}

#[test]
fn hpc_ranks_fp64_and_flags_weak_fp64() {
    let hpc = |accel: &str, class: &str| {
        run(&serde_json::json!({ "workload": { "kind": "hpc", "workTflop": 1.8e6, "codeClass": class }, "accelerator": accel }))
            .unwrap()
    };
    // Dense (HPL-like) runs on the FP64 matrix peak: A100 19.5 TFLOPS × 0.70 (TOP500 Rmax/Rpeak).
    let dense = hpc("A100-80GB", "dense").compute.gpu_hours.unwrap().expected;
    assert!((dense - 1.8e6 / (19.5 * 0.70) / 3600.0).abs() < 1e-6, "{dense}");
    // A stencil (CFD) is bandwidth-bound: 0.5 FLOP/byte × 2,039 GB/s × 0.88 of STREAM,
    // far below the matrix peak, so it takes many times longer.
    let stencil = hpc("A100-80GB", "stencil").compute.gpu_hours.unwrap().expected;
    assert!((stencil - 1.8e6 / (0.5 * 2039.0 * 0.88 / 1000.0) / 3600.0).abs() < 1e-6 * stencil, "{stencil}");
    assert!(stencil > 10.0 * dense);
    // CFD ranks by bandwidth, not by matrix peak: H100 (3.35 TB/s) against A100 (2.04 TB/s).
    let h100 = hpc("H100", "stencil").compute.gpu_hours.unwrap().expected;
    assert!((stencil / h100 - 3350.0 / 2039.0).abs() < 0.01, "{}", stencil / h100);
    // Sparse codes have lower intensity still.
    assert!(hpc("H100", "sparse").compute.gpu_hours.unwrap().expected > h100);
    // Consumer-class FP64 (L4 0.49, L40S 1.4 TFLOPS) gets no hours and says why.
    for weak in ["L4", "L40S"] {
        let r = hpc(weak, "dense");
        assert!(r.compute.gpu_hours.is_none(), "{weak}");
        assert!(r.notes.iter().any(|n| n.contains("FP64")));
    }
}

#[test]
fn the_gpu_check_says_when_a_gpu_will_not_pay_off() {
    let r = run(&serde_json::json!({ "workload": { "kind": "devtest", "hoursPerMonth": 80 },
        "gpuCheck": { "parallelFraction": 0.4, "cpuSecondsPerStep": 10, "transferGibPerStep": 20 } }))
    .unwrap();
    let check = r.gpu_check.unwrap();
    assert!(!check.worth_it);
    assert!(check.speedup < 1.5, "{}", check.speedup);
    assert!(check.verdict.contains("60% of the work is serial"), "{}", check.verdict);
    let good = run(&serde_json::json!({ "workload": { "kind": "devtest", "hoursPerMonth": 80 }, "gpuCheck": { "parallelFraction": 0.99 } })).unwrap();
    assert!(good.gpu_check.unwrap().worth_it);
}

#[test]
fn impossible_inputs_name_their_field() {
    let cases = [
        (
            serde_json::json!({ "workload": { "kind": "pretrain", "model": "llama-9", "tokens": 1e9 } }),
            "workload.model",
        ),
        (
            serde_json::json!({ "workload": { "kind": "pretrain", "model": "llama-3.1-8b", "tokens": -5 } }),
            "workload.tokens",
        ),
        (
            serde_json::json!({ "workload": { "kind": "pretrain", "model": { "paramsB": 1, "layers": 0, "hiddenSize": 2048, "heads": 16 }, "tokens": 1e9 } }),
            "workload.model.layers",
        ),
        (
            serde_json::json!({ "workload": { "kind": "pretrain", "model": { "paramsB": 1, "layers": 16, "hiddenSize": 2050, "heads": 16 }, "tokens": 1e9 } }),
            "workload.model.heads",
        ),
        (
            serde_json::json!({ "workload": { "kind": "pretrain", "model": { "paramsB": 1, "layers": 16, "hiddenSize": 2048, "heads": 16, "kvHeads": 5 }, "tokens": 1e9 } }),
            "workload.model.kvHeads",
        ),
        (serde_json::json!({ "workload": { "kind": "pretrain", "model": "llama-3.1-8b" } }), "workload.tokens"),
        (
            serde_json::json!({ "workload": { "kind": "pretrain", "model": "llama-3.1-8b", "tokens": 1e9, "precision": "fp12" } }),
            "workload.precision",
        ),
        (
            serde_json::json!({ "workload": { "kind": "finetune", "model": "llama-3.1-8b", "tokens": 1e9, "method": "magic" } }),
            "workload.method",
        ),
        (
            serde_json::json!({ "workload": { "kind": "inference", "model": "llama-3.1-8b", "promptTokens": 0 } }),
            "workload.promptTokens",
        ),
        (
            serde_json::json!({ "workload": { "kind": "raw", "gpuMemoryGib": 80 }, "accelerator": "H9000" }),
            "accelerator",
        ),
        (
            serde_json::json!({ "workload": { "kind": "raw", "gpuMemoryGib": 80 }, "overrides": { "utilization": 2 } }),
            "overrides.utilization",
        ),
        (
            serde_json::json!({ "workload": { "kind": "devtest", "hoursPerMonth": 80 }, "gpuCheck": { "parallelFraction": 1.5 } }),
            "gpuCheck.parallelFraction",
        ),
        (serde_json::json!({ "workload": { "kind": "teleport" } }), "workload.kind"),
        (serde_json::json!({ "workload": { "model": "llama-3.1-8b" } }), "workload.kind"),
        (
            serde_json::json!({ "workload": { "kind": "inference", "model": { "paramsB": 1, "layers": 16, "hiddenSize": 2048, "heads": 4000000, "kvHeads": 4000000, "headDim": 4000000 } } }),
            "workload.model.heads",
        ),
        // A misspelt network was taken for InfiniBand, planning an RDMA cluster for plain Ethernet.
        (
            serde_json::json!({ "workload": { "kind": "pretrain", "model": "llama-3.1-8b", "tokens": 1e9, "interconnect": "ethernett" } }),
            "workload.interconnect",
        ),
        (
            serde_json::json!({ "workload": { "kind": "raw", "gpuMemoryGib": 80, "interconnect": "infinniband" } }),
            "workload.interconnect",
        ),
    ];
    for (json, field) in cases {
        let err = run(&json).expect_err(&json.to_string());
        assert_eq!(err.field, field, "{json}: {}", err.message);
    }
}

#[test]
fn a_declared_network_is_read_in_any_case_and_plain_ethernet_slows_a_cluster() {
    let on = |interconnect: &str| {
        let json = serde_json::json!({ "workload": { "kind": "pretrain", "model": "llama-3.1-8b", "tokens": 1e12, "gpus": 64, "interconnect": interconnect }, "accelerator": "H100" });
        run(&json).unwrap_or_else(|e| panic!("{interconnect}: {e}")).compute.gpu_hours.expect("hours").expected
    };
    assert_eq!(on(" Ethernet "), on("ethernet"));
    assert_eq!(on("InfiniBand"), on("infiniband"));
    assert!(on("ethernet") > on("infiniband"), "{} vs {}", on("ethernet"), on("infiniband"));
    let err = run(&serde_json::json!({ "workload": { "kind": "pretrain", "model": "llama-3.1-8b", "tokens": 1e9, "interconnect": "wifi" } }))
        .expect_err("an unknown network");
    assert_eq!(err.code, "unknown-value");
    assert!(err.message.contains("`ethernet`"), "{}", err.message);
}

fn training(
    params_b: f64,
    layers: u32,
    context: f64,
    micro_batch: f64,
    gpus: f64,
    precision: &str,
) -> EstimateResponse {
    run(&serde_json::json!({ "workload": { "kind": "pretrain", "precision": precision,
        "model": { "paramsB": params_b, "layers": layers, "hiddenSize": 4096, "heads": 32, "vocab": 32000 },
        "tokens": 1e9, "contextTokens": context, "microBatch": micro_batch, "gpus": gpus, "zeroStage": 3 } }))
    .unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn memory_grows_with_parameters_context_and_batch(
        params in 0.5f64..400.0, extra in 0.0f64..100.0, layers in 1u32..128,
        context in 128u32..32768, batch in 1u32..64, factor in 1u32..4,
    ) {
        let (context, batch) = (f64::from(context), f64::from(batch));
        let base = training(params, layers, context, batch, 1.0, "bf16").memory.total_gib;
        prop_assert!(training(params + extra, layers, context, batch, 1.0, "bf16").memory.total_gib >= base - 1e-9);
        prop_assert!(training(params, layers, context * f64::from(factor), batch, 1.0, "bf16").memory.total_gib >= base - 1e-9);
        prop_assert!(training(params, layers, context, batch * f64::from(factor), 1.0, "bf16").memory.total_gib >= base - 1e-9);
    }

    #[test]
    fn more_gpus_never_raise_per_gpu_memory_under_zero3(params in 0.5f64..700.0, gpus in 1u32..512, more in 1u32..512) {
        let few = training(params, 32, 2048.0, 1.0, f64::from(gpus), "bf16").memory.total_gib;
        let many = training(params, 32, 2048.0, 1.0, f64::from(gpus + more), "bf16").memory.total_gib;
        prop_assert!(many <= few + 1e-9);
    }

    #[test]
    fn lower_precision_never_needs_more_memory(params in 0.5f64..400.0, context in 128u32..65536, concurrency in 1u32..128) {
        let infer = |p: &str| run(&serde_json::json!({ "workload": { "kind": "inference", "precision": p, "kvPrecision": p,
            "model": { "paramsB": params, "layers": 32, "hiddenSize": 4096, "heads": 32, "kvHeads": 8 },
            "contextTokens": context, "concurrency": concurrency } })).unwrap().memory.total_gib;
        let order = ["fp32", "bf16", "fp8", "int4"];
        for pair in order.windows(2) {
            prop_assert!(infer(pair[1]) <= infer(pair[0]) + 1e-9, "{} needs more than {}", pair[1], pair[0]);
        }
        prop_assert!(training(params, 32, 2048.0, 1.0, 1.0, "fp8").memory.total_gib <= training(params, 32, 2048.0, 1.0, 1.0, "fp32").memory.total_gib);
    }
}

#[test]
fn every_range_runs_low_to_high() {
    let requests = [
        serde_json::json!({ "workload": { "kind": "finetune", "model": "qwen2.5-7b", "tokens": 2e8 }, "accelerator": "L4" }),
        serde_json::json!({ "workload": { "kind": "pretrain", "model": "llama-3.1-8b", "tokens": 1e12, "gpus": 64 }, "accelerator": "H100" }),
        serde_json::json!({ "workload": { "kind": "inference", "model": "llama-3.1-70b", "requestsPerSecond": 20 }, "accelerator": "H100" }),
        serde_json::json!({ "workload": { "kind": "hpc", "workTflop": 1e6 }, "accelerator": "H100" }),
    ];
    for json in requests {
        let c = run(&json).unwrap().compute;
        for r in [c.gpu_hours, c.wall_clock_hours, c.tokens_per_second, c.ttft_ms, c.itl_ms].into_iter().flatten() {
            assert!(r.low <= r.expected && r.expected <= r.high, "{json}: {r:?}");
        }
    }
}

#[test]
fn moe_decode_reads_only_the_experts_a_batch_touches() {
    let itl = |model: serde_json::Value, concurrency: f64| {
        // Tensor-parallel, so each GPU reads an eighth of the weights outside the experts.
        run(&serde_json::json!({ "workload": { "kind": "inference", "model": model, "precision": "fp8", "gpus": 8,
            "concurrency": concurrency, "promptTokens": 128, "outputTokens": 128, "attentionParallelism": "tensor" },
            "accelerator": "H200" }))
        .unwrap()
        .compute
        .itl_ms
        .unwrap()
        .expected
    };
    // The same 671 B read in full every step (a dense model of DeepSeek-V3's size).
    let dense = serde_json::json!({ "paramsB": 671, "layers": 61, "hiddenSize": 7168, "heads": 128, "vocab": 129280 });
    let (one, all) = (itl(serde_json::json!("deepseek-v3"), 1.0), itl(dense, 1.0));
    // At batch 1 only the shared weights and 8 of 256 experts per layer are read: 37 B of 671 B
    // (the 21 B of routed experts at their share of the decode rate, 0.38 in
    // data/achieved_efficiency.csv, take as long as about 55 B would: some 71 B in all).
    assert!(one < all / 6.0, "DeepSeek-V3 {one} ms vs dense 671B {all} ms");
    // Coverage grows with the batch: 1 − (1 − 8/256)^B of each layer's experts.
    let ds = preset("deepseek-v3");
    let coverage = |b: f64| gpuplan::workload::memory::expert_coverage(&ds, b);
    assert!((coverage(1.0) - 8.0 / 256.0).abs() < 1e-12);
    assert!((coverage(64.0) - (1.0 - (1.0f64 - 8.0 / 256.0).powi(64))).abs() < 1e-12);
    assert!(coverage(1024.0) > 0.99);
    assert!(itl(serde_json::json!("deepseek-v3"), 64.0) > 5.0 * one, "a batch of 64 touches most experts");
}

#[test]
fn longest_context_keeps_the_serving_reserve_and_bf16_embeddings() {
    let r = run(&serde_json::json!({ "workload": { "kind": "inference", "model": "llama-3.1-70b", "precision": "fp8",
        "concurrency": 1 }, "accelerator": "H100" }))
    .unwrap();
    // FP8 weights, BF16 input embedding and output layer (2 × 128,256 × 8,192).
    let embeddings = 2.0 * 128_256.0 * 8192.0;
    let weights = ((70e9 - embeddings) + embeddings * 2.0) / 1073741824.0;
    assert!((r.memory.weights_gib - weights).abs() < 1e-9, "{}", r.memory.weights_gib);
    // 90% of 80 GiB for the engine, less weights, the engine's activation reserve
    // and overhead: about 2 GiB, at 320 KiB per token (80 layers × 8 KV heads ×
    // 128 × 2 × 2 B) about 6,000 tokens (vLLM serves this model on one H100 up to 4k).
    let tokens = r.longest_context_tokens.unwrap();
    assert!((5_000.0..10_000.0).contains(&tokens), "{tokens}");
    assert!(r.notes.iter().any(|n| n.contains("little KV-cache room")), "{:?}", r.notes);
    // Eight users at 4,096 tokens each cannot share one replica's room.
    let busy =
        run(&serde_json::json!({ "workload": { "kind": "inference", "model": "llama-3.1-70b", "precision": "fp8",
        "concurrency": 8, "contextTokens": 4096, "gpus": 1 }, "accelerator": "H100" }))
        .unwrap();
    assert!(busy.notes.iter().any(|n| n.contains("fewer than the 8 requested")), "{:?}", busy.notes);
    // In BF16 on two GPUs the room is ample: no remark.
    let roomy = run(&serde_json::json!({ "workload": { "kind": "inference", "model": "llama-3.1-8b", "concurrency": 1 }, "accelerator": "H100" }))
        .unwrap();
    assert!(!roomy.notes.iter().any(|n| n.contains("KV-cache room")), "{:?}", roomy.notes);
}

fn utilization(json: serde_json::Value) -> f64 {
    let r = run(&json).unwrap();
    let u = r.assumptions.iter().find(|a| a.name == "utilization").unwrap();
    match &u.value {
        gpuplan::workload::AssumptionValue::Range(r) => r.expected,
        other => panic!("utilization is a range: {other:?}"),
    }
}

#[test]
fn utilization_follows_model_size_precision_moe_and_cluster() {
    let pretrain = |model: &str, precision: &str| {
        utilization(serde_json::json!({ "workload": { "kind": "pretrain", "model": model, "tokens": 1e12, "gpus": 512,
            "precision": precision }, "accelerator": "H100" }))
    };
    let (small, mid, large) =
        (pretrain("llama-3.1-8b", "bf16"), pretrain("llama-3.1-70b", "bf16"), pretrain("llama-3.1-405b", "bf16"));
    // Narrow GEMMs lose a little; on 512 H100 every size lands at 35–55% of the
    // BF16 peak, as NeMo's table has 8B to 405B within 720–770 model TFLOP/s (FP8).
    assert!(small < mid, "{small} {mid}");
    for u in [small, mid, large] {
        assert!((0.35..0.55).contains(&u), "{small} {mid} {large}");
    }
    // FP8 gains less than its doubled peak: a lower share of the FP8 peak.
    assert!(pretrain("llama-3.1-70b", "fp8") < mid);
    // MoE pays for expert all-to-all: less than a dense model of the same width.
    let moe = pretrain("mixtral-8x7b", "bf16");
    let dense = pretrain("mistral-7b-v0.3", "bf16");
    assert!(moe < dense, "{moe} vs {dense}");
    // More nodes lose more to scaling; the loss is applied once, outside idealGpuHours.
    let hours = |gpus: f64| {
        let c = run(&serde_json::json!({ "workload": { "kind": "pretrain", "model": "llama-3.1-70b", "tokens": 1e12,
            "gpus": gpus }, "accelerator": "H100" }))
        .unwrap()
        .compute;
        let (ideal, with_loss) = (c.ideal_gpu_hours.unwrap().expected, c.gpu_hours.unwrap().expected);
        assert!((with_loss - ideal / c.scaling_efficiency.unwrap()).abs() < 1e-6 * with_loss);
        c.scaling_efficiency.unwrap()
    };
    assert!(hours(8.0) > hours(64.0) && hours(64.0) > hours(4096.0));
    // Without a GPU count, the assumed two-month cluster still loses to scaling.
    let alone = run(&serde_json::json!({ "workload": { "kind": "pretrain", "model": "llama-3.1-70b", "tokens": 15e12 }, "accelerator": "H100" }))
        .unwrap();
    assert!(alone.compute.scaling_efficiency.unwrap() < 0.9);
    assert!(alone.assumptions.iter().any(|a| a.name == "clusterGpus"));
}

#[test]
fn a_stated_layout_without_a_gpu_count_sizes_the_cluster_to_hold_it() {
    // DeepSeek-V2's report states PP 16 × EP 8 and no GPU count: the assumed
    // cluster holds the layout (it was refused as "1 GPUs cannot hold …").
    let r = run(&serde_json::json!({ "workload": { "kind": "pretrain", "model": "deepseek-v2", "tokens": 8.1e12,
        "pipelineParallel": 16, "expertParallel": 8, "contextTokens": 4096 }, "accelerator": "H100" }))
    .unwrap();
    let cluster = r.assumptions.iter().find(|a| a.name == "clusterGpus").expect("the assumed cluster is stated");
    let gpus = match cluster.value {
        gpuplan::workload::response::AssumptionValue::Number(n) => n,
        ref other => panic!("{other:?}"),
    };
    assert!(gpus >= 16.0 * 8.0, "{gpus}");
    let layout = r.compute.training_layout.expect("a layout").best;
    assert_eq!((layout.pipeline_parallel, layout.expert_parallel), (16.0, 8.0), "{layout:?}");
    // With a GPU count that cannot hold it, the field says so.
    let small = run(&serde_json::json!({ "workload": { "kind": "pretrain", "model": "deepseek-v2", "tokens": 1e12,
        "pipelineParallel": 16, "gpus": 8 }, "accelerator": "H100" }))
    .unwrap_err();
    assert_eq!(small.field, "workload.gpus");
}

#[test]
fn an_assumed_cluster_is_whole_nodes() {
    // Two months of Llama 4 Scout on H100 came to 2,185 GPUs: an odd data-parallel
    // degree, which no expert-parallel degree divides. A cluster is rented by the node.
    let cluster_of = |workload: serde_json::Value| {
        let r = run(&serde_json::json!({ "workload": workload, "accelerator": "H100" })).unwrap();
        let a = r.assumptions.iter().find(|a| a.name == "clusterGpus").expect("the assumed cluster is stated");
        assert!(a.source.contains("whole nodes") && a.source_zh.contains("整节点"), "{a:?}");
        match a.value {
            gpuplan::workload::response::AssumptionValue::Number(n) => n,
            ref other => panic!("{other:?}"),
        }
    };
    // In 2^k or 3·2^k nodes, as published clusters are: two months of Llama 4 Maverick came to
    // 147 nodes (3 · 7²), where the layout search's best ran at 28% MFU against 49% on 192.
    let published_count = |nodes: f64| [1.0, 1.5].contains(&(nodes / 2f64.powf(nodes.log2().floor())));
    for (model, tokens) in
        [("llama-4-scout", 40e12), ("llama-4-maverick", 22e12), ("llama-3.1-70b", 15e12), ("llama-3.1-8b", 15e12)]
    {
        let gpus = cluster_of(serde_json::json!({ "kind": "pretrain", "model": model, "tokens": tokens }));
        assert!(gpus > 8.0 && gpus % 8.0 == 0.0, "{model}: {gpus}");
        assert!(published_count(gpus / 8.0), "{model}: {} nodes", gpus / 8.0);
    }
    let four = cluster_of(
        serde_json::json!({ "kind": "pretrain", "model": "llama-3.1-70b", "tokens": 15e12, "gpusPerNode": 4 }),
    );
    assert!(four % 4.0 == 0.0, "{four}");
    // Within one node the count is what the job needs, not a whole node.
    let small =
        cluster_of(serde_json::json!({ "kind": "finetune", "model": "llama-3.1-8b", "method": "lora", "tokens": 1e6 }));
    assert!(small < 8.0, "{small}");
}

#[test]
fn training_states_the_chosen_layout_and_the_runner_up() {
    let r = run(
        &serde_json::json!({ "workload": { "kind": "pretrain", "model": "llama-3.1-70b", "tokens": 1e12, "gpus": 64,
        "precision": "fp8" }, "accelerator": "H100" }),
    )
    .unwrap();
    let choice = r.compute.training_layout.expect("a layout");
    let (best, next) = (choice.best, choice.runner_up.expect("a runner-up"));
    assert!(best.step_seconds > 0.0 && best.step_seconds <= next.step_seconds);
    assert!(best.data_parallel * best.tensor_parallel * best.pipeline_parallel <= 64.0);
    assert!(best.memory_per_gpu_gib <= 80.0, "{}", best.memory_per_gpu_gib);
    // 70B does not fit one H100 unsplit with its optimizer: some model or state sharding is chosen.
    assert!(best.tensor_parallel * best.pipeline_parallel > 1.0 || best.zero_stage == 3);
    let steady = r.compute.steady_tokens_per_second_per_gpu.unwrap();
    assert!(steady.low <= steady.expected && steady.expected <= steady.high);
    // A fixed layout is respected.
    let fixed = run(
        &serde_json::json!({ "workload": { "kind": "pretrain", "model": "llama-3.1-70b", "tokens": 1e12, "gpus": 64,
        "tensorParallel": 8, "pipelineParallel": 2, "zeroStage": 1 }, "accelerator": "H100" }),
    )
    .unwrap()
    .compute
    .training_layout
    .unwrap()
    .best;
    assert_eq!((fixed.tensor_parallel, fixed.pipeline_parallel, fixed.zero_stage), (8.0, 2.0, 1));
}

#[test]
fn a_plain_1f1b_schedule_idles_its_bubble_and_the_interleaved_one_divides_it() {
    // StarCoderBase's layout: TP 4 × PP 4 × DP 32, 16 micro-batches of one 8,192-token sequence.
    let layout = |schedule: Option<&str>| {
        let mut w = serde_json::json!({ "kind": "pretrain", "tokens": 1e12, "gpus": 512, "contextTokens": 8192,
            "model": { "paramsB": 15.5, "layers": 40, "hiddenSize": 6144, "heads": 48, "kvHeads": 1, "vocab": 49152, "contextTokens": 8192 },
            "tensorParallel": 4, "pipelineParallel": 4, "contextParallel": 1, "zeroStage": 1, "microBatch": 1,
            "globalBatchTokens": 512.0 * 8192.0 });
        if let Some(s) = schedule {
            w["pipelineSchedule"] = serde_json::json!(s);
        }
        run(&serde_json::json!({ "workload": w, "accelerator": "A100-80GB" }))
            .unwrap()
            .compute
            .training_layout
            .unwrap()
            .best
    };
    let (default, interleaved, plain) = (layout(None), layout(Some("interleaved")), layout(Some("1f1b")));
    assert_eq!(default, interleaved, "interleaved is the default");
    assert_eq!((plain.virtual_stages, plain.micro_batches), (1.0, 16.0));
    // Plain 1F1B: (p − 1) micro-batch times idle; interleaved over v virtual stages: a v-th of that.
    let micro = |l: &gpuplan::workload::perf::training::Layout| {
        (l.step_seconds - l.parts.pipeline_bubble_s - l.parts.data_parallel_exposed_s - l.parts.optimizer_s)
            / l.micro_batches
    };
    assert!((plain.parts.pipeline_bubble_s - 3.0 * micro(&plain)).abs() < 1e-9 * plain.step_seconds);
    assert!(interleaved.virtual_stages > 1.0);
    assert!(
        (interleaved.parts.pipeline_bubble_s * interleaved.virtual_stages - plain.parts.pipeline_bubble_s).abs() < 1e-6
    );
    assert!(plain.step_seconds > interleaved.step_seconds);
    // Any other value is an error at the field.
    refused_at("pipelineSchedule", "gpipe");
}

/// A training request with `field` set to `value` is an error at that field.
fn refused_at(field: &str, value: &str) {
    let mut workload = serde_json::json!({ "kind": "pretrain", "model": "llama-3.1-8b", "tokens": 1e9 });
    workload[field] = serde_json::json!(value);
    let e = run(&serde_json::json!({ "workload": workload, "accelerator": "H100" })).unwrap_err();
    assert_eq!(e.field, format!("workload.{field}"), "{value}: {e:?}");
}

/// The best layout of Pythia 12B's run (GPT-NeoX on 256 GPUs, ZeRO-1, 1,024 sequences of 2,048 per
/// step) at tensor-parallel degree `tp`, micro-batch and recompute as given, and one more field of
/// the workload set when `field` names it.
fn pythia_12b_layout(
    (tp, micro_batch, recompute): (f64, f64, &str),
    accelerator: &str,
    field: (&str, Option<&str>),
) -> gpuplan::workload::perf::training::Layout {
    let mut w = serde_json::json!({ "kind": "pretrain", "tokens": 3e11, "gpus": 256, "contextTokens": 2048,
        "model": { "paramsB": 11.8, "layers": 36, "hiddenSize": 5120, "heads": 40, "vocab": 50688, "contextTokens": 2048 },
        "tensorParallel": tp, "pipelineParallel": 1, "zeroStage": 1, "microBatch": micro_batch, "recompute": recompute,
        "globalBatchTokens": 1024.0 * 2048.0, "precision": "fp16" });
    if let (name, Some(value)) = field {
        w[name] = serde_json::json!(value);
    }
    run(&serde_json::json!({ "workload": w, "accelerator": accelerator }))
        .unwrap()
        .compute
        .training_layout
        .unwrap()
        .best
}

#[test]
fn a_framework_without_tensor_parallel_overlap_waits_for_each_whole_all_reduce() {
    // Pythia 12B's layout (GPT-NeoX: TP 4, the all-reduce after each GEMM).
    let layout = |tp: f64, overlap: Option<&str>| {
        pythia_12b_layout((tp, 8.0, "full"), "A100", ("tensorParallelOverlap", overlap))
    };
    let (default, overlapped, none) = (layout(4.0, None), layout(4.0, Some("overlapped")), layout(4.0, Some("none")));
    assert_eq!(default, overlapped, "overlapped is the default");
    // The expected case counts half of each reduction (TP_EXPOSED); without overlap all of it.
    let ratio = none.parts.tensor_parallel_s / overlapped.parts.tensor_parallel_s;
    assert!((ratio - 1.0 / gpuplan::workload::perf::training::TP_EXPOSED.0).abs() < 1e-9, "{ratio}");
    assert!(none.step_seconds > overlapped.step_seconds);
    // Without tensor parallelism there is nothing to overlap.
    assert_eq!(layout(1.0, Some("none")), layout(1.0, None));
    refused_at("tensorParallelOverlap", "partial");
}

#[test]
fn without_sequence_parallelism_each_tensor_parallel_rank_keeps_the_norms_and_dropouts_whole() {
    // Pythia 12B's layout (GPT-NeoX, which has no sequence parallelism): TP 4, one sequence
    // per micro-batch, selective recompute so that the stored activations show the difference.
    let layout =
        |tp: f64, sp: Option<&str>| pythia_12b_layout((tp, 1.0, "selective"), "A100-80GB", ("sequenceParallel", sp));
    let (default, on, off) = (layout(4.0, None), layout(4.0, Some("on")), layout(4.0, Some("off")));
    assert_eq!(default, on, "on is the default");
    // The elementwise time: all of it split by TP with it, 10 of Korthikanti's 34 bytes whole
    // on every rank without (10 + 24/4 = 16 of 34 against 34/4).
    let ratio = off.parts.elementwise_s / on.parts.elementwise_s;
    assert!((ratio - 16.0 / 8.5).abs() < 1e-9, "{ratio}");
    assert!(off.step_seconds > on.step_seconds);
    // Selective activations: s·b·h·(10 + 24/t) per layer without, 34·s·b·h/t with.
    let extra_gib = 36.0 * 2048.0 * 5120.0 * (16.0 - 8.5) / f64::from(1u32 << 30);
    assert!((off.memory_per_gpu_gib - on.memory_per_gpu_gib - extra_gib).abs() < 1e-9, "{off:?} {on:?}");
    // One tensor-parallel rank holds the whole sequence either way.
    assert_eq!(layout(1.0, Some("off")), layout(1.0, None));
    refused_at("sequenceParallel", "partial");
    // Megatron-Core runs a MoE at TP > 1 only with sequence parallelism: off holds it to TP 1.
    let moe = |tp: Option<f64>| {
        let mut w = serde_json::json!({ "kind": "pretrain", "model": "mixtral-8x7b", "tokens": 1e10, "gpus": 16,
            "sequenceParallel": "off" });
        if let Some(tp) = tp {
            w["tensorParallel"] = serde_json::json!(tp);
        }
        run(&serde_json::json!({ "workload": w, "accelerator": "H100" }))
    };
    for tp in [None, Some(2.0)] {
        let e = moe(tp).unwrap_err();
        assert_eq!(e.field, "workload.sequenceParallel", "{tp:?}: {e:?}");
    }
    assert!(moe(Some(1.0)).is_ok());
}

/// `workload` with each field of `extra` set on it.
fn with_fields(mut workload: serde_json::Value, extra: &serde_json::Value) -> serde_json::Value {
    for (k, v) in extra.as_object().unwrap() {
        workload[k] = v.clone();
    }
    workload
}

#[test]
fn context_parallelism_splits_each_sequence_and_lets_long_contexts_fit() {
    // Llama 3.1 70B at Llama 3's long-context length on 1,024 H100 (BF16).
    let layout = |seq: f64, extra: serde_json::Value| {
        let w = with_fields(
            serde_json::json!({ "kind": "pretrain", "model": "llama-3.1-70b", "tokens": 1e11, "gpus": 1024,
                "contextTokens": seq, "precision": "bf16" }),
            &extra,
        );
        run(&serde_json::json!({ "workload": w, "accelerator": "H100" })).unwrap().compute.training_layout.unwrap().best
    };
    // The H100 row of the accelerator table, 80 (its 80 GiB of HBM3), as the fit checks it.
    let h100_gib = 80.0;
    // Without context parallelism no layout holds 131,072 tokens' activations (the search
    // then reports its layout without the memory check); searched, one with CP > 1 fits.
    let without = layout(131_072.0, serde_json::json!({ "contextParallel": 1 }));
    assert!(without.memory_per_gpu_gib > h100_gib, "{without:?}");
    let searched = layout(131_072.0, serde_json::json!({}));
    assert!(searched.context_parallel > 1.0 && searched.memory_per_gpu_gib <= h100_gib, "{searched:?}");
    let gpus =
        searched.data_parallel * searched.context_parallel * searched.tensor_parallel * searched.pipeline_parallel;
    assert!(gpus <= 1024.0, "{searched:?}");
    // Without a GPU count, the note on memory names the split that fits, CP with TP.
    let sized = run(&serde_json::json!({ "workload": { "kind": "pretrain", "model": "llama-3.1-70b", "tokens": 1e11,
        "contextTokens": 131_072 }, "accelerator": "H100" }))
    .unwrap();
    let fits_note = sized.notes.iter().find(|n| n.contains("the layout search fits it")).expect("a note on memory");
    assert!(fits_note.contains(" × CP "), "{fits_note}");
    assert!(sized.notes_zh.iter().any(|n| n.contains("并行布局搜索") && n.contains(" × CP ")), "{:?}", sized.notes_zh);
    // A split the request states is part of its own layout in that note.
    let stated = run(&serde_json::json!({ "workload": { "kind": "pretrain", "model": "llama-3.1-70b", "tokens": 1e11,
        "contextTokens": 131_072, "contextParallel": 16 }, "accelerator": "H100" }))
    .unwrap();
    assert!(stated.notes.iter().any(|n| n.contains("own layout (TP 1 × PP 1 × CP 16)")), "{:?}", stated.notes);
    // At a fixed layout, CP 2 halves each GPU's share of a sequence: half the activations
    // (the model states shard over data × context ranks, the same 128 GPUs), the same tokens
    // per step, and the ring's keys and values hidden behind the attention at 32,768 tokens.
    let fixed = |cp: f64| {
        layout(
            32_768.0,
            serde_json::json!({ "contextParallel": cp, "tensorParallel": 8, "pipelineParallel": 8,
            "zeroStage": 1, "microBatch": 1, "gpus": 1024 }),
        )
    };
    let (one, two) = (fixed(1.0), fixed(2.0));
    assert_eq!((one.context_parallel, two.context_parallel), (1.0, 2.0));
    assert_eq!(one.data_parallel, 2.0 * two.data_parallel);
    let step_tokens =
        |l: &gpuplan::workload::perf::training::Layout| l.data_parallel * l.micro_batch * l.micro_batches * 32_768.0;
    assert_eq!(step_tokens(&one), step_tokens(&two));
    assert!(two.memory_per_gpu_gib < one.memory_per_gpu_gib - 10.0, "{one:?} {two:?}");
    assert_eq!(two.parts.context_parallel_s, 0.0, "{two:?}");
    // The default sequence (4,096 tokens) is never split: each rank would keep under 4,096.
    assert_eq!(layout(4096.0, serde_json::json!({})).context_parallel, 1.0);
    // A degree that is not a power of two, or whose 2 × CP chunks are not whole tokens, is
    // refused at its field; one the GPUs cannot hold, at theirs.
    let refused = |extra: serde_json::Value, field: &str| {
        let w = with_fields(
            serde_json::json!({ "kind": "pretrain", "model": "llama-3.1-8b", "tokens": 1e10, "gpus": 8 }),
            &extra,
        );
        let e = run(&serde_json::json!({ "workload": w, "accelerator": "H100" })).unwrap_err();
        assert_eq!(e.field, field, "{extra}: {e:?}");
    };
    refused(serde_json::json!({ "contextParallel": 3 }), "workload.contextParallel");
    refused(serde_json::json!({ "contextParallel": 4, "contextTokens": 4100 }), "workload.contextParallel");
    refused(serde_json::json!({ "contextParallel": 4, "tensorParallel": 4 }), "workload.gpus");
}

#[test]
fn an_expert_parallel_degree_given_is_the_one_the_layout_search_keeps() {
    // Mixtral 8x7B on 16 H100 (two nodes), TP 1 × PP 1: the experts over 1, 2, 4 or 8 ranks.
    let layout = |ep: Option<f64>| {
        let mut w = serde_json::json!({ "kind": "pretrain", "model": "mixtral-8x7b", "tokens": 1e10, "gpus": 16,
            "contextTokens": 4096, "precision": "bf16", "tensorParallel": 1, "pipelineParallel": 1,
            "globalBatchTokens": 256.0 * 4096.0 });
        if let Some(ep) = ep {
            w["expertParallel"] = serde_json::json!(ep);
        }
        run(&serde_json::json!({ "workload": w, "accelerator": "H100" })).map(|r| r.compute.training_layout.unwrap())
    };
    let searched = layout(None).unwrap();
    for ep in [2.0, 4.0, 8.0] {
        let fixed = layout(Some(ep)).unwrap();
        assert_eq!(fixed.best.expert_parallel, ep);
        assert!(fixed.runner_up.as_ref().is_none_or(|r| r.expert_parallel == ep));
        // The search's own choice is at least as fast as any degree fixed for it.
        assert!(searched.best.step_seconds <= fixed.best.step_seconds + 1e-12, "EP {ep}");
    }
    // The experts over 8 ranks across two nodes exchange tokens over the fabric: more
    // of the all-to-all than over 2 ranks in one node.
    let (two, eight) = (layout(Some(2.0)).unwrap().best, layout(Some(8.0)).unwrap().best);
    assert!(eight.parts.expert_all_to_all_s > 0.0 && two.parts.expert_all_to_all_s > 0.0);
    // GPUs that do not make whole groups of the degree are left idle, as a layout's leftovers are:
    // on 12 GPUs, EP 8 takes 8 data-parallel ranks.
    let twelve = run(&serde_json::json!({ "workload": { "kind": "pretrain", "model": "mixtral-8x7b", "tokens": 1e10,
        "gpus": 12, "gpusPerNode": 12, "contextTokens": 4096, "tensorParallel": 1, "pipelineParallel": 1,
        "expertParallel": 8 }, "accelerator": "H100" }))
    .unwrap()
    .compute
    .training_layout
    .unwrap()
    .best;
    assert_eq!((twelve.data_parallel, twelve.expert_parallel), (8.0, 8.0));
    // A degree that does not divide the experts, a dense model, or more GPUs than given: errors at the field.
    let field = |e: gpuplan::Error| e.field;
    assert_eq!(field(layout(Some(3.0)).unwrap_err()), "workload.expertParallel");
    assert_eq!(field(layout(Some(16.0)).unwrap_err()), "workload.expertParallel");
    assert_eq!(field(layout(Some(0.0)).unwrap_err()), "workload.expertParallel");
    let dense = serde_json::json!({ "kind": "pretrain", "model": "llama-3.1-8b", "tokens": 1e9, "expertParallel": 2 });
    assert_eq!(refused_on_h100(dense), "workload.expertParallel");
    let small = serde_json::json!({ "kind": "pretrain", "model": "mixtral-8x7b", "tokens": 1e9,
        "gpus": 4, "tensorParallel": 1, "pipelineParallel": 1, "expertParallel": 8 });
    assert_eq!(refused_on_h100(small), "workload.gpus");
}

/// The field a training workload on H100 is refused at.
fn refused_on_h100(workload: serde_json::Value) -> String {
    run(&serde_json::json!({ "workload": workload, "accelerator": "H100" })).unwrap_err().field
}

#[test]
fn whole_experts_fold_expert_parallelism_over_the_tensor_parallel_ranks() {
    // Qwen3 235B-A22B on 256 H100 at TP 2 × PP 8 (16 data-parallel ranks), EP 32: Megatron-Bridge's
    // H100 recipe, possible only with whole experts (EP × ETP divides TP × DP: 32 × 1 | 32).
    let answer = |etp: Option<f64>, ep: f64| {
        let mut w = serde_json::json!({ "kind": "pretrain", "model": "qwen3-235b-a22b", "tokens": 1e10, "gpus": 256,
            "precision": "fp8", "contextTokens": 4096, "globalBatchTokens": 8192.0 * 4096.0, "microBatch": 1,
            "tensorParallel": 2, "pipelineParallel": 8, "zeroStage": 1, "expertParallel": ep });
        if let Some(etp) = etp {
            w["expertTensorParallel"] = serde_json::json!(etp);
        }
        run(&serde_json::json!({ "workload": w, "accelerator": "H100" })).map(|r| r.compute.training_layout.unwrap())
    };
    let whole = answer(Some(1.0), 32.0).unwrap().best;
    assert_eq!((whole.data_parallel, whole.expert_parallel, whole.expert_tensor_parallel), (16.0, 32.0, 1.0));
    // Left out, the search finds the same: split experts cannot hold EP 32 on 16 data-parallel ranks.
    assert_eq!(answer(None, 32.0).unwrap().best, whole);
    let field = |e: gpuplan::Error| e.field;
    // Split experts at EP 32 would need 2 × 32 GPUs per stage, 512 in all: more than given.
    assert_eq!(field(answer(Some(2.0), 32.0).unwrap_err()), "workload.gpus");
    // At EP 8 both are possible. Split experts put half of each of an eighth of the experts on
    // a GPU, whole ones the whole of them: twice the experts' weights per GPU. Whole experts drop
    // the MLP's tensor-parallel collectives on every MoE layer (all 94 are): half the
    // tensor-parallel time.
    let (split, whole) = (answer(Some(2.0), 8.0).unwrap().best, answer(Some(1.0), 8.0).unwrap().best);
    assert_eq!((split.expert_tensor_parallel, whole.expert_tensor_parallel), (2.0, 1.0));
    assert!((whole.parts.tensor_parallel_s / split.parts.tensor_parallel_s - 0.5).abs() < 1e-9);
    assert!(whole.memory_per_gpu_gib > split.memory_per_gpu_gib);
    // Left out at EP 8, the search compares both and keeps the faster, the other the runner-up.
    let searched = answer(None, 8.0).unwrap();
    let fastest = if whole.step_seconds < split.step_seconds { whole } else { split };
    assert_eq!(searched.best, fastest);
    // A value other than 1 or the tensor-parallel degree, or a dense model: errors at the field.
    assert_eq!(field(answer(Some(4.0), 8.0).unwrap_err()), "workload.expertTensorParallel");
    // Above 1 without tensorParallel: the degree it names is the dense layers' too, so say it.
    let unstated_tp = serde_json::json!({ "kind": "pretrain", "model": "qwen3-235b-a22b", "tokens": 1e9, "gpus": 256, "expertTensorParallel": 2 });
    assert_eq!(refused_on_h100(unstated_tp), "workload.expertTensorParallel");
    let dense =
        serde_json::json!({ "kind": "pretrain", "model": "llama-3.1-8b", "tokens": 1e9, "expertTensorParallel": 1 });
    assert_eq!(refused_on_h100(dense), "workload.expertTensorParallel");
    // 24 GPUs at PP 8 leave 3 per stage: TP 2 with EP 4 needs 4 whole experts' GPUs per stage.
    let small = serde_json::json!({ "kind": "pretrain", "model": "qwen3-235b-a22b", "tokens": 1e9,
        "gpus": 24, "tensorParallel": 2, "pipelineParallel": 8, "expertParallel": 4 });
    assert_eq!(refused_on_h100(small), "workload.gpus");
}

#[test]
fn a_cross_node_all_to_all_sends_a_token_once_per_expert_or_once_per_node() {
    // Qwen3 30B-A3B (128 experts, 8 per token) on 16 H100 in two nodes at EP 16: Megatron-Bridge's
    // 26.06 layout, its all-to-all across the two nodes.
    let layout = |all_to_all: Option<&str>| {
        let mut w = serde_json::json!({ "kind": "pretrain", "model": "qwen3-30b-a3b", "tokens": 1e10, "gpus": 16,
            "precision": "fp8", "contextTokens": 4096, "globalBatchTokens": 1024.0 * 4096.0, "microBatch": 1,
            "tensorParallel": 1, "pipelineParallel": 1, "zeroStage": 1, "expertParallel": 16,
            "expertDispatch": "host-synchronized" });
        if let Some(a) = all_to_all {
            w["expertAllToAll"] = serde_json::json!(a);
        }
        let r = run(&serde_json::json!({ "workload": w, "accelerator": "H100" })).unwrap();
        (r.compute.training_layout.unwrap().best, r.compute.steady_tokens_per_second_per_gpu.unwrap())
    };
    let ((per_expert, per_expert_rate), (per_node, per_node_rate)) =
        (layout(Some("per-expert")), layout(Some("per-node")));
    // Per expert: k × (n − 1)/n = 4 copies of each token cross the network; per node, the other
    // node holds one of its 8 experts with 1 − C(64, 8)/C(128, 8) ≈ 0.9964.
    let ratio = per_expert.parts.expert_all_to_all_s / per_node.parts.expert_all_to_all_s;
    assert!((ratio - 4.0 / 0.9964).abs() < 0.01, "{ratio}");
    // Left out: one copy per expert expected, one per node at the range's fast end.
    let (unstated, unstated_rate) = layout(None);
    assert_eq!(unstated, per_expert);
    assert_eq!(unstated_rate.expected, per_expert_rate.expected);
    assert_eq!(unstated_rate.high, per_node_rate.high);
    assert_eq!(unstated_rate.low, per_expert_rate.low);
    // Within one node there is nothing to tell apart.
    let one_node = |a: &str| {
        let w = serde_json::json!({ "kind": "pretrain", "model": "qwen3-30b-a3b", "tokens": 1e10, "gpus": 8,
            "precision": "fp8", "contextTokens": 4096, "tensorParallel": 1, "pipelineParallel": 1,
            "expertParallel": 8, "expertAllToAll": a });
        run(&serde_json::json!({ "workload": w, "accelerator": "H100" })).unwrap().compute.training_layout.unwrap().best
    };
    assert_eq!(one_node("per-expert"), one_node("per-node"));
}

#[test]
fn a_synchronised_moe_dispatcher_costs_a_fixed_host_time_per_local_expert() {
    // Qwen3 30B-A3B (48 MoE layers, 128 experts) on 8 B200, micro-batch 1: Megatron-Bridge's layout.
    let answer = |ep: f64, dispatch: Option<&str>| {
        let mut w = serde_json::json!({ "kind": "pretrain", "model": "qwen3-30b-a3b", "tokens": 1e10, "gpus": 8,
            "precision": "fp8", "contextTokens": 4096, "globalBatchTokens": 512.0 * 4096.0, "microBatch": 1,
            "tensorParallel": 1, "pipelineParallel": 1, "zeroStage": 1, "expertParallel": ep });
        if let Some(d) = dispatch {
            w["expertDispatch"] = serde_json::json!(d);
        }
        run(&serde_json::json!({ "workload": w, "accelerator": "B200" })).unwrap()
    };
    let layout = |ep: f64, dispatch: Option<&str>| {
        let r = answer(ep, dispatch);
        let notes = serde_json::to_string(&r.notes).unwrap();
        (r.compute.training_layout.unwrap().best, notes)
    };
    let (synced, notes) = layout(8.0, None);
    assert_eq!(layout(8.0, Some("host-synchronized")).0, synced, "host-synchronized is the expectation");
    // 0.42 ms × 16 local experts × 48 layers, every micro-batch.
    let per_micro_batch = gpuplan::workload::perf::training::EXPERT_HOST_S_PER_LOCAL_EXPERT.0 * 16.0 * 48.0;
    assert!((synced.parts.expert_host_s - per_micro_batch * synced.micro_batches).abs() < 1e-9);
    assert!(notes.contains("expertDispatch"), "{notes}");
    // On the device: none of it, and nothing else changes.
    let (device, notes) = layout(8.0, Some("device"));
    assert_eq!(device.parts.expert_host_s, 0.0);
    assert!((synced.step_seconds - device.step_seconds - synced.parts.expert_host_s).abs() < 1e-9);
    assert!(!notes.contains("expertDispatch"), "{notes}");
    // Left out, the range spans both stacks: the expected and slow ends of the synchronised
    // dispatcher, the fast end of one on the device (Megatron-Bridge's whole-iteration CUDA graphs).
    let throughput = |dispatch: Option<&str>| answer(8.0, dispatch).compute.steady_tokens_per_second_per_gpu.unwrap();
    let (unstated, host, device) =
        (throughput(None), throughput(Some("host-synchronized")), throughput(Some("device")));
    assert_eq!((unstated.expected, unstated.low), (host.expected, host.low));
    assert_eq!(unstated.high, device.high);
    assert!(host.high < device.high && device.expected > host.expected, "{host:?} {device:?}");
    // Twice the experts on each GPU (EP 4), twice the host time per micro-batch.
    let (four, _) = layout(4.0, None);
    assert!((four.parts.expert_host_s / four.micro_batches - 2.0 * per_micro_batch).abs() < 1e-9);
    // A dense model has no dispatcher; any other value is an error at the field.
    let dense = run(&serde_json::json!({ "workload": { "kind": "pretrain", "model": "llama-3.1-8b", "tokens": 1e9,
        "gpus": 8 }, "accelerator": "B200" }))
    .unwrap();
    assert_eq!(dense.compute.training_layout.unwrap().best.parts.expert_host_s, 0.0);
    refused_at("expertDispatch", "host");
}

#[test]
fn routing_costs_fall_on_the_layers_with_experts_only() {
    // Llama 4 Maverick: experts on every other layer of 48 (its config's interleave_moe_layer_step 2);
    // DeepSeek-V3: on all but the first three of 61 (first_k_dense_replace 3).
    assert_eq!(preset("llama-4-maverick").moe_layer_count(), 24.0);
    assert_eq!(preset("deepseek-v3").moe_layer_count(), 58.0);
    assert_eq!(preset("qwen3-30b-a3b").moe_layer_count(), 48.0);
    assert_eq!(preset("llama-3.1-8b").moe_layer_count(), 0.0);
    // The dispatcher's host time on 64 H100 at EP 8: 16 local experts on each of the 24 MoE layers.
    let r = run(&serde_json::json!({ "workload": { "kind": "pretrain", "model": "llama-4-maverick", "tokens": 1e10,
        "gpus": 64, "contextTokens": 8192, "microBatch": 1, "tensorParallel": 1, "pipelineParallel": 1,
        "expertParallel": 8, "zeroStage": 3 }, "accelerator": "H100" }))
    .unwrap();
    let best = r.compute.training_layout.unwrap().best;
    let per_micro_batch = gpuplan::workload::perf::training::EXPERT_HOST_S_PER_LOCAL_EXPERT.0 * 16.0 * 24.0;
    assert!((best.parts.expert_host_s - per_micro_batch * best.micro_batches).abs() < 1e-9, "{:?}", best.parts);
}

#[test]
fn a_config_json_counts_interleaved_and_shared_experts() {
    // Llama 4's text_config (the released config.json, the fields read): Meta's card states 109B
    // and 400B in total (Scout's with its vision encoder), 17B active each.
    let llama4 = |experts: u32, step: u32| {
        let r = run(&serde_json::json!({ "workload": { "kind": "inference", "model": { "hfConfig": { "text_config": {
            "model_type": "llama4_text", "num_hidden_layers": 48, "hidden_size": 5120, "num_attention_heads": 40,
            "num_key_value_heads": 8, "head_dim": 128, "intermediate_size": 8192, "intermediate_size_mlp": 16384,
            "num_local_experts": experts, "num_experts_per_tok": 1, "interleave_moe_layer_step": step,
            "vocab_size": 202048, "tie_word_embeddings": false } } } } }))
        .unwrap();
        r.model.unwrap()
    };
    let scout = llama4(16, 1);
    assert!((scout.params_b / 109.0 - 1.0).abs() < 0.02, "{}", scout.params_b);
    assert!((scout.active_params_b / 17.0 - 1.0).abs() < 0.02, "{}", scout.active_params_b);
    assert_eq!(scout.moe_layer_count(), 48.0);
    let maverick = llama4(128, 2);
    assert!((maverick.params_b / 400.0 - 1.0).abs() < 0.02, "{}", maverick.params_b);
    assert!((maverick.active_params_b / 17.0 - 1.0).abs() < 0.02, "{}", maverick.active_params_b);
    assert_eq!((maverick.moe_layer_count(), maverick.intermediate_size), (24.0, 16384));
    // The presets hold the same totals.
    assert!((preset("llama-4-maverick").params_b / maverick.params_b - 1.0).abs() < 0.01);
}

#[test]
fn a_config_json_states_group_limited_routing() {
    // DeepSeek-V3's routing fields (config.json): 256 experts in 8 groups, a token's 8 from 4.
    let model = |groups: u32, per_token: u32| {
        let r = run(&serde_json::json!({ "workload": { "kind": "inference", "model": { "hfConfig": {
            "num_hidden_layers": 61, "hidden_size": 7168, "num_attention_heads": 128, "num_key_value_heads": 128,
            "intermediate_size": 18432, "moe_intermediate_size": 2048, "n_routed_experts": 256, "num_experts_per_tok": 8,
            "n_shared_experts": 1, "first_k_dense_replace": 3, "vocab_size": 129280,
            "n_group": groups, "topk_group": per_token } } } }))
        .unwrap();
        let m = r.model.unwrap();
        (m.routing_groups, m.routing_groups_per_token)
    };
    assert_eq!(model(8, 4), (8, 4));
    assert_eq!((preset("deepseek-v3").routing_groups, preset("deepseek-v3").routing_groups_per_token), (8, 4));
    // One group (GLM-4.5's, Kimi K2's), every group per token, or groups that do not divide the
    // experts: no limit.
    assert_eq!(model(1, 1), (0, 0));
    assert_eq!(model(8, 8), (0, 0));
    assert_eq!(model(7, 4), (0, 0));
}

#[test]
fn a_sliding_window_layer_reads_at_most_its_window() {
    use gpuplan::workload::compute::attention_flops_per_token;
    use gpuplan::workload::model::ModelSpec;
    let gpt = preset("gpt-oss-120b");
    let full = ModelSpec { sliding_layers: 0, ..gpt.clone() };
    // Longer than the window: 18 of 36 layers read at most 128 keys per query. Over a causal
    // sequence of 8,192 the mean is (128·64.5 + 8,064·128) / 8,192; a full layer's is 8,192 / 2.
    let mean_windowed = (1..=8192).map(|i| f64::from(i.min(128))).sum::<f64>() / 8192.0;
    let mean_full = (1..=8192).map(f64::from).sum::<f64>() / 8192.0;
    let expected = (18.0 * mean_full + 18.0 * mean_windowed) / (36.0 * mean_full);
    let ratio = attention_flops_per_token(&gpt, 8192.0) / attention_flops_per_token(&full, 8192.0);
    assert!((ratio - expected).abs() < 1e-3, "{ratio} {expected}");
    // A sequence within the window is read whole.
    assert_eq!(attention_flops_per_token(&gpt, 100.0), attention_flops_per_token(&full, 100.0));
}

#[test]
fn a_narrow_experts_gemm_reaches_less_of_the_tensor_cores() {
    // The same expert FLOPs and tokens per expert on one GPU: 32 experts of width 512 with
    // top-8 against 16 of width 1,024 with top-4. Only the expert GEMM's width differs, so
    // only the GEMM time does: the narrow one's is longer (a thinner GEMM, `gemm_share`).
    let gemm_s = |experts: u32, per_token: u32, width: u32| {
        let model = serde_json::json!({ "hfConfig": { "num_hidden_layers": 24, "hidden_size": 1536,
            "num_attention_heads": 24, "num_key_value_heads": 8, "vocab_size": 49152,
            "max_position_embeddings": 4096, "num_local_experts": experts, "num_experts_per_tok": per_token,
            "moe_intermediate_size": width, "tie_word_embeddings": true } });
        let best = run(&serde_json::json!({ "workload": { "kind": "pretrain", "model": model, "tokens": 1e10,
            "gpus": 1, "contextTokens": 4096, "microBatch": 4, "globalBatchTokens": 4.0 * 4096.0 },
            "accelerator": "H100" }))
        .unwrap()
        .compute
        .training_layout
        .unwrap()
        .best;
        assert_eq!((best.micro_batch, best.expert_parallel), (4.0, 1.0));
        best.parts.gemm_s
    };
    let (narrow, wide) = (gemm_s(32, 8, 512), gemm_s(16, 4, 1024));
    assert!(narrow > wide * 1.02, "{narrow} vs {wide}");
}

#[test]
fn a_custom_moe_states_its_experts_per_token() {
    let model = |per_token: Option<u32>| {
        let mut m = serde_json::json!({ "paramsB": 3.3, "activeParamsB": 0.8, "layers": 32, "hiddenSize": 1536,
            "heads": 24, "kvHeads": 8, "vocab": 49152, "experts": 40 });
        if let Some(k) = per_token {
            m["expertsPerToken"] = serde_json::json!(k);
        }
        run(&serde_json::json!({ "workload": { "kind": "pretrain", "model": m, "tokens": 1e10, "gpus": 8 },
            "accelerator": "H100" }))
    };
    let routed = |r: &gpuplan::workload::EstimateResponse| r.model.as_ref().unwrap().experts_per_token;
    assert_eq!(routed(&model(None).unwrap()), 2, "top-2 when a custom MoE does not say");
    assert_eq!(routed(&model(Some(8)).unwrap()), 8);
    for bad in [0, 41] {
        let e = model(Some(bad)).unwrap_err();
        assert_eq!(e.field, "workload.model.expertsPerToken", "{bad}: {e:?}");
    }
    // A dense model routes nothing.
    let e = run(&serde_json::json!({ "workload": { "kind": "pretrain", "tokens": 1e10, "model": { "paramsB": 1.0,
        "layers": 16, "hiddenSize": 2048, "heads": 16, "expertsPerToken": 2 } } }))
    .unwrap_err();
    assert_eq!(e.field, "workload.model.expertsPerToken", "{e:?}");
}

#[test]
fn lora_and_qlora_cost_fewer_flops_per_token_than_full_fine_tuning() {
    let flops = |method: &str| {
        run(&serde_json::json!({ "workload": { "kind": "finetune", "model": "llama-3.1-8b", "tokens": 1e8, "method": method } }))
            .unwrap()
            .compute
            .total_flops
            .unwrap()
    };
    let (full, lora, qlora) = (flops("full"), flops("lora"), flops("qlora"));
    assert!(lora < full && qlora < full, "{lora} {qlora} {full}");
    // Faster too: the 70B LoRA on 8 H100 is far quicker per token than full fine-tuning on them.
    let rate = |method: &str| {
        run(&serde_json::json!({ "workload": { "kind": "finetune", "model": "llama-3.1-8b", "tokens": 1e8, "method": method, "gpus": 8 }, "accelerator": "H100" }))
            .unwrap()
            .compute
            .steady_tokens_per_second_per_gpu
            .unwrap()
            .expected
    };
    assert!(rate("lora") > 1.2 * rate("full"));
}

#[test]
fn torchao_float8_keeps_less_of_the_fp8_gain_than_transformer_engine() {
    // Llama 3 8B on 8 H100 at torchao's benchmark settings (FSDP2, 1 × 8,192 tokens per GPU,
    // per-op checkpointing), where its float8 tensorwise row is 1.25× its BF16 row (the fit).
    let rate = |precision: &str, recipe: Option<&str>| {
        let mut w = serde_json::json!({ "kind": "pretrain", "model": "llama-3.1-8b", "tokens": 1e10, "gpus": 8,
            "precision": precision, "contextTokens": 8192, "globalBatchTokens": 8.0 * 8192.0, "microBatch": 1,
            "tensorParallel": 1, "pipelineParallel": 1, "zeroStage": 3, "recompute": "selective-op" });
        if let Some(r) = recipe {
            w["fp8Recipe"] = serde_json::json!(r);
        }
        let r = run(&serde_json::json!({ "workload": w, "accelerator": "H100" })).unwrap();
        (r.compute.steady_tokens_per_second_per_gpu.unwrap().expected, serde_json::to_string(&r.assumptions).unwrap())
    };
    let (bf16, _) = rate("bf16", None);
    let (engine, why) = rate("fp8", None);
    let (torchao, torchao_why) = rate("fp8", Some("torchao"));
    assert_eq!(rate("fp8", Some("transformer-engine")).0, engine, "transformer-engine is the default");
    assert!(bf16 < torchao && torchao < engine, "{bf16} {torchao} {engine}");
    assert!((torchao / bf16 - 1.25).abs() < 0.01, "{}", torchao / bf16);
    assert!(torchao_why.contains("torchao") && !why.contains("torchao"), "{torchao_why}");
    // Read only for FP8; any other value is an error at the field.
    assert_eq!(rate("bf16", Some("torchao")).0, bf16);
    refused_at("fp8Recipe", "te");
}

#[test]
fn per_op_checkpointing_repeats_every_other_linear_layer() {
    use gpuplan::workload::memory::Recompute;
    use gpuplan::workload::perf::training::{flops_per_token, Method};
    let m = preset("llama-3.1-8b");
    let flops = |r: Recompute| flops_per_token(&m, Method::Full, 8192.0, r, 8192.0);
    // Half the forward's 2·N again; attention's output is kept.
    let n = m.active_params_b * 1e9;
    assert!((flops(Recompute::SelectiveOp) - flops(Recompute::None) - n).abs() < 1.0);
    assert!(flops(Recompute::Selective) < flops(Recompute::SelectiveOp));
    assert!(flops(Recompute::SelectiveOp) < flops(Recompute::Full));
    // The estimate: between selective and full in time, selective's memory (its bound).
    let estimate = |recompute: &str| {
        run(&serde_json::json!({ "workload": { "kind": "pretrain", "model": "llama-3.1-8b", "tokens": 1e10, "gpus": 8,
            "contextTokens": 8192, "microBatch": 1, "tensorParallel": 1, "pipelineParallel": 1, "zeroStage": 3,
            "recompute": recompute }, "accelerator": "H100" }))
        .unwrap()
    };
    let rate = |r: &EstimateResponse| r.compute.steady_tokens_per_second_per_gpu.unwrap().expected;
    let (selective, op, full) = (estimate("selective"), estimate("selective-op"), estimate("full"));
    assert!(
        rate(&full) < rate(&op) && rate(&op) < rate(&selective),
        "{} {} {}",
        rate(&full),
        rate(&op),
        rate(&selective)
    );
    assert_eq!(op.memory.activations_gib, selective.memory.activations_gib);
    refused_at("recompute", "op");
}

#[test]
fn without_recompute_flash_attention_keeps_no_score_matrix() {
    // TinyLlama 1.1B trained without activation checkpointing on 16 A100-40GB, 8 sequences of
    // 2,048 per GPU, with FlashAttention-2 (its README; data/calibration.csv). Per layer 34·s·b·h
    // bytes are kept, as under selective recompute; Korthikanti's 5·a·s/h more for the score
    // matrices (5 · 32 · 2048 / 2048 = 160, 4.7 times the rest) is what FlashAttention never
    // stores, and with it the run would need 130 GiB per GPU.
    let estimate = |recompute: &str| {
        run(&serde_json::json!({ "workload": { "kind": "pretrain", "tokens": 1e10, "gpus": 16, "contextTokens": 2048,
            "model": { "paramsB": 1.1, "layers": 22, "hiddenSize": 2048, "heads": 32, "kvHeads": 4, "vocab": 32000,
                "contextTokens": 2048 },
            "microBatch": 8, "tensorParallel": 1, "pipelineParallel": 1, "zeroStage": 3, "recompute": recompute },
            "accelerator": "A100-40GB" }))
        .unwrap()
    };
    let (none, selective) = (estimate("none"), estimate("selective"));
    let (s, b, h, layers, vocab) = (2048.0, 8.0, 2048.0, 22.0, 32000.0);
    let expected_gib = (34.0 * s * b * h * layers + 2.0 * s * b * vocab * 4.0) / f64::from(1u32 << 30);
    assert!(
        (none.memory.activations_gib - expected_gib).abs() < 1e-9,
        "{} {expected_gib}",
        none.memory.activations_gib
    );
    assert_eq!(none.memory.activations_gib, selective.memory.activations_gib);
    assert!(none.memory.total_gib < 40.0, "{}", none.memory.total_gib);
    // No recompute repeats no forward work: the faster of the two.
    let rate = |r: &EstimateResponse| r.compute.steady_tokens_per_second_per_gpu.unwrap().expected;
    assert!(rate(&none) > rate(&selective));
}

#[test]
fn qlora_memory_at_long_context_counts_logits_and_their_gradient() {
    // 16k tokens on an 8B with a 128,256 vocabulary: FP32 logits and their gradient
    // alone are 2 × 16,384 × 128,256 × 4 B = 15.7 GiB.
    let r = run(&serde_json::json!({ "workload": { "kind": "finetune", "model": "llama-3.1-8b", "tokens": 1e8, "method": "qlora",
        "contextTokens": 16384 } }))
    .unwrap();
    let logits = 2.0 * 16384.0 * 128256.0 * 4.0 / 1073741824.0;
    assert!(r.memory.activations_gib > logits, "{}", r.memory.activations_gib);
    assert!(r.memory.total_gib > 25.0, "{}", r.memory.total_gib);
}

#[test]
fn the_mi300x_to_h100_decode_ratio_comes_from_measured_data() {
    use gpuplan::workload::perf::efficiency::{achieved_on, OpClass};
    let cat = embedded().unwrap();
    let a = |k: &str| gpuplan::workload::resolve_accelerator(cat, k, "accelerator").unwrap();
    let (mi, h) = (a("MI300X"), a("H100"));
    let per_node = |x: &gpuplan::catalog::schema::Accelerator| {
        x.memory_bandwidth_gbs.unwrap() * achieved_on(x, OpClass::Decode).unwrap().share.expected
    };
    // MLPerf Inference v4.1 Llama-2-70B: ≈ 0.96× per node, not the 1.58× bandwidth ratio.
    let ratio = per_node(mi) / per_node(h);
    assert!((0.9..1.0).contains(&ratio), "{ratio}");
    assert!(
        achieved_on(mi, OpClass::DenseGemm).unwrap().share.expected
            < achieved_on(h, OpClass::DenseGemm).unwrap().share.expected
    );
}

/// Every assumption's source and every note comes in Chinese too, one for one,
/// written by the engine (the page never translates English): across every
/// workload kind and the branches that add notes.
#[test]
fn every_source_and_note_is_also_said_in_chinese() {
    let requests = [
        serde_json::json!({ "workload": { "kind": "finetune", "model": "qwen2.5-7b", "method": "lora", "tokens": 2e8 }, "accelerator": "L4" }),
        serde_json::json!({ "workload": { "kind": "finetune", "model": "qwen2.5-7b", "method": "full", "tokens": 2e8 } }),
        serde_json::json!({ "workload": { "kind": "pretrain", "model": "qwen2.5-7b", "tokens": 1e12, "gpus": 512, "precision": "fp8" }, "accelerator": "H100" }),
        serde_json::json!({ "workload": { "kind": "pretrain", "model": "deepseek-v3", "tokens": 1e12 }, "accelerator": "H100" }),
        serde_json::json!({ "workload": { "kind": "pretrain", "model": "llama-3.1-70b", "tokens": 1e9 }, "accelerator": "L4" }),
        serde_json::json!({ "workload": { "kind": "inference", "model": "llama-3.1-70b", "requestsPerSecond": 20, "ttftTargetMs": 1, "itlTargetMs": 1, "precision": "fp8" }, "accelerator": "H100" }),
        serde_json::json!({ "workload": { "kind": "inference", "model": "llama-3.1-70b", "mode": "batch", "tokensPerDay": 1e9, "precision": "int4", "contextTokens": 200000 }, "accelerator": "L4" }),
        serde_json::json!({ "workload": { "kind": "inference", "model": "llama-3.1-8b" } }),
        serde_json::json!({ "workload": { "kind": "inference", "model": "llama-3.1-8b" }, "accelerator": "H100", "overrides": { "measuredTokensPerSecond": 900, "measuredAccelerator": "A100-80GB" } }),
        serde_json::json!({ "workload": { "kind": "hpc", "workTflop": 1.8e6 }, "accelerator": "A100-80GB" }),
        serde_json::json!({ "workload": { "kind": "hpc", "workTflop": 1.8e6 }, "accelerator": "L4" }),
        serde_json::json!({ "workload": { "kind": "render", "frames": 10000, "minutesPerFrame": 10, "referenceAccelerator": "L4" }, "accelerator": "L40S" }),
        serde_json::json!({ "workload": { "kind": "vdi", "desktops": 50, "profileGib": 4 }, "accelerator": "A10" }),
        serde_json::json!({ "workload": { "kind": "devtest", "hoursPerMonth": 80 } }),
        serde_json::json!({ "workload": { "kind": "raw", "gpuMemoryGib": 80, "gpuCount": 8, "hours": 10, "interconnect": "nvlink" } }),
    ];
    let han = |s: &str| s.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c));
    for json in &requests {
        let answer = run(json).unwrap_or_else(|e| panic!("{json}: {e}"));
        assert_eq!(answer.notes.len(), answer.notes_zh.len(), "{json}");
        for (en, zh) in answer.notes.iter().zip(&answer.notes_zh) {
            assert!(han(zh), "{json}: note {en:?} has no Chinese: {zh:?}");
        }
        for a in &answer.assumptions {
            assert!(han(&a.source_zh), "{json}: {} source {:?} has no Chinese: {:?}", a.name, a.source, a.source_zh);
        }
    }
}

#[test]
fn the_range_of_a_dense_model_on_a_known_gpu_is_at_most_twofold() {
    // Issue 15: the low–high range comes from the stated spread of the evidence
    // (data/achieved_efficiency.csv) and is at most ×2 from low to high for a
    // dense model on a named accelerator; MoE rows and rows without an
    // accelerator (memory only) are not held to it.
    let results = calibration::run(embedded().unwrap()).unwrap();
    let held: Vec<_> = results.iter().filter(|r| r.dense_on_known_gpu && r.low > 0.0).collect();
    assert!(held.len() >= 50, "{} rows", held.len());
    for r in held {
        assert!(r.high / r.low <= 2.0, "{}: {:.0}–{:.0} is ×{:.2}", r.case, r.low, r.high, r.high / r.low);
    }
}

#[test]
fn mi300x_trains_at_the_measured_share_of_an_h100_not_at_its_peak_ratio() {
    // torchao's benchmark at the same settings measured MI300X at 0.874× an H100 (BF16), where
    // the peaks are 1,307 against 989 TFLOP/s (1.32×): the ROCm share follows the measurement.
    let rate = |accelerator: &str| {
        run(&serde_json::json!({ "workload": { "kind": "pretrain", "model": "llama-3.1-8b", "tokens": 1e10, "gpus": 8,
            "contextTokens": 8192, "globalBatchTokens": 8.0 * 8192.0, "microBatch": 1, "tensorParallel": 1,
            "pipelineParallel": 1, "zeroStage": 3, "recompute": "selective-op" }, "accelerator": accelerator }))
        .unwrap()
        .compute
        .steady_tokens_per_second_per_gpu
        .unwrap()
        .expected
    };
    let ratio = rate("MI300X") / rate("H100");
    assert!((ratio - 5376.5 / 6150.0).abs() < 0.01, "{ratio}");
}

/// The ranking computes each accelerator row's demand without its words
/// (`Ctx::words`); the numbers must be the ones the words were said about. Every
/// workload of the fuzz seeds plus a MoE run across nodes, on every accelerator
/// of the embedded catalog.
#[test]
fn a_demand_without_its_words_has_the_same_numbers() {
    use gpuplan::workload::{Between, FitReach, Reading};
    let catalog = embedded().unwrap();
    let seeds: serde_json::Value = serde_json::from_str(include_str!("fuzz/seeds.json")).unwrap();
    let mut requests: Vec<serde_json::Value> =
        ["estimate", "recommend"].iter().flat_map(|k| seeds[k].as_array().unwrap().clone()).collect();
    requests.push(serde_json::json!({ "workload": { "kind": "pretrain", "model": "mixtral-8x7b", "tokens": 1e12 } }));
    requests.push(
        serde_json::json!({ "workload": { "kind": "inference", "model": "llama-4-scout", "requestsPerSecond": 5 } }),
    );
    let (mut compared, mut said) = (0, 0);
    for json in &requests {
        let request = serde_json::json!({ "workload": json["workload"], "overrides": json.get("overrides").cloned().unwrap_or_else(|| serde_json::json!({})) });
        let request: EstimateRequest =
            gpuplan::input::read("request", &gpuplan::input::from_json(&request).unwrap()).unwrap();
        let checked = request.workload.check(catalog, &request.overrides).unwrap();
        for a in &catalog.data.accelerators {
            let with =
                checked.demand_on(catalog, Some(a), FitReach::Any, None, Between::default(), Reading::NumbersAndWords);
            let without =
                checked.demand_on(catalog, Some(a), FitReach::Any, None, Between::default(), Reading::NumbersOnly);
            match (with, without) {
                (Ok((with, words)), Ok((without, none))) => {
                    assert_eq!(format!("{with:?}"), format!("{without:?}"), "{} on {}", json["workload"], a.key);
                    assert!(none.assumptions.is_empty() && none.notes.is_empty());
                    said += usize::from(!words.assumptions.is_empty() || !words.notes.is_empty());
                    compared += 1;
                }
                (Err(e), Err(f)) => assert_eq!(e.to_string(), f.to_string()),
                (with, without) => {
                    panic!("{} on {}: {:?} against {:?}", json["workload"], a.key, with.err(), without.err())
                }
            }
        }
    }
    // Most kinds say what they assumed (a raw request has nothing to assume).
    assert!(compared > 500 && said * 10 > compared * 8, "{compared} demands compared, {said} with words");
}
