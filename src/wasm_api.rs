//! The JavaScript API. The only module that knows about wasm-bindgen: each
//! export deserializes a plain object, calls the engine, and serializes the
//! answer. Errors become a JS `Error` with a `field` property.

use crate::catalog::query::OfferView;
use crate::error::Error;
use crate::input::{self, Budget, Node};
use crate::recommend::CandidateRow;
use serde::Serialize;
use std::fmt::Write as _;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Every request and answer type, derived from the engine's Rust types by
/// `cargo test --test typescript` (tests/typescript.rs), which keeps the file current.
#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = include_str!("../types/gpuplan.d.ts");

/// A JS `Error` carrying the engine error's `field`, `code` and `params` (and
/// `line`/`column` for files).
fn into_js_error(e: Error) -> JsValue {
    let js = js_sys::Error::new(&e.message);
    // Setting a property on a fresh Error object cannot fail.
    let _ = js_sys::Reflect::set(&js, &JsValue::from_str("field"), &JsValue::from_str(&e.field));
    let _ = js_sys::Reflect::set(&js, &JsValue::from_str("code"), &JsValue::from_str(e.code));
    let params = js_sys::Object::new();
    for (name, value) in &e.params {
        let _ = js_sys::Reflect::set(&params, &JsValue::from_str(name), &JsValue::from_f64(*value));
    }
    let _ = js_sys::Reflect::set(&js, &JsValue::from_str("params"), &params);
    if let Some(line) = e.line {
        let _ = js_sys::Reflect::set(&js, &JsValue::from_str("line"), &JsValue::from_f64(line as f64));
    }
    if let Some(column) = &e.column {
        let _ = js_sys::Reflect::set(&js, &JsValue::from_str("column"), &JsValue::from_str(column));
    }
    js.into()
}

/// Plain objects out: maps as objects, `None` as `null`.
fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsValue> {
    let serializer = serde_wasm_bindgen::Serializer::json_compatible();
    value
        .serialize(&serializer)
        .map_err(|e| into_js_error(Error::new("", format!("internal: cannot serialize the answer: {e}"))))
}

/// The JS object of each offer a rows' answer returned, kept by id and handed out again
/// while the offer's view is the same: building the offers' objects was about a fifth of a
/// keystroke's `recommendRows` (docs/PERFORMANCE.md, issue 18 round 32). Frozen, so that a
/// caller changing one cannot change a later answer. One per planner (and one for the free
/// functions' planner); at most `MAX_KEPT_OFFERS`, emptied when full.
#[derive(Default)]
struct OfferObjects(std::cell::RefCell<std::collections::HashMap<String, (OfferView, JsValue)>>);

/// Twice the most a rows' answer returns (`priorities.limit` ≤ 1,000): a page's typing returns the
/// same few hundred offers, and a planner that has shown many more keeps at most a few MB of them.
const MAX_KEPT_OFFERS: usize = 2_048;

impl OfferObjects {
    fn object(&self, offer: OfferView) -> Result<JsValue, JsValue> {
        let mut kept = self.0.borrow_mut();
        if let Some((view, object)) = kept.get(&offer.id) {
            if *view == offer {
                return Ok(object.clone());
            }
        }
        let object = to_js(&offer)?;
        freeze(&object);
        if kept.len() >= MAX_KEPT_OFFERS {
            kept.clear();
        }
        kept.insert(offer.id.clone(), (offer, object.clone()));
        Ok(object)
    }

    /// `recommendRows`' answer, each row's offer the kept object.
    fn rows(&self, answer: crate::recommend::RecommendResponse<CandidateRow>) -> Result<JsValue, JsValue> {
        let mut offers = Vec::with_capacity(answer.candidates.len());
        let figures = answer.map_candidates(|row| {
            offers.push(row.offer);
            row.figures
        });
        let js = to_js(&figures)?;
        let rows = js_sys::Reflect::get(&js, &JsValue::from_str("candidates"))?;
        let rows: &js_sys::Array = rows.unchecked_ref();
        let key = JsValue::from_str("offer");
        for (i, offer) in (0u32..).zip(offers) {
            js_sys::Reflect::set(&rows.get(i), &key, &self.object(offer)?)?;
        }
        Ok(js)
    }
}

