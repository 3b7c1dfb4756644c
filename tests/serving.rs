//! Serving: layouts chosen on the costed replica, the bandwidth floor,
//! vendor ratios from data, and the published serving tables.
#![cfg(not(target_arch = "wasm32"))]

use gpuplan::recommend::{RecommendRequest, RecommendResponse};
use gpuplan::workload::{EstimateRequest, EstimateResponse};

fn recommend(json: serde_json::Value) -> Result<RecommendResponse, gpuplan::Error> {
    let request: RecommendRequest = gpuplan::input::read("request", &gpuplan::input::from_json(&json)?)?;
    gpuplan::recommend(&request)
}

fn estimate(json: serde_json::Value) -> EstimateResponse {
    let request: EstimateRequest =
        gpuplan::input::read("request", &gpuplan::input::from_json(&json).expect("json")).expect("request");
    gpuplan::estimate(&request).expect("estimate")
}

#[test]
fn llama_70b_fp8_at_20_rps_on_h100_is_one_8_gpu_node_with_its_tensor_parallel_degree() {
    let r = recommend(serde_json::json!({
        "workload": { "kind": "inference", "model": "llama-3.1-70b", "precision": "fp8",
                      "requestsPerSecond": 20, "ttftTargetMs": 1000 },
        "constraints": { "accelerators": ["H100"] },
        "priorities": { "limit": 50, "excludedLimit": 10000 }
    }))
    .unwrap();
    let eight: Vec<_> = r.candidates.iter().filter(|c| c.offer.gpu_count == 8.0).collect();
    assert!(!eight.is_empty(), "an 8 × H100 node serves it");
    for c in &eight {
        assert_eq!(c.fit.instances, 1.0, "{} needs {} instances", c.offer.instance, c.fit.instances);
        let s = c.fit.serving.as_ref().expect("the chosen layout is stated");
        assert!([2.0, 4.0, 8.0].contains(&s.chosen.layout.gpus_per_replica), "{s:?}");
        assert!(s.chosen.layout.gpus_per_replica * s.chosen.layout.replicas <= 8.0);
        assert!(s.chosen.layout.ttft_ms <= 1000.0);
        let runner_up = s.runner_up.as_ref().expect("a runner-up with its numbers");
        assert_ne!(runner_up.layout.gpus_per_replica, s.chosen.layout.gpus_per_replica);
    }
    println!("{:#?}", eight[0].fit.serving);
}

#[test]
fn a_50_ms_token_target_for_8b_bf16_on_one_l4_is_below_its_bandwidth_floor() {
    let r = recommend(serde_json::json!({
        "workload": { "kind": "inference", "model": "llama-3.1-8b", "precision": "bf16",
                      "requestsPerSecond": 1, "itlTargetMs": 50 },
        "constraints": { "accelerators": ["L4"] },
        "priorities": { "limit": 50, "excludedLimit": 10000 }
    }))
    .unwrap();
    for x in r.excluded.iter().filter(|x| x.code == "itl-floor") {
        let floor = x.params.get("floorMs").unwrap();
        // The preset's 8.0e9 parameters × 2 bytes over 300 GB/s: 53.3 ms.
        assert!((floor - 53.3).abs() < 0.1, "{floor}");
        assert_eq!(x.params.get("targetMs"), Some(50.0));
        assert_eq!(x.params.get("gpusPerReplica"), Some(1.0));
        assert!(x.reason.contains("53.3") && x.reason_zh.contains("53.3"), "{} / {}", x.reason, x.reason_zh);
    }
    for c in &r.candidates {
        assert!(c.offer.gpu_count >= 2.0, "one L4 cannot reach 50 ms: {}", c.offer.instance);
        let s = c.fit.serving.as_ref().unwrap();
        assert!(s.chosen.layout.itl_ms <= 50.0 && s.chosen.layout.bandwidth_floor_ms < 50.0);
    }
    assert!(r.excluded.iter().any(|x| x.code == "itl-floor"));
}

