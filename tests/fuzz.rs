//! Fuzzing the engine (issue 12): seeded random inputs into every engine
//! entry point, checking that each answer is a result or an `Error` naming a
//! field; never a panic or a hang, and no NaN, infinite value or negative
//! price or cost anywhere in a result.
//!
//! cargo-fuzz needs a nightly compiler, so this is a seeded generator of its
//! own: mostly valid requests (tests/fuzz/seeds.json) mutated a few fields at
//! a time, so the inputs reach the engine and not only the parser, plus deep,
//! wide, wrongly typed, boundary-number, long and unicode values, unknown
//! keys, corrupted JSON text, and CSV/JSON catalog files with formula cells
//! and binary bytes.
//!
//! `cargo test --test fuzz` runs a short pass with a fixed seed and fixed
//! input counts. `./build.sh fuzz [seconds]` runs the long pass:
//! `GPUPLAN_FUZZ_SECONDS` splits that time over the targets,
//! `GPUPLAN_FUZZ_SEED` picks the seed (printed, so any run can be repeated).
#![cfg(not(target_arch = "wasm32"))]

use gpuplan::input;
use gpuplan::recommend::{RecommendRequest, WhyNotPage};
use gpuplan::workload::model::{self, ModelInput};
use gpuplan::workload::EstimateRequest;
use gpuplan::{Error, OfferFilter, Planner, PlannerOptions};
use serde::ser::{self, Serialize};
use serde_json::{Map, Value};
use std::cell::RefCell;
use std::fmt::Write as _;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

// ---------------------------------------------------------------- randomness

/// SplitMix64 (Steele, Lea & Flood 2014): small, fast, and every input is
/// reproducible from one 64-bit seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    /// True one time in `n`.
    fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// The seed of input `index` of target `target` in a run seeded `seed`.
fn input_seed(seed: u64, target: usize, index: u64) -> u64 {
    let mut r =
        Rng(seed ^ (target as u64).wrapping_mul(0xA076_1D64_78BD_642F) ^ index.wrapping_mul(0xE703_7ED1_A0B4_28DB));
    r.next()
}

// ---------------------------------------------------------------- dictionaries

/// Every field name of the request types (docs/API.md), so inserted keys are
/// mostly ones the engine reads.
#[rustfmt::skip]
const KEYS: &[&str] = &[
    "workload", "kind", "model", "tokens", "method", "precision", "contextTokens", "microBatch", "recompute",
    "zeroStage", "gpus", "tensorParallel", "pipelineParallel", "optimizer", "loraRank", "interconnect",
    "gpusPerNode", "mode", "kvPrecision", "promptTokens", "outputTokens", "concurrency", "requestsPerSecond",
    "tokensPerDay", "requestsPerDay", "ttftTargetMs", "itlTargetMs", "workTflop", "referenceHours",
    "referenceAccelerator", "memoryGibPerJob", "jobs", "frames", "minutesPerFrame", "memoryGib", "desktops",
    "profileGib", "graphicsApis", "hoursPerMonth", "vcpusPerDesktop", "memoryGibPerDesktop", "minGpuMemoryGib",
    "gpuMemoryGib", "gpuCount", "hours", "spread", "hfConfig", "paramsB", "layers", "hiddenSize", "heads",
    "kvHeads", "headDim", "vocab", "experts", "activeParamsB", "name", "accelerator", "overrides", "utilization",
    "prefillEfficiency", "bandwidthEfficiency", "scalingEfficiency", "overheadGib", "measuredTokensPerSecond",
    "measuredAccelerator", "hpcEfficiency", "gpuCheck", "parallelFraction", "cpuSecondsPerStep", "parallelSpeedup",
    "transferGibPerStep", "pcieGbPerS", "constraints", "providers", "regions", "jurisdictions", "compliance",
    "allowUnknownCompliance", "confidentialComputing", "bareMetal", "vendors", "softwareStacks", "accelerators",
    "deadlineHours", "budgetUsd", "includeDoubtfulPrices", "pricing", "userPrices", "discounts", "exchangeRates",
    "customOffers", "virtualizationOverhead", "serviceHours", "plan", "months", "load", "baseInstances",
    "peakInstances", "peakHoursPerDay", "daysPerMonth", "peakInterruptible", "capacityReused", "evictionPerHour",
    "checkpointHours", "restartHours", "apiPrice", "inputUsdPerMTok", "outputUsdPerMTok", "storage", "gb",
    "egressGbPerMonth", "managedSurchargePct", "staffUsdPerMonth", "delayCostUsdPerDay", "priorities", "rank",
    "limit", "excludedLimit", "code", "offset", "server", "priceUsd", "powerKw", "years", "rentUsdPerGpuHour",
    "rentReserved1yUsdPerGpuHour", "rentReserved3yUsdPerGpuHour", "rentOfferId", "pue", "electricityUsdPerKwh",
    "colocationUsdPerKwMonth", "staffUsdPerYear", "depreciationYears", "busyPowerFraction", "idlePowerFraction",
    "provider", "family", "minMemoryPerGpuGib", "minGpuCount", "maxGpuCount", "region", "jurisdiction", "priceKind",
    "hasPrice", "text", "sort", "descending", "instance", "memoryPerGpuGib", "vcpus", "onDemand", "spot",
    "reserved1y", "reserved3y", "currency", "source", "date", "offers", "num_hidden_layers", "hidden_size",
    "num_attention_heads", "num_key_value_heads", "vocab_size", "intermediate_size", "num_local_experts",
    "n_routed_experts", "num_experts_per_tok", "kv_lora_rank", "sliding_window", "text_config",
    "max_position_embeddings", "head_dim", "tie_word_embeddings",
];

