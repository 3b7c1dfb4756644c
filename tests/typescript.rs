//! The TypeScript declarations of the JS API, derived from the engine's own
//! request and answer types (ts-rs reads their serde attributes), so they
//! cannot lag the code. This test writes `types/gpuplan.d.ts`, which
//! `src/wasm_api.rs` puts into the generated `pkg/gpuplan.d.ts`, and fails
//! when the committed file was out of date (commit the rewritten file).

use std::any::TypeId;
use std::collections::{BTreeMap, HashSet};
use ts_rs::{Config, TypeVisitor, TS};

/// Every type reachable from these is declared.
fn roots(c: &mut Collect) {
    c.visit::<gpuplan::OfferFilter>();
    c.visit::<gpuplan::OfferList>();
    c.visit::<gpuplan::CatalogInfo>();
    c.visit::<gpuplan::ParsedCatalog>();
    c.visit::<gpuplan::VersionInfo>();
    c.visit::<gpuplan::workload::model::ModelSpec>();
    c.visit::<gpuplan::workload::EstimateRequest>();
    c.visit::<gpuplan::workload::EstimateResponse>();
    c.visit::<gpuplan::recommend::RecommendRequest>();
    c.visit::<gpuplan::recommend::RecommendResponse>();
    c.visit::<gpuplan::recommend::CandidateRow>();
    c.visit::<gpuplan::recommend::WhyNotPage>();
    c.visit::<gpuplan::recommend::WhyNotResponse>();
    c.visit::<gpuplan::PlannerOptions>();
    c.visit::<gpuplan::cost::tco::TcoRequest>();
    c.visit::<gpuplan::cost::tco::TcoResponse>();
}

/// The shape of the JS `Error` the boundary throws (`wasm_api.rs` builds it
/// from `error::Error`); it extends the built-in, which no Rust type does.
const PREAMBLE: &str = r#"// Derived from the engine's Rust types by `cargo test --test typescript` (ts-rs); do not edit.

/** Thrown by every call on bad input: `field` is the path of the bad value;
 *  errors in an imported file also give the 1-based `line` and the `column` name. */
export interface GpuplanError extends Error {
  field: string;
  /** Stable: out-of-range (params min, max, got), not-finite, required, unknown-field, invalid-type,
   *  unknown-value, invalid-value, too-deep, too-large, too-long, cycle, unreadable, not-data, file, invalid. */
  code: string;
  params: Record<string, number>;
  line?: number;
  column?: string;
}
"#;

struct Collect {
    cfg: Config,
    seen: HashSet<TypeId>,
    /// By TypeScript name, so the file's order does not depend on the walk.
    decls: BTreeMap<String, String>,
}

impl TypeVisitor for Collect {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        // Types without a file of their own (numbers, strings, Vec, Option) are inlined.
        if T::output_path().is_none() || !self.seen.insert(TypeId::of::<T>()) {
            return;
        }
        let name = T::ident(&self.cfg);
        let text = format!("{}export {}", T::docs().unwrap_or_default(), T::decl(&self.cfg));
        if let Some(other) = self.decls.insert(name.clone(), text) {
            panic!("two types are declared as `{name}`: rename one with #[ts(rename)]\n{other}");
        }
        T::visit_dependencies(self);
    }
}

fn declarations() -> String {
    // Every number is a JS number: the engine's counts fit 2^53.
    let cfg = Config::new().with_large_int("number");
    let mut c = Collect { cfg, seen: HashSet::new(), decls: BTreeMap::new() };
    roots(&mut c);
    let mut out = String::from(PREAMBLE);
    for text in c.decls.values() {
        out.push('\n');
        out.push_str(text);
        out.push('\n');
    }
    out
}

#[test]
fn typescript_declarations_are_derived_and_committed() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/types/gpuplan.d.ts");
    let derived = declarations();
    let committed = std::fs::read_to_string(path).unwrap_or_default();
    if committed != derived {
        std::fs::write(path, &derived).unwrap();
        panic!("types/gpuplan.d.ts was out of date with the Rust types and has been rewritten: commit it");
    }
}

#[test]
fn every_request_and_answer_type_is_declared() {
    let text = declarations();
    for name in [
        "OfferFilter",
        "OfferList",
        "Offer",
        "CatalogInfo",
        "ParsedCatalog",
        "CustomOffer",
        "UserPrices",
        "VersionInfo",
        "ModelSpec",
        "EstimateRequest",
        "EstimateResponse",
        "Workload",
        "ModelInput",
        "RecommendRequest",
        "RecommendResponse",
        "Candidate",
        "CandidateRow",
        "Excluded",
        "WhyNotPage",
        "WhyNotResponse",
        "PlannerOptions",
        "TcoRequest",
        "TcoResponse",
    ] {
        // A generic type (`RecommendResponse<C = Candidate>`) is declared with its parameters.
        let declared =
            text.contains(&format!("export type {name} = ")) || text.contains(&format!("export type {name}<"));
        assert!(declared, "{name} is not declared");
    }
    // A workload is `{ kind, … }`, as the reader takes it.
    assert!(text.contains(r#"{ "kind": "finetune" } & Training"#), "{text}");
}

/// docs/EMBED.md promises the widget reads every workload field as a kebab-case attribute;
/// `www/js/widget-attributes.js` lists them by hand (a host page's own attributes never reach
/// the engine), so a field added to a kind must be added there too. `mode` is set through
/// `scenario`, since `mode` is the widget's own layout.
#[test]
fn every_workload_field_is_a_widget_attribute() {
    let root = env!("CARGO_MANIFEST_DIR");
    let types = std::fs::read_to_string(format!("{root}/types/gpuplan.d.ts")).expect("types");
    let js = std::fs::read_to_string(format!("{root}/www/js/widget-attributes.js")).expect("widget attributes");
    let list = js.split("export const WORKLOAD = [").nth(1).and_then(|rest| rest.split("];").next()).expect("WORKLOAD");
    let attributes: HashSet<String> = list.split('\'').skip(1).step_by(2).map(str::to_string).collect();
    let kebab = |field: &str| {
        field.chars().fold(String::new(), |mut s, c| {
            if c.is_ascii_uppercase() {
                s.push('-');
                s.push(c.to_ascii_lowercase());
            } else {
                s.push(c);
            }
            s
        })
    };
    let union =
        types.split("export type Workload = ").nth(1).and_then(|rest| rest.split(';').next()).expect("Workload");
    let kinds: HashSet<&str> = union.split("& ").skip(1).map(|t| t.split_whitespace().next().unwrap_or("")).collect();
    assert!(kinds.len() >= 7, "{kinds:?}");
    let mut missing = Vec::new();
    for kind in kinds {
        let body = types
            .split(&format!("export type {kind} = {{"))
            .nth(1)
            .and_then(|rest| rest.split("};").next())
            .unwrap_or_else(|| panic!("type {kind}"));
        // Drop the doc comments, then read each `name:` or `name?:` at the type's own level.
        let mut plain = String::new();
        for part in body.split("/**") {
            plain.push_str(part.split_once("*/").map_or(part, |(_, after)| after));
        }
        for entry in plain.split(", ") {
            let Some((name, _)) = entry.trim().split_once(':') else { continue };
            let name = name.trim_end_matches('?').trim();
            if name.chars().all(|c| c.is_ascii_alphanumeric()) && name != "mode" && !attributes.contains(&kebab(name)) {
                missing.push(format!("{kind}.{name} ({})", kebab(name)));
            }
        }
    }
    missing.sort();
    assert!(missing.is_empty(), "workload fields the widget does not read: {missing:?}");
}