#[test]
fn the_mi300x_to_h100_serving_ratio_follows_the_published_measurement_not_peaks() {
    let on = |accelerator: &str| {
        estimate(serde_json::json!({
            "workload": { "kind": "inference", "model": "llama-3.1-70b", "precision": "fp8", "concurrency": 64, "gpus": 8 },
            "accelerator": accelerator
        }))
        .compute
        .tokens_per_second
        .unwrap()
        .expected
    };
    let ratio = on("MI300X") / on("H100");
    // MLPerf Inference v4.1 Llama-2-70B: 8 × MI300X within 2–3% of a DGX H100
    // (data/achieved_efficiency.csv); peak bandwidth alone would say 1.58.
    assert!((0.85..=1.1).contains(&ratio), "MI300X / H100 = {ratio:.2}");
}

#[test]
fn zero_gpus_per_replica_is_a_field_named_error() {
    for gpus in [0.0, 1.5, 64.0] {
        let request: RecommendRequest = gpuplan::input::read(
            "request",
            &gpuplan::input::from_json(&serde_json::json!({
                "workload": { "kind": "inference", "model": "llama-3.1-8b", "gpus": gpus }
            }))
            .unwrap(),
        )
        .unwrap();
        let e = gpuplan::recommend(&request).unwrap_err();
        assert_eq!(e.field, "workload.gpus", "{gpus}: {e:?}");
        assert!(["out-of-range", "invalid-value"].contains(&e.code), "{e:?}");
        let e = gpuplan::estimate(&EstimateRequest {
            workload: request.workload.clone(),
            accelerator: None,
            overrides: Default::default(),
            gpu_check: None,
        })
        .unwrap_err();
        assert_eq!(e.field, "workload.gpus");
    }
}

/// Every serving layout on one offer of a recommendation: (offer id, instances, chosen precision, runner-up precision).
fn chosen_layouts(r: &RecommendResponse) -> Vec<(String, f64, String, Option<String>)> {
    let name = |p: gpuplan::workload::precision::Precision| p.name().to_string();
    r.candidates
        .iter()
        .map(|c| {
            let s = c.fit.serving.as_ref().expect("a serving layout on every candidate");
            (
                c.offer.id.clone(),
                c.fit.instances,
                name(s.chosen.layout.precision),
                s.runner_up.as_ref().map(|u| name(u.layout.precision)),
            )
        })
        .collect()
}

/// `workload` with `field` set to `value` when one is given, ranked under
/// `constraints` with every left-out offer listed.
fn serve_with(
    mut workload: serde_json::Value,
    (field, value): (&str, Option<serde_json::Value>),
    constraints: serde_json::Value,
    limit: u32,
) -> RecommendResponse {
    if let Some(v) = value {
        workload[field] = v;
    }
    recommend(serde_json::json!({
        "workload": workload,
        "constraints": constraints,
        "priorities": { "limit": limit, "excludedLimit": 10000 }
    }))
    .unwrap()
}

fn serve_70b_on_h100(precision: Option<&str>) -> RecommendResponse {
    let workload = serde_json::json!({ "kind": "inference", "model": "llama-3.1-70b",
        "requestsPerSecond": 20, "ttftTargetMs": 1000 });
    serve_with(
        workload,
        ("precision", precision.map(|p| p.into())),
        serde_json::json!({ "accelerators": ["H100"] }),
        200,
    )
}

#[test]
fn an_open_precision_is_searched_and_never_costs_more_than_a_fixed_one() {
    let open = serve_70b_on_h100(None);
    let fixed: Vec<_> =
        ["bf16", "fp8", "int4"].iter().map(|p| (p, chosen_layouts(&serve_70b_on_h100(Some(p))))).collect();
    let layouts = chosen_layouts(&open);
    assert!(!layouts.is_empty());
    for (id, instances, precision, runner_up) in &layouts {
        assert!(["BF16", "FP8", "INT4"].contains(&precision.as_str()), "{id}: {precision}");
        assert!(runner_up.is_some(), "{id}: the runner-up states its precision too");
        for (p, rows) in &fixed {
            if let Some((_, at, _, _)) = rows.iter().find(|(x, ..)| x == id) {
                assert!(instances <= at, "{id}: open precision needs {instances} instances, {p} alone {at}");
            }
        }
    }
    // On 8 × H100 the 70B at 20 req/s fits one node in FP8 and in BF16 alike:
    // at equal cost the search keeps the 16-bit weights.
    let eight =
        layouts.iter().find(|(id, ..)| open.candidates.iter().any(|c| &c.offer.id == id && c.offer.gpu_count == 8.0));
    let (id, instances, precision, _) = eight.expect("an 8 × H100 node serves it");
    assert_eq!(*instances, 1.0, "{id}");
    assert_eq!(precision, "BF16", "{id}: one node either way, so no quality is given up");
    // Said in both languages, with INT4's quality caveat.
    let notes = open.demand.notes.join(" ");
    assert!(notes.contains("precision left open") && notes.contains("INT4 weight-only"), "{notes}");
    assert!(open.demand.notes_zh.iter().any(|n| n.contains("未指定精度")));
}