/// Strings the engine gives meaning to, and hostile ones.
#[rustfmt::skip]
const WORDS: &[&str] = &[
    "pretrain", "finetune", "inference", "hpc", "render", "vdi", "devtest", "raw", "full", "lora", "qlora", "fp64",
    "fp32", "bf16", "fp16", "fp8", "int8", "int4", "none", "selective", "adam", "adam8bit", "sgd", "batch",
    "online", "nvlink", "pcie", "infiniband", "roce", "ethernet", "cheapest", "fastest", "balanced", "greenest",
    "onDemand", "spot", "reserved1y", "reserved3y", "blended", "best", "object", "objectCool", "archive",
    "blockSsd", "blockHdd", "price", "pricePerGpu", "gpuMemory", "gpuCount", "provider", "instance", "EU", "US",
    "CN", "UK", "other", "unknown", "hipaa", "soc2", "iso27001", "gdpr", "pcidss", "fedramp", "mlps", "cuda",
    "rocm", "xla", "neuron", "nvidia", "amd", "google", "aws", "azure", "gcp", "alibaba", "oci", "lambda", "eastus",
    "westeurope", "us-east-1", "europe-west4", "cn-beijing", "H100", "H200", "A100-80GB", "A100", "L4", "L40S",
    "A10", "T4", "V100", "MI300X", "B200", "TPU-v5e", "llama-3.1-8b", "llama-3.1-70b", "qwen2.5-7b", "deepseek-v3",
    "directx", "opengl", "vulkan", "memory", "one-instance", "aws/p4d.24xlarge/us-east-1",
    "azure/Standard_ND96isr_H100_v5/eastus", "USD", "CNY", "EUR", "", " ", "  H100  ", "h100", "中文 模型", "😀🚀",
    "\u{202E}evil", "\u{0}", "\u{FEFF}bom", "a\nb", "=cmd|' /C calc'!A0", "+SUM(1,2)", "-1+1", "@x",
    "<img src=x onerror=alert(1)>", "__proto__", "constructor", "prototype", "toString", "1e999", "-0", "0x10",
    "9007199254740993", "\\u0000", "\"quoted\"", "a,b", "Ω≈ç√∫", "\u{10FFFF}", "null", "true",
];

/// Numbers at the edges: zero and minus zero, tiny and huge, the integer
/// limits of u8/u16/u32 and of exact doubles, the documented bounds.
#[rustfmt::skip]
const NUMBERS: &[f64] = &[
    0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, 8.0, 0.001, 1e-9, 1e-300, 5e-324, f64::MIN_POSITIVE, 1e9, 1e12, 1e15,
    1e18, 1e21, 1e300, f64::MAX, -f64::MAX, 9_007_199_254_740_992.0, 9_007_199_254_740_993.0, 4_294_967_295.0,
    4_294_967_296.0, 4_294_967_297.0, 65_535.0, 65_536.0, 255.0, 256.0, 0.15, 0.16, 0.999_999, 1.000_001, 99.0,
    100.0, 101.0, 730.0, 731.0, 8_760.0, 10_000.0, 10_001.0, 100_000.0, 100_001.0, 1e6, 3.0, 4.0, 7.0, 1.5,
];

fn random_number(rng: &mut Rng) -> f64 {
    match rng.below(4) {
        0 | 1 => *rng.pick(NUMBERS),
        2 => {
            let bits = rng.below(20);
            rng.below(1 << bits) as f64
        }
        _ => {
            let v = rng.unit() * 10f64.powi(rng.below(40) as i32 - 12);
            if rng.one_in(5) {
                -v
            } else {
                v
            }
        }
    }
}

fn random_string(rng: &mut Rng) -> String {
    match rng.below(8) {
        0..=4 => rng.pick(WORDS).to_string(),
        5 => {
            // Random code points from ASCII, Latin, CJK, emoji and controls.
            let n = rng.below(24);
            (0..n)
                .map(|_| {
                    let ranges: [(u32, u32); 5] =
                        [(0x20, 0x7E), (0, 0x1F), (0xA0, 0x24F), (0x4E00, 0x9FFF), (0x1F300, 0x1FAFF)];
                    let (lo, hi) = ranges[rng.below(ranges.len())];
                    char::from_u32(lo + rng.below((hi - lo + 1) as usize) as u32).unwrap_or('?')
                })
                .collect()
        }
        6 => {
            // Around the length bound (100,000 UTF-16 units), in ASCII or astral characters.
            let unit = if rng.one_in(2) { "x" } else { "😀" };
            let units = input::MAX_TEXT_UNITS + rng.below(3) - 1;
            unit.repeat(if unit == "x" { units } else { units / 2 + 1 })
        }
        _ => format!("{}{}", rng.pick(WORDS), rng.pick(WORDS)),
    }
}

/// Any JSON value: scalars, arrays and objects, sometimes deep or wide.
fn random_value(rng: &mut Rng, depth: usize) -> Value {
    let leaf = depth > 4 || rng.one_in(2);
    match rng.below(if leaf { 5 } else { 9 }) {
        0 => Value::Null,
        1 => Value::Bool(rng.one_in(2)),
        2 | 3 => number(random_number(rng)),
        4 => Value::String(random_string(rng)),
        5 => Value::Array((0..rng.below(5)).map(|_| random_value(rng, depth + 1)).collect()),
        6 => {
            let mut m = Map::new();
            for _ in 0..rng.below(5) {
                m.insert(key(rng), random_value(rng, depth + 1));
            }
            Value::Object(m)
        }
        7 => {
            // Nested around the documented depth limit.
            let levels = input::MAX_DEPTH - 3 + rng.below(8);
            let mut v = random_value(rng, 5);
            for _ in 0..levels {
                v = if rng.one_in(2) { Value::Array(vec![v]) } else { single(key(rng), v) };
            }
            v
        }
        _ => {
            // Wide: many small items (long strings stay single).
            let n = rng.below(3000);
            let item =
                if rng.one_in(2) { number(random_number(rng)) } else { Value::String(rng.pick(WORDS).to_string()) };
            Value::Array(vec![item; n])
        }
    }
}

fn key(rng: &mut Rng) -> String {
    if rng.one_in(6) {
        random_string(rng)
    } else {
        rng.pick(KEYS).to_string()
    }
}

fn number(v: f64) -> Value {
    serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number)
}

fn single(k: String, v: Value) -> Value {
    let mut m = Map::new();
    m.insert(k, v);
    Value::Object(m)
}

// ---------------------------------------------------------------- mutation

/// The seeds, and every `(key, value)` pair found in them: inserting a known
/// key with a value of its own type keeps a mutant valid-looking.
struct Corpus {
    seeds: Value,
    pairs: std::collections::HashMap<String, Vec<(String, Value)>>,
}

fn corpus() -> &'static Corpus {
    static CORPUS: OnceLock<Corpus> = OnceLock::new();
    CORPUS.get_or_init(|| {
        let seeds: Value = serde_json::from_str(include_str!("fuzz/seeds.json")).expect("seeds.json parses");
        let mut pairs = std::collections::HashMap::new();
        fn collect(v: &Value, here: String, pairs: &mut Vec<(String, String, Value)>) {
            match v {
                Value::Object(m) => {
                    let context = context_of(&here, v);
                    for (k, x) in m {
                        pairs.push((context.clone(), k.clone(), x.clone()));
                        collect(x, format!("{here}/{k}"), pairs);
                    }
                }
                Value::Array(items) => items.iter().for_each(|x| collect(x, format!("{here}/0"), pairs)),
                _ => {}
            }
        }
        for (group, list) in seeds.as_object().expect("seeds.json is an object") {
            let mut found = Vec::new();
            collect(list, String::new(), &mut found);
            for (context, k, v) in found {
                pairs.entry(format!("{group}{context}")).or_insert_with(Vec::new).push((k.clone(), v.clone()));
                pairs.entry(group.clone()).or_insert_with(Vec::new).push((k, v));
            }
        }
        Corpus { seeds, pairs }
    })
}

