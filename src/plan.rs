//! Requests for `recommend` and `tco`. This version checks their shape and
//! the workload kind; until an engine lands, its request is refused with an
//! error naming `workload.kind`, so no caller mistakes silence for an answer.

use crate::error::Error;
use crate::workload::KINDS;
use serde::Deserialize;

/// The part of a request every planning call shares.
#[derive(Deserialize, Debug)]
pub struct PlanRequest {
    pub workload: WorkloadTag,
}

#[derive(Deserialize, Debug)]
pub struct WorkloadTag {
    pub kind: String,
}

pub fn not_yet_available(call: &str, request: &PlanRequest) -> Error {
    let kind = request.workload.kind.as_str();
    if !KINDS.contains(&kind) {
        return Error::new(
            "workload.kind",
            format!("unknown workload kind `{kind}`; expected one of: {}", KINDS.join(", ")),
        );
    }
    Error::new(
        "workload.kind",
        format!("{call}() for `{kind}` workloads is not available in gpuplan {} yet", env!("CARGO_PKG_VERSION")),
    )
}
