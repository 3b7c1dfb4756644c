//! The JavaScript API. The only module that knows about wasm-bindgen: each
//! export deserializes a plain object, calls the engine, and serializes the
//! answer. Errors become a JS `Error` with a `field` property.

use crate::error::{deserialize, Error};
use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
/** Thrown by every call on bad input: `field` is the path of the bad value;
 *  errors in an imported file also give the 1-based `line` and the `column` name. */
export interface GpuplanError extends Error { field: string; line?: number; column?: string; }

/** One offer of a custom catalog (CSV columns have the same names). */
export interface CustomOffer {
  provider: string; instance: string; region: string; accelerator: string; gpuCount: number;
  memoryPerGpuGib?: number | null; vcpus?: number | null; memoryGib?: number | null;
  onDemand?: number | null; spot?: number | null; reserved1y?: number | null; reserved3y?: number | null;
  currency?: string | null; source?: string | null; date?: string | null;
}
export interface ParsedCatalog { offers: CustomOffer[]; }
/** USD per instance-hour; a field left out keeps the catalog's price. */
export interface PriceOverride { onDemand?: number; spot?: number; reserved1y?: number; reserved3y?: number; }
/** Your own prices, composed over the catalog (which is never modified). */
export interface UserPrices {
  /** Percent off on-demand and reserved list prices, per provider id. */
  discounts?: Record<string, number>;
  /** By offer id (`provider/instance/region`). */
  overrides?: Record<string, PriceOverride>;
  /** Units per USD, e.g. { CNY: 7.2 }. */
  exchangeRates?: Record<string, number>;
  customOffers?: CustomOffer[];
}

export type PriceKind = "onDemand" | "spot" | "reserved1y" | "reserved3y";
export type Jurisdiction = "EU" | "US" | "CN" | "UK" | "other" | "unknown";
export type AcceleratorKind = "gpu" | "tpu" | "asic" | "fpga";

export interface OfferFilter {
  provider?: string; providers?: string[]; family?: string; accelerator?: string;
  minGpuMemoryGib?: number; minMemoryPerGpuGib?: number;
  gpuCount?: number; minGpuCount?: number; maxGpuCount?: number;
  region?: string; jurisdiction?: Jurisdiction; priceKind?: PriceKind; hasPrice?: boolean; text?: string;
  sort?: "price" | "pricePerGpu" | "gpuMemory" | "gpuCount" | "provider" | "instance";
  descending?: boolean; limit?: number; offset?: number; userPrices?: UserPrices;
}
export interface Flag { code: string; message: string; }
export interface Region {
  id: string; nameEn: string; nameZh: string | null; city: string; country: string;
  continent: string; jurisdiction: Jurisdiction;
  /** Grid carbon intensity, gCO2e/kWh, and its dataset; null when unknown. */
  carbonGPerKwh: number | null; carbonSource: string;
  /** Data-centre PUE and its source; null when unknown. */
  pue: number | null; pueSource: string;
}
/** A price published in another currency, and the rate used to convert it. */
export interface OriginalPrice {
  currency: string; onDemand: number; unitsPerUsd: number; rateDate: string; rateSource: string;
}
/** USD per instance-hour; null when unknown. Reserved prices are effective hourly rates over the term. */
export interface Prices {
  onDemand: number | null; spot: number | null; reserved1y: number | null; reserved3y: number | null;
  currency: "USD"; original: OriginalPrice | null;
}
export interface OfferSource {
  name: string; path: string; commit: string; date: string | null; dateNote: string; derived: PriceKind[];
}
export interface Offer {
  id: string; provider: string; instance: string; family: string; region: Region;
  accelerator: string; acceleratorName: string; acceleratorKind: AcceleratorKind;
  gpuCount: number; memoryPerGpuGib: number | null; gpuMemoryGib: number | null;
  vcpus: number | null; memoryGib: number | null; prices: Prices; source: OfferSource; flags: Flag[];
}
export interface OfferList { total: number; offers: Offer[]; }
export interface SourceInfo {
  name: string; path: string; commit: string; date: string | null; dateNote: string; offerCount: number;
}
export interface ProviderInfo {
  id: string; offerCount: number; pricedOfferCount: number; families: string[];
  jurisdictions: Jurisdiction[]; sources: SourceInfo[];
}
export interface AcceleratorInfo {
  key: string; fullName: string; vendor: string; kind: AcceleratorKind; memoryGib: number | null; offerCount: number;
  aliases: string[]; confidence: "high" | "medium" | "low" | "none";
  architecture: string; memoryBandwidthGbs: number | null; fp64Tflops: number | null; fp32Tflops: number | null;
  bf16Tflops: number | null; fp8Tflops: number | null; int8Tops: number | null; tdpWatts: number | null;
  interconnect: string; graphics: boolean | null; sources: string;
}
export interface ExchangeRate { currency: string; unitsPerUsd: number; date: string; source: string; }
export interface CatalogInfo {
  offerCount: number; acceleratorCount: number; regionCount: number; providerCount: number;
  newestSnapshot: string | null; oldestSnapshot: string | null; embeddedBytes: number;
  providers: ProviderInfo[]; accelerators: AcceleratorInfo[]; flagCounts: Record<string, number>;
  exchangeRates: ExchangeRate[];
}
export interface VersionInfo { version: string; catalogFormat: number; }