/// Where an object sits, for choosing keys that belong there: its path
/// without array indices, and its `kind` if it has one.
fn context_of(pointer: &str, v: &Value) -> String {
    let mut c: String =
        pointer.split('/').filter(|p| !p.is_empty() && p.parse::<usize>().is_err()).map(|p| format!("/{p}")).collect();
    if let Some(kind) = v.get("kind").and_then(Value::as_str) {
        c.push('#');
        c.push_str(kind);
    }
    c
}

fn seed_of(rng: &mut Rng, group: &str) -> Value {
    let list = corpus().seeds[group].as_array().expect("a seed group");
    rng.pick(list).clone()
}

/// JSON pointers of every value inside `v`.
fn pointers(v: &Value, here: String, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                pointers(x, format!("{here}/{}", k.replace('~', "~0").replace('/', "~1")), out);
            }
        }
        Value::Array(items) => {
            for (i, x) in items.iter().enumerate() {
                pointers(x, format!("{here}/{i}"), out);
            }
        }
        _ => {}
    }
    out.push(here);
}

/// One mutation at a random place: a typed tweak most of the time, so most
/// mutants stay valid-looking; any value some of the time.
fn mutate(rng: &mut Rng, root: &mut Value, group: &str) {
    let mut all = Vec::new();
    pointers(root, String::new(), &mut all);
    let at = rng.pick(&all).clone();
    let Some(target) = root.pointer_mut(&at) else { return };
    let pairs_here = corpus().pairs.get(&format!("{group}{}", context_of(&at, target)));
    let pairs = match pairs_here {
        Some(p) if !rng.one_in(10) => p,
        _ => &corpus().pairs[group],
    };
    // The top level stays an object: other shapes come from `random_value`.
    if at.is_empty() && !target.is_object() {
        return;
    }
    let root_object = at.is_empty();
    match target {
        Value::Number(n) if !rng.one_in(4) => {
            let v = n.as_f64().unwrap_or(0.0);
            let next = match rng.below(10) {
                0 => -v,
                1 => v * 10f64.powi(rng.below(13) as i32 - 6),
                2 => v + 1.0,
                3 => v - 1.0,
                4..=6 => v * (0.5 + rng.unit()),
                7 => v.trunc() + 0.5,
                _ => random_number(rng),
            };
            *target = number(next);
        }
        Value::String(_) if !rng.one_in(4) => *target = Value::String(random_string(rng)),
        Value::Object(m) if !rng.one_in(4) => match rng.below(8) {
            0 | 1 if !m.is_empty() => {
                let k = m.keys().nth(rng.below(m.len())).cloned().unwrap_or_default();
                m.remove(&k);
            }
            2 => {
                m.insert(key(rng), random_value(rng, 2));
            }
            _ => {
                let (k, v) = rng.pick(pairs).clone();
                m.insert(k, v);
            }
        },
        Value::Array(items) if !rng.one_in(4) => match rng.below(3) {
            0 if !items.is_empty() => {
                items.remove(rng.below(items.len()));
            }
            1 if !items.is_empty() => {
                let copy = items[rng.below(items.len())].clone();
                items.push(copy);
            }
            _ => items.push(random_value(rng, 3)),
        },
        Value::Object(m) if root_object => {
            let (k, v) = rng.pick(pairs).clone();
            m.insert(k, v);
        }
        _ => {
            *target = if rng.one_in(2) { rng.pick(pairs).1.clone() } else { random_value(rng, 1) };
        }
    }
}

/// A seed of `group` with one to four mutations (mostly one).
fn mutant(rng: &mut Rng, group: &str) -> Value {
    let mut v = seed_of(rng, group);
    let n = [0, 1, 1, 1, 1, 2, 2, 3, 4][rng.below(9)];
    for _ in 0..n {
        mutate(rng, &mut v, group);
    }
    v
}