#[test]
fn a_precision_the_user_sets_is_the_only_one_tried() {
    for p in ["bf16", "fp8", "int4"] {
        let r = serve_70b_on_h100(Some(p));
        for (id, _, chosen, runner_up) in chosen_layouts(&r) {
            assert_eq!(chosen, p.to_uppercase(), "{id}");
            assert!(runner_up.is_none_or(|u| u == p.to_uppercase()), "{id}");
        }
        assert!(!r.demand.notes.iter().any(|n| n.contains("precision left open")));
    }
}

#[test]
fn the_precisions_compared_are_those_the_gpu_and_engine_run() {
    let layouts = |accelerator: &str| -> Vec<String> {
        let e = estimate(serde_json::json!({
            "workload": { "kind": "inference", "model": "llama-3.1-8b", "concurrency": 8 },
            "accelerator": accelerator
        }));
        let mut p: Vec<String> = e.serving_layouts.iter().map(|l| l.precision.name().to_string()).collect();
        p.dedup();
        p
    };
    // H100: FP8 tensor cores and Marlin INT4 kernels. A100: no FP8 units.
    // MI300X: FP8, but vLLM has no AWQ/GPTQ kernels on AMD GPUs.
    assert_eq!(layouts("H100"), ["BF16", "FP8", "INT4"]);
    assert_eq!(layouts("A100-80GB"), ["BF16", "INT4"]);
    assert_eq!(layouts("MI300X"), ["BF16", "FP8"]);
}

#[test]
fn int4_is_chosen_where_it_saves_gpus() {
    // Llama 3.1 70B on 48 GB L40S: BF16 (141 GB) needs four GPUs per replica,
    // INT4 (about 37 GB) one: at 1 req/s the search takes the smaller copy on a
    // one-GPU offer and says why in its caveat.
    let r = recommend(serde_json::json!({
        "workload": { "kind": "inference", "model": "llama-3.1-70b", "requestsPerSecond": 0.2 },
        "constraints": { "accelerators": ["L40S"] },
        "priorities": { "limit": 200, "excludedLimit": 10000 }
    }))
    .unwrap();
    let one = r.candidates.iter().find(|c| c.offer.gpu_count == 1.0).expect("one L40S serves it in INT4");
    let s = one.fit.serving.as_ref().unwrap();
    assert_eq!(s.chosen.layout.precision.name(), "INT4", "{s:?}");
    assert_eq!(s.chosen.layout.gpus_per_replica, 1.0);
}

