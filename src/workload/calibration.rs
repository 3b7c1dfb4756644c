//! The estimators against published figures (`data/calibration.csv`): each
//! row becomes an `estimate()` request, and its result is compared within a
//! tolerance stated per kind of figure. `cargo run --bin accuracy` writes the
//! table in docs/ACCURACY.md; the tests assert every row.

use super::{estimate, EstimateRequest};
use crate::catalog::Catalog;
use crate::error::Error;

static CALIBRATION_CSV: &str = include_str!("../../data/calibration.csv");

#[derive(Debug, Clone)]
pub struct CaseResult {
    pub case: String,
    pub quantity: String,
    pub published: f64,
    pub unit: String,
    pub estimate: f64,
    pub low: f64,
    pub high: f64,
    pub tolerance: Tolerance,
    pub setup: String,
    /// `Some(which constant)` when a default was tuned from this same row, so
    /// the row cannot test that default; `None` for an independent check.
    pub fitted: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Tolerance {
    /// Equal to the published digits: within one unit of the last published decimal
    /// (sources round or truncate: 15.625 GiB is printed 15.62).
    Exact { decimals: u32 },
    /// Relative error of the expected estimate within ±fraction.
    Relative(f64),
    /// The published value lies inside the estimate's low–high range.
    WithinRange,
    /// The estimate does not exceed the published figure (a capacity that suffices).
    AtMost,
}

impl CaseResult {
    pub fn error(&self) -> f64 {
        (self.estimate - self.published) / self.published
    }

    pub fn passes(&self) -> bool {
        match self.tolerance {
            Tolerance::Exact { decimals } => {
                (self.estimate - self.published).abs() <= 10f64.powi(-(decimals as i32)) + 1e-12
            }
            Tolerance::Relative(f) => self.error().abs() <= f,
            Tolerance::WithinRange => self.low <= self.published && self.published <= self.high,
            Tolerance::AtMost => self.estimate <= self.published,
        }
    }