/// Text damaged a few bytes at a time: truncated, doubled, stray quotes,
/// control and non-UTF-8 bytes (read as the page's `File.text()` would, with
/// replacement characters).
fn corrupt(rng: &mut Rng, text: &str) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(bytes.len() + 1);
        match rng.below(6) {
            0 => bytes.truncate(at),
            1 => bytes.insert(at, *rng.pick(b"\"'\\,;\n\r{}[]:=\t\0")),
            2 => bytes.insert(at, rng.next() as u8),
            3 if at < bytes.len() => {
                bytes.remove(at);
            }
            4 => {
                let end = (at + rng.below(40)).min(bytes.len());
                let piece = bytes[at..end].to_vec();
                bytes.splice(at..at, piece);
            }
            _ => bytes.splice(at..at, rng.pick(WORDS).bytes()).for_each(drop),
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

// ---------------------------------------------------------------- invariants

/// Walks a result through serde, seeing every number as the JS serializer
/// would. (`serde_json::to_value` cannot be used for this: it turns NaN and
/// ±Infinity into `null`, hiding exactly what is looked for.)
#[derive(Default)]
struct Checker {
    path: Vec<String>,
    counters: Vec<usize>,
    pending_key: Option<String>,
    problems: Vec<String>,
    /// Kept apart: they are problems only if the input has no such word itself.
    word_problems: Vec<String>,
}

/// Field names that hold money: never negative.
fn is_money(key: &str) -> bool {
    let k = key.to_ascii_lowercase();
    ["usd", "cost", "price", "total", "ondemand", "spot", "reserved1y", "reserved3y", "perhour", "permonth"]
        .iter()
        .any(|m| k.contains(m))
}

impl Checker {
    fn number(&mut self, v: f64) {
        let here = self.path.concat();
        if !v.is_finite() {
            self.problems.push(format!("{here} = {v}"));
        } else if v < 0.0 && self.path.iter().rev().find(|p| !p.starts_with('[')).is_some_and(|k| is_money(k)) {
            self.problems.push(format!("{here} = {v} (negative money)"));
        }
    }
    fn text(&mut self, s: &str) {
        if has_nonfinite_word(s) {
            self.word_problems.push(format!("{} = {s:?} (a non-finite number in words)", self.path.concat()));
        }
    }
    fn child<T: Serialize + ?Sized>(&mut self, segment: String, value: &T) -> Result<(), Never> {
        self.path.push(segment);
        let r = value.serialize(&mut *self);
        self.path.pop();
        r
    }
    fn next_index(&mut self) -> String {
        let i = self.counters.last_mut().map_or(0, |c| {
            *c += 1;
            *c - 1
        });
        format!("[{i}]")
    }
}

/// `NaN` or `inf` as a word: a float formatted straight into text by Rust.
/// (Not `Infinity`: AMD's interconnect is called Infinity Fabric.)
fn has_nonfinite_word(s: &str) -> bool {
    s.split(|c: char| !(c.is_alphanumeric() || c == '.')).any(|w| matches!(w, "NaN" | "inf" | "-inf"))
}

#[derive(Debug)]
struct Never(String);
impl std::fmt::Display for Never {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}
impl std::error::Error for Never {}
impl ser::Error for Never {
    fn custom<T: std::fmt::Display>(msg: T) -> Self {
        Never(msg.to_string())
    }
}

impl ser::Serializer for &mut Checker {
    type Ok = ();
    type Error = Never;
    type SerializeSeq = Self;
    type SerializeTuple = Self;
    type SerializeTupleStruct = Self;
    type SerializeTupleVariant = Self;
    type SerializeMap = Self;
    type SerializeStruct = Self;
    type SerializeStructVariant = Self;

    fn serialize_bool(self, _: bool) -> Result<(), Never> {
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> Result<(), Never> {
        self.serialize_i64(v.into())
    }
    fn serialize_i16(self, v: i16) -> Result<(), Never> {
        self.serialize_i64(v.into())
    }
    fn serialize_i32(self, v: i32) -> Result<(), Never> {
        self.serialize_i64(v.into())
    }
    fn serialize_i64(self, v: i64) -> Result<(), Never> {
        self.number(v as f64);
        Ok(())
    }
    fn serialize_u8(self, _: u8) -> Result<(), Never> {
        Ok(())
    }
    fn serialize_u16(self, _: u16) -> Result<(), Never> {
        Ok(())
    }
    fn serialize_u32(self, _: u32) -> Result<(), Never> {
        Ok(())
    }
    fn serialize_u64(self, _: u64) -> Result<(), Never> {
        Ok(())
    }
    fn serialize_f32(self, v: f32) -> Result<(), Never> {
        self.serialize_f64(v.into())
    }
    fn serialize_f64(self, v: f64) -> Result<(), Never> {
        self.number(v);
        Ok(())
    }
    fn serialize_char(self, _: char) -> Result<(), Never> {
        Ok(())
    }
    fn serialize_str(self, v: &str) -> Result<(), Never> {
        self.text(v);
        Ok(())
    }
    fn serialize_bytes(self, _: &[u8]) -> Result<(), Never> {
        Ok(())
    }
    fn serialize_none(self) -> Result<(), Never> {
        Ok(())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Never> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Never> {
        Ok(())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<(), Never> {
        Ok(())
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, _: &'static str) -> Result<(), Never> {
        Ok(())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, value: &T) -> Result<(), Never> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), Never> {
        self.child(format!(".{variant}"), value)
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self, Never> {
        self.counters.push(0);
        Ok(self)
    }
    fn serialize_tuple(self, len: usize) -> Result<Self, Never> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<Self, Never> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(self, _: &'static str, _: u32, _: &'static str, len: usize) -> Result<Self, Never> {
        self.serialize_seq(Some(len))
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self, Never> {
        Ok(self)
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self, Never> {
        Ok(self)
    }
    fn serialize_struct_variant(self, _: &'static str, _: u32, _: &'static str, _: usize) -> Result<Self, Never> {
        Ok(self)
    }
}

macro_rules! seq_like {
    ($($trait:ident :: $method:ident),*) => {$(
        impl ser::$trait for &mut Checker {
            type Ok = ();
            type Error = Never;
            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Never> {
                let segment = self.next_index();
                self.child(segment, value)
            }
            fn end(self) -> Result<(), Never> {
                self.counters.pop();
                Ok(())
            }
        }
    )*};
}
seq_like!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

impl ser::SerializeMap for &mut Checker {
    type Ok = ();
    type Error = Never;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Never> {
        let k = serde_json::to_value(key).map_err(|e| Never(e.to_string()))?;
        self.pending_key = Some(k.as_str().map_or_else(|| k.to_string(), str::to_string));
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Never> {
        let k = self.pending_key.take().unwrap_or_default();
        self.child(format!(".{k}"), value)
    }
    fn end(self) -> Result<(), Never> {
        Ok(())
    }
}

macro_rules! struct_like {
    ($($trait:ident),*) => {$(
        impl ser::$trait for &mut Checker {
            type Ok = ();
            type Error = Never;
            fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), Never> {
                self.child(format!(".{key}"), value)
            }
            fn end(self) -> Result<(), Never> {
                Ok(())
            }
        }
    )*};
}
struct_like!(SerializeStruct, SerializeStructVariant);

/// Marks a failure that is only a `NaN`/`inf` word in a text, which the
/// runner forgives when the input has that word (a name the user chose).
const WORDS_ONLY: &str = "words only: ";

/// What one input did.
enum Verdict {
    Answered,
    Refused,
}

/// The invariant: a clean result, or an error naming a field.
fn judge<T: Serialize>(what: &str, result: Result<T, Error>) -> Result<Verdict, String> {
    match result {
        Ok(answer) => {
            let mut checker = Checker::default();
            answer.serialize(&mut checker).map_err(|e| format!("{what}: the answer does not serialize: {e}"))?;
            serde_json::to_value(&answer).map_err(|e| format!("{what}: the answer is not JSON: {e}"))?;
            match (checker.problems.first(), checker.word_problems.first()) {
                (Some(p), _) => Err(format!("{what}: {p} ({} problems)", checker.problems.len())),
                (None, Some(p)) => Err(format!("{WORDS_ONLY}{what}: {p}")),
                (None, None) => Ok(Verdict::Answered),
            }
        }
        Err(e) if e.field.is_empty() => Err(format!("{what}: an error without a field: {e:?}")),
        Err(e) if e.message.trim().is_empty() => Err(format!("{what}: an error without a message: {e:?}")),
        Err(_) => Ok(Verdict::Refused),
    }
}

// ---------------------------------------------------------------- targets

/// One generated input: a JSON value, or the text of a file.
#[derive(Clone, Debug)]
enum Input {
    Json(Value),
    Text(String),
}

impl Input {
    fn show(&self) -> String {
        let s = match self {
            Input::Json(v) => v.to_string(),
            Input::Text(t) => format!("{t:?}"),
        };
        if s.len() > 600 {
            format!("{}… ({} bytes)", &s[..s.floor_char_boundary_compat(600)], s.len())
        } else {
            s
        }
    }
}

trait FloorBoundary {
    fn floor_char_boundary_compat(&self, at: usize) -> usize;
}
impl FloorBoundary for String {
    fn floor_char_boundary_compat(&self, mut at: usize) -> usize {
        while !self.is_char_boundary(at) {
            at -= 1;
        }
        at
    }
}

/// Runs one input and judges the answer.
type Check = fn(&Input) -> Result<Verdict, String>;

struct Target {
    name: &'static str,
    /// Share of the long pass's time.
    weight: f64,
    /// Inputs in the short fixed-seed pass.
    short_count: u64,
    generate: fn(&mut Rng) -> Input,
    check: Check,
}

/// A request read as the page's would be: through the bounded tree and the
/// one deserializer.
fn read<T: serde::de::DeserializeOwned>(argument: &str, input: &Input) -> Result<T, Error> {
    match input {
        Input::Json(v) => input::read(argument, &input::from_json(v)?),
        Input::Text(t) => input::read_json(argument, t),
    }
}

/// A mutant of `group`, sometimes as damaged JSON text.
fn request_input(rng: &mut Rng, group: &str) -> Input {
    let v = mutant(rng, group);
    if rng.one_in(12) {
        Input::Text(corrupt(rng, &v.to_string()))
    } else {
        Input::Json(v)
    }
}

fn gen_recommend(rng: &mut Rng) -> Input {
    let input = request_input(rng, "recommend");
    // Wrong types and shapes at the top level, now and then.
    if rng.one_in(40) {
        return Input::Json(random_value(rng, 0));
    }
    input
}

fn check_recommend(input: &Input) -> Result<Verdict, String> {
    judge("recommend", read::<RecommendRequest>("request", input).and_then(|r| gpuplan::recommend(&r)))
}

fn gen_estimate(rng: &mut Rng) -> Input {
    // Recommend seeds carry workloads too; estimate refuses their other keys.
    let group = if rng.one_in(4) { "recommend" } else { "estimate" };
    let mut v = mutant(rng, group);
    if let (Some(m), true) = (v.as_object_mut(), group == "recommend") {
        m.retain(|k, _| k == "workload" || k == "overrides");
    }
    Input::Json(v)
}

fn check_estimate(input: &Input) -> Result<Verdict, String> {
    judge("estimate", read::<EstimateRequest>("request", input).and_then(|r| gpuplan::estimate(&r)))
}

fn gen_tco(rng: &mut Rng) -> Input {
    request_input(rng, "tco")
}

fn check_tco(input: &Input) -> Result<Verdict, String> {
    judge("tco", read("request", input).and_then(|r| gpuplan::tco(&r)))
}

fn gen_why_not(rng: &mut Rng) -> Input {
    Input::Json(Value::Array(vec![mutant(rng, "recommend"), mutant(rng, "whyNotPage")]))
}

fn check_why_not(input: &Input) -> Result<Verdict, String> {
    let Input::Json(Value::Array(pair)) = input else { return Err("whyNot: a malformed input".into()) };
    let answer = read::<RecommendRequest>("request", &Input::Json(pair[0].clone())).and_then(|r| {
        let page: WhyNotPage = read("page", &Input::Json(pair[1].clone()))?;
        gpuplan::why_not(&r, &page)
    });
    judge("whyNot", answer)
}

fn gen_list_offers(rng: &mut Rng) -> Input {
    request_input(rng, "listOffers")
}

fn check_list_offers(input: &Input) -> Result<Verdict, String> {
    judge("listOffers", read::<OfferFilter>("filter", input).and_then(|f| gpuplan::list_offers(&f)))
}

/// config.json as pasted: a mutated real config, sometimes nested in
/// `text_config`, sometimes a random object.
fn gen_hf_config(rng: &mut Rng) -> Input {
    let mut v = mutant(rng, "hfConfig");
    if rng.one_in(10) {
        v = single("text_config".into(), v);
    }
    if rng.one_in(20) {
        v = random_value(rng, 0);
    }
    Input::Json(v)
}

/// Reads the config and resolves the model (fast); one input in eight also
/// runs a full estimate on it, for inference or training.
fn check_hf_config(input: &Input) -> Result<Verdict, String> {
    let Input::Json(config) = input else { return Err("hfConfig: a malformed input".into()) };
    let model = single("hfConfig".into(), config.clone());
    let resolved = read::<ModelInput>("model", &Input::Json(model.clone())).and_then(|m| model::resolve(&m, "model"));
    let verdict = judge("hfConfig", resolved)?;
    let hash = config.to_string().len();
    if matches!(verdict, Verdict::Answered) && hash % 8 == 0 {
        let kind = if hash % 16 == 0 { "inference" } else { "pretrain" };
        let mut workload = Map::new();
        workload.insert("kind".into(), kind.into());
        workload.insert("model".into(), model);
        workload.insert("tokens".into(), number(1e9));
        if kind == "inference" {
            workload.remove("tokens");
        }
        let request = Input::Json(single("workload".into(), Value::Object(workload)));
        return check_estimate(&request);
    }
    Ok(verdict)
}

const CSV_COLUMNS: [&str; 17] = gpuplan::catalog::user::CUSTOM_COLUMNS;

/// A CSV cell: usually what the column wants, sometimes hostile.
fn csv_cell(rng: &mut Rng, column: &str, hostility: usize) -> String {
    let numeric = !matches!(
        column,
        "provider" | "instance" | "region" | "accelerator" | "currency" | "source" | "date" | "interconnect" | "notes"
    );
    let cell = match if rng.below(100) < hostility { 3 + rng.below(7) } else { rng.below(3) } {
        0 if numeric => format!("{}", random_number(rng)),
        1 | 2 if column == "gpuCount" => rng.pick(&["1", "2", "4", "8", "0.5", "16"]).to_string(),
        1 | 2 if numeric => format!("{:.3}", rng.unit() * 100.0),
        1 | 2 if column == "accelerator" => {
            rng.pick(&["H100", "A100-80GB", "L4", "T4", "MI300X", "myChip"]).to_string()
        }
        1 | 2 if column == "interconnect" => rng.pick(&["infiniband", "RoCE", "ethernet", "none", ""]).to_string(),
        1 | 2 if column == "currency" => rng.pick(&["USD", "EUR", "CNY", "usd", ""]).to_string(),
        0..=5 => rng.pick(WORDS).to_string(),
        6 => rng
            .pick(&["=cmd|' /C calc'!A0", "=HYPERLINK(\"http://x\")", "+1+1", "-2+3", "@SUM(A1)", "\t=1"])
            .to_string(),
        7 => rng.pick(&["NaN", "inf", "-inf", "1e400", "-0", "0x10", " 5 ", "5,5", "1_000", "", "١٢", "∞"]).to_string(),
        8 => random_string(rng),
        _ => (0..rng.below(12)).map(|_| char::from(rng.next() as u8)).collect(),
    };
    if cell.contains([',', '"', '\n', '\r']) || rng.one_in(10) {
        format!("\"{}\"", cell.replace('"', "\"\""))
    } else {
        cell
    }
}

fn gen_catalog_csv(rng: &mut Rng) -> Input {
    if rng.one_in(4) {
        let seed = seed_of(rng, "csv");
        return Input::Text(corrupt(rng, seed.as_str().unwrap_or_default()));
    }
    let mut columns: Vec<String> = CSV_COLUMNS.iter().map(|c| c.to_string()).collect();
    if rng.one_in(3) {
        // Optional columns dropped, order shuffled.
        columns.retain(|c| CSV_COLUMNS[..5].contains(&c.as_str()) || rng.one_in(2));
        for i in (1..columns.len()).rev() {
            columns.swap(i, rng.below(i + 1));
        }
    }
    if rng.one_in(10) {
        columns.remove(rng.below(columns.len()));
    }
    if rng.one_in(15) {
        columns.push(rng.pick(WORDS).to_string());
    }
    let separator = if rng.one_in(10) { "\r\n" } else { "\n" };
    let mut text = if rng.one_in(20) { "\u{FEFF}".to_string() } else { String::new() };
    text.push_str(&columns.join(","));
    let hostility = *rng.pick(&[0, 0, 1, 3, 10, 40]);
    for _ in 0..rng.below(6) {
        text.push_str(separator);
        let mut cells: Vec<String> = columns.iter().map(|c| csv_cell(rng, c, hostility)).collect();
        if rng.one_in(10) {
            cells.truncate(rng.below(cells.len() + 1));
        }
        text.push_str(&cells.join(","));
    }
    if rng.one_in(8) {
        text = corrupt(rng, &text);
    }
    Input::Text(text)
}

fn gen_catalog_json(rng: &mut Rng) -> Input {
    let v = mutant(rng, "catalogJson");
    let text = if rng.one_in(3) { serde_json::to_string_pretty(&v).unwrap_or_default() } else { v.to_string() };
    Input::Text(if rng.one_in(5) { corrupt(rng, &text) } else { text })
}

fn check_catalog(format: &'static str) -> impl Fn(&Input) -> Result<Verdict, String> {
    move |input| {
        let Input::Text(text) = input else { return Err("catalog: a malformed input".into()) };
        let parsed = gpuplan::parse_catalog_file(text, format);
        let offers = match &parsed {
            Ok(p) => p.offers.clone(),
            Err(_) => Vec::new(),
        };
        let verdict = judge(format, parsed)?;
        // Parsed offers must also be usable: one file in four is priced and listed.
        if !offers.is_empty() && text.len() % 4 == 0 {
            let provider = offers[0].provider.clone();
            let planner = Planner::new(&PlannerOptions {
                user_prices: gpuplan::catalog::user::UserPrices { custom_offers: offers, ..Default::default() },
                ..Default::default()
            });
            if let Ok(planner) = planner {
                let filter = input::read::<OfferFilter>(
                    "filter",
                    &input::from_json(&single("text".into(), Value::String(provider))).map_err(|e| e.to_string())?,
                );
                judge("listOffers(custom)", filter.and_then(|f| planner.list_offers(&f)))?;
            }
        }
        Ok(verdict)
    }
}

fn check_csv(input: &Input) -> Result<Verdict, String> {
    check_catalog("csv")(input)
}

fn check_json_file(input: &Input) -> Result<Verdict, String> {
    check_catalog("json")(input)
}

/// Every request type read from mutants of every seed group, without running
/// the engine: the deserializer's own target (fast).
fn gen_reader(rng: &mut Rng) -> Input {
    let group = *rng.pick(&["recommend", "estimate", "tco", "listOffers", "whyNotPage"]);
    let input = request_input(rng, group);
    if rng.one_in(6) {
        Input::Json(random_value(rng, 0))
    } else {
        input
    }
}

fn check_reader(input: &Input) -> Result<Verdict, String> {
    judge("read RecommendRequest", read::<RecommendRequest>("request", input).map(|_| ()))?;
    judge("read EstimateRequest", read::<EstimateRequest>("request", input).map(|_| ()))?;
    judge("read TcoRequest", read::<gpuplan::cost::tco::TcoRequest>("request", input).map(|_| ()))?;
    judge("read WhyNotPage", read::<WhyNotPage>("page", input).map(|_| ()))?;
    judge("read OfferFilter", read::<OfferFilter>("filter", input).map(|_| ()))
}

fn targets() -> Vec<Target> {
    vec![
        Target { name: "recommend", weight: 0.22, short_count: 40, generate: gen_recommend, check: check_recommend },
        Target { name: "whyNot", weight: 0.10, short_count: 20, generate: gen_why_not, check: check_why_not },
        Target { name: "estimate", weight: 0.10, short_count: 400, generate: gen_estimate, check: check_estimate },
        Target { name: "tco", weight: 0.08, short_count: 1000, generate: gen_tco, check: check_tco },
        Target {
            name: "listOffers",
            weight: 0.08,
            short_count: 100,
            generate: gen_list_offers,
            check: check_list_offers,
        },
        Target { name: "hfConfig", weight: 0.10, short_count: 1000, generate: gen_hf_config, check: check_hf_config },
        Target { name: "catalogCsv", weight: 0.12, short_count: 1000, generate: gen_catalog_csv, check: check_csv },
        Target {
            name: "catalogJson",
            weight: 0.10,
            short_count: 600,
            generate: gen_catalog_json,
            check: check_json_file,
        },
        Target { name: "requestReader", weight: 0.10, short_count: 1000, generate: gen_reader, check: check_reader },
    ]
}

// ---------------------------------------------------------------- the runner

thread_local! {
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
    static IN_INPUT: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Panics are caught per input; the hook records the message and location
/// instead of printing thousands of them.
fn quiet_panics() {
    static ONCE: OnceLock<()> = OnceLock::new();
    ONCE.get_or_init(|| {
        let default = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if IN_INPUT.with(|i| i.get()) {
                LAST_PANIC.with(|p| *p.borrow_mut() = Some(format!("{info}")));
            } else {
                default(info);
            }
        }));
    });
}

/// Runs one input; `Err` describes a broken invariant (a panic included).
fn run_one(target: &Target, input: &Input) -> Result<Verdict, String> {
    IN_INPUT.with(|i| i.set(true));
    let outcome = panic::catch_unwind(AssertUnwindSafe(|| (target.check)(input)));
    IN_INPUT.with(|i| i.set(false));
    match outcome {
        Ok(Err(m)) if m.starts_with(WORDS_ONLY) => {
            let words = match input {
                Input::Json(v) => has_nonfinite_word(&v.to_string()),
                Input::Text(t) => has_nonfinite_word(t),
            };
            if words {
                Ok(Verdict::Answered)
            } else {
                Err(m[WORDS_ONLY.len()..].to_string())
            }
        }
        Ok(r) => r,
        Err(_) => Err(format!(
            "panic: {}",
            LAST_PANIC.with(|p| p.borrow_mut().take()).unwrap_or_else(|| "(no message)".into())
        )),
    }
}

/// The failure's kind, to keep shrinking on the same bug.
fn failure_kind(message: &str) -> String {
    message.split([':', '=']).take(2).collect::<Vec<_>>().join(":")
}

/// Shrinks a failing JSON input: drops object keys and array items and
/// replaces values with `null` while the same failure remains.
fn shrink(target: &Target, input: &Input, failure: &str) -> Input {
    let Input::Json(mut best) = input.clone() else { return input.clone() };
    let kind = failure_kind(failure);
    let still_fails =
        |v: &Value| run_one(target, &Input::Json(v.clone())).err().is_some_and(|m| failure_kind(&m) == kind);
    let mut progress = true;
    let mut tries = 0;
    while progress && tries < 5000 {
        progress = false;
        let mut all = Vec::new();
        pointers(&best, String::new(), &mut all);
        for at in all.iter().filter(|p| !p.is_empty()) {
            tries += 1;
            let (parent, last) = at.rsplit_once('/').unwrap_or(("", at));
            let mut candidate = best.clone();
            match candidate.pointer_mut(parent) {
                Some(Value::Object(m)) => {
                    m.remove(&last.replace("~1", "/").replace("~0", "~"));
                }
                Some(Value::Array(items)) => {
                    if let Ok(i) = last.parse::<usize>() {
                        if i < items.len() {
                            items.remove(i);
                        }
                    }
                }
                _ => continue,
            }
            if still_fails(&candidate) {
                best = candidate;
                progress = true;
                break;
            }
        }
    }
    Input::Json(best)
}

struct Stats {
    inputs: u64,
    answered: u64,
    refused: u64,
    seconds: f64,
    slowest: Duration,
}

/// Index of the input running now and when it started, for the watchdog.
static CURRENT: AtomicU64 = AtomicU64::new(0);
static STARTED_MS: AtomicU64 = AtomicU64::new(0);

/// An input that runs for longer than this is a hang.
const HANG: Duration = Duration::from_secs(30);

/// Exits the process (naming the input) if one input runs longer than `HANG`:
/// a hang cannot be caught like a panic.
fn watchdog(epoch: Instant, seed: u64, target_name: Arc<std::sync::Mutex<&'static str>>) {
    std::thread::spawn(move || loop {
        std::thread::sleep(Duration::from_secs(1));
        let started = STARTED_MS.load(Ordering::Relaxed);
        let now = epoch.elapsed().as_millis() as u64;
        if started > 0 && now.saturating_sub(started) > HANG.as_millis() as u64 {
            let name = *target_name.lock().unwrap_or_else(|e| e.into_inner());
            eprintln!(
                "HANG: target {name}, input {} of seed {seed:#x} has run for over {} s",
                CURRENT.load(Ordering::Relaxed),
                HANG.as_secs()
            );
            std::process::exit(3);
        }
    });
}

fn fuzz(seed: u64, total_seconds: Option<f64>) -> Vec<String> {
    quiet_panics();
    // The default planner is built once, outside any one input's time.
    Planner::default_planner().expect("the embedded catalog loads");
    let epoch = Instant::now();
    let running = Arc::new(std::sync::Mutex::new(""));
    watchdog(epoch, seed, running.clone());
    let mut failures = Vec::new();
    let mut total = 0u64;
    println!("fuzz seed {seed:#x} ({})", total_seconds.map_or("short pass".into(), |s| format!("{s} s")));
    for (t, target) in targets().iter().enumerate() {
        *running.lock().unwrap_or_else(|e| e.into_inner()) = target.name;
        let started = Instant::now();
        let deadline = total_seconds.map(|s| Duration::from_secs_f64(s * target.weight));
        let mut stats = Stats { inputs: 0, answered: 0, refused: 0, seconds: 0.0, slowest: Duration::ZERO };
        let mut seen_kinds = Vec::new();
        loop {
            let done = match deadline {
                Some(d) => started.elapsed() >= d,
                None => stats.inputs >= target.short_count,
            };
            if done {
                break;
            }
            let index = stats.inputs;
            let mut rng = Rng(input_seed(seed, t, index));
            let input = (target.generate)(&mut rng);
            CURRENT.store(index, Ordering::Relaxed);
            let one = Instant::now();
            STARTED_MS.store(epoch.elapsed().as_millis() as u64 + 1, Ordering::Relaxed);
            let result = run_one(target, &input);
            STARTED_MS.store(0, Ordering::Relaxed);
            stats.slowest = stats.slowest.max(one.elapsed());
            stats.inputs += 1;
            match result {
                Ok(Verdict::Answered) => stats.answered += 1,
                Ok(Verdict::Refused) => stats.refused += 1,
                Err(message) => {
                    let kind = failure_kind(&message);
                    // Report each kind of failure once per target, shrunk.
                    if !seen_kinds.contains(&kind) && seen_kinds.len() < 10 {
                        let small = shrink(target, &input, &message);
                        let mut report = String::new();
                        let _ = write!(
                            report,
                            "{}: input {index} (seed {seed:#x}): {message}\n  input: {}\n  shrunk: {}",
                            target.name,
                            input.show(),
                            small.show()
                        );
                        failures.push(report);
                        seen_kinds.push(kind);
                    }
                }
            }
        }
        stats.seconds = started.elapsed().as_secs_f64();
        total += stats.inputs;
        println!(
            "  {:<14} {:>10} inputs in {:>7.1} s = {:>9.0}/s; answered {:>5.1}%, refused {:>5.1}%; slowest {:.1} ms",
            target.name,
            stats.inputs,
            stats.seconds,
            stats.inputs as f64 / stats.seconds.max(1e-9),
            100.0 * stats.answered as f64 / stats.inputs.max(1) as f64,
            100.0 * stats.refused as f64 / stats.inputs.max(1) as f64,
            stats.slowest.as_secs_f64() * 1e3
        );
    }
    let seconds = epoch.elapsed().as_secs_f64();
    println!(
        "fuzz total: {total} inputs in {seconds:.1} s ({:.0}/s), {} failures",
        total as f64 / seconds,
        failures.len()
    );
    failures
}

/// The short pass (fixed seed, fixed counts), or the long one when
/// `GPUPLAN_FUZZ_SECONDS` is set.
#[test]
fn fuzz_engine() {
    let seconds = std::env::var("GPUPLAN_FUZZ_SECONDS").ok().and_then(|s| s.parse::<f64>().ok());
    let seed = std::env::var("GPUPLAN_FUZZ_SEED")
        .ok()
        .and_then(|s| u64::from_str_radix(s.trim_start_matches("0x"), 16).ok())
        .unwrap_or(0x5EED_2026);
    let failures = fuzz(seed, seconds);
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}

// ---------------------------------------------------------------- self-tests

/// The checker must be able to fail: it finds what it looks for.
#[test]
fn the_checker_finds_nan_infinity_negative_money_and_nonfinite_words() {
    #[derive(serde::Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Answer {
        fine: f64,
        delta: f64,
        list: Vec<Option<f64>>,
        total_usd: f64,
        note: String,
    }
    let problems = |a: &Answer| {
        let mut c = Checker::default();
        a.serialize(&mut c).unwrap();
        [c.problems, c.word_problems].concat()
    };
    let good =
        Answer { fine: 1.0, delta: -3.0, list: vec![Some(2.0), None], total_usd: 0.0, note: "infiniband".into() };
    assert!(problems(&good).is_empty(), "{:?}", problems(&good));
    let bad = Answer {
        fine: f64::NAN,
        delta: -3.0,
        list: vec![None, Some(f64::NEG_INFINITY)],
        total_usd: -0.01,
        note: "for NaN h".into(),
    };
    let found = problems(&bad);
    assert_eq!(found.len(), 4, "{found:?}");
    assert!(found[0].starts_with(".fine"), "{found:?}");
    assert!(found[1].starts_with(".list[1]"), "{found:?}");
    assert!(found[2].contains("negative money"), "{found:?}");
    assert!(found[3].contains("NaN"), "{found:?}");
    // serde_json would have hidden the NaN as null.
    assert_eq!(serde_json::to_value(f64::NAN).unwrap(), Value::Null);
}

#[test]
fn judge_refuses_an_error_without_a_field() {
    assert!(judge::<()>("x", Err(Error::new("", "bad"))).is_err());
    assert!(matches!(judge::<()>("x", Err(Error::new("workload", "bad"))), Ok(Verdict::Refused)));
}

#[test]
fn inputs_are_reproducible_from_their_seed() {
    for t in targets() {
        let a = (t.generate)(&mut Rng(input_seed(7, 3, 11))).show();
        let b = (t.generate)(&mut Rng(input_seed(7, 3, 11))).show();
        assert_eq!(a, b, "{}", t.name);
    }
}

#[test]
fn mutants_stay_mostly_valid_so_the_engine_is_reached() {
    // A third or more of the estimate mutants must get past the parser and be answered.
    let answered = (0..300)
        .filter(|i| {
            let input = gen_estimate(&mut Rng(input_seed(1, 0, *i)));
            matches!(check_estimate(&input), Ok(Verdict::Answered))
        })
        .count();
    assert!(answered >= 100, "only {answered} of 300 answered");
}

// ---------------------------------------------------------------- regressions

/// Each `(target, minimal input)` the fuzz found breaking an invariant.
fn regressions() -> Vec<(Check, Value)> {
    use serde_json::json;
    let llama = json!({ "hfConfig": { "hidden_size": 4096, "num_attention_heads": 32, "num_hidden_layers": 32,
        "vocab_size": 128256 } });
    vec![
        // The greenest ranking scored offers of unknown footprint +Infinity (src/recommend/explain.rs).
        (
            check_recommend,
            json!({ "workload": { "kind": "inference", "model": llama }, "priorities": { "rank": "greenest" },
                "constraints": { "accelerators": ["H100", "A100-80GB"], "providers": ["azure"] } }),
        ),
        // No count of 24 GiB GPUs holds DeepSeek-V3's training state: gpusNeeded was +Infinity (src/workload/mod.rs).
        (
            check_estimate,
            json!({ "accelerator": "L4", "workload": { "kind": "pretrain", "model": "deepseek-v3", "tokens": 6747.03 } }),
        ),
        // Zero (or -0) training tokens took zero hours: tokens/s was 0/0 = NaN (src/workload/mod.rs).
        (
            check_estimate,
            json!({ "accelerator": "L4", "workload": { "kind": "finetune", "model": "qwen2.5-7b", "tokens": -0.0 } }),
        ),
        (
            check_estimate,
            json!({ "accelerator": "L4", "workload": { "kind": "finetune", "model": "qwen2.5-7b", "tokens": 0 } }),
        ),
        // A job with no serial part: Amdahl's limit 1/(1-p) was +Infinity (src/workload/gpu_check.rs).
        (
            check_estimate,
            json!({ "gpuCheck": { "parallelFraction": 1.0 }, "workload": { "kind": "devtest", "hoursPerMonth": 80 } }),
        ),
        // A job of 1e-300 tokens took 1e-300 hours: a reservation's cost per hour overflowed (src/cost/mod.rs).
        (check_recommend, json!({ "workload": { "kind": "finetune", "model": "qwen2.5-7b", "tokens": 1e-300 } })),
        // A denormal utilization: total ÷ used GPU-hours overflowed to +Infinity (src/cost/tco.rs).
        (check_tco, json!({ "utilization": 5e-324 })),
    ]
}

#[test]
fn regressions_found_by_the_fuzz_now_pass() {
    let failing: Vec<String> = regressions()
        .into_iter()
        .filter_map(|(check, input)| match check(&Input::Json(input.clone())) {
            Ok(Verdict::Answered) => None,
            other => Some(format!("{input}: {:?}", other.err())),
        })
        .collect();
    assert!(failing.is_empty(), "{}", failing.join("\n"));
}
