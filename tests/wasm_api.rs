//! The JS API at the wasm boundary, run in headless Chromium: valid calls
//! return plain objects, invalid ones throw an `Error` with `field`, and the
//! module keeps working after any bad call.
#![cfg(target_arch = "wasm32")]

use gpuplan::wasm_api::{
    catalog_info, estimate, list_offers, parse_catalog_file, recommend, recommend_rows, tco, version, why_not,
    JsPlanner,
};
use js_sys::{Array, Object, Reflect, JSON};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

mod wasm_common;
use wasm_common::{get, js};

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
    assert_eq!(get(&info, "newestSnapshot").as_string().as_deref(), Some("2026-10-10"));
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
    assert_eq!(error_field(tco(js(r#"{"server":{"priceUsd":-1}}"#))), "server.priceUsd");
    assert_eq!(error_field(tco(js(r#"{"workload":{"kind":"raw"}}"#))), "workload");
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
    let parsed = parse_catalog_file(
        "provider,instance,region,accelerator,gpuCount,onDemand\nmine,box,eastus,L4,1,0.5\n".into(),
        "csv".into(),
    )
    .expect("a good file parses");
    assert_eq!(get(&parsed, "offers.0.onDemand").as_f64(), Some(0.5));
    let user = Object::new();
    Reflect::set(&user, &"customOffers".into(), &get(&parsed, "offers")).unwrap();
    let filter = js(r#"{"provider":"mine"}"#);
    Reflect::set(&filter, &"userPrices".into(), &user).unwrap();
    let list = list_offers(filter).expect("custom offers are listed");
    assert_eq!(get(&list, "offers.0.id").as_string().as_deref(), Some("mine/box/eastus"));

    let err = parse_catalog_file(
        "provider,instance,region,accelerator,gpuCount\nmine,box,eastus,L4,lots\n".into(),
        "csv".into(),
    )
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
    assert_eq!(get(&r, "excludedTotal").as_f64().unwrap(), considered - kept);
    assert_eq!(Array::from(&get(&r, "excluded")).length(), 100, "the default excludedLimit");
    assert!(get(&r, "excluded.0.reason").as_string().is_some_and(|s| !s.is_empty()));
}

/// A JS object built by a script, for values JSON cannot express.
fn script(body: &str) -> JsValue {
    js_sys::Function::new_no_args(body).call0(&JsValue::NULL).expect("the test script runs")
}

const RAW_8GB: &str = r#"{"workload":{"kind":"raw","gpuMemoryGib":8}}"#;

#[wasm_bindgen_test]
fn hostile_inputs_give_field_errors_and_the_module_answers_the_next_call() {
    // A config.json nested 5,000 levels deep once overflowed the module's stack.
    let deep = script(
        "let v = {}; const top = v; for (let i = 0; i < 5000; i++) { v.text_config = {}; v = v.text_config; } \
         return { workload: { kind: 'inference', model: { hfConfig: top } } };",
    );
    let field = error_field(estimate(deep));
    assert!(field.starts_with("workload.model.hfConfig.text_config"), "{field}");
    // Objects that refer to themselves once killed the module or hung the tab.
    let cyclic = script("const r = { workload: { kind: 'raw', gpuMemoryGib: 8 } }; r.workload.self = r; return r;");
    let err = recommend(cyclic).expect_err("a cycle is refused");
    assert_eq!(get(&err, "field").as_string().as_deref(), Some("workload.self"));
    assert_eq!(get(&err, "code").as_string().as_deref(), Some("cycle"), "errors carry a stable code");
    let range = list_offers(js(r#"{"minGpuMemoryGib":-4}"#)).expect_err("out of range");
    assert_eq!(get(&range, "code").as_string().as_deref(), Some("out-of-range"));
    assert_eq!(get(&range, "params.got").as_f64(), Some(-4.0), "with its numbers");
    let twice = script("const o = {}; o.a = o; o.b = o; return { workload: { kind: 'raw', gpuMemoryGib: 8, x: o } };");
    assert_eq!(error_field(estimate(twice)), "workload.x.a");
    // Shared but acyclic structure that doubles at every level stops at the size bound.
    let bomb =
        script("let v = [1]; for (let i = 0; i < 40; i++) { v = [v, v]; } return { userPrices: { customOffers: v } };");
    assert!(error_field(list_offers(bomb)).starts_with("userPrices.customOffers"));
    // Unknown fields are errors on the wasm path, at every level.
    assert_eq!(error_field(list_offers(js(r#"{"minGpuMem":8}"#))), "minGpuMem");
    assert_eq!(
        error_field(recommend(js(r#"{"workload":{"kind":"raw","gpuMemoryGib":8},"constraints":{"region":"eastus"}}"#))),
        "constraints.region"
    );
    assert_eq!(
        error_field(recommend(js(r#"{"workload":{"kind":"raw","gpuMemoryGib":8},"pricing":{"plan":"spot?"}}"#))),
        "pricing.plan"
    );
    assert_eq!(error_field(recommend(js(r#"{"workload":{"kind":"raw","gpuMemoryGib":8},"extra":1}"#))), "extra");
    assert_eq!(error_field(estimate(js(r#"{"workload":{"kind":"raw","gpuMemoryGib":8,"gpus":2}}"#))), "workload.gpus");
    // A negative service length is refused, not ranked as negative dollars.
    assert_eq!(
        error_field(recommend(js(r#"{"workload":{"kind":"vdi","desktops":5,"profileGib":4,"hoursPerMonth":-100}}"#))),
        "workload.hoursPerMonth"
    );
    // Integers are range-checked, never cast: 2^32 + 1 once became 1.
    assert_eq!(
        error_field(estimate(js(
            r#"{"workload":{"kind":"inference","model":{"hfConfig":{"num_hidden_layers":32,"hidden_size":4294967297,"num_attention_heads":32,"vocab_size":32000}}}}"#
        ))),
        "workload.model.hfConfig.hidden_size"
    );
    // Values that are not data.
    let getter = script("return { workload: { kind: 'raw', get gpuMemoryGib() { throw new Error('boom'); } } };");
    assert_eq!(error_field(estimate(getter)), "workload.gpuMemoryGib");
    let trap = script("return { workload: new Proxy({}, { ownKeys() { throw new Error('trap'); } }) };");
    assert_eq!(error_field(estimate(trap)), "workload");
    let revoked = script("const p = Proxy.revocable({}, {}); p.revoke(); return { workload: p.proxy };");
    assert_eq!(error_field(estimate(revoked)), "workload");
    assert_eq!(
        error_field(estimate(script("return { workload: { kind: 'raw', gpuMemoryGib: 8n } };"))),
        "workload.gpuMemoryGib"
    );
    assert_eq!(
        error_field(estimate(script("return { workload: { kind: 'raw', gpuMemoryGib: () => 8 } };"))),
        "workload.gpuMemoryGib"
    );
    assert_eq!(
        error_field(estimate(script("return { workload: { kind: 'raw', gpuMemoryGib: Infinity } };"))),
        "workload.gpuMemoryGib"
    );
    let huge_text = script("return { text: 'x'.repeat(10_000_000) };");
    assert_eq!(error_field(list_offers(huge_text)), "text");
    let huge_file = script("return 'a'.repeat(10_000_000);");
    assert_eq!(error_field(parse_catalog_file(huge_file, "csv".into())), "file");
    // `__proto__` as an own key is data, and an unknown field here.
    assert_eq!(error_field(list_offers(js(r#"{"__proto__":{"limit":1}}"#))), "__proto__");
    // After all of that the module still answers, even the calls that never fail.
    assert!(version().is_ok());
    assert!(recommend(js(RAW_8GB)).is_ok());
    assert!(get(&list_offers(js(r#"{"limit":2}"#)).unwrap(), "offers.1.id").is_string());
}

#[wasm_bindgen_test]
fn a_planner_answers_as_the_free_functions_do() {
    let planner = JsPlanner::new(JsValue::UNDEFINED).expect("a planner with no options");
    let request = r#"{"workload":{"kind":"finetune","method":"lora","model":"qwen2.5-7b","tokens":2e8},
        "constraints":{"jurisdictions":["EU"]}}"#;
    let free = JSON::stringify(&recommend(js(request)).unwrap()).unwrap();
    let held = JSON::stringify(&planner.recommend(js(request)).unwrap()).unwrap();
    assert_eq!(free, held);
    let free = JSON::stringify(&list_offers(js(r#"{"provider":"gcp","limit":5}"#)).unwrap()).unwrap();
    let held = JSON::stringify(&planner.list_offers(js(r#"{"provider":"gcp","limit":5}"#)).unwrap()).unwrap();
    assert_eq!(free, held);
    assert_eq!(
        JSON::stringify(&planner.catalog_info().unwrap()).unwrap(),
        JSON::stringify(&catalog_info().unwrap()).unwrap()
    );
    // A planner holds your prices: a 10% Azure discount shows in every answer.
    let discounted = JsPlanner::new(js(r#"{"userPrices":{"discounts":{"azure":10}}}"#)).unwrap();
    let offer = r#"{"provider":"azure","text":"ND96isr_H100_v5","region":"eastus"}"#;
    let price = get(&discounted.list_offers(js(offer)).unwrap(), "offers.0.prices.onDemand").as_f64().unwrap();
    assert!((price - 98.32 * 0.9).abs() < 1e-9, "{price}");
    assert_eq!(
        error_field(JsPlanner::new(js(r#"{"userPrices":{"discounts":{"azure":101}}}"#)).map(JsValue::from)),
        "userPrices.discounts.azure"
    );
    assert_eq!(error_field(JsPlanner::new(js(r#"{"prices":{}}"#)).map(JsValue::from)), "prices");
}

#[wasm_bindgen_test]
fn why_not_pages_return_every_excluded_offer_exactly_once() {
    let request = r#"{"workload":{"kind":"raw","gpuMemoryGib":80,"gpuCount":8,"hours":100},
        "priorities":{"excludedLimit":7}}"#;
    let r = recommend(js(request)).unwrap();
    let total = get(&r, "excludedTotal").as_f64().unwrap() as u32;
    assert_eq!(Array::from(&get(&r, "excluded")).length(), 7);
    let mut seen = std::collections::HashSet::new();
    let mut offset = 0;
    while offset < total {
        let page = why_not(js(request), js(&format!(r#"{{"offset":{offset},"limit":1000}}"#))).unwrap();
        assert_eq!(get(&page, "total").as_f64(), Some(f64::from(total)));
        let items = Array::from(&get(&page, "excluded"));
        assert!(items.length() > 0);
        for item in items.iter() {
            assert!(seen.insert(get(&item, "offer.id").as_string().unwrap()), "each offer once");
        }
        offset += items.length();
    }
    assert_eq!(seen.len() as u32, total);
    // The first page is the answer's own list, in the same order.
    let first = why_not(js(request), js(r#"{"limit":7}"#)).unwrap();
    assert_eq!(JSON::stringify(&get(&first, "excluded")).unwrap(), JSON::stringify(&get(&r, "excluded")).unwrap());
    // One reason at a time; counts.excludedByReason says how many.
    let memory = why_not(js(request), js(r#"{"code":"memory","limit":10000}"#)).unwrap();
    assert_eq!(get(&memory, "total").as_f64(), get(&r, "counts.excludedByReason.memory").as_f64());
    assert_eq!(error_field(why_not(js(request), js(r#"{"limit":-1}"#))), "limit");
}

#[wasm_bindgen_test]
fn tco_weighs_buying_against_renting() {
    // A rent price of its own: the default rent (the cheapest trusted comparable offer) may never lose.
    let request = r#"{"years":3,"utilization":0.6,"rentUsdPerGpuHour":8,"staffUsdPerYear":0}"#;
    let r = tco(js(request)).expect("tco with defaults");
    let break_even = get(&r, "breakEvenUtilization").as_f64().expect("a break-even utilization");
    assert!(break_even > 0.0 && break_even < 1.0, "{break_even}");
    // Month 0 (the purchase) to month 36.
    assert_eq!(Array::from(&get(&r, "monthly")).length(), 37);
    assert_eq!(get(&r, "monthly.0.month").as_f64(), Some(0.0));
    let planner = JsPlanner::new(JsValue::UNDEFINED).unwrap();
    assert_eq!(JSON::stringify(&planner.tco(js(request)).unwrap()).unwrap(), JSON::stringify(&r).unwrap());
}

#[wasm_bindgen_test]
fn the_plan_chooses_how_offers_are_paid_for_and_ranked() {
    let service = r#"{"workload":{"kind":"inference","model":"llama-3.1-8b","requestsPerSecond":2},
        "pricing":{"months":12,"plan":"PLAN","apiPrice":{"inputUsdPerMTok":0.2,"outputUsdPerMTok":0.6}},
        "constraints":{"providers":["aws"]},"priorities":{"limit":3}}"#;
    let reserved = recommend(js(&service.replace("PLAN", "reserved1y"))).unwrap();
    assert_eq!(get(&reserved, "candidates.0.cost.chosen").as_string().as_deref(), Some("reserved1y"));
    assert!(
        get(&reserved, "candidates.0.cost.reserved1y.usdPerMonth").as_f64().unwrap() > 0.0,
        "a service is costed per month"
    );
    assert!(get(&reserved, "candidates.0.apiBreakEven.tokensPerMonth").as_f64().unwrap() > 0.0);
    let best = recommend(js(&service.replace("PLAN", "best"))).unwrap();
    assert!(get(&best, "candidates.0.cost.chosen").is_string());
    assert_eq!(error_field(recommend(js(&service.replace("PLAN", "cheapest-ish")))), "pricing.plan");
}

/// Without `today`, the module ages prices on the reader's `Date.now()`; a
/// request's own `today` is kept, and a bad one names the field.
#[wasm_bindgen_test]
fn price_ages_are_counted_on_the_readers_clock() {
    let today: String = String::from(js_sys::Date::new_0().to_iso_string()).chars().take(10).collect();
    // Alibaba's 2024-10-09 list prices are stale on any day after 2025-10-09.
    let list = list_offers(js(r#"{"provider":"alibaba","text":"gn6i","limit":1}"#)).unwrap();
    let flags = Array::from(&get(&list, "offers.0.flags"));
    let stale = flags.iter().find(|f| get(f, "code").as_string().as_deref() == Some("stale")).expect("stale");
    let message = get(&stale, "message").as_string().unwrap_or_default();
    assert!(message.ends_with(&format!("before today ({today})")), "{message}");
    let fixed = list_offers(js(r#"{"provider":"alibaba","text":"gn6i","limit":1,"today":"2024-12-01"}"#)).unwrap();
    assert!(!Array::from(&get(&fixed, "offers.0.flags"))
        .iter()
        .any(|f| get(&f, "code").as_string().as_deref() == Some("stale")));
    assert_eq!(error_field(list_offers(js(r#"{"today":"tomorrow"}"#))), "today");
    let planner = JsPlanner::new(js(r#"{"today":"2024-12-01"}"#)).expect("a planner with its own day");
    let at = planner.list_offers(js(r#"{"provider":"alibaba","text":"gn6i","limit":1}"#)).unwrap();
    assert!(!Array::from(&get(&at, "offers.0.flags"))
        .iter()
        .any(|f| get(&f, "code").as_string().as_deref() == Some("stale")));
}

#[wasm_bindgen_test]
fn rows_are_the_recommendations_candidates_as_the_table_reads_them() {
    let request = r#"{"workload":{"kind":"finetune","method":"lora","model":"qwen2.5-7b","tokens":2e8}}"#;
    let full = recommend(js(request)).unwrap();
    let rows = recommend_rows(js(request)).unwrap();
    let planner = JsPlanner::new(JsValue::UNDEFINED).unwrap();
    assert_eq!(
        JSON::stringify(&planner.recommend_rows(js(request)).unwrap()).unwrap(),
        JSON::stringify(&rows).unwrap()
    );
    let count = get(&full, "candidates").unchecked_into::<Array>().length();
    assert!(count > 1 && count == get(&rows, "candidates").unchecked_into::<Array>().length());
    for i in 0..count {
        let at = |answer: &JsValue, path: &str| get(answer, &format!("candidates.{i}.{path}"));
        assert_eq!(at(&rows, "offer.id"), at(&full, "offer.id"));
        let chosen = at(&full, "cost.chosen").as_string().expect("a chosen plan");
        assert_eq!(at(&rows, "cost.chosen").as_string(), Some(chosen.clone()));
        assert_eq!(at(&rows, "cost.plan.total"), at(&full, &format!("cost.{chosen}.total")));
        let row = get(&rows, &format!("candidates.{i}"));
        assert!(
            !Reflect::has(&row, &"scorecard".into()).unwrap() && !Reflect::has(&row, &"capabilities".into()).unwrap()
        );
    }
    // A bad request is the same field-named error as `recommend`'s.
    let bad = r#"{"workload":{"kind":"inference","gpus":0}}"#;
    assert_eq!(error_field(recommend_rows(js(bad))), error_field(recommend(js(bad))));
}

#[wasm_bindgen_test]
fn rows_hand_out_one_frozen_object_per_offer_while_its_view_is_the_same() {
    let request = |tokens: &str, today: &str| {
        js(&format!(
            r#"{{"workload":{{"kind":"finetune","method":"lora","model":"qwen2.5-7b","tokens":{tokens}}},"today":"{today}"}}"#
        ))
    };
    let offer_of = |answer: &JsValue, id: &JsValue| {
        let rows = get(answer, "candidates").unchecked_into::<Array>();
        rows.iter().map(|row| get(&row, "offer")).find(|offer| get(offer, "id") == *id).expect("the offer is ranked")
    };
    let planner = JsPlanner::new(JsValue::UNDEFINED).unwrap();
    let first = planner.recommend_rows(request("2e8", "2026-12-01")).unwrap();
    let offer = get(&first, "candidates.0.offer");
    let id = get(&offer, "id");
    for part in ["", ".region", ".prices", ".source", ".flags"] {
        let value = get(&first, &format!("candidates.0.offer{part}"));
        assert!(Object::is_frozen(value.unchecked_ref::<Object>()), "offer{part} is frozen");
    }
    // A caller's change is refused, so it cannot reach a later answer that hands out the same object.
    assert!(!Reflect::set(&offer, &"instance".into(), &"changed".into()).unwrap());
    // Other tokens: other figures, the same offer's view, so the same object.
    let other = planner.recommend_rows(request("2e9", "2026-12-01")).unwrap();
    assert_ne!(get(&other, "candidates.0.hours").as_f64(), get(&first, "candidates.0.hours").as_f64());
    assert!(Object::is(&offer_of(&other, &id), &offer));
    assert_ne!(get(&offer, "instance").as_string().as_deref(), Some("changed"));
    // Another day changes the view (its prices' age is judged on it): a new object, with its own flags.
    let later = planner.recommend_rows(request("2e8", "2030-01-01")).unwrap();
    let aged = offer_of(&later, &id);
    assert!(!Object::is(&aged, &offer));
    assert_ne!(JSON::stringify(&get(&aged, "flags")).unwrap(), JSON::stringify(&get(&offer, "flags")).unwrap());
    // The free function keeps its own objects the same way.
    let once = recommend_rows(request("2e8", "2026-12-01")).unwrap();
    let again = recommend_rows(request("2e9", "2026-12-01")).unwrap();
    assert!(Object::is(&get(&once, "candidates.0.offer"), &offer_of(&again, &get(&once, "candidates.0.offer.id"))));
}