#[test]
fn published_serving_tables_independent_rows_reported_apart() {
    // The cases docs/ACCURACY.md reports (`calibration::serving_rows`): each table row asked
    // with its engine, layout, lengths, KV precision and attention parallelism; a stated batch
    // compares the time per output token, maximum load the throughput.
    let cases = gpuplan::workload::calibration::serving_rows(gpuplan::catalog::embedded().unwrap()).unwrap();
    let mut independent = Vec::new();
    let mut moe = Vec::new();
    for r in &cases {
        let error = r.error();
        println!(
            "{:<44} {:>6} {} {:>9.1} published {:>9.1} ({:+.0}%) range {:.1}–{:.1}",
            r.case,
            if r.fitted.is_some() { "fitted" } else { "indep." },
            r.unit,
            r.estimate,
            r.published,
            error * 100.0,
            r.low,
            r.high
        );
        if r.fitted.is_some() {
            assert!(error.abs() < 0.1, "{}: the fitted row moved: {error:+.2}", r.case);
        } else if r.moe {
            moe.push(error);
        } else {
            independent.push(error.abs());
        }
    }
    independent.sort_by(f64::total_cmp);
    let median = independent[independent.len() / 2];
    println!("independent dense rows: {}, median |error| {:.0}%", independent.len(), median * 100.0);
    // The target of issue 15 for the serving group, met by the dense models' rows
    // (docs/ACCURACY.md reports every row).
    assert!(median <= 0.15, "median |error| {median}");
    // The MoE rows (TensorRT-LLM's Qwen3-235B-A22B and Llama 4 tables and its DeepSeek-R1
    // guide, attention data-parallel as they ran; one of them fitted the routed experts'
    // share): the span the estimate's MoE note states. A change that moves them is seen here.
    moe.sort_by(f64::total_cmp);
    println!(
        "independent MoE rows: {}, errors {:+.0}% … {:+.0}%",
        moe.len(),
        moe[0] * 100.0,
        moe[moe.len() - 1] * 100.0
    );
    assert_eq!(moe.len(), 18);
    // The group as issue 15 counts it, dense and MoE rows together: ≥ 85% within ±25%.
    let within = independent.iter().filter(|e| **e <= 0.25).count() + moe.iter().filter(|e| e.abs() <= 0.25).count();
    let rows = independent.len() + moe.len();
    assert!(within as f64 >= 0.85 * rows as f64, "{within} of {rows} serving rows within ±25%");
    // The span the MoE note states, to its one decimal.
    let (least, most) = gpuplan::workload::kinds::inference::MOE_SERVING_ESTIMATE_OVER_MEASURED;
    assert!(moe.iter().all(|&x| (least - 0.05..most + 0.05).contains(&(1.0 + x))), "{moe:?}");
}

#[test]
fn vllm_v1_before_async_scheduling_waits_for_its_host_work_per_sequence() {
    // vLLM 0.8 – 0.13 (`vllm-0.10`) schedules between GPU steps: with 1,000
    // sequences in flight each step waits 1,000 × 30 µs beyond current vLLM's
    // (async scheduling), a little more once the slower step lets prefill take
    // a larger share; the GPU's work is the same.
    let itl = |engine: &str| {
        estimate(serde_json::json!({
            "workload": { "kind": "inference", "model": "llama-3.1-70b", "precision": "fp8", "gpus": 8,
                          "promptTokens": 128, "outputTokens": 2048, "concurrency": 1000,
                          "maxSequences": 1000, "engine": engine, "kvPrecision": "fp8" },
            "accelerator": "MI300X"
        }))
        .compute
        .itl_ms
        .unwrap()
        .expected
    };
    let extra_ms = itl("vllm-0.10") - itl("vllm");
    assert!((30.0..31.0).contains(&extra_ms), "host time exposed per step: {extra_ms:.2} ms");
}

#[test]
fn a_prefill_heavy_closed_loop_never_does_more_flops_than_the_gpus_have() {
    // Llama 3.1 405B FP8 on 8 × H100, long prompts: prefill holds most of the
    // GPUs' time. Output tokens/s × (prompt + output) / output × 2·N FLOPs is
    // the work per second, which the 8 GPUs' dense FP8 peak (1,979 TFLOPS
    // each) bounds; the old fixed-point iteration oscillated here and passed it.
    for (prompt, output, batch) in [(1000.0, 1000.0, 400.0), (4000.0, 200.0, 64.0), (2048.0, 128.0, 256.0)] {
        let e = estimate(serde_json::json!({
            "workload": { "kind": "inference", "model": "llama-3.1-405b", "precision": "fp8", "gpus": 8,
                          "promptTokens": prompt, "outputTokens": output, "concurrency": batch,
                          "engine": "tensorrt-llm", "kvPrecision": "fp8" },
            "accelerator": "H100"
        }));
        let high = e.compute.tokens_per_second.unwrap().high;
        let flops = high * (prompt + output) / output * 2.0 * 405e9;
        assert!(
            flops < 8.0 * 1979e12,
            "{prompt}/{output}: {high:.0} tokens/s is {:.2} of peak",
            flops / (8.0 * 1979e12)
        );
    }
}

