//! Profiling aid: `cargo run --release --example profile_recommend -- N` runs
//! one request N times on the embedded catalog replicated M× (`-- N M`, default 10×; for `perf`);
//! a third argument replaces the request (JSON, or `@file`), e.g. an inference request.
//! With `GPUPLAN_PROFILE_PLANNER=1` it then also runs the request through one
//! `Planner` (the embedded catalog) with only the budget changed between calls,
//! then with only the training tokens changed (200M, 200, 200k, 200: the
//! browser bench's keystrokes). With `GPUPLAN_PROFILE_PLANNER=rows` it runs only
//! those planner calls, and as the page makes them: `recommend_rows`.
fn main() {
    let times: usize = std::env::args().nth(1).and_then(|n| n.parse().ok()).unwrap_or(20);
    let catalog = gpuplan::catalog::embedded()
        .expect("catalog")
        .replicated(std::env::args().nth(2).and_then(|n| n.parse().ok()).unwrap_or(10));
    // `@path` reads the request from a file (a request with padded lists is too long for a command line).
    let json = std::env::args()
        .nth(3)
        .map(|a| match a.strip_prefix('@') {
            Some(path) => std::fs::read_to_string(path).expect("request file"),
            None => a,
        })
        .unwrap_or_else(|| {
            r#"{"workload":{"kind":"finetune","model":"qwen2.5-7b","tokens":2e8},"priorities":{"limit":50}}"#
                .to_string()
        });
    let request: gpuplan::recommend::RecommendRequest = gpuplan::input::read_json("request", &json).expect("request");
    let planner_mode = std::env::var("GPUPLAN_PROFILE_PLANNER").ok();
    let rows = planner_mode.as_deref() == Some("rows");
    if !rows {
        let start = std::time::Instant::now();
        for _ in 0..times {
            std::hint::black_box(gpuplan::recommend::recommend(&catalog, &request).expect("answer"));
        }
        println!("{:.1} ms per call", start.elapsed().as_secs_f64() * 1000.0 / times as f64);
    }
    // The page's calls: a row per candidate, or the full answer.
    let call = |planner: &gpuplan::Planner, request: &gpuplan::recommend::RecommendRequest| {
        if rows {
            drop(std::hint::black_box(planner.recommend_rows(request).expect("answer")));
        } else {
            drop(std::hint::black_box(planner.recommend(request).expect("answer")));
        }
    };
    if planner_mode.is_some() {
        // As the page calls it: one Planner (the embedded catalog), the budget
        // changed on every call and the workload kept, so each call after the
        // first reuses the last one's demands (recommend::DemandMemo).
        let planner = gpuplan::Planner::new(&Default::default()).expect("planner");
        let mut value: serde_json::Value = serde_json::from_str(&json).expect("request");
        let start = std::time::Instant::now();
        for i in 0..times {
            value["constraints"]["budgetUsd"] = serde_json::json!(1e6 + i as f64);
            let request = gpuplan::input::read_json("request", &value.to_string()).expect("request");
            call(&planner, &request);
        }
        let ms = start.elapsed().as_secs_f64() * 1000.0 / times as f64;
        println!("{ms:.2} ms per call through one Planner, the budget changed each call");
        // A training workload's token count changes the demands but not the layout
        // searches the planner keeps (kinds::training::LayoutMemo).
        if value["workload"]["tokens"].is_number() {
            let start = std::time::Instant::now();
            for tokens in [2e8, 200.0, 2e5, 200.0].iter().cycle().take(times) {
                value["workload"]["tokens"] = serde_json::json!(tokens);
                let request = gpuplan::input::read_json("request", &value.to_string()).expect("request");
                call(&planner, &request);
            }
            let ms = start.elapsed().as_secs_f64() * 1000.0 / times as f64;
            println!("{ms:.2} ms per call through one Planner, the tokens changed each call");
        }
    }
}