    pub fn tolerance_text(&self) -> String {
        match self.tolerance {
            Tolerance::Exact { decimals } => format!("exact to {decimals} decimals (±1 last digit)"),
            Tolerance::Relative(f) => format!("±{:.0}%", f * 100.0),
            Tolerance::WithinRange => "inside low–high".into(),
            Tolerance::AtMost => "fits (≤ published)".into(),
        }
    }
}

/// How each calibration case is asked, and which figure of the answer is compared.
struct Setup {
    request: serde_json::Value,
    read: fn(&super::EstimateResponse, &serde_json::Value) -> (f64, f64, f64),
    tolerance: Tolerance,
    note: &'static str,
}

const LLAMA1_TOKENS_B: f64 = 1000.0; // LLaMA paper (Touvron et al. 2023): 7B and 13B saw 1.0T tokens.

fn custom(
    params_b: f64,
    layers: u32,
    hidden: u32,
    heads: u32,
    kv_heads: u32,
    vocab: u32,
    context: u32,
) -> serde_json::Value {
    serde_json::json!({ "paramsB": params_b, "layers": layers, "hiddenSize": hidden, "heads": heads,
        "kvHeads": kv_heads, "vocab": vocab, "contextTokens": context })
}

fn gpu_hours(r: &super::EstimateResponse, _: &serde_json::Value) -> (f64, f64, f64) {
    r.compute.gpu_hours.map_or((f64::NAN, f64::NAN, f64::NAN), |h| (h.expected, h.low, h.high))
}

fn setup(case: &str, row: &Row) -> Option<Setup> {
    let tokens = row.tokens_b * 1e9;
    let setup = match case {
        "llama2_7b_pretrain" | "llama2_13b_pretrain" | "llama2_70b_pretrain" => {
            let (layers, hidden, heads, kv) = match case {
                "llama2_7b_pretrain" => (32, 4096, 32, 32),
                "llama2_13b_pretrain" => (40, 5120, 40, 40),
                _ => (80, 8192, 64, 8),
            };
            Setup {
                request: serde_json::json!({ "workload": { "kind": "pretrain", "model": custom(row.params_b, layers, hidden, heads, kv, 32000, 4096), "tokens": tokens }, "accelerator": "A100-80GB" }),
                read: gpu_hours,
                tolerance: Tolerance::Relative(0.25),
                note: "6·N·D at the A100 default utilisation (45%)",
            }
        }
        "llama1_7b_pretrain" | "llama1_13b_pretrain" | "llama1_65b_pretrain" => {
            let (layers, hidden, heads) = match case {
                "llama1_7b_pretrain" => (32, 4096, 32),
                "llama1_13b_pretrain" => (40, 5120, 40),
                _ => (80, 8192, 64),
            };
            let tokens_b = if row.tokens_b > 0.0 { row.tokens_b } else { LLAMA1_TOKENS_B };
            Setup {
                request: serde_json::json!({ "workload": { "kind": "pretrain", "model": custom(row.params_b, layers, hidden, heads, heads, 32000, 2048), "tokens": tokens_b * 1e9 }, "accelerator": "A100-80GB" }),
                read: gpu_hours,
                tolerance: Tolerance::Relative(0.25),
                note: if row.tokens_b > 0.0 { "6·N·D at the A100 default utilisation" } else { "6·N·D; 1.0T tokens from the LLaMA paper (the row has none)" },
            }
        }
        "opt_175b_tflops" => Setup {
            request: serde_json::json!({ "workload": { "kind": "pretrain", "model": custom(175.0, 96, 12288, 96, 96, 50272, 2048), "tokens": tokens, "gpus": row.gpu_count, "precision": "fp16" }, "accelerator": "A100-80GB" }),
            read: |r, _| {
                let achieved = |h: f64| r.compute.total_flops.unwrap_or(0.0) / (h * 3600.0) / 1e12;
                r.compute.gpu_hours.map_or((f64::NAN, f64::NAN, f64::NAN), |h| (achieved(h.expected), achieved(h.high), achieved(h.low)))
            },
            tolerance: Tolerance::Relative(0.25),
            note: "achieved TFLOP/s per GPU = peak × utilisation × scaling (992 GPUs over InfiniBand)",
        },
        "mtnlg_530b_iteration" => Setup {
            request: serde_json::json!({ "workload": { "kind": "pretrain", "model": custom(530.0, 105, 20480, 128, 128, 51200, 2048),
                "tokens": 1920.0 * 2048.0, "gpus": row.gpu_count, "recompute": "full", "contextTokens": 2048 }, "accelerator": "A100" }),
            read: |r, _| r.compute.wall_clock_hours.map_or((f64::NAN, f64::NAN, f64::NAN), |h| (h.expected * 3600.0, h.low * 3600.0, h.high * 3600.0)),
            tolerance: Tolerance::Relative(0.25),
            note: "one iteration, 8·N·D (full recomputation), 3,360 A100-40GB",
        },
        "mpt7b_bench_a100_40gb" | "mpt70b_bench_h100" => Setup {
            request: serde_json::json!({ "workload": { "kind": "pretrain", "model": custom(row.params_b, 32, 4096, 32, 32, 50432, 2048), "tokens": 1e9, "gpus": row.gpu_count },
                "accelerator": if case.contains("h100") { "H100" } else { "A100" } }),
            read: |r, _| r.assumptions.iter().find(|a| a.name == "utilization").and_then(|a| {
                let v = &a.value;
                Some((v.get("expected")?.as_f64()? * 100.0, v.get("low")?.as_f64()? * 100.0, v.get("high")?.as_f64()? * 100.0))
            }).unwrap_or((f64::NAN, f64::NAN, f64::NAN)),
            tolerance: Tolerance::Relative(0.25),
            note: "the default utilisation for the generation, against the measured MFU",
        },
        "nemo_llama3_70b_b200" => Setup {
            request: serde_json::json!({ "workload": { "kind": "pretrain", "model": "llama-3.1-70b", "tokens": 1e12, "gpus": row.gpu_count, "precision": "fp8", "contextTokens": 8192 }, "accelerator": "B200" }),
            read: |r, _| r.compute.tokens_per_second.map_or((f64::NAN, f64::NAN, f64::NAN), |t| (t.expected / r.gpus, t.low / r.gpus, t.high / r.gpus)),
            tolerance: Tolerance::Relative(0.25),
            note: "tokens/s per GPU = FP8 peak × B200 FP8 utilisation × scaling / 6N (Llama 3.1 70B architecture)",
        },
        "llama3_1_8b_kv_128k" => Setup {
            request: serde_json::json!({ "workload": { "kind": "inference", "model": "llama-3.1-8b", "contextTokens": 128000, "concurrency": 1 } }),
            read: |r, _| (r.memory.kv_cache_gib, r.memory.kv_cache_gib, r.memory.kv_cache_gib),
            tolerance: Tolerance::Exact { decimals: 2 },
            note: "2 × 32 layers × 8 KV heads × 128 × 2 B × 128,000 tokens, in GiB (the blog's \"GB\")",
        },
        "llama2_70b_kv_2048" => Setup {
            request: serde_json::json!({ "workload": { "kind": "inference", "model": custom(70.0, 80, 8192, 64, 8, 32000, 4096), "contextTokens": 2048, "concurrency": 1 } }),
            read: |r, _| (r.memory.kv_cache_gib * 1024.0, r.memory.kv_cache_gib * 1024.0, r.memory.kv_cache_gib * 1024.0),
            tolerance: Tolerance::Exact { decimals: 0 },
            note: "2 × 80 × 8 × 128 × 2 B × 2,048 tokens, in MiB",
        },
        "llama3_1_8b_full_ft_mem" => Setup {
            request: serde_json::json!({ "workload": { "kind": "finetune", "method": "full", "model": "llama-3.1-8b", "tokens": 1e8, "optimizer": "adam8bit" } }),
            read: |r, _| (r.memory.total_gib, r.memory.total_gib, r.memory.total_gib),
            tolerance: Tolerance::Relative(0.25),
            note: "full fine-tuning with 8-bit Adam and gradient checkpointing (the blog states no setup; with standard Adam the estimate is about 2×)",
        },
        "qlora_65b_single_gpu" => Setup {
            request: serde_json::json!({ "workload": { "kind": "finetune", "method": "qlora", "model": { "paramsB": 65.2, "layers": 80, "hiddenSize": 8192, "heads": 64, "vocab": 32000, "contextTokens": 2048 }, "tokens": 1e8 } }),
            read: |r, _| (r.memory.total_gib, r.memory.total_gib, r.memory.total_gib),
            tolerance: Tolerance::AtMost,
            note: "QLoRA (NF4 base, LoRA rank 16, gradient checkpointing) fits one 48 GB GPU",
        },
        "vllm_8b_fp8_a100" | "vllm_8b_fp8_h100" => Setup {
            request: serde_json::json!({ "workload": { "kind": "inference", "model": "llama-3.1-8b", "precision": "fp8",
                "concurrency": if case.ends_with("a100") { 1517.54 * 0.04285 } else { 3400.4 * 0.01975 } },
                "accelerator": if case.ends_with("a100") { "A100-80GB" } else { "H100" } }),
            read: |r, _| r.compute.tokens_per_second.map_or((f64::NAN, f64::NAN, f64::NAN), |t| (t.expected, t.low, t.high)),
            tolerance: Tolerance::WithinRange,
            note: "concurrency = published throughput × ITL (≈65); prompt 512 / output 256 assumed (the benchmark does not say)",
        },
        "nemo_llama2_7b_bs1_a100" => Setup {
            request: serde_json::json!({ "workload": { "kind": "inference", "model": custom(6.74, 32, 4096, 32, 32, 32000, 4096),
                "promptTokens": 128, "outputTokens": 20, "concurrency": 1 }, "accelerator": "A100-80GB" }),
            read: |r, _| {
                let total = |ttft: f64, itl: f64| ttft + 20.0 * itl;
                match (r.compute.ttft_ms, r.compute.itl_ms) {
                    (Some(t), Some(i)) => (total(t.expected, i.expected), total(t.low, i.low), total(t.high, i.high)),
                    _ => (f64::NAN, f64::NAN, f64::NAN),
                }
            },
            tolerance: Tolerance::Relative(0.25),
            note: "time to first token + 20 × time per output token at batch 1",
        },
        _ => return None,
    };
    Some(setup)
}

struct Row {
    case: String,
    kind: String,
    params_b: f64,
    tokens_b: f64,
    gpu_count: f64,
    published: f64,
    unit: String,
    constants: String,
}

/// Runs every calibration row. A row this module does not know is an error, so
/// a new row in the CSV cannot be silently skipped.
pub fn run(catalog: &Catalog) -> Result<Vec<CaseResult>, String> {
    let (cols, rows) = crate::catalog::sources::fields::records("calibration.csv", CALIBRATION_CSV)?;
    let mut out = Vec::new();
    for r in &rows {
        let row = Row {
            case: cols.text(r, "case")?.to_string(),
            kind: cols.text(r, "kind")?.to_string(),
            params_b: cols.number(r, "params_b")?.unwrap_or(0.0),
            tokens_b: cols.number(r, "tokens_b")?.unwrap_or(0.0),
            gpu_count: cols.number(r, "gpu_count")?.unwrap_or(1.0),
            published: cols.required_number(r, "published_value")?,
            unit: cols.text(r, "unit")?.to_string(),
            constants: cols.text(r, "constants")?.to_string(),
        };
        let s = setup(&row.case, &row).ok_or_else(|| format!("calibration case `{}` has no setup", row.case))?;
        let request: EstimateRequest =
            crate::error::deserialize("request", s.request.clone()).map_err(|e: Error| format!("{}: {e}", row.case))?;
        let response = estimate(catalog, &request).map_err(|e| format!("{}: {e}", row.case))?;
        let (estimate, low, high) = (s.read)(&response, &s.request);
        out.push(CaseResult {
            quantity: row.kind,
            published: row.published,
            unit: row.unit.split(" (").next().unwrap_or(&row.unit).to_string(),
            estimate,
            low: low.min(high),
            high: high.max(low),
            tolerance: s.tolerance,
            setup: s.note.to_string(),
            fitted: fitted(&row.case, &row.constants)?,
            case: row.case,
        });
    }
    Ok(out)
}

/// The `constants` column: `independent`, or `fitted: <the constant tuned from this row>`.
fn fitted(case: &str, text: &str) -> Result<Option<String>, String> {
    match text.split_once(':') {
        _ if text == "independent" => Ok(None),
        Some(("fitted", which)) => Ok(Some(which.trim().to_string())),
        _ => Err(format!("calibration case `{case}`: constants must be `independent` or `fitted: …`, got `{text}`")),
    }
}

/// Rows inside the estimate's low–high range, and the median |error| of the
/// expected value, for one group of rows.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GroupSummary {
    pub rows: usize,
    pub passing: usize,
    pub inside_range: usize,
    pub median_abs_error: f64,
}