#[test]
fn max_sequences_caps_the_batch_and_a_bad_value_names_its_field() {
    let batch = |m: Option<f64>| {
        let mut w = serde_json::json!({ "kind": "inference", "model": "llama-3.1-8b", "precision": "fp8",
            "mode": "batch", "gpus": 1 });
        if let Some(m) = m {
            w["maxSequences"] = serde_json::json!(m);
        }
        estimate(serde_json::json!({ "workload": w, "accelerator": "H100" })).serving_layouts[0].batch
    };
    assert_eq!(batch(None), 256.0, "vLLM's default max_num_seqs");
    assert_eq!(batch(Some(64.0)), 64.0);
    for bad in [0.0, 2.5, 1e7] {
        let request: EstimateRequest = gpuplan::input::read(
            "request",
            &gpuplan::input::from_json(&serde_json::json!({
                "workload": { "kind": "inference", "model": "llama-3.1-8b", "maxSequences": bad }
            }))
            .unwrap(),
        )
        .unwrap();
        let e = gpuplan::estimate(&request).unwrap_err();
        assert_eq!(e.field, "workload.maxSequences", "{bad}: {e:?}");
    }
}

/// The first serving layout of `workload` on H100, with `attentionParallelism`
/// set when given, and the value the estimate's assumption states for it.
fn first_layout_on_h100(
    workload: &serde_json::Value,
    attention: Option<&str>,
) -> (gpuplan::workload::ServingLayout, Option<gpuplan::workload::response::AssumptionValue>) {
    let mut w = workload.clone();
    if let Some(a) = attention {
        w["attentionParallelism"] = serde_json::json!(a);
    }
    let r = estimate(serde_json::json!({ "workload": w, "accelerator": "H100" }));
    let said = r.assumptions.iter().find(|a| a.name == "attentionParallelism").map(|a| a.value.clone());
    (r.serving_layouts[0], said)
}

#[test]
fn attention_data_parallel_keeps_the_non_expert_layers_whole_on_every_gpu() {
    // Llama 4 Maverick at FP8 on one 8 × H100 node, TensorRT-LLM at maximum load.
    let workload = serde_json::json!({ "kind": "inference", "model": "llama-4-maverick", "precision": "fp8",
        "gpus": 8, "mode": "batch", "engine": "tensorrt-llm", "kvPrecision": "fp8",
        "promptTokens": 1000, "outputTokens": 1000 });
    let layout = |attention: Option<&str>| first_layout_on_h100(&workload, attention);
    let (data, said) = layout(None);
    assert_eq!(data.attention_parallelism, gpuplan::workload::perf::serving::AttentionParallelism::Data);
    assert_eq!(
        said,
        Some(gpuplan::workload::response::AssumptionValue::Text("data".into())),
        "a MoE on several GPUs defaults to data-parallel attention, said so"
    );
    let (tensor, _) = layout(Some("tensor"));
    assert_eq!(tensor.attention_parallelism, gpuplan::workload::perf::serving::AttentionParallelism::Tensor);
    // Attention, the 24 dense MLPs, the shared experts and the 16-bit embeddings,
    // ~15 GB, are held whole on each GPU instead of an eighth of them: the KV
    // cache, and with it the batch, shrinks, and each step reads them once per GPU.
    let extra_gib = data.memory_per_gpu_gib - tensor.memory_per_gpu_gib;
    assert!(data.max_batch < 0.75 * tensor.max_batch, "{data:?} {tensor:?}");
    assert!(data.tokens_per_second < tensor.tokens_per_second, "{data:?} {tensor:?}");
    assert!(data.bandwidth_floor_ms > tensor.bandwidth_floor_ms);
    println!("data − tensor: {extra_gib:.1} GiB per GPU, batch {} vs {}", data.max_batch, tensor.max_batch);
    // A dense model stays tensor-parallel unless told otherwise.
    let dense = estimate(serde_json::json!({ "workload": { "kind": "inference", "model": "llama-3.1-70b",
        "precision": "fp8", "gpus": 4 }, "accelerator": "H100" }));
    assert_eq!(
        dense.serving_layouts[0].attention_parallelism,
        gpuplan::workload::perf::serving::AttentionParallelism::Tensor
    );
    // A value that is neither names its field.
    let bad = gpuplan::input::read::<EstimateRequest>(
        "request",
        &gpuplan::input::from_json(&serde_json::json!({
            "workload": { "kind": "inference", "model": "llama-4-maverick", "attentionParallelism": "expert" }
        }))
        .unwrap(),
    )
    .unwrap_err();
    assert_eq!(bad.field, "workload.attentionParallelism", "{bad:?}");
}

