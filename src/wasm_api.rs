//! The JavaScript API. The only module that knows about wasm-bindgen: each
//! export deserializes a plain object, calls the engine, and serializes the
//! answer. Errors become a JS `Error` with a `field` property.

use crate::error::Error;
use crate::input::{self, Budget, Node};
use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
/** Thrown by every call on bad input: `field` is the path of the bad value;
 *  errors in an imported file also give the 1-based `line` and the `column` name. */
export interface GpuplanError extends Error {
  field: string;
  /** Stable: out-of-range (params min, max, got), not-finite, required, unknown-field, invalid-type,
   *  unknown-value, invalid-value, too-deep, too-large, too-long, cycle, unreadable, not-data, file, invalid. */
  code: string; params: Record<string, number>; line?: number; column?: string;
}

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
export type PlanKind = PriceKind | "blended" | "best";
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
  /** Offers with no dated source, offers whose price is older than `staleAfterDays` before the newest snapshot, and all offers by price age. */
  undatedOfferCount: number; staleOfferCount: number; staleAfterDays: number;
  offersByAge: { within90Days: number; within365Days: number; over365Days: number; undated: number };
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
  | { kind: "vdi"; desktops: number; profileGib: number; graphicsApis?: string[]; hoursPerMonth?: number;
      /** Host vCPUs and RAM each desktop needs (defaults 4 and 16 GiB). */
      vcpusPerDesktop?: number; memoryGibPerDesktop?: number }
  | { kind: "devtest"; hoursPerMonth: number; minGpuMemoryGib?: number }
  | { kind: "raw"; gpuMemoryGib: number; gpuCount?: number; hours?: number; precision?: Precision; interconnect?: string;
      /** Allow the GPUs to be spread over several instances (default: one instance holds them all). */
      spread?: boolean };
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
    gpusNeeded: number | null; latencyFeasible: boolean | null;
    /** Training: GPU-hours at perfect scaling, and the scaling efficiency `gpuHours` includes. */
    idealGpuHours: Range | null; scalingEfficiency: number | null;
    /** Why the demand cannot be met on this accelerator, in numbers. */
    infeasible: { code: "ttft" | "itl"; bestMs: number; targetMs: number } | { code: "memory"; needGib: number; gpus: number }
      | { code: "itl-floor"; floorMs: number; targetMs: number; gpus: number } | null };
  hostPerDesktop: { vcpus: number; memoryGib: number } | null;
  graphicsApis: string[]; hours: number | null;
  assumptions: { name: string; value: unknown; source: string }[]; notes: string[];
  gpuCheck: { speedup: number; speedupLimit: number | null; transferSecondsPerStep: number; gpuSecondsPerStep: number;
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
  pricing?: {
    userPrices?: UserPrices; virtualizationOverhead?: number; serviceHours?: number;
    /** The plan the ranking uses; `best` (default) is the cheapest plan that fits the load. */
    plan?: PriceKind | "blended" | "best";
    /** Months a service is costed for (default 1). */
    months?: number;
    /** A load profile for the blended plan, in units of the fitted deployment. */
    load?: { baseInstances: number; peakInstances: number; peakHoursPerDay: number; daysPerMonth?: number;
      months?: number; peakInterruptible?: boolean };
    capacityReused?: boolean; evictionPerHour?: number; checkpointHours?: number; restartHours?: number;
    utilization?: number;
    apiPrice?: { inputUsdPerMTok: number; outputUsdPerMTok: number };
    storage?: { kind: "object" | "objectCool" | "archive" | "blockSsd" | "blockHdd"; gb: number }[];
    egressGbPerMonth?: number; managedSurchargePct?: number; staffUsdPerMonth?: number; delayCostUsdPerDay?: number;
  };
  /** `excludedLimit`: "why not" entries returned (default 100); `whyNot` pages through the rest. */
  priorities?: { rank?: "cheapest" | "risk-adjusted" | "fastest" | "balanced" | "greenest"; limit?: number; excludedLimit?: number };
  overrides?: Overrides;
}
export interface Dimension { score: number; facts: string[]; }
/** A stable code, its numbers by name, and words in en and zh. */
export interface CostLine { code: string; usd: number | null; params: Record<string, number>; text: string; textZh: string; }
export interface PlanCost {
  total: number; usdPerHour: number; hours: number; usdPerMonth: number | null; gpuHoursPerMonth: number | null;
  breakEvenUtilization: number | null; commitmentUtilization: number | null; breakdown: CostLine[];
}
/** Every plan side by side (`null` where a price is unknown) and the one the ranking used. */
export interface Costs {
  onDemand: PlanCost | null; reserved1y: PlanCost | null; reserved3y: PlanCost | null; spot: PlanCost | null;
  blended: PlanCost | null; chosen: PriceKind | "blended" | null;
  mix: { basePlan: string; baseUsd: number; peakPlan: string | null; peakUsd: number; text: string; textZh: string } | null;
  warnings: CostLine[];
}
export interface Message { code: string; params: Record<string, number>; message: string; messageZh: string; }
export interface ServingOption { instances: number; gpusPerReplica: number; replicas: number; ttftMs: number; itlMs: number;
  tokensPerSecond: number; batch: number; maxBatch: number; bandwidthFloorMs: number; gpuHoursPerMillionTokens: number; }
