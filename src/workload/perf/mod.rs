//! The performance model: named, cited formulas for training step time,
//! achieved efficiency per vendor and software stack (as data), HPC code
//! classes and serving under continuous batching. Plain functions over plain
//! numbers, so each kind's fit can call them per offer. Sources and
//! assumptions are listed in docs/ACCURACY.md.

pub mod efficiency;
pub mod hpc;
pub mod serving;
pub mod training;

/// AMD Instinct 8-GPU platforms have no switch: each GPU has a direct xGMI
/// (Infinity Fabric) link to each of its seven peers, a fully connected mesh
/// ("Understanding RCCL Bandwidth and xGMI Performance on AMD Instinct MI300X",
/// ROCm blog, 2025-03-02; stated for MI300X, assumed for the other Instinct
/// OAM parts).
pub const XGMI_MESH_PEERS: f64 = 7.0;
/// Share of an xGMI link's rated 64 GB/s per direction that transfers reach:
/// CRC and protocol overhead leave about 48 GB/s (75%), measured by AMD on
/// MI300X (the same blog).
pub const XGMI_USABLE_SHARE: f64 = 0.75;

/// Seconds to move one all-reduce of `bytes` among `n` GPUs of a mesh without
/// a switch, `link` usable bytes/s per direction per direct link:
/// reduce-scatter then all-gather, each GPU sending 1/n of the message to each
/// of its n − 1 peers over their direct links at once. The GPU's links to GPUs
/// outside the group carry nothing, so a smaller group sees fewer links.
pub fn mesh_all_reduce_s(bytes: f64, n: f64, link: f64) -> f64 {
    if n <= 1.0 || link <= 0.0 {
        return 0.0;
    }
    2.0 * bytes / (n * link)
}
