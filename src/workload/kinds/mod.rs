//! One module per workload kind: its request fields and the demand it makes.

pub mod devtest;
pub mod hpc;
pub mod inference;
pub mod raw;
pub mod render;
pub mod training;
pub mod vdi;

/// Usable bytes/s per direction of one xGMI link of an AMD Instinct mesh (no
/// switch): the GPU's aggregate Infinity Fabric figure (both directions) over
/// its seven peer links, at the usable share AMD measured
/// (`perf::XGMI_MESH_PEERS`, `perf::XGMI_USABLE_SHARE`); `None` for other links.
pub(crate) fn xgmi_mesh_link_bytes_per_s(a: &crate::catalog::schema::Accelerator) -> Option<f64> {
    if !a.interconnect.to_ascii_lowercase().contains("infinity fabric") {
        return None;
    }
    let aggregate = a.interconnect_gbs.filter(|g| g.is_finite() && *g > 0.0)?;
    Some(aggregate * 1e9 / 2.0 / crate::workload::perf::XGMI_MESH_PEERS * crate::workload::perf::XGMI_USABLE_SHARE)
}
