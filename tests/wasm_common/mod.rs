//! Helpers shared by the wasm test files (each file is its own test binary
//! and page, so they are included as a module, not linked).

use js_sys::{Reflect, JSON};
use wasm_bindgen::JsValue;

/// A JS value from JSON text.
pub fn js(json: &str) -> JsValue {
    JSON::parse(json).expect("test JSON parses")
}

/// `value.a.0.b`: properties and array indices along a dotted path; undefined where one is missing.
pub fn get(value: &JsValue, path: &str) -> JsValue {
    path.split('.').fold(value.clone(), |v, key| match key.parse::<u32>() {
        Ok(i) => Reflect::get_u32(&v, i).unwrap_or(JsValue::UNDEFINED),
        Err(_) => Reflect::get(&v, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED),
    })
}