/// An answer's object and everything in it frozen (an offer is a few levels deep).
fn freeze(value: &JsValue) {
    if let Some(object) = value.dyn_ref::<js_sys::Object>() {
        for inner in js_sys::Object::values(object).iter() {
            freeze(&inner);
        }
        js_sys::Object::freeze(object);
    }
}

/// Reads a JS value into the engine's input tree, bounding depth, size and
/// cycles before anything recurses, and never letting a throwing getter or
/// proxy trap escape (every property read goes through `Reflect`, which
/// returns the exception instead of unwinding through the module).
///
/// `path` is one buffer for the whole walk, extended for each child and cut
/// back after it: a path built per value (`format!` at every item) and an
/// ancestor comparison at every object made a 31-element value that doubles
/// 30 times take 14.7 s to refuse at the 500,000-value bound (issue 20).
/// `ancestors` holds each enclosing object with the length of its path.
fn to_node(
    value: &JsValue,
    path: &mut String,
    depth: usize,
    budget: &mut Budget,
    ancestors: &mut Vec<(JsValue, usize)>,
) -> Result<Node, Error> {
    if let Err(too_deep) = budget.take(depth, path) {
        // A cycle always ends here, past the depth bound; only then are the
        // ancestors compared (each comparison is a call into JS). The field is
        // where the walk first came back to an object it was inside.
        let first_repeat = (1..ancestors.len()).find(|&j| ancestors[..j].iter().any(|(a, _)| *a == ancestors[j].0));
        return Err(match first_repeat {
            Some(j) => Error::coded(
                "cycle",
                field_of(&path[..ancestors[j].1]),
                "refers to itself (a cycle): send plain data",
                &[],
            ),
            None => too_deep,
        });
    }
    // Strings first, then numbers: they are nearly every value of a large argument, and each
    // test is a call into JS. Testing null, undefined and booleans first made a string leaf
    // cost seven calls instead of three (a 200,000-item constraint list took about 0.55 s to
    // read in the page, 2.7 µs an item; docs/PERFORMANCE.md "Issue 20 round 6").
    if let Some(text) = value.dyn_ref::<js_sys::JsString>() {
        // Counted before the copy: a string referenced many times is copied, and counted, each time.
        budget.take_text(text.length() as usize, path)?;
        return Ok(Node::Text(well_formed(text).ok_or_else(|| lone_surrogate(&field_of(path)))?));
    }
    if let Some(n) = value.as_f64() {
        if !n.is_finite() {
            return Err(Error::coded(
                "not-finite",
                field_of(path),
                "must be a finite number (got NaN or Infinity)",
                &[],
            ));
        }
        return Ok(Node::Number(n));
    }
    if value.is_null() || value.is_undefined() {
        return Ok(Node::Null);
    }
    if let Some(b) = value.as_bool() {
        return Ok(Node::Bool(b));
    }
    if value.is_bigint() {
        return Err(Error::coded("not-data", field_of(path), "must be a number, not a BigInt", &[]));
    }
    if !value.is_object() {
        return Err(Error::coded("not-data", field_of(path), "must be plain data (got a function or a symbol)", &[]));
    }
    let unreadable =
        |path: &str| Error::coded("unreadable", field_of(path), "cannot be read (a getter or proxy threw)", &[]);
    // Keys first: `Array.isArray` itself throws on a revoked proxy, `Reflect` does not.
    let keys = js_sys::Reflect::own_keys(value).map_err(|_| unreadable(path))?;
    let is_array = js_sys::Array::is_array(value);
    // An array's own keys are its indices and `length`; an object's are its entries.
    if keys.length() as usize > input::MAX_ITEMS + usize::from(is_array) {
        return Err(input::too_many_items(path));
    }
    ancestors.push((value.clone(), path.len()));
    let here = path.len();
    let node = if is_array {
        let length = js_sys::Reflect::get(value, &JsValue::from_str("length")).map_err(|_| unreadable(path))?;
        let length = length.as_f64().unwrap_or(0.0);
        if length > input::MAX_ITEMS as f64 {
            return Err(input::too_many_items(path));
        }
        let mut items = Vec::with_capacity(length as usize);
        for i in 0..length as u32 {
            let item = js_sys::Reflect::get_u32(value, i).map_err(|_| unreadable(path))?;
            // Writing to a String cannot fail.
            let _ = write!(path, "[{i}]");
            items.push(to_node(&item, path, depth + 1, budget, ancestors)?);
            path.truncate(here);
        }
        Node::List(items)
    } else {
        let mut entries = Vec::new();
        for key in keys.iter() {
            // Symbol keys are not data.
            let Some(key_text) = key.dyn_ref::<js_sys::JsString>() else { continue };
            budget.take_text(key_text.length() as usize, path)?;
            let Some(name) = well_formed(key_text) else { return Err(lone_surrogate(&field_of(path))) };
            if !path.is_empty() {
                path.push('.');
            }
            path.push_str(&name);
            let child = js_sys::Reflect::get(value, &key).map_err(|_| unreadable(path))?;
            // `{ overrides: undefined }` means "no overrides" to a JS caller, as it does here.
            if !child.is_undefined() {
                let child = to_node(&child, path, depth + 1, budget, ancestors)?;
                entries.push((name, child));
            }
            path.truncate(here);
        }
        Node::Map(entries)
    };
    ancestors.pop();
    Ok(node)
}