export interface Candidate {
  rank: number; offer: Offer; hours: number; score: number; pareto: boolean;
  fit: { instances: number; gpus: number; hours: number; gpuHours: number; memoryNeededGib: number;
    memoryPerGpuGib: number; scalingEfficiency: number; interconnect: string; peakTflops: number;
    warnings: string[]; warningsZh: string[]; notices: Message[];
    serving: { chosen: ServingOption; runnerUp: ServingOption | null } | null };
  cost: Costs;
  /** Inference with `pricing.apiPrice`: self-hosting is cheaper above `tokensPerMonth`. */
  apiBreakEven: { tokensPerMonth: number | null; apiUsdPerMonth: number; selfHostUsdPerMonth: number } | null;
  footprint: { kwh: number; co2Kg: number | null; pue: number; assumptions: string } | null;
  /** Data-quality doubt, shown beside the price; it orders only `rank: "risk-adjusted"`. */
  doubt: { flags: string[]; weight: number; riskAdjustedTotal: number } | null;
  reasons: string[]; reasonsZh: string[]; softwareStack: string; lockIn: string; lockInZh: string;
  scorecard: { demandFit: Dimension; hardware: Dimension; cloudOffering: Dimension; cost: Dimension;
    softwareEcosystem: Dimension; securityCompliance: Dimension };
}
export interface Excluded {
  offer: { id: string; provider: string; instance: string; region: string; accelerator: string };
  code: string; params: Record<string, number>; reason: string; reasonZh: string;
}
export interface RecommendResponse {
  demand: EstimateResponse; candidates: Candidate[];
  /** At most `priorities.excludedLimit`; `excludedTotal` counts them all. */
  excluded: Excluded[]; excludedTotal: number; paretoFront: string[];
  proofOfConcept: { offerId: string; hours: number; costUsd: number; advice: string; adviceZh: string } | null;
  counts: { considered: number; candidates: number; excluded: number; excludedByReason: Record<string, number> };
  notes: string[];
}
/** Which "why not" entries to return: one reason `code` or all, from `offset` (default 0), `limit` (default 100). */
export interface WhyNotPage { code?: string; offset?: number; limit?: number; }
export interface WhyNotResponse { total: number; offset: number; excluded: Excluded[]; }
/** Options of `new Planner(options)`: your prices, applied once to every answer. */
export interface PlannerOptions { userPrices?: UserPrices; }
/** Buy vs rent. Every field optional; defaults and their sources in docs/COST.md. */
export interface TcoRequest {
  server?: { priceUsd?: number; gpus?: number; powerKw?: number };
  years?: number; utilization?: number;
  rentUsdPerGpuHour?: number; rentReserved1yUsdPerGpuHour?: number; rentReserved3yUsdPerGpuHour?: number;
  /** A catalog offer id (`provider/instance/region`) to rent instead. */
  rentOfferId?: string;
  pue?: number; electricityUsdPerKwh?: number; colocationUsdPerKwMonth?: number; staffUsdPerYear?: number;
  depreciationYears?: number; busyPowerFraction?: number; idlePowerFraction?: number;
}
export interface TcoResponse {
  assumptions: { name: string; value: number | null; unit: string; source: string }[];
  horizonHours: number;
  owned: { totalUsd: number; capexUsd: number; colocationUsd: number; electricityUsd: number; staffUsd: number;
    usdPerUsedGpuHour: number | null; usdPerGpuHourAtFullUse: number };
  rent: { plan: PlanKind; usdPerGpuHour: number; totalUsd: number; usdPerUsedGpuHour: number | null; owningCheaper: boolean }[];
  breakEvenUtilization: number | null; breakEvenMonth: number | null;
  monthly: { month: number; ownedUsd: number; onDemandUsd: number | null; reserved1yUsd: number | null; reserved3yUsd: number | null }[];
  notes: string[]; notesZh: string[];
}
"#;

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

