//! Requests for `estimate`, `recommend` and `tco`. This version checks their
//! shape and the workload kind; the estimators arrive kind by kind, and until
//! one does, its request is refused with an error naming `workload.kind`.

use crate::error::Error;
use serde::Deserialize;

/// Workload kinds the API names (see docs/API.md).
pub const WORKLOAD_KINDS: [&str; 8] = ["pretrain", "finetune", "inference", "hpc", "render", "vdi", "devtest", "raw"];

/// The part of a request every planning call shares.
#[derive(Deserialize, Debug)]
pub struct PlanRequest {
    pub workload: WorkloadTag,
}

#[derive(Deserialize, Debug)]
pub struct WorkloadTag {
    pub kind: String,
}

/// Checks the request names a known workload kind, then says that this build
/// cannot compute it yet, so no caller mistakes silence for an answer.
pub fn not_yet_available(call: &str, request: &PlanRequest) -> Error {
    let kind = request.workload.kind.as_str();
    if !WORKLOAD_KINDS.contains(&kind) {
        return Error::new(
            "workload.kind",
            format!("unknown workload kind `{kind}`; expected one of: {}", WORKLOAD_KINDS.join(", ")),
        );
    }
    Error::new(
        "workload.kind",
        format!("{call}() for `{kind}` workloads is not available in gpuplan {} yet", env!("CARGO_PKG_VERSION")),
    )
}