/// The field an error names: the path, or `request` for the whole value.
fn field_of(path: &str) -> String {
    if path.is_empty() {
        "request".to_string()
    } else {
        path.to_string()
    }
}

/// A JS string as Rust text, or `None` when it holds a lone surrogate: the
/// UTF-8 copy would turn it into U+FFFD, and two different ids would collide.
fn well_formed(text: &js_sys::JsString) -> Option<String> {
    let copy = String::from(text);
    // Only a copy with U+FFFD can have lost a surrogate; the slow check runs only then.
    (!copy.contains('\u{FFFD}') || text.is_valid_utf16()).then_some(copy)
}

fn lone_surrogate(path: &str) -> Error {
    Error::coded("invalid-value", path, "holds a lone UTF-16 surrogate (broken text); send well-formed text", &[])
}

fn from_js<T: serde::de::DeserializeOwned>(argument: &str, value: JsValue) -> Result<T, JsValue> {
    // `listOffers()` with no argument means "no filter".
    let node = if value.is_undefined() || value.is_null() {
        Node::Map(Vec::new())
    } else {
        to_node(&value, &mut String::new(), 0, &mut Budget::default(), &mut Vec::new()).map_err(|e| {
            // The walk calls the whole value `request`; name the argument it is.
            let field = if e.field == "request" { argument.to_string() } else { e.field };
            into_js_error(Error { field, ..e })
        })?
    };
    if !matches!(node, Node::Map(_)) {
        return Err(into_js_error(Error::new(argument, "must be a plain object")));
    }
    input::read(argument, &node).map_err(into_js_error)
}

/// A file's text, refused before it is copied into the module when too large.
fn file_text(text: &JsValue) -> Result<String, JsValue> {
    let Some(text) = text.dyn_ref::<js_sys::JsString>() else {
        return Err(into_js_error(Error::new("file", "must be the file's text")));
    };
    // UTF-16 units: a bound on the UTF-8 bytes too, within a factor of three.
    if text.length() as usize > crate::MAX_CATALOG_FILE_BYTES {
        return Err(into_js_error(Error::new(
            "file",
            format!("the file is larger than {} bytes", crate::MAX_CATALOG_FILE_BYTES),
        )));
    }
    Ok(String::from(text))
}

#[wasm_bindgen(js_name = catalogInfo, unchecked_return_type = "CatalogInfo")]
pub fn catalog_info() -> Result<JsValue, JsValue> {
    ask::catalog_info(default_planner()?)
}

#[wasm_bindgen(js_name = listOffers, unchecked_return_type = "OfferList")]
pub fn list_offers(
    #[wasm_bindgen(unchecked_optional_param_type = "OfferFilter")] filter: JsValue,
) -> Result<JsValue, JsValue> {
    ask::list_offers(default_planner()?, filter)
}