pub fn summary<'a>(results: impl IntoIterator<Item = &'a CaseResult>) -> GroupSummary {
    let mut errors = Vec::new();
    let mut inside = 0;
    let mut passing = 0;
    for r in results {
        passing += usize::from(r.passes());
        errors.push(r.error().abs());
        if r.low <= r.published && r.published <= r.high {
            inside += 1;
        }
    }
    errors.sort_by(f64::total_cmp);
    let n = errors.len();
    let median = match n {
        0 => f64::NAN,
        _ if n % 2 == 1 => errors[n / 2],
        _ => (errors[n / 2 - 1] + errors[n / 2]) / 2.0,
    };
    GroupSummary { rows: n, passing, inside_range: inside, median_abs_error: median }
}

/// docs/ACCURACY.md, generated.
pub fn report(results: &[CaseResult]) -> String {
    let mut out = String::from(
        "# Accuracy of the estimators\n\n\
         Generated by `cargo run --bin accuracy > docs/ACCURACY.md` from `data/calibration.csv`;\n\
         `cargo test` fails when a row leaves its tolerance or this file is out of date.\n\
         Estimates use the defaults a user gets (utilisation by GPU generation, efficiencies),\n\
         unless the setup column says otherwise. Low–high is the estimate's range.\n\n\
         Rows are in two groups. **Independent** rows tested a default that was not tuned\n\
         from them. **Fitted** rows are where a default constant was tuned from that same\n\
         published figure: they show the fit, not the accuracy.\n\n",
    );
    out.push_str("| group | rows | within tolerance | inside low–high | median \\|error\\| of expected | training rows | training inside low–high | training median \\|error\\| |\n|---|---|---|---|---|---|---|---|\n");
    for (name, fitted) in [("independent", false), ("fitted", true)] {
        let group = || results.iter().filter(move |r| r.fitted.is_some() == fitted);
        let all = summary(group());
        let training = summary(group().filter(|r| r.quantity.starts_with("training")));
        out.push_str(&format!(
            "| {name} | {} | {} | {} | {:.1}% | {} | {} | {:.1}% |\n",
            all.rows,
            all.passing,
            all.inside_range,
            all.median_abs_error * 100.0,
            training.rows,
            training.inside_range,
            training.median_abs_error * 100.0
        ));
    }
    for (title, fitted) in [("Independent rows", false), ("Fitted rows", true)] {
        out.push_str(&format!("\n## {title}\n\n"));
        out.push_str("| case | figure | published | estimate | low–high | error | tolerance | pass | setup |\n|---|---|---|---|---|---|---|---|---|\n");
        for r in results.iter().filter(|r| r.fitted.is_some() == fitted) {
            let fmt = |v: f64| if v.abs() >= 1000.0 { format!("{v:.0}") } else { format!("{v:.2}") };
            let setup = match &r.fitted {
                Some(which) => format!("{} — *fitted*: {which}", r.setup),
                None => r.setup.clone(),
            };
            out.push_str(&format!(
                "| {} | {} | {} {} | {} | {}–{} | {:+.1}% | {} | {} | {} |\n",
                r.case,
                r.quantity,
                fmt(r.published),
                r.unit,
                fmt(r.estimate),
                fmt(r.low),
                fmt(r.high),
                r.error() * 100.0,
                r.tolerance_text(),
                if r.passes() { "yes" } else { "**no**" },
                setup
            ));
        }
    }
    out.push_str(
        "\nKnown limits: training GPU-hours in model cards may include more than the final run;\n\
         the vLLM rows depend on prompt and output lengths the benchmark does not state, and the\n\
         expected value overestimates throughput there (the range covers the measurement);\n\
         the full fine-tuning row's published setup is unknown.\n",
    );
    out
}