export interface ModelSpec {
  id: string; name: string; paramsB: number; activeParamsB: number; layers: number; hiddenSize: number;
  heads: number; kvHeads: number; headDim: number; vocab: number; contextTokens: number; experts: number;
  kvLoraRank: number; qkRopeHeadDim: number; slidingWindow: number; slidingLayers: number;
  intermediateSize: number; source: string;
}
export type Precision = "fp64" | "fp32" | "bf16" | "fp16" | "fp8" | "int8" | "int4";
/** A preset id (e.g. "llama-3.1-70b"), a custom model, or { hfConfig: <config.json object> }. */
export type ModelInput = string | { hfConfig: object } | {
  paramsB: number; layers: number; hiddenSize: number; heads: number; kvHeads?: number; headDim?: number;
  vocab?: number; contextTokens?: number; experts?: number; activeParamsB?: number; name?: string;
};
export type Workload =
  | { kind: "pretrain" | "finetune"; model: ModelInput; tokens: number; method?: "full" | "lora" | "qlora";
      precision?: Precision; contextTokens?: number; microBatch?: number; recompute?: "none" | "selective" | "full";
      zeroStage?: 0 | 1 | 2 | 3; gpus?: number; tensorParallel?: number; pipelineParallel?: number;
      optimizer?: "adam" | "adam8bit" | "sgd"; loraRank?: number; interconnect?: string; gpusPerNode?: number }
  | { kind: "inference"; model: ModelInput; mode?: "batch" | "online"; precision?: Precision; kvPrecision?: Precision;
      promptTokens?: number; outputTokens?: number; contextTokens?: number; concurrency?: number;
      requestsPerSecond?: number; tokensPerDay?: number; requestsPerDay?: number; ttftTargetMs?: number;
      itlTargetMs?: number; gpus?: number }
  | { kind: "hpc"; precision?: "fp64" | "fp32"; workTflop?: number; referenceHours?: number;
      referenceAccelerator?: string; memoryGibPerJob?: number; jobs?: number }
  | { kind: "render"; frames: number; minutesPerFrame: number; referenceAccelerator: string; memoryGib?: number }
  | { kind: "vdi"; desktops: number; profileGib: number; graphicsApis?: string[]; hoursPerMonth?: number }
  | { kind: "devtest"; hoursPerMonth: number; minGpuMemoryGib?: number }
  | { kind: "raw"; gpuMemoryGib: number; gpuCount?: number; hours?: number; precision?: Precision; interconnect?: string };
