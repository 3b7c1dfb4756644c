//! The JS API at the wasm boundary, run in headless Chromium: valid calls
//! return plain objects, invalid ones throw an `Error` with `field`, and the
//! module keeps working after any bad call.
#![cfg(target_arch = "wasm32")]

use gpuplan::wasm_api::{catalog_info, estimate, list_offers, parse_catalog_file, recommend, tco, version};
use js_sys::{Array, Object, Reflect, JSON};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn js(json: &str) -> JsValue {
    JSON::parse(json).expect("test JSON parses")
}

fn get(value: &JsValue, path: &str) -> JsValue {
    path.split('.').fold(value.clone(), |v, key| match key.parse::<u32>() {
        Ok(i) => Reflect::get_u32(&v, i).unwrap_or(JsValue::UNDEFINED),
        Err(_) => Reflect::get(&v, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED),
    })
}

fn error_field(result: Result<JsValue, JsValue>) -> String {
    let err = result.expect_err("call must throw");
    assert!(err.is_instance_of::<js_sys::Error>(), "throws a JS Error");
    let message = get(&err, "message").as_string().unwrap_or_default();
    assert!(!message.is_empty(), "error has a message");
    get(&err, "field").as_string().expect("error has a string `field`")
}

#[wasm_bindgen_test]
fn catalog_info_is_a_plain_object_with_counts() {
    let info = catalog_info().expect("catalogInfo works");
    assert!(get(&info, "offerCount").as_f64().unwrap_or(0.0) >= 3000.0);
    assert_eq!(get(&info, "newestSnapshot").as_string().as_deref(), Some("2026-07-30"));
    assert!(Array::is_array(&get(&info, "providers")));
    // flagCounts is a plain object, not a Map.
    assert!(get(&info, "flagCounts").is_instance_of::<Object>());
    assert!(get(&info, "flagCounts.fractional-gpu").as_f64().unwrap_or(0.0) > 0.0);
}