#[test]
fn data_parallel_attention_gives_way_where_random_arrivals_need_more_replicas_of_it() {
    // Qwen3-235B-A22B on two H100s at 10 requests a second. Data-parallel
    // attention waits, each step, for the GPU with the most prompts to prefill
    // its non-expert layers alone (TensorRT-LLM's "ADP Balance Strategy" blog);
    // here that takes two replicas where the split layout serves with one.
    let workload =
        serde_json::json!({ "kind": "inference", "model": "qwen3-235b-a22b", "gpus": 2, "requestsPerSecond": 10 });
    let layout = |attention: Option<&str>| first_layout_on_h100(&workload, attention);
    let (data, _) = layout(Some("data"));
    let (tensor, _) = layout(Some("tensor"));
    assert!(data.replicas > tensor.replicas, "{data:?} {tensor:?}");
    let (chosen, said) = layout(None);
    assert_eq!(chosen.attention_parallelism, gpuplan::workload::perf::serving::AttentionParallelism::Tensor);
    assert_eq!(chosen.replicas, tensor.replicas);
    assert_eq!(said, Some(gpuplan::workload::response::AssumptionValue::Text("tensor".into())));
}

/// A layout is costed at its replicas' share of the load: the point it states
/// holds Little's law there (sequences in flight = requests/s per replica ×
/// time per request). DeepSeek-V3 in INT4 at 2,000 requests/s on Cudo's eight
/// A800 PCIe is the case where the capacity, bisected, claimed one replica
/// fewer than carry the load: the state of a replica at that share did not
/// exist, and the layout showed one request alone instead.
#[test]
fn a_serving_layout_is_costed_at_its_replicas_share_of_the_load() {
    use gpuplan::workload::kinds::inference::DEFAULT_OUTPUT_TOKENS;
    for ttft in [None, Some(1000.0)] {
        let workload = serde_json::json!({ "kind": "inference", "mode": "online", "model": "deepseek-v3",
                                           "precision": "int4", "requestsPerSecond": 2000 });
        let r = serve_with(
            workload,
            ("ttftTargetMs", ttft.map(|t: f64| t.into())),
            serde_json::json!({ "providers": ["cudo"] }),
            1000,
        );
        let a800 = r.candidates.iter().find(|c| c.offer.instance.contains("a800-pci_8x"));
        assert!(a800.is_some(), "an eight-A800 Cudo offer serves it");
        for c in &r.candidates {
            let s = &c.fit.serving.as_ref().expect("the chosen layout is stated").chosen.layout;
            let per_replica = 2000.0 / s.replicas;
            let in_flight = per_replica * (s.ttft_ms + DEFAULT_OUTPUT_TOKENS * s.itl_ms) / 1000.0;
            assert!((s.batch - in_flight).abs() <= 0.02 * in_flight.max(1.0), "{}: {s:?}, {in_flight}", c.offer.id);
            assert!(ttft.is_none_or(|t| s.ttft_ms <= t), "{}: {s:?}", c.offer.id);
        }
    }
}