export interface Overrides {
  utilization?: number; prefillEfficiency?: number; bandwidthEfficiency?: number; scalingEfficiency?: number;
  overheadGib?: number; measuredTokensPerSecond?: number; measuredAccelerator?: string; hpcEfficiency?: number;
}
export interface GpuCheckInput {
  parallelFraction: number; cpuSecondsPerStep?: number; parallelSpeedup?: number;
  transferGibPerStep?: number; pcieGbPerS?: number;
}
export interface EstimateRequest { workload: Workload; accelerator?: string; overrides?: Overrides; gpuCheck?: GpuCheckInput; }
export interface Range { low: number; expected: number; high: number; }
export interface MemoryBreakdown {
  totalGib: number; weightsGib: number; gradientsGib: number; optimizerGib: number;
  activationsGib: number; kvCacheGib: number; overheadGib: number;
}
export interface EstimateResponse {
  kind: string; model: object | null; accelerator: string | null; memory: MemoryBreakdown; gpus: number;
  totalMemoryGib: number; longestContextTokens: number | null;
  compute: { totalFlops: number | null; mathPrecision: Precision | null; peakTflops: number | null;
    gpuHours: Range | null; wallClockHours: Range | null; tokensPerSecond: Range | null; ttftMs: Range | null;
    itlMs: Range | null; decodeBound: string | null; gpusPerReplica: number | null; replicas: number | null;
    gpusNeeded: number | null; latencyFeasible: boolean | null };
  graphicsApis: string[]; hours: number | null;
  assumptions: { name: string; value: unknown; source: string }[]; notes: string[];
  gpuCheck: { speedup: number; speedupLimit: number; transferSecondsPerStep: number; gpuSecondsPerStep: number;
    worthIt: boolean; verdict: string; verdictZh: string } | null;
}
export interface RecommendRequest {
  workload: Workload;
  constraints?: {
    providers?: string[]; regions?: string[]; jurisdictions?: Jurisdiction[];
    /** hipaa, soc2, iso27001, gdpr (also EU residency), pcidss, fedramp, mlps */
    compliance?: string[]; allowUnknownCompliance?: boolean; confidentialComputing?: boolean; bareMetal?: boolean;
    vendors?: string[]; softwareStacks?: ("cuda" | "rocm" | "xla" | "neuron")[]; accelerators?: string[];
    deadlineHours?: number; budgetUsd?: number; includeDoubtfulPrices?: boolean;
  };
  pricing?: { userPrices?: UserPrices; virtualizationOverhead?: number; serviceHours?: number };
  priorities?: { rank?: "cheapest" | "fastest" | "balanced" | "greenest"; limit?: number };
  overrides?: Overrides;
}
export interface Dimension { score: number; facts: string[]; }
export interface Candidate {
  rank: number; offer: Offer; hours: number; score: number; pareto: boolean;
  fit: { instances: number; gpus: number; hours: number; gpuHours: number; memoryNeededGib: number;
    memoryPerGpuGib: number; scalingEfficiency: number; interconnect: string; peakTflops: number;
    warnings: string[]; warningsZh: string[] };
  cost: { onDemand: { usdPerHour: number; hours: number; total: number } };
  footprint: { kwh: number; co2Kg: number | null; pue: number; assumptions: string } | null;
  reasons: string[]; reasonsZh: string[]; softwareStack: string; lockIn: string; lockInZh: string;
  scorecard: { demandFit: Dimension; hardware: Dimension; cloudOffering: Dimension; cost: Dimension;
    softwareEcosystem: Dimension; securityCompliance: Dimension };
}
export interface Excluded {
  offer: { id: string; provider: string; instance: string; region: string; accelerator: string };
  code: string; reason: string; reasonZh: string;
}
export interface RecommendResponse {
  demand: EstimateResponse; candidates: Candidate[]; excluded: Excluded[]; paretoFront: string[];
  proofOfConcept: { offerId: string; hours: number; costUsd: number; advice: string; adviceZh: string } | null;
  counts: { considered: number; candidates: number; excluded: number; excludedByReason: Record<string, number> };
  notes: string[];
}
export interface PlanRequest { workload: { kind: string; [field: string]: unknown }; [field: string]: unknown; }
"#;