/// Reads a JS value into the engine's input tree, bounding depth, size and
/// cycles before anything recurses, and never letting a throwing getter or
/// proxy trap escape (every property read goes through `Reflect`, which
/// returns the exception instead of unwinding through the module).
fn to_node(
    value: &JsValue,
    path: &str,
    depth: usize,
    budget: &mut Budget,
    ancestors: &mut Vec<JsValue>,
) -> Result<Node, Error> {
    budget.take(depth, path)?;
    let here = || if path.is_empty() { "request".to_string() } else { path.to_string() };
    if value.is_null() || value.is_undefined() {
        return Ok(Node::Null);
    }
    if let Some(b) = value.as_bool() {
        return Ok(Node::Bool(b));
    }
    if let Some(n) = value.as_f64() {
        if !n.is_finite() {
            return Err(Error::coded("not-finite", here(), "must be a finite number (got NaN or Infinity)", &[]));
        }
        return Ok(Node::Number(n));
    }
    if let Some(text) = value.dyn_ref::<js_sys::JsString>() {
        // Counted before the copy: a string referenced many times is copied, and counted, each time.
        budget.take_text(text.length() as usize, path)?;
        return Ok(Node::Text(well_formed(text).ok_or_else(|| lone_surrogate(&here()))?));
    }
    if value.is_bigint() {
        return Err(Error::coded("not-data", here(), "must be a number, not a BigInt", &[]));
    }
    if !value.is_object() {
        return Err(Error::coded("not-data", here(), "must be plain data (got a function or a symbol)", &[]));
    }
    if ancestors.iter().any(|a| a == value) {
        return Err(Error::coded("cycle", here(), "refers to itself (a cycle): send plain data", &[]));
    }
    let unreadable = |_| Error::coded("unreadable", here(), "cannot be read (a getter or proxy threw)", &[]);
    // Keys first: `Array.isArray` itself throws on a revoked proxy, `Reflect` does not.
    let keys = js_sys::Reflect::own_keys(value).map_err(unreadable)?;
    let is_array = js_sys::Array::is_array(value);
    // An array's own keys are its indices and `length`; an object's are its entries.
    if keys.length() as usize > input::MAX_ITEMS + usize::from(is_array) {
        return Err(input::too_many_items(path));
    }
    ancestors.push(value.clone());
    let node = if is_array {
        let length = js_sys::Reflect::get(value, &JsValue::from_str("length")).map_err(unreadable)?;
        let length = length.as_f64().unwrap_or(0.0);
        if length > input::MAX_ITEMS as f64 {
            return Err(input::too_many_items(path));
        }
        let mut items = Vec::with_capacity(length as usize);
        for i in 0..length as u32 {
            let item = js_sys::Reflect::get_u32(value, i).map_err(unreadable)?;
            items.push(to_node(&item, &format!("{path}[{i}]"), depth + 1, budget, ancestors)?);
        }
        Node::List(items)
    } else {
        let mut entries = Vec::new();
        for key in keys.iter() {
            // Symbol keys are not data.
            let Some(key_text) = key.dyn_ref::<js_sys::JsString>() else { continue };
            budget.take_text(key_text.length() as usize, path)?;
            let Some(name) = well_formed(key_text) else { return Err(lone_surrogate(&here())) };
            let child_path = input::child_path(path, &name);
            let child = js_sys::Reflect::get(value, &key).map_err(|_| {
                Error::coded("unreadable", child_path.clone(), "cannot be read (a getter or proxy threw)", &[])
            })?;
            // `{ overrides: undefined }` means "no overrides" to a JS caller, as it does here.
            if !child.is_undefined() {
                entries.push((name, to_node(&child, &child_path, depth + 1, budget, ancestors)?));
            }
        }
        Node::Map(entries)
    };
    ancestors.pop();
    Ok(node)
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
        to_node(&value, "", 0, &mut Budget::default(), &mut Vec::new()).map_err(|e| {
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
pub fn list_offers(#[wasm_bindgen(unchecked_param_type = "OfferFilter")] filter: JsValue) -> Result<JsValue, JsValue> {
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

#[wasm_bindgen(js_name = whyNot, unchecked_return_type = "WhyNotResponse")]
pub fn why_not(
    #[wasm_bindgen(unchecked_param_type = "RecommendRequest")] request: JsValue,
    #[wasm_bindgen(unchecked_param_type = "WhyNotPage")] page: JsValue,
) -> Result<JsValue, JsValue> {
    ask::why_not(default_planner()?, request, page)
}

fn default_planner() -> Result<&'static crate::Planner, JsValue> {
    crate::Planner::default_planner().map_err(into_js_error)
}

/// Each call once, for the free functions and the `Planner` methods alike.
mod ask {
    use super::{from_js, into_js_error, to_js};
    use crate::Planner;
    use wasm_bindgen::JsValue;

    pub fn catalog_info(p: &Planner) -> Result<JsValue, JsValue> {
        to_js(p.catalog_info().map_err(into_js_error)?)
    }

    pub fn list_offers(p: &Planner, filter: JsValue) -> Result<JsValue, JsValue> {
        to_js(&p.list_offers(&from_js("filter", filter)?).map_err(into_js_error)?)
    }

    pub fn estimate(p: &Planner, request: JsValue) -> Result<JsValue, JsValue> {
        to_js(&p.estimate(&from_js("request", request)?).map_err(into_js_error)?)
    }

    pub fn recommend(p: &Planner, request: JsValue) -> Result<JsValue, JsValue> {
        to_js(&p.recommend(&from_js("request", request)?).map_err(into_js_error)?)
    }

    pub fn tco(p: &Planner, request: JsValue) -> Result<JsValue, JsValue> {
        to_js(&p.tco(&from_js("request", request)?).map_err(into_js_error)?)
    }

    pub fn why_not(p: &Planner, request: JsValue, page: JsValue) -> Result<JsValue, JsValue> {
        let request = from_js("request", request)?;
        to_js(&p.why_not(&request, &from_js("page", page)?).map_err(into_js_error)?)
    }
}

/// `new Planner({ userPrices })`: the catalog priced for you once; its methods
/// answer as the free functions do, from the state it holds.
#[wasm_bindgen(js_name = Planner)]
pub struct JsPlanner {
    inner: crate::Planner,
}

#[wasm_bindgen(js_class = Planner)]
impl JsPlanner {
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "PlannerOptions | undefined")] options: JsValue,
    ) -> Result<JsPlanner, JsValue> {
        let options: crate::PlannerOptions = from_js("options", options)?;
        Ok(JsPlanner { inner: crate::Planner::new(&options).map_err(into_js_error)? })
    }

    #[wasm_bindgen(js_name = catalogInfo, unchecked_return_type = "CatalogInfo")]
    pub fn catalog_info(&self) -> Result<JsValue, JsValue> {
        ask::catalog_info(&self.inner)
    }

    #[wasm_bindgen(js_name = listOffers, unchecked_return_type = "OfferList")]
    pub fn list_offers(
        &self,
        #[wasm_bindgen(unchecked_param_type = "OfferFilter")] filter: JsValue,
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

    #[wasm_bindgen(js_name = whyNot, unchecked_return_type = "WhyNotResponse")]
    pub fn why_not(
        &self,
        #[wasm_bindgen(unchecked_param_type = "RecommendRequest")] request: JsValue,
        #[wasm_bindgen(unchecked_param_type = "WhyNotPage")] page: JsValue,
    ) -> Result<JsValue, JsValue> {
        ask::why_not(&self.inner, request, page)
    }

    #[wasm_bindgen(unchecked_return_type = "TcoResponse")]
    pub fn tco(
        &self,
        #[wasm_bindgen(unchecked_param_type = "TcoRequest")] request: JsValue,
    ) -> Result<JsValue, JsValue> {
        ask::tco(&self.inner, request)
    }
}

#[wasm_bindgen(unchecked_return_type = "TcoResponse")]
pub fn tco(#[wasm_bindgen(unchecked_param_type = "TcoRequest")] request: JsValue) -> Result<JsValue, JsValue> {
    ask::tco(default_planner()?, request)
}
