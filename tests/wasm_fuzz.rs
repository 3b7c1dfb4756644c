//! Fuzzing the boundary (issue 12), in headless Chromium: seeded random and
//! hostile JS values — NaN, ±Infinity, -0, huge numbers, BigInt, Symbols,
//! functions, getters that throw, proxies (revoked too), cycles, deep
//! nesting, `__proto__`/`constructor` keys, 10 MB strings, lone surrogates,
//! typed arrays, Dates, Maps — into every exported call, free functions and
//! `Planner` methods. Each call returns or throws a JS `Error` with a
//! non-empty `field`; after each, the module still answers `version()` and a
//! valid `recommend`. The seed is fixed and the run bounded in time.
#![cfg(target_arch = "wasm32")]

use gpuplan::wasm_api::{
    catalog_info, estimate, list_models, list_offers, parse_catalog_file, recommend, recommend_rows, tco, version,
    why_not, JsPlanner,
};
use js_sys::{Function, Reflect, JSON};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// The fixed seed of the CI pass.
const SEED: u32 = 0x5EED_2026;
/// Calls at most, and the time after which the run stops early (CI budget).
const MAX_CALLS: u32 = 2_000;
const TIME_BUDGET_MS: f64 = 20_000.0;

/// Builds `[argument, second argument]` for call `i` of a run seeded `seed`:
/// a valid request with one value replaced by a hostile one, or a hostile
/// value as the whole argument. Written in JS because most of these values
/// (proxies, getters, symbols, BigInt, lone surrogates) cannot be made from
/// Rust data.
const GENERATOR: &str = r#"
const cache = globalThis.__gpuplanFuzz || (globalThis.__gpuplanFuzz = {
  big: 'x'.repeat(10_000_000),
  wide: (() => { const o = {}; for (let i = 0; i < 150_000; i++) o['k' + i] = i; return o; })(),
});
// mulberry32: a small seeded generator, so every call can be repeated.
let a = (seed ^ Math.imul(i + 1, 0x9E3779B1)) >>> 0;
const r = () => { a = (a + 0x6D2B79F5) >>> 0; let t = a; t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
const pick = xs => xs[Math.floor(r() * xs.length)];
const deep = (n, leaf, asArray) => { let v = leaf; for (let k = 0; k < n; k++) v = asArray ? [v] : { text_config: v }; return v; };
const hostile = () => pick([
  () => NaN, () => Infinity, () => -Infinity, () => -0, () => 1e308, () => -1e308, () => 5e-324,
  () => 2 ** 53 + 2, () => 2 ** 32 + 1, () => Number.MAX_SAFE_INTEGER, () => 10n, () => 2n ** 70n,
  () => Symbol('s'), () => () => 1, () => function named() {}, () => class K {},
  () => '', () => '\ud800', () => '\udfff', () => 'a\ud800b\udc00', () => cache.big, () => '\u0000',
  () => '<img src=x onerror=alert(1)>', () => '=cmd|\' /C calc\'!A0', () => '__proto__', () => 'constructor',
  () => new Date(), () => new Date(NaN), () => new Map([['limit', 1]]), () => new Set([1]), () => new WeakMap(),
  () => new Uint8Array([1, 2]), () => new Float64Array([NaN, Infinity]), () => new ArrayBuffer(8),
  () => new DataView(new ArrayBuffer(4)), () => /re/g, () => new Error('e'), () => Promise.resolve(1),
  () => new String('H100'), () => new Number(8), () => new Boolean(false), () => Object.create(null),
  () => Object.freeze({ kind: 'raw', gpuMemoryGib: 8 }), () => null, () => undefined, () => true, () => [],
  () => ({ get kind() { throw new Error('getter'); } }),
  () => { const o = [1, 2]; Object.defineProperty(o, 0, { get() { throw new Error('index getter'); } }); return o; },
  () => new Proxy({}, { ownKeys() { throw new Error('ownKeys'); } }),
  () => new Proxy({ a: 1 }, { get() { throw new Error('get'); } }),
  () => new Proxy({}, { getOwnPropertyDescriptor() { throw new Error('descriptor'); } }),
  () => new Proxy([], { get(t, k) { return k === 'length' ? 1e10 : undefined; } }),
  () => new Proxy({}, { ownKeys() { return ['workload', 'kind', 'x']; }, get(t, k) { return k; } }),
  () => { const p = Proxy.revocable({}, {}); p.revoke(); return p.proxy; },
  () => { const p = Proxy.revocable([], {}); p.revoke(); return p.proxy; },
  () => { const o = { kind: 'raw', gpuMemoryGib: 8 }; o.self = o; return o; },
  () => { const o = []; o.push(o); return o; },
  () => { const o = {}; o.a = o; o.b = o; return o; },
  () => { let v = [1]; for (let k = 0; k < 40; k++) v = [v, v]; return v; },
  () => deep(5000, {}, false), () => deep(5000, 1, true), () => deep(31, 8, false), () => deep(33, 8, true),
  () => { const x = []; x.length = 4294967295; return x; },
  () => { const x = [1, , 3]; x.extra = 'prop'; return x; },
  () => cache.wide,
  () => JSON.parse('{"__proto__": {"limit": 1}, "constructor": {"prototype": {}}}'),
  () => ({ [Symbol('k')]: 1, toJSON() { throw new Error('toJSON'); }, valueOf() { throw new Error('valueOf'); } }),
  () => Object.assign(Object.create({ inherited: 1 }), { limit: 1 }),
  () => globalThis, () => Math, () => JSON,
])();
const base = () => pick([
  { workload: { kind: 'raw', gpuMemoryGib: 80, gpuCount: 8, hours: 100 }, constraints: { providers: ['azure'] } },
  { workload: { kind: 'finetune', method: 'lora', model: 'qwen2.5-7b', tokens: 2e8 }, constraints: { jurisdictions: ['EU'] } },
  { workload: { kind: 'inference', model: { hfConfig: { num_hidden_layers: 32, hidden_size: 4096,
    num_attention_heads: 32, vocab_size: 32000 } }, requestsPerSecond: 2 }, pricing: { plan: 'best', months: 12 } },
  { workload: { kind: 'devtest', hoursPerMonth: 80 }, priorities: { limit: 3, excludedLimit: 5 } },
  { workload: { kind: 'vdi', desktops: 5, profileGib: 4 }, pricing: { userPrices: { discounts: { azure: 10 } } } },
  { years: 3, utilization: 0.6, server: { priceUsd: 300000, gpus: 8 } },
  { provider: 'aws', limit: 3, userPrices: { customOffers: [{ provider: 'mine', instance: 'box', region: 'eastus',
    accelerator: 'L4', gpuCount: 1, onDemand: 0.5 }] } },
  { offset: 0, limit: 10, code: 'memory' },
]);
// Replaces one value somewhere inside `v` (or `v` itself) with a hostile one.
const mutate = v => {
  if (r() < 0.15 || v === null || typeof v !== 'object') return hostile();
  const keys = Object.keys(v);
  if (keys.length === 0 || r() < 0.2) { v[pick(['kind', 'limit', 'workload', '__proto__', 'x', 'model'])] = hostile(); return v; }
  const k = pick(keys);
  v[k] = r() < 0.5 ? mutate(v[k]) : hostile();
  return v;
};
const text = () => pick([
  'provider,instance,region,accelerator,gpuCount,onDemand\nmine,box,eastus,L4,1,0.5\n',
  'provider,instance,region,accelerator,gpuCount,onDemand\n=cmd|\' /C calc\'!A0,box,eastus,L4,1,0.5\n',
  '\ud800provider,instance\n\u0000\uffff', '{"offers":[{"provider":"p","instance":"i","region":"r","accelerator":"L4","gpuCount":1}]}',
  '[' .repeat(100000), cache.big, 'a,b\n"unterminated', String.fromCharCode(...Array.from({ length: 256 }, (_, c) => c)),
]);
const first = r() < 0.85 ? mutate(base()) : hostile();
const second = r() < 0.7 ? mutate(base()) : hostile();
return [first, second, r() < 0.7 ? text() : hostile(), pick(['csv', 'json', hostile()])];
"#;

/// The path of the first NaN or ±Infinity in an answer, or `null`.
const NON_FINITE: &str = r#"
const seen = new Set();
const walk = (x, path) => {
  if (typeof x === 'number') return Number.isFinite(x) ? null : `${path} = ${x}`;
  if (x === null || typeof x !== 'object' || seen.has(x)) return null;
  seen.add(x);
  for (const [k, y] of Object.entries(x)) { const bad = walk(y, `${path}.${k}`); if (bad) return bad; }
  return null;
};
return walk(v, '');
"#;

fn arg(args: &JsValue, i: u32) -> JsValue {
    Reflect::get_u32(args, i).unwrap_or(JsValue::UNDEFINED)
}

/// A call's answer is a value with no NaN or ±Infinity in it, or a JS `Error`
/// whose `field` is a non-empty string.
fn check(name: &str, i: u32, result: Result<JsValue, JsValue>) -> Result<(), String> {
    let e = match result {
        Ok(answer) => {
            let non_finite = Function::new_with_args("v", NON_FINITE).call1(&JsValue::NULL, &answer);
            return match non_finite.ok().and_then(|p| p.as_string()) {
                Some(path) => Err(format!("call {i} {name}: a non-finite number at {path}")),
                None => Ok(()),
            };
        }
        Err(e) => e,
    };
    if !e.is_instance_of::<js_sys::Error>() {
        return Err(format!("call {i} {name}: threw a non-Error: {e:?}"));
    }
    let field = Reflect::get(&e, &JsValue::from_str("field")).ok().and_then(|f| f.as_string()).unwrap_or_default();
    let message = Reflect::get(&e, &JsValue::from_str("message")).ok().and_then(|m| m.as_string()).unwrap_or_default();
    if field.is_empty() || message.is_empty() {
        return Err(format!("call {i} {name}: an error without field or message: {message:?} (field {field:?})"));
    }
    if message.contains("unreachable") || message.contains("memory access out of bounds") {
        return Err(format!("call {i} {name}: the module trapped: {message}"));
    }
    Ok(())
}

const VALID: &str = r#"{"workload":{"kind":"raw","gpuMemoryGib":8},"constraints":{"providers":["azure"],"regions":["eastus"]},
    "priorities":{"limit":1,"excludedLimit":1}}"#;