/// A JS `Error` carrying the engine error's `field` (and `line`/`column` for files).
fn into_js_error(e: Error) -> JsValue {
    let js = js_sys::Error::new(&e.message);
    // Setting a property on a fresh Error object cannot fail.
    let _ = js_sys::Reflect::set(&js, &JsValue::from_str("field"), &JsValue::from_str(&e.field));
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

/// The path of the first NaN or infinite number in a request, if any: such a
/// number is never a valid input, and JSON-shaped parts of a request would
/// otherwise read it as `null`.
fn non_finite_path(value: &JsValue, path: &str, depth: usize) -> Option<String> {
    if let Some(n) = value.as_f64() {
        return (!n.is_finite()).then(|| path.to_string());
    }
    if depth > 32 || !value.is_object() {
        return None;
    }
    if js_sys::Array::is_array(value) {
        let array = js_sys::Array::from(value);
        return (0..array.length().min(100_000))
            .find_map(|i| non_finite_path(&array.get(i), &format!("{path}[{i}]"), depth + 1));
    }
    let entries = js_sys::Object::entries(value.unchecked_ref());
    (0..entries.length().min(100_000)).find_map(|i| {
        let pair = js_sys::Array::from(&entries.get(i));
        let key = pair.get(0).as_string().unwrap_or_default();
        let child = if path.is_empty() { key } else { format!("{path}.{key}") };
        non_finite_path(&pair.get(1), &child, depth + 1)
    })
}

/// A copy of a plain object without its `undefined` properties, at any depth:
/// `{ overrides: undefined }` means "no overrides" to a JS caller, as it does here.
fn without_undefined(value: &JsValue, depth: usize) -> JsValue {
    if depth > 32 || !value.is_object() || js_sys::Array::is_array(value) {
        return value.clone();
    }
    let copy = js_sys::Object::new();
    let entries = js_sys::Object::entries(value.unchecked_ref());
    for i in 0..entries.length() {
        let pair = js_sys::Array::from(&entries.get(i));
        let child = pair.get(1);
        if !child.is_undefined() {
            // Setting a property on a fresh plain object cannot fail.
            let _ = js_sys::Reflect::set(&copy, &pair.get(0), &without_undefined(&child, depth + 1));
        }
    }
    copy.into()
}

fn from_js<T: serde::de::DeserializeOwned>(argument: &str, value: JsValue) -> Result<T, JsValue> {
    // `listOffers()` with no argument means "no filter".
    let value = if value.is_undefined() || value.is_null() {
        js_sys::Object::new().into()
    } else if js_sys::Array::is_array(&value) || !value.is_object() {
        return Err(into_js_error(Error::new(argument, "must be a plain object")));
    } else {
        value
    };
    if let Some(path) = non_finite_path(&value, "", 0) {
        return Err(into_js_error(Error::new(path, "must be a finite number (got NaN or Infinity)")));
    }
    let value = without_undefined(&value, 0);
    deserialize(argument, serde_wasm_bindgen::Deserializer::from(value)).map_err(into_js_error)
}

#[wasm_bindgen(js_name = catalogInfo, unchecked_return_type = "CatalogInfo")]
pub fn catalog_info() -> Result<JsValue, JsValue> {
    to_js(&crate::catalog_info().map_err(into_js_error)?)
}

#[wasm_bindgen(js_name = listOffers, unchecked_return_type = "OfferList")]
pub fn list_offers(#[wasm_bindgen(unchecked_param_type = "OfferFilter")] filter: JsValue) -> Result<JsValue, JsValue> {
    let filter: crate::OfferFilter = from_js("filter", filter)?;
    to_js(&crate::list_offers(&filter).map_err(into_js_error)?)
}

#[wasm_bindgen(js_name = parseCatalogFile, unchecked_return_type = "ParsedCatalog")]
pub fn parse_catalog_file(
    text: &str,
    #[wasm_bindgen(unchecked_param_type = "\"csv\" | \"json\"")] format: &str,
) -> Result<JsValue, JsValue> {
    to_js(&crate::parse_catalog_file(text, format).map_err(into_js_error)?)
}

#[wasm_bindgen(js_name = listModels, unchecked_return_type = "ModelSpec[]")]
pub fn list_models() -> Result<JsValue, JsValue> {
    to_js(&crate::list_models())
}

#[wasm_bindgen(unchecked_return_type = "VersionInfo")]
pub fn version() -> Result<JsValue, JsValue> {
    to_js(&crate::version())
}

fn plan_call(call: &str, request: JsValue) -> Result<JsValue, JsValue> {
    let request: crate::plan::PlanRequest = from_js("request", request)?;
    Err(into_js_error(crate::plan::not_yet_available(call, &request)))
}

#[wasm_bindgen(unchecked_return_type = "EstimateResponse")]
pub fn estimate(
    #[wasm_bindgen(unchecked_param_type = "EstimateRequest")] request: JsValue,
) -> Result<JsValue, JsValue> {
    let request: crate::workload::EstimateRequest = from_js("request", request)?;
    to_js(&crate::estimate(&request).map_err(into_js_error)?)
}

#[wasm_bindgen(unchecked_return_type = "RecommendResponse")]
pub fn recommend(
    #[wasm_bindgen(unchecked_param_type = "RecommendRequest")] request: JsValue,
) -> Result<JsValue, JsValue> {
    let request: crate::recommend::RecommendRequest = from_js("request", request)?;
    to_js(&crate::recommend(&request).map_err(into_js_error)?)
}

#[wasm_bindgen(unchecked_return_type = "object")]
pub fn tco(#[wasm_bindgen(unchecked_param_type = "PlanRequest")] request: JsValue) -> Result<JsValue, JsValue> {
    plan_call("tco", request)
}
