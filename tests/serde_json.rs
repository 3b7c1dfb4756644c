//! The requests docs/API.md shows, as JSON text, deserialize with plain
//! `serde_json::from_str` (no crate reader in between) and give the same
//! answer as the crate's reader, which is what the wasm boundary uses.

use gpuplan::cost::tco::TcoRequest;
use gpuplan::input::read_json;
use gpuplan::recommend::{RecommendRequest, WhyNotPage};
use gpuplan::workload::EstimateRequest;
use gpuplan::{OfferFilter, PlannerOptions};
use serde::de::DeserializeOwned;

/// Both readers accept `text`; returns serde_json's value.
fn both<T: DeserializeOwned>(text: &str) -> T {
    read_json::<T>("request", text).unwrap_or_else(|e| panic!("crate reader: {}: {} in {text}", e.field, e.message));
    serde_json::from_str::<T>(text).unwrap_or_else(|e| panic!("serde_json: {e} in {text}"))
}

const RECOMMEND_RAW: &str = r#"{
  "workload": { "kind": "raw", "gpuMemoryGib": 80, "gpuCount": 8, "hours": 100, "precision": "bf16" },
  "constraints": { "providers": ["azure"], "regions": ["eastus"] }
}"#;

const RECOMMEND_SERVING: &str = r#"{
  "workload": { "kind": "inference", "model": "llama-3.1-8b", "requestsPerSecond": 2 },
  "constraints": { "providers": ["aws"] },
  "pricing": { "apiPrice": { "inputUsdPerMTok": 0.2, "outputUsdPerMTok": 0.6 } },
  "priorities": { "limit": 1 }
}"#;

#[test]
fn documented_recommend_requests_read_with_serde_json_and_answer_alike() {
    for text in [RECOMMEND_RAW, RECOMMEND_SERVING] {
        let plain: RecommendRequest = both(text);
        let read: RecommendRequest = read_json("request", text).unwrap();
        let a = serde_json::to_value(gpuplan::recommend(&plain).unwrap()).unwrap();
        let b = serde_json::to_value(gpuplan::recommend(&read).unwrap()).unwrap();
        assert_eq!(a, b, "{text}");
    }
    let serving = gpuplan::recommend(&both::<RecommendRequest>(RECOMMEND_SERVING)).unwrap();
    assert_eq!(serving.candidates[0].offer.id, "aws/inf2.xlarge/us-east-1");
}

#[test]
fn documented_estimate_why_not_tco_filter_and_planner_json_reads_with_serde_json() {
    let estimate: EstimateRequest = both(
        r#"{ "workload": { "kind": "finetune", "method": "lora", "model": "qwen2.5-7b", "tokens": 2e8 }, "accelerator": "L4" }"#,
    );
    assert_eq!(gpuplan::estimate(&estimate).unwrap().gpus, 1.0);
    both::<EstimateRequest>(
        r#"{ "workload": { "kind": "inference", "model": "llama-3.1-70b", "ttftTargetMs": 1 }, "accelerator": "L4" }"#,
    );
    both::<EstimateRequest>(
        r#"{ "workload": { "kind": "inference", "model": { "hfConfig": { "num_hidden_layers": 32, "hidden_size": 4096, "num_attention_heads": 32, "vocab_size": 128256, "architectures": ["LlamaForCausalLM"] } } } }"#,
    );
    let page: WhyNotPage = both(r#"{ "code": "memory", "offset": 0, "limit": 2 }"#);
    let why = gpuplan::why_not(&both(RECOMMEND_RAW), &page).unwrap();
    assert_eq!(why.excluded.len(), 2);
    both::<TcoRequest>("{}");
    both::<TcoRequest>(r#"{ "server": { "priceUsd": 375000, "gpus": 8, "powerKw": 10.2 }, "years": 3 }"#);
    both::<OfferFilter>(
        r#"{ "provider": "azure", "userPrices": { "discounts": { "azure": 18 },
             "overrides": { "azure/Standard_ND96isr_H100_v5/eastus": { "onDemand": 71.5 } }, "exchangeRates": { "CNY": 7.2 } } }"#,
    );
    both::<PlannerOptions>(r#"{ "userPrices": { "discounts": { "azure": 18 } } }"#);
}

#[test]
fn a_workload_kind_may_come_after_its_fields_and_errors_still_name_them() {
    let late: RecommendRequest = both(r#"{ "workload": { "gpuMemoryGib": 80, "kind": "raw" } }"#);
    assert_eq!(late.workload.kind(), "raw");
    for text in [
        r#"{ "workload": { "kind": "teleport" } }"#,
        r#"{ "workload": { "gpuMemoryGib": 80 } }"#,
        r#"{ "workload": { "kind": "raw", "gpuMemoryGib": 80, "extra": 1 } }"#,
        r#"{ "workload": { "gpuMemoryGib": 80, "extra": 1, "kind": "raw" } }"#,
    ] {
        assert!(serde_json::from_str::<RecommendRequest>(text).is_err(), "{text}");
    }
    let e = serde_json::from_str::<RecommendRequest>(
        r#"{ "workload": { "gpuMemoryGib": 80, "extra": 1, "kind": "raw" } }"#,
    )
    .unwrap_err();
    assert!(e.to_string().contains("extra"), "{e}");
    // The crate's reader takes `kind` first in any key order, with the path of a bad field.
    let e = read_json::<RecommendRequest>("request", r#"{ "workload": { "gpuMemoryGib": "x", "kind": "raw" } }"#)
        .unwrap_err();
    assert_eq!(e.field, "workload.gpuMemoryGib");
}