#[wasm_bindgen(js_name = parseCatalogFile, unchecked_return_type = "ParsedCatalog")]
pub fn parse_catalog_file(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_param_type = "\"csv\" | \"json\"")] format: JsValue,
) -> Result<JsValue, JsValue> {
    let text = file_text(&text)?;
    let format = format.as_string().filter(|f| f.len() <= 16).unwrap_or_default();
    to_js(&crate::parse_catalog_file(&text, &format).map_err(into_js_error)?)
}

#[wasm_bindgen(js_name = listModels, unchecked_return_type = "ModelSpec[]")]
pub fn list_models() -> Result<JsValue, JsValue> {
    to_js(&crate::list_models())
}

#[wasm_bindgen(unchecked_return_type = "VersionInfo")]
pub fn version() -> Result<JsValue, JsValue> {
    to_js(&crate::version())
}

#[wasm_bindgen(unchecked_return_type = "EstimateResponse")]
pub fn estimate(
    #[wasm_bindgen(unchecked_param_type = "EstimateRequest")] request: JsValue,
) -> Result<JsValue, JsValue> {
    ask::estimate(default_planner()?, request)
}

#[wasm_bindgen(unchecked_return_type = "RecommendResponse")]
pub fn recommend(
    #[wasm_bindgen(unchecked_param_type = "RecommendRequest")] request: JsValue,
) -> Result<JsValue, JsValue> {
    ask::recommend(default_planner()?, request)
}

#[wasm_bindgen(js_name = recommendRows, unchecked_return_type = "RecommendResponse<CandidateRow>")]
pub fn recommend_rows(
    #[wasm_bindgen(unchecked_param_type = "RecommendRequest")] request: JsValue,
) -> Result<JsValue, JsValue> {
    thread_local! {
        /// The free functions' planner is one for the module's life, and so are its offers' objects.
        static OFFERS: OfferObjects = OfferObjects::default();
    }
    OFFERS.with(|offers| ask::recommend_rows(default_planner()?, offers, request))
}

#[wasm_bindgen(js_name = whyNot, unchecked_return_type = "WhyNotResponse")]
pub fn why_not(
    #[wasm_bindgen(unchecked_param_type = "RecommendRequest")] request: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "WhyNotPage")] page: JsValue,
) -> Result<JsValue, JsValue> {
    ask::why_not(default_planner()?, request, page)
}

// Arguments that may be left out (`listOffers()`, `new Planner()`, `whyNot(request)`,
// `tco()`) are declared with `unchecked_optional_param_type`: every call reads
// `undefined` as "nothing given".
fn default_planner() -> Result<&'static crate::Planner, JsValue> {
    crate::Planner::default_planner().map_err(into_js_error)
}

/// Each call once, for the free functions and the `Planner` methods alike.
mod ask {
    use super::{from_js, into_js_error, to_js, OfferObjects};
    use crate::Planner;
    use wasm_bindgen::JsValue;

    /// The reader's today (UTC, yyyy-mm-dd) from `Date.now()`: price ages are
    /// counted on it, not on the build's clock.
    pub fn today() -> String {
        String::from(js_sys::Date::new_0().to_iso_string()).chars().take(10).collect()
    }

    /// For the free function and a `Planner` alike.
    pub fn catalog_info(p: &Planner) -> Result<JsValue, JsValue> {
        to_js(&p.catalog_info_on(&today()).map_err(into_js_error)?)
    }

    /// A call without `today` is answered for the reader's today (a `Planner`
    /// built with `today` keeps its own).
    fn or_today(given: &mut Option<String>, p: &Planner) {
        if given.is_none() && !p.has_today() {
            *given = Some(today());
        }
    }

    pub fn list_offers(p: &Planner, filter: JsValue) -> Result<JsValue, JsValue> {
        let mut filter: crate::OfferFilter = from_js("filter", filter)?;
        or_today(&mut filter.today, p);
        to_js(&p.list_offers(&filter).map_err(into_js_error)?)
    }

    pub fn estimate(p: &Planner, request: JsValue) -> Result<JsValue, JsValue> {
        to_js(&p.estimate(&from_js("request", request)?).map_err(into_js_error)?)
    }

