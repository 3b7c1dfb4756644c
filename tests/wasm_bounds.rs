//! Issue 20's reproducers at the wasm boundary, in headless Chromium: each
//! once trapped the module or took seconds; each now gets an answer or a
//! field-named error, and the module answers the next call with its memory
//! grown by less than a stated bound. A file of its own (its own page): these
//! calls take seconds each in a debug build.
#![cfg(target_arch = "wasm32")]

use gpuplan::wasm_api::{estimate, list_offers, recommend, tco, version, why_not};
use js_sys::Array;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

mod wasm_common;
use wasm_common::{get, js};

/// A JS object built by a script, for values JSON cannot express.
fn script(body: &str) -> JsValue {
    js_sys::Function::new_no_args(body).call0(&JsValue::NULL).expect("the test script runs")
}

/// Bytes of the module's linear memory (it grows, never shrinks).
fn memory_bytes() -> f64 {
    let memory: js_sys::WebAssembly::Memory = wasm_bindgen::memory().unchecked_into();
    get(&memory.buffer(), "byteLength").as_f64().unwrap_or(0.0)
}

/// Issue 20's reproducers, each once a trap or seconds of work: an answer or
/// a field-named error, then the module answers the next call, with memory
/// grown by less than 64 MiB (the module's memory never shrinks, so a leak
/// or a copy per reference would show).
fn bounded<F: FnOnce()>(reproducer: F) {
    const GROWTH_BOUND: f64 = 64.0 * 1024.0 * 1024.0;
    assert!(version().is_ok());
    let before = memory_bytes();
    reproducer();
    assert!(
        recommend(js(r#"{"workload":{"kind":"raw","gpuMemoryGib":8},"constraints":{"providers":["azure"]}}"#)).is_ok()
    );
    let grown = memory_bytes() - before;
    assert!(grown < GROWTH_BOUND, "memory grew by {grown} bytes");
}

fn code_and_field(r: Result<JsValue, JsValue>) -> (String, String) {
    let err = r.expect_err("must be refused");
    (get(&err, "code").as_string().unwrap_or_default(), get(&err, "field").as_string().unwrap_or_default())
}

#[wasm_bindgen_test]
fn repeated_long_strings_are_counted_each_time_and_refused() {
    bounded(|| {
        // 15,000 references to one 100,000-character string: 1.5 G units, once 38 s and a trap.
        let (c, field) = code_and_field(tco(script("return { x: Array(15000).fill('中'.repeat(1e5)) };")));
        assert_eq!(c, "too-large");
        assert!(field.starts_with("x["), "{field}");
        // 1,000 references in a VDI estimate's graphicsApis.
        let vdi = script(
            "return { workload: { kind: 'vdi', desktops: 10, profileGib: 2, graphicsApis: Array(1000).fill('x'.repeat(1e5)) } };",
        );
        let (c, field) = code_and_field(recommend(vdi));
        assert_eq!(c, "too-large");
        assert!(field.starts_with("workload.graphicsApis["), "{field}");
        // 100 regions padded to 100,000 characters: past the text bound, refused at once.
        let padded = script(
            "return { workload: { kind: 'raw', gpuMemoryGib: 8 }, \
             constraints: { regions: Array.from({ length: 100 }, (_, i) => ' '.repeat(i) + 'eastus' + ' '.repeat(99000)) } };",
        );
        assert_eq!(code_and_field(recommend(padded)).0, "too-large");
    });
}

#[wasm_bindgen_test]
fn graphics_apis_at_the_text_bound_are_shared_not_copied_per_accelerator() {
    bounded(|| {
        let vdi = script(
            "return { workload: { kind: 'vdi', desktops: 10, profileGib: 2, graphicsApis: Array(79).fill('x'.repeat(1e5)) }, \
             constraints: { providers: ['azure'] } };",
        );
        assert!(recommend(vdi).is_ok());
    });
}

#[wasm_bindgen_test]
fn why_not_over_a_long_region_list_names_a_count() {
    bounded(|| {
        let regions = script(
            "return { workload: { kind: 'raw', gpuMemoryGib: 8 }, constraints: { regions: Array(1e5).fill('nowhere') } };",
        );
        let page = why_not(regions, js(r#"{"limit":10000}"#)).expect("whyNot answers");
        let first = get(&page, "excluded.0.reason").as_string().unwrap_or_default();
        assert!(first.contains("the 1 region(s) asked for"), "{first}");
    });
}

#[wasm_bindgen_test]
fn long_vendor_compliance_and_storage_lists_are_answered() {
    bounded(|| {
        let lists = script(
            "return { workload: { kind: 'raw', gpuMemoryGib: 8 }, \
             constraints: { vendors: Array(1e5).fill('nvidia'), compliance: Array(5e4).fill('soc2'), allowUnknownCompliance: true }, \
             pricing: { storage: Array(5e4).fill({ kind: 'object', gb: 1 }) } };",
        );
        assert!(recommend(lists).is_ok());
    });
}

#[wasm_bindgen_test]
fn bounds_are_exact_and_broken_text_is_refused() {
    bounded(|| {
        let wide = |n: u32| {
            script(&format!(
                "const o = {{}}; for (let i = 0; i < {n}; i++) o['k' + i] = 1; \
                 return {{ workload: {{ kind: 'raw', gpuMemoryGib: 8 }}, overrides: o }};"
            ))
        };
        assert_eq!(code_and_field(estimate(wide(100_001))), ("too-large".to_string(), "overrides".to_string()));
        assert_eq!(code_and_field(estimate(wide(100_000))).1, "overrides.k0");
        // Lone surrogates are refused, never turned into U+FFFD (two ids would collide).
        let lone = script("return { provider: 'a\\ud800' };");
        assert_eq!(code_and_field(list_offers(lone)), ("invalid-value".to_string(), "provider".to_string()));
        let lone_key = script("return { userPrices: { overrides: { 'x\\udc00': { onDemand: 1 } } } };");
        assert_eq!(code_and_field(list_offers(lone_key)).0, "invalid-value");
        // Error messages escape control characters and bidi overrides.
        let rtl = script(
            "return { workload: { kind: 'raw', gpuMemoryGib: 8 }, constraints: { providers: ['x\\u202egpj\\u0000'] } };",
        );
        let err = recommend(rtl).expect_err("unknown provider");
        let message = get(&err, "message").as_string().unwrap_or_default();
        assert!(!message.contains('\u{202e}') && !message.contains('\0'), "{message}");
        assert!(message.contains("\\u{202e}"), "{message}");
    });
}

#[wasm_bindgen_test]
fn a_denormal_on_demand_override_has_no_infinite_break_even() {
    bounded(|| {
        // Found by the fuzz, seed 0x0ddba11c0ffee123.
        let denormal = script(
            "return { workload: { kind: 'raw', gpuMemoryGib: 80, gpuCount: 8, hours: 100 }, \
             constraints: { providers: ['azure'], regions: ['eastus'] }, \
             pricing: { userPrices: { overrides: { 'azure/Standard_ND96isr_H100_v5/eastus': { onDemand: 5e-324 } } } } };",
        );
        let answer = recommend(denormal).expect("answers");
        for i in 0..Array::from(&get(&answer, "candidates")).length() {
            for plan in ["reserved1y", "reserved3y"] {
                let u = get(&answer, &format!("candidates.{i}.cost.{plan}.breakEvenUtilization"));
                assert!(u.is_null() || u.is_undefined() || u.as_f64().is_some_and(f64::is_finite), "{u:?}");
            }
        }
    });
}