/// The bandwidth floor is a floor: a mixture of experts at one sequence reads
/// its shared layers and the experts one token reaches, not every expert, so
/// a per-token target its own one-sequence estimate meets is served, and no
/// layout decodes faster than its floor.
#[test]
fn a_mixture_of_experts_floor_counts_the_experts_one_token_reads() {
    let ask = |itl: Option<f64>| {
        let workload = serde_json::json!({ "kind": "inference", "mode": "online", "model": "deepseek-v3",
                                           "precision": "fp8", "requestsPerSecond": 0.05 });
        serve_with(
            workload,
            ("itlTargetMs", itl.map(|t| t.into())),
            serde_json::json!({ "accelerators": ["H200"] }),
            1000,
        )
    };
    let free = ask(None);
    let fastest = free
        .candidates
        .iter()
        .map(|c| &c.fit.serving.as_ref().expect("a layout").chosen.layout)
        .min_by(|a, b| a.itl_ms.total_cmp(&b.itl_ms))
        .expect("eight H200 hold DeepSeek-V3 in FP8");
    for c in &free.candidates {
        let s = c.fit.serving.as_ref().unwrap();
        for l in std::iter::once(&s.chosen).chain(&s.runner_up) {
            assert!(l.layout.itl_ms >= l.layout.bandwidth_floor_ms, "{}: {:?}", c.offer.id, l.layout);
        }
    }
    // Every weight over the GPUs' bandwidth, what the floor was: well above this layout's token.
    let all_weights_ms = 671e9 / fastest.gpus_per_replica / 4.8e12 * 1000.0;
    let target = fastest.itl_ms * 1.2;
    assert!(target < all_weights_ms, "{target} against {all_weights_ms}");
    let bound = ask(Some(target));
    assert!(
        bound.excluded.iter().all(|x| x.code != "itl-floor"),
        "{:?}",
        bound.excluded.iter().find(|x| x.code == "itl-floor")
    );
    assert!(!bound.candidates.is_empty(), "a {target:.1} ms target its one-sequence estimate meets is served");
}

/// Time to first token of Llama 3.1 8B on one H100 (989 dense BF16 TFLOP/s), one
/// 100,000-token prompt at a time, with `fields` added to the workload.
fn ttft_of_a_long_prompt_on_one_h100(fields: serde_json::Value) -> f64 {
    let mut workload = serde_json::json!({ "kind": "inference", "model": "llama-3.1-8b",
        "promptTokens": 100000, "outputTokens": 100, "requestsPerSecond": 0.001 });
    workload.as_object_mut().unwrap().extend(fields.as_object().unwrap().clone());
    let e = estimate(serde_json::json!({ "workload": workload, "accelerator": "H100" }));
    e.serving_layouts.iter().find(|l| l.gpus_per_replica == 1.0).expect("one H100 holds it").ttft_ms
}

#[test]
fn a_long_prompt_pays_its_attention_at_the_kv_caches_precision() {
    let ttft = |precision: &str, kv: &str| {
        ttft_of_a_long_prompt_on_one_h100(serde_json::json!({ "precision": precision, "kvPrecision": kv }))
    };
    // The prompt's GEMMs (2 × 8.03e9 × 1e5) and its causal attention
    // (1e5² × 32 layers × 32 heads × (128 + 128) ÷ 2 = 2.6e15): even at the
    // whole BF16 peak the prefill takes 4.3 s. The GEMMs alone came to 1.6 s at
    // peak, so a time to first token without the attention could sit below it.
    let floor_ms = 1000.0 * (2.0 * 8.03e9 * 1e5 + 1e5 * 1e5 * 32.0 * 32.0 * 256.0 / 2.0) / 989e12;
    let bf16 = ttft("bf16", "bf16");
    assert!(bf16 > floor_ms, "{bf16} ms under the {floor_ms} ms the FLOPs take at peak");
    // FP8 weights with a 16-bit cache: the GEMMs at the FP8 peak, attention still in 16 bits;
    // with an FP8 cache the engines compute the attention in FP8 too.
    let (fp8_bf16_kv, fp8_kv) = (ttft("fp8", "bf16"), ttft("fp8", "fp8"));
    assert!(fp8_kv < fp8_bf16_kv && fp8_bf16_kv < bf16, "{fp8_kv} {fp8_bf16_kv} {bf16}");
}