    pub fn recommend(p: &Planner, request: JsValue) -> Result<JsValue, JsValue> {
        let mut request: crate::recommend::RecommendRequest = from_js("request", request)?;
        or_today(&mut request.today, p);
        to_js(&p.recommend(&request).map_err(into_js_error)?)
    }

    pub fn recommend_rows(p: &Planner, offers: &OfferObjects, request: JsValue) -> Result<JsValue, JsValue> {
        let mut request: crate::recommend::RecommendRequest = from_js("request", request)?;
        or_today(&mut request.today, p);
        offers.rows(p.recommend_rows(&request).map_err(into_js_error)?)
    }

    pub fn tco(p: &Planner, request: JsValue) -> Result<JsValue, JsValue> {
        to_js(&p.tco(&from_js("request", request)?).map_err(into_js_error)?)
    }

    pub fn why_not(p: &Planner, request: JsValue, page: JsValue) -> Result<JsValue, JsValue> {
        let mut request: crate::recommend::RecommendRequest = from_js("request", request)?;
        or_today(&mut request.today, p);
        to_js(&p.why_not(&request, &from_js("page", page)?).map_err(into_js_error)?)
    }
}

/// `new Planner({ userPrices })`: the catalog priced for you once; its methods
/// answer as the free functions do, from the state it holds.
#[wasm_bindgen(js_name = Planner)]
pub struct JsPlanner {
    inner: crate::Planner,
    offers: OfferObjects,
}

#[wasm_bindgen(js_class = Planner)]
impl JsPlanner {
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "PlannerOptions")] options: JsValue,
    ) -> Result<JsPlanner, JsValue> {
        let options: crate::PlannerOptions = from_js("options", options)?;
        Ok(JsPlanner { inner: crate::Planner::new(&options).map_err(into_js_error)?, offers: OfferObjects::default() })
    }

    #[wasm_bindgen(js_name = catalogInfo, unchecked_return_type = "CatalogInfo")]
    pub fn catalog_info(&self) -> Result<JsValue, JsValue> {
        ask::catalog_info(&self.inner)
    }

    #[wasm_bindgen(js_name = listOffers, unchecked_return_type = "OfferList")]
    pub fn list_offers(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "OfferFilter")] filter: JsValue,
    ) -> Result<JsValue, JsValue> {
        ask::list_offers(&self.inner, filter)
    }

    #[wasm_bindgen(unchecked_return_type = "EstimateResponse")]
    pub fn estimate(
        &self,
        #[wasm_bindgen(unchecked_param_type = "EstimateRequest")] request: JsValue,
    ) -> Result<JsValue, JsValue> {
        ask::estimate(&self.inner, request)
    }

    #[wasm_bindgen(unchecked_return_type = "RecommendResponse")]
    pub fn recommend(
        &self,
        #[wasm_bindgen(unchecked_param_type = "RecommendRequest")] request: JsValue,
    ) -> Result<JsValue, JsValue> {
        ask::recommend(&self.inner, request)
    }

    #[wasm_bindgen(js_name = recommendRows, unchecked_return_type = "RecommendResponse<CandidateRow>")]
    pub fn recommend_rows(
        &self,
        #[wasm_bindgen(unchecked_param_type = "RecommendRequest")] request: JsValue,
    ) -> Result<JsValue, JsValue> {
        ask::recommend_rows(&self.inner, &self.offers, request)
    }

    #[wasm_bindgen(js_name = whyNot, unchecked_return_type = "WhyNotResponse")]
    pub fn why_not(
        &self,
        #[wasm_bindgen(unchecked_param_type = "RecommendRequest")] request: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "WhyNotPage")] page: JsValue,
    ) -> Result<JsValue, JsValue> {
        ask::why_not(&self.inner, request, page)
    }

    #[wasm_bindgen(unchecked_return_type = "TcoResponse")]
    pub fn tco(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "TcoRequest")] request: JsValue,
    ) -> Result<JsValue, JsValue> {
        ask::tco(&self.inner, request)
    }
}

#[wasm_bindgen(unchecked_return_type = "TcoResponse")]
pub fn tco(#[wasm_bindgen(unchecked_optional_param_type = "TcoRequest")] request: JsValue) -> Result<JsValue, JsValue> {
    ask::tco(default_planner()?, request)
}
