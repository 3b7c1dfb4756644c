//! The ten scenarios of shared/SCENARIOS.md put to the engine, so the request
//! and top-5 tables of docs/SCENARIOS.md are reproducible:
//! `cargo run --bin scenarios -- docs/SCENARIOS.md` rewrites every block
//! between `<!-- scenario N -->` and `<!-- /scenario N -->` and leaves the
//! written paragraphs around them as they are; with no path it prints the blocks.

use gpuplan::input::{from_json, read};
use gpuplan::recommend::words::usd;
use gpuplan::recommend::{Candidate, RecommendRequest, RecommendResponse};
use gpuplan::Error;
use serde_json::{json, Value};
use std::process::ExitCode;

/// One scenario: its number, its `recommend` request, and what else to show.
struct Scenario {
    number: usize,
    request: Value,
    extra: Extra,
}

enum Extra {
    None,
    /// Buy vs rent from the answer's `buyVsRent`, over this many years.
    BuyVsRent(f64),
}

fn scenarios() -> Vec<Scenario> {
    let s = |number, request, extra| Scenario { number, request, extra };
    vec![
        s(
            1,
            json!({ "workload": { "kind": "finetune", "method": "lora", "model": "qwen2.5-7b", "tokens": 2e8 },
                    "constraints": { "jurisdictions": ["EU"] } }),
            Extra::None,
        ),
        s(
            2,
            json!({ "workload": { "kind": "inference", "model": "llama-3.1-70b", "mode": "online", "requestsPerSecond": 20,
                                  "ttftTargetMs": 1000, "promptTokens": 1000, "outputTokens": 300, "precision": "fp8" },
                    "pricing": { "months": 12 } }),
            Extra::None,
        ),
        s(
            3,
            json!({ "workload": { "kind": "pretrain", "model": "mistral-7b-v0.3", "tokens": 1e12 },
                    "constraints": { "deadlineHours": 720 } }),
            Extra::None,
        ),
        s(4, json!({ "workload": { "kind": "hpc", "precision": "fp64", "workTflop": 1.8e6 } }), Extra::None),
        s(
            5,
            json!({ "workload": { "kind": "vdi", "desktops": 50, "profileGib": 4 },
                    "constraints": { "usersCountry": "DE" } }),
            Extra::None,
        ),
        s(6, json!({ "workload": { "kind": "devtest", "hoursPerMonth": 80, "minGpuMemoryGib": 16 } }), Extra::None),
        s(
            7,
            json!({ "workload": { "kind": "inference", "model": "llama-3.1-8b", "mode": "online", "requestsPerSecond": 10 },
                    "pricing": { "months": 36 } }),
            Extra::BuyVsRent(3.0),
        ),
        s(
            8,
            json!({ "workload": { "kind": "finetune", "method": "lora", "model": "qwen2.5-7b", "tokens": 2e8 },
                    "constraints": { "jurisdictions": ["CN"] } }),
            Extra::None,
        ),
        s(
            9,
            json!({ "workload": { "kind": "inference", "model": "llama-3.1-8b", "mode": "online", "requestsPerSecond": 5 },
                    "constraints": { "compliance": ["hipaa"] } }),
            Extra::None,
        ),
        s(
            10,
            json!({ "workload": { "kind": "hpc", "precision": "fp64", "workTflop": 3600 },
                    "gpuCheck": { "parallelFraction": 0.4, "cpuSecondsPerStep": 10, "transferGibPerStep": 4 } }),
            Extra::None,
        ),
    ]
}

fn recommend(request: &Value) -> Result<RecommendResponse, Error> {
    let r: RecommendRequest = read("request", &from_json(request)?)?;
    gpuplan::recommend(&r)
}

/// The figure a row shows: per month for a service, the total for a job.
fn shown(c: &Candidate) -> String {
    match c.cost.chosen_cost() {
        Some((_, p)) => match p.usd_per_month {
            Some(m) => format!("{} / month", usd(m)),
            None => usd(p.total),
        },
        None => "unknown".into(),
    }
}

fn plan(c: &Candidate) -> String {
    c.cost.chosen.map_or("—".into(), |k| gpuplan::cost::text::plan_name(k).0.to_string())
}