/// The module still answers: `version()` and a valid `recommend`.
fn still_answers(i: u32, after: &str) -> Result<(), String> {
    version().map_err(|e| format!("call {i} {after}: version() failed after it: {e:?}"))?;
    let valid = JSON::parse(VALID).map_err(|e| format!("{e:?}"))?;
    let r = recommend(valid).map_err(|e| format!("call {i} {after}: a valid recommend failed after it: {e:?}"))?;
    let first = Reflect::get(&r, &JsValue::from_str("candidates")).ok().and_then(|c| Reflect::get_u32(&c, 0).ok());
    if first.is_none_or(|c| c.is_undefined()) {
        return Err(format!("call {i} {after}: a valid recommend found no candidate"));
    }
    Ok(())
}

#[wasm_bindgen_test]
fn hostile_values_into_every_export_never_break_the_module() {
    let make = Function::new_with_args("seed, i", GENERATOR);
    let planner = JsPlanner::new(JsValue::UNDEFINED).expect("a planner with no options");
    let started = js_sys::Date::now();
    let mut failures = Vec::new();
    let mut calls = 0u32;
    let mut thrown = 0u32;
    for i in 0..MAX_CALLS {
        if js_sys::Date::now() - started > TIME_BUDGET_MS {
            break;
        }
        let args = make
            .call2(&JsValue::NULL, &JsValue::from_f64(f64::from(SEED)), &JsValue::from_f64(f64::from(i)))
            .expect("the generator runs");
        let (a, b, text, format) = (arg(&args, 0), arg(&args, 1), arg(&args, 2), arg(&args, 3));
        let (name, result) = match i % 16 {
            0 => ("recommend", recommend(a)),
            14 => ("recommendRows", recommend_rows(a)),
            15 => ("Planner.recommendRows", planner.recommend_rows(a)),
            1 => ("estimate", estimate(a)),
            2 => ("whyNot", why_not(a, b)),
            3 => ("tco", tco(a)),
            4 => ("listOffers", list_offers(a)),
            5 => ("parseCatalogFile", parse_catalog_file(text, format)),
            6 => ("new Planner", JsPlanner::new(a).map(JsValue::from)),
            7 => ("Planner.recommend", planner.recommend(a)),
            8 => ("Planner.estimate", planner.estimate(a)),
            9 => ("Planner.whyNot", planner.why_not(a, b)),
            10 => ("Planner.tco", planner.tco(a)),
            11 => ("Planner.listOffers", planner.list_offers(a)),
            12 => ("catalogInfo", catalog_info().and_then(|_| planner.catalog_info())),
            _ => ("listModels", list_models()),
        };
        calls += 1;
        thrown += u32::from(result.is_err());
        if let Err(f) = check(name, i, result).and_then(|()| still_answers(i, name)) {
            failures.push(f);
            if failures.len() >= 10 {
                break;
            }
        }
    }
    let seconds = (js_sys::Date::now() - started) / 1000.0;
    console_log!("boundary fuzz: seed {SEED:#x}, {calls} calls ({thrown} threw a field error) in {seconds:.1} s");
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
    assert!(calls >= 100, "only {calls} calls ran in the time budget");
}

/// The checks can fail: a call that throws a non-Error, or an Error without
/// `field`, is reported.
#[wasm_bindgen_test]
fn the_boundary_checks_catch_what_they_look_for() {
    assert!(check("x", 0, Err(JsValue::from_str("a string"))).is_err());
    assert!(check("x", 0, Err(js_sys::Error::new("no field").into())).is_err());
    let ok: JsValue = js_sys::Error::new("bad").into();
    Reflect::set(&ok, &JsValue::from_str("field"), &JsValue::from_str("workload")).unwrap();
    assert!(check("x", 0, Err(ok)).is_ok());
    assert!(still_answers(0, "nothing").is_ok());
    let nan = JSON::parse(r#"{"a":[1,{"b":2}]}"#).unwrap();
    assert!(check("x", 0, Ok(nan.clone())).is_ok());
    Reflect::set(&Reflect::get(&nan, &"a".into()).unwrap(), &"2".into(), &JsValue::from_f64(f64::NAN)).unwrap();
    assert_eq!(check("x", 0, Ok(nan)).unwrap_err(), "call 0 x: a non-finite number at .a.2 = NaN");
}
