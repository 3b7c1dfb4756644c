//! Achieved efficiency per software stack, accelerator family and kind of
//! operation, read from `data/achieved_efficiency.csv` (each row with its
//! source and whether it was measured, derived, fitted or assumed). Ratios
//! between vendors then follow published measurements, not peak ratios.

use crate::catalog::schema::{Accelerator, AcceleratorKind};
use crate::workload::compute::Range;
use std::sync::OnceLock;

static CSV: &str = include_str!("../../../data/achieved_efficiency.csv");

/// The software stack an accelerator runs, from its vendor and kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stack {
    Cuda,
    Rocm,
    Neuron,
    Xla,
    Other,
}

impl Stack {
    pub fn of(a: &Accelerator) -> Stack {
        let vendor = a.vendor.to_ascii_lowercase();
        if a.kind == AcceleratorKind::Tpu || vendor.contains("google") {
            Stack::Xla
        } else if vendor.contains("nvidia") {
            Stack::Cuda
        } else if vendor.contains("amd") {
            Stack::Rocm
        } else if vendor.contains("aws") || vendor.contains("amazon") {
            Stack::Neuron
        } else {
            Stack::Other
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Stack::Cuda => "cuda",
            Stack::Rocm => "rocm",
            Stack::Neuron => "neuron",
            Stack::Xla => "xla",
            Stack::Other => "other",
        }
    }
}

/// What kind of work the efficiency is a share of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpClass {
    /// Large 16-bit GEMMs of a training step, share of the dense BF16/FP16 peak.
    DenseGemm,
    /// Large FP8 GEMMs, share of the dense FP8 peak.
    DenseGemmFp8,
    /// Decode steps of a serving engine, share of memory bandwidth (MBU).
    Decode,
    /// Prefill of a serving engine, share of the dense peak of the weights' format.
    Prefill,
    /// A decode step's routed experts, share of the decode step's own rate.
    RoutedExperts,
    /// STREAM-like memory-bound kernels, share of memory bandwidth.
    Stream,
    /// Dense LU (HPL-like), share of the FP64 matrix (tensor-core) peak.
    Fp64Matrix,
    /// Compute-bound vector FP64 code, share of the FP64 vector peak.
    Fp64Vector,
}

impl OpClass {
    fn column(self) -> &'static str {
        match self {
            OpClass::DenseGemm => "dense_gemm",
            OpClass::DenseGemmFp8 => "dense_gemm_fp8",
            OpClass::Decode => "decode",
            OpClass::Prefill => "prefill",
            OpClass::RoutedExperts => "routed_experts",
            OpClass::Stream => "stream",
            OpClass::Fp64Matrix => "fp64_matrix",
            OpClass::Fp64Vector => "fp64_vector",
        }
    }
}

/// One row of the table.
#[derive(Debug, Clone, PartialEq)]
pub struct Achieved {
    pub share: Range,
    /// `measured`, `derived`, `assumed` or `fitted: <which run>`.
    pub basis: String,
    pub source: String,
}

struct Row {
    stack: String,
    /// Lower-case substring of the accelerator's architecture, key or vendor; `*` for any.
    matches: String,
    op: String,
    achieved: Achieved,
}

/// A CSV that does not parse leaves the table empty (every share then unknown), so the test
/// below holds every line of it as a row.
fn table() -> &'static [Row] {
    static TABLE: OnceLock<Vec<Row>> = OnceLock::new();
    TABLE.get_or_init(|| parse(CSV).unwrap_or_default())
}

fn parse(text: &str) -> Result<Vec<Row>, String> {
    let (cols, rows) = crate::catalog::sources::fields::records("achieved_efficiency.csv", text)?;
    let mut out = Vec::with_capacity(rows.len());
    for r in &rows {
        let low = cols.required_number(r, "low")?;
        let expected = cols.required_number(r, "expected")?;
        let high = cols.required_number(r, "high")?;
        if !(0.0 < low && low <= expected && expected <= high && high <= 1.0) {
            return Err(format!(
                "achieved_efficiency.csv: shares must be 0 < low ≤ expected ≤ high ≤ 1, got {low} {expected} {high}"
            ));
        }
        out.push(Row {
            stack: cols.text(r, "stack")?.to_ascii_lowercase(),
            matches: cols.text(r, "match")?.to_ascii_lowercase(),
            op: cols.text(r, "op_class")?.to_string(),
            achieved: Achieved {
                share: Range::new(low, expected, high),
                basis: cols.text(r, "basis")?.to_string(),
                source: cols.text(r, "source")?.to_string(),
            },
        });
    }
    Ok(out)
}

/// The achieved share for `op` on `a` under `stack`: the first row whose stack
/// and match fit (the file lists specific rows before `*` rows). `None` when the
/// table has no row: the caller says the figure is unknown.
pub fn achieved(a: &Accelerator, stack: Stack, op: OpClass) -> Option<&'static Achieved> {
    let arch = a.architecture.to_ascii_lowercase();
    let key = a.key.to_ascii_lowercase();
    table()
        .iter()
        .find(|r| {
            (r.stack == "*" || r.stack == stack.name())
                && r.op == op.column()
                && (r.matches == "*" || arch.contains(&r.matches) || key.contains(&r.matches))
        })
        .map(|r| &r.achieved)
}

/// `achieved` with the accelerator's own stack.
pub fn achieved_on(a: &Accelerator, op: OpClass) -> Option<&'static Achieved> {
    achieved(a, Stack::of(a), op)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_parses_and_every_row_has_a_source_and_basis() {
        let rows = parse(CSV).unwrap();
        assert!(rows.len() >= 20);
        assert_eq!(rows.len(), CSV.lines().count() - 1, "every line of the CSV is a row");
        for r in &rows {
            assert!(!r.achieved.source.is_empty() && !r.achieved.basis.is_empty());
            let b = &r.achieved.basis;
            assert!(b == "measured" || b == "derived" || b == "assumed" || b.starts_with("fitted: "), "basis {b}");
        }
    }
}