fn top5(r: &RecommendResponse) -> String {
    let mut out = String::from(
        "| # | provider | instance | region | GPUs | plan | cost shown | hours | tier | desktop hosting / CN licence |\n|---|---|---|---|---|---|---|---|---|---|\n",
    );
    for c in r.candidates.iter().take(5) {
        let caps = c.capabilities.as_ref();
        let facts = caps.map_or("—".into(), |k| format!("{} / {}", k.desktop_hosting, k.cn_licensed_operator));
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} × {} ({} inst.) | {} | {} | {:.1} | {} | {} |\n",
            c.rank,
            c.offer.provider,
            c.offer.instance,
            c.offer.region.id,
            c.fit.gpus,
            c.offer.accelerator,
            c.fit.instances,
            plan(c),
            shown(c),
            c.hours,
            c.tier,
            facts
        ));
    }
    if r.candidates.is_empty() {
        out.push_str("| — | no candidate | | | | | | | | |\n");
    }
    let mut reasons: Vec<(&&str, &usize)> = r.counts.excluded_by_reason.iter().collect();
    reasons.sort_by(|a, b| b.1.cmp(a.1));
    let left_out: Vec<String> = reasons.iter().take(6).map(|(code, n)| format!("`{code}` {n}")).collect();
    out.push_str(&format!(
        "\n{} candidates of {} offers; left out most often: {}.\n",
        r.counts.candidates,
        r.counts.considered,
        left_out.join(", ")
    ));
    if let Some(first) = r.candidates.first() {
        out.push_str(&format!("\nWhy #1: {}\n", first.reasons.join(" ")));
    }
    // Desktops: the vGPU licence line of each row, as the answer gives it.
    let licences: Vec<String> = r
        .candidates
        .iter()
        .take(5)
        .filter_map(|c| {
            let (_, plan) = c.cost.chosen_cost()?;
            let line = plan.breakdown.iter().find(|l| l.code == "vgpuLicence")?;
            let usd = line.usd.map_or("unknown, not in the total".to_string(), |u| format!("${u:.0}"));
            let payer = c.capabilities.as_ref().map_or("unknown", |k| k.vgpu_licence.as_str());
            Some(format!("#{} {} `{payer}`: {usd}", c.rank, c.offer.provider))
        })
        .collect();
    if !licences.is_empty() {
        out.push_str(&format!("\nvGPU licence per row: {}.\n", licences.join("; ")));
    }
    out
}

fn block(s: &Scenario) -> Result<String, Error> {
    let r = recommend(&s.request)?;
    let mut out = format!("Request:\n\n```json\n{}\n```\n\n", serde_json::to_string(&s.request).unwrap_or_default());
    // The answer's own order: a "no GPU" verdict comes before any candidate.
    if let Some(v) = &r.verdict {
        out.push_str(&format!(
            "**Verdict (`{}`, speed-up {:.2}×, limit {}):** {} {}\n\n",
            v.code,
            v.check.speedup,
            v.check.speedup_limit.map_or("none".into(), |l| format!("{l:.2}×")),
            v.message,
            v.candidates_label
        ));
    }
    out.push_str(&top5(&r));
    match &s.extra {
        Extra::None => {}
        Extra::BuyVsRent(years) => {
            if let Some(start) = &r.buy_vs_rent {
                let request = json!({ "server": { "gpus": start.gpus, "accelerator": start.accelerator },
                                      "rentOfferId": start.rent_offer_id, "years": years });
                let t = match gpuplan::tco(&read("request", &from_json(&request)?)?) {
                    Ok(t) => t,
                    // The owned server's price is unknown for this GPU class: the answer says so.
                    Err(e) if e.code == "required" => {
                        out.push_str(&format!(
                            "\nBuy vs rent from the answer (`tco({})`): the owned side is unknown — `{}`: {}.\n",
                            serde_json::to_string(&request).unwrap_or_default(),
                            e.field,
                            e.message
                        ));
                        return Ok(out);
                    }
                    Err(e) => return Err(e),
                };
                out.push_str(&format!(
                    "\nBuy vs rent from the answer (`tco({})`): owned {} over {years} years; renting {} on demand at {}/GPU-h; break-even utilization {}.\n",
                    serde_json::to_string(&request).unwrap_or_default(),
                    usd(t.owned.total_usd),
                    start.rent_offer_id,
                    format_args!("${:.2}", start.rent_usd_per_gpu_hour),
                    t.break_even_utilization.map_or("none (owning never wins)".into(), |u| format!("{:.0}%", u * 100.0)),
                ));
            }
        }
    }
    Ok(out)
}

fn main() -> ExitCode {
    let path = std::env::args().nth(1);
    let mut doc = match &path {
        Some(p) => match std::fs::read_to_string(p) {
            Ok(text) => Some(text),
            Err(e) => {
                eprintln!("{p}: {e}");
                return ExitCode::FAILURE;
            }
        },
        None => None,
    };
    for s in scenarios() {
        let text = match block(&s) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("scenario {}: {}: {}", s.number, e.field, e.message);
                return ExitCode::FAILURE;
            }
        };
        let (open, close) = (format!("<!-- scenario {} -->", s.number), format!("<!-- /scenario {} -->", s.number));
        match doc.as_mut() {
            Some(d) => {
                let (Some(a), Some(b)) = (d.find(&open), d.find(&close)) else {
                    eprintln!("no `{open}` … `{close}` block in the document");
                    return ExitCode::FAILURE;
                };
                d.replace_range(a + open.len()..b, &format!("\n{text}"));
            }
            None => println!("{open}\n{text}{close}\n"),
        }
    }
    if let (Some(p), Some(d)) = (path, doc) {
        if let Err(e) = std::fs::write(&p, d) {
            eprintln!("{p}: {e}");
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