#[test]
fn a_cached_prefix_is_not_prefilled_but_its_keys_are_still_read() {
    let ttft = |cached: f64| {
        ttft_of_a_long_prompt_on_one_h100(serde_json::json!({ "precision": "bf16", "cachedPromptTokens": cached }))
    };
    let (whole, cached) = (ttft(0.0), ttft(90000.0));
    // The last 10,000 tokens: their GEMMs (2 × 8.03e9 × 1e4) and their queries over all the keys
    // before them ((1e5² − 9e4²) × 32 layers × 32 heads × 256 ÷ 2), at most the whole BF16 peak.
    let floor_ms = 1000.0 * (2.0 * 8.03e9 * 1e4 + (1e10 - 8.1e9) * 32.0 * 32.0 * 256.0 / 2.0) / 989e12;
    assert!(cached > floor_ms && cached < whole / 3.0, "{cached} ms cached, {whole} ms whole, floor {floor_ms} ms");
    // The whole prompt cannot be cached: its last token is computed for its logits.
    let request: EstimateRequest = gpuplan::input::read(
        "request",
        &gpuplan::input::from_json(&serde_json::json!({
            "workload": { "kind": "inference", "model": "llama-3.1-8b", "promptTokens": 1000, "cachedPromptTokens": 1000 }
        }))
        .unwrap(),
    )
    .unwrap();
    assert_eq!(gpuplan::estimate(&request).unwrap_err().field, "workload.cachedPromptTokens");
}

/// The time per output token, with a 16-bit and with an FP8 KV cache, of
/// `batch` sequences of 1,000 prompt and 31,000 output tokens (16,500 held on
/// average) on H200, FP8 weights: DeepSeek-V3 on 8 GPUs with data-parallel
/// attention (8 sequences per GPU), Llama 3.1 70B on one. A short prompt
/// keeps the prefill, which an FP8 cache speeds, out of the comparison.
fn itl_on_h200_by_kv_precision(model: &str, gpus: f64, batch: f64) -> (f64, f64) {
    let itl = |kv: &str| {
        let mut workload = serde_json::json!({ "kind": "inference", "model": model, "precision": "fp8",
            "kvPrecision": kv, "gpus": gpus, "concurrency": batch, "promptTokens": 1000, "outputTokens": 31000 });
        if gpus > 1.0 {
            workload["attentionParallelism"] = serde_json::json!("data");
        }
        let e = estimate(serde_json::json!({ "workload": workload, "accelerator": "H200" }));
        e.compute.itl_ms.expect("a closed loop states its time per token").expected
    };
    (itl("bf16"), itl("fp8"))
}

#[test]
fn mla_decode_attention_is_compute_bound_so_an_fp8_cache_saves_room_not_time() {
    // MLA's absorbed decode does 2·128·(512 + 64 + 512) FLOPs per 576-value
    // latent: 242 per byte of a 16-bit cache, 484 of an FP8 one, against
    // H200's 989 TFLOPS over 4.8 TB/s = 206. FlashMLA computes in BF16 either
    // way, so the attention takes its FLOPs' time at both cache precisions.
    let preset = |id: &str| gpuplan::workload::model::presets().iter().find(|m| m.id == id).unwrap();
    let per_byte =
        |id: &str, kv_bytes: f64| gpuplan::workload::memory::decode_attention_flops_per_kv_byte(preset(id), kv_bytes);
    assert!((per_byte("deepseek-v3", 2.0) - 2.0 * 128.0 * 1088.0 / 1152.0).abs() < 1e-9);
    assert!((per_byte("llama-3.1-70b", 2.0) - 8.0).abs() < 1e-9);
    let (mla_bf16, mla_fp8) = itl_on_h200_by_kv_precision("deepseek-v3", 8.0, 64.0);
    // Read-bound, the FP8 cache's halved read of 8 × 16,500 × 61 × 576 B per
    // GPU (1.0 ms at the whole bandwidth) showed in the step: 2% of it.
    assert!((mla_bf16 - mla_fp8).abs() < 0.01 * mla_bf16, "{mla_bf16} ms against {mla_fp8} ms");
    // Grouped-query attention (Llama 3.1 70B: 8 query heads per KV head, 8
    // FLOPs per byte) stays read-bound: half the cache is less time.
    let (gqa_bf16, gqa_fp8) = itl_on_h200_by_kv_precision("llama-3.1-70b", 1.0, 4.0);
    assert!(gqa_fp8 < 0.95 * gqa_bf16, "{gqa_fp8} ms against {gqa_bf16} ms");
}