#[wasm_bindgen_test]
fn list_offers_filters_and_uses_null_for_unknown_prices() {
    let list = list_offers(js(r#"{"provider":"azure","text":"ND96isr_H100_v5","region":"eastus"}"#))
        .expect("listOffers works");
    let first = get(&list, "offers.0");
    assert_eq!(get(&first, "instance").as_string().as_deref(), Some("Standard_ND96isr_H100_v5"));
    assert_eq!(get(&first, "prices.onDemand").as_f64(), Some(98.32));
    assert_eq!(get(&first, "prices.reserved3y").as_f64(), Some(43.162481));
    assert!(get(&first, "prices.spot").as_f64().is_some());
    assert!(get(&first, "prices.original").is_null(), "USD prices have no original");
    assert_eq!(get(&first, "source.date").as_string().as_deref(), Some("2026-05-20"));
    let np = list_offers(js(r#"{"text":"Standard_NP10s","limit":1}"#)).unwrap();
    assert!(get(&np, "offers.0.prices.onDemand").is_null(), "unknown price is null, never 0");
    // An `undefined` property means "not given", as in JS.
    let undefined_sort = js(r#"{"provider":"azure"}"#);
    Reflect::set(&undefined_sort, &"sort".into(), &JsValue::UNDEFINED).unwrap();
    assert!(list_offers(undefined_sort).is_ok());
    let undefined_overrides = js(r#"{"workload":{"kind":"raw","gpuMemoryGib":8}}"#);
    Reflect::set(&undefined_overrides, &"overrides".into(), &JsValue::UNDEFINED).unwrap();
    assert!(estimate(undefined_overrides).is_ok());
    // No argument means no filter.
    let all = list_offers(JsValue::UNDEFINED).expect("listOffers() works");
    assert_eq!(get(&all, "total").as_f64(), get(&catalog_info().unwrap(), "offerCount").as_f64());
}

#[wasm_bindgen_test]
fn invalid_calls_throw_errors_naming_the_field_and_the_module_survives() {
    assert_eq!(error_field(list_offers(js(r#"{"minGpuMemoryGib":-4}"#))), "minGpuMemoryGib");
    assert_eq!(error_field(list_offers(js(r#"{"minGpuMemoryGib":"big"}"#))), "minGpuMemoryGib");
    assert_eq!(error_field(list_offers(js(r#"{"gpuCount":null,"provider":"nowhere"}"#))), "provider");
    assert_eq!(error_field(list_offers(js(r#"{"limit":1.5}"#))), "limit");
    assert_eq!(error_field(list_offers(js("[1,2]"))), "filter");
    assert_eq!(error_field(list_offers(JsValue::from_f64(f64::NAN))), "filter");
    let nan = Object::new();
    Reflect::set(&nan, &"minGpuMemoryGib".into(), &JsValue::from_f64(f64::NAN)).unwrap();
    assert_eq!(error_field(list_offers(nan.into())), "minGpuMemoryGib");
    assert_eq!(error_field(estimate(js(r#"{"workload":{}}"#))), "workload.kind");
    assert_eq!(
        error_field(estimate(js(r#"{"workload":{"kind":"pretrain","model":"llama-3.1-8b","tokens":-1}}"#))),
        "workload.tokens"
    );
    let nan = js(r#"{"workload":{"kind":"inference","model":"llama-3.1-8b"}}"#);
    Reflect::set(&get(&nan, "workload"), &"promptTokens".into(), &JsValue::from_f64(f64::NAN)).unwrap();
    assert_eq!(error_field(estimate(nan)), "workload.promptTokens");
    assert_eq!(error_field(recommend(js(r#"{"workload":{"kind":"teleport"}}"#))), "workload.kind");
    assert_eq!(
        error_field(recommend(js(r#"{"workload":{"kind":"raw","gpuMemoryGib":8},"priorities":{"rank":"prettiest"}}"#))),
        "priorities.rank"
    );
    assert_eq!(error_field(tco(js("{}"))), "workload");
    // Still usable after every bad call.
    let list = list_offers(js(r#"{"provider":"aws","limit":3}"#)).expect("module still works");
    assert_eq!(Array::from(&get(&list, "offers")).length(), 3);
    assert!(version().is_ok());
}

#[wasm_bindgen_test]
fn version_names_the_engine_and_catalog_format() {
    let v = version().unwrap();
    assert_eq!(get(&v, "version").as_string().as_deref(), Some(env!("CARGO_PKG_VERSION")));
    assert_eq!(get(&v, "catalogFormat").as_f64(), Some(f64::from(gpuplan::catalog::schema::FORMAT_VERSION)));
}

#[wasm_bindgen_test]
fn custom_catalogs_parse_and_apply_and_bad_files_give_line_and_column() {
    let parsed =
        parse_catalog_file("provider,instance,region,accelerator,gpuCount,onDemand\nmine,box,eastus,L4,1,0.5\n", "csv")
            .expect("a good file parses");
    assert_eq!(get(&parsed, "offers.0.onDemand").as_f64(), Some(0.5));
    let user = Object::new();
    Reflect::set(&user, &"customOffers".into(), &get(&parsed, "offers")).unwrap();
    let filter = js(r#"{"provider":"mine"}"#);
    Reflect::set(&filter, &"userPrices".into(), &user).unwrap();
    let list = list_offers(filter).expect("custom offers are listed");
    assert_eq!(get(&list, "offers.0.id").as_string().as_deref(), Some("mine/box/eastus"));

    let err = parse_catalog_file("provider,instance,region,accelerator,gpuCount\nmine,box,eastus,L4,lots\n", "csv")
        .expect_err("a bad number is refused");
    assert_eq!(get(&err, "line").as_f64(), Some(2.0));
    assert_eq!(get(&err, "column").as_string().as_deref(), Some("gpuCount"));
    assert_eq!(get(&err, "field").as_string().as_deref(), Some("file"));
    assert_eq!(
        error_field(list_offers(js(r#"{"userPrices":{"discounts":{"azure":101}}}"#))),
        "userPrices.discounts.azure"
    );
    assert!(list_offers(JsValue::UNDEFINED).is_ok(), "still usable");
}

#[wasm_bindgen_test]
fn estimate_returns_a_memory_breakdown_and_a_gpu_hour_range() {
    let r = estimate(js(
        r#"{"workload":{"kind":"finetune","method":"lora","model":"qwen2.5-7b","tokens":2e8},"accelerator":"L4"}"#,
    ))
    .expect("estimate works");
    let total = get(&r, "memory.totalGib").as_f64().unwrap();
    let parts: f64 = ["weightsGib", "gradientsGib", "optimizerGib", "activationsGib", "kvCacheGib", "overheadGib"]
        .iter()
        .map(|k| get(&r, &format!("memory.{k}")).as_f64().unwrap())
        .sum();
    assert!((total - parts).abs() < 1e-9 && total < 24.0, "a LoRA of a 7B model fits one 24 GiB L4: {total}");
    let hours = get(&r, "compute.gpuHours");
    assert!(get(&hours, "low").as_f64() < get(&hours, "high").as_f64());
    assert!(Array::from(&get(&r, "assumptions")).length() > 3);
}

#[wasm_bindgen_test]
fn recommend_ranks_candidates_with_reasons_and_lists_why_not() {
    let r = recommend(js(r#"{"workload":{"kind":"raw","gpuMemoryGib":80,"gpuCount":8,"hours":100},
        "constraints":{"providers":["azure"],"regions":["eastus"]}}"#))
    .expect("recommend works");
    let first = get(&r, "candidates.0");
    assert!(get(&first, "cost.onDemand.total").as_f64().unwrap() > 0.0);
    assert!(Array::from(&get(&first, "reasons")).length() > 0);
    assert!(get(&first, "scorecard.demandFit.score").as_f64().is_some());
    let considered = get(&r, "counts.considered").as_f64().unwrap();
    let kept = get(&r, "counts.candidates").as_f64().unwrap();
    assert_eq!(Array::from(&get(&r, "excluded")).length() as f64, considered - kept);
    assert!(get(&r, "excluded.0.reason").as_string().is_some_and(|s| !s.is_empty()));
}
