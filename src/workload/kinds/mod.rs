//! One module per workload kind: its request fields and the demand it makes. Here, what
//! several kinds share: the network a request names and the links of a cluster of nodes.

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

/// The network between instances as a request's `interconnect` names it (any case); each kind
/// reads what it needs of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Network {
    /// `infiniband`, `roce`, `efa`, `rdma`.
    Rdma,
    /// `ethernet`: plain Ethernet without RDMA.
    Ethernet,
    /// `nvlink`, `pcie`: links within a node, named where the network between nodes is asked
    /// (training reads them as RDMA-class, as it always did; raw requirements ask nothing of
    /// the network for them).
    WithinNode,
    /// `none`: nothing between the instances.
    None,
}

/// Every word `interconnect` accepts.
const NETWORK_WORDS: &[(&str, Network)] = &[
    ("infiniband", Network::Rdma),
    ("roce", Network::Rdma),
    ("efa", Network::Rdma),
    ("rdma", Network::Rdma),
    ("ethernet", Network::Ethernet),
    ("nvlink", Network::WithinNode),
    ("pcie", Network::WithinNode),
    ("none", Network::None),
];

impl Network {
    /// An unknown word is an error naming `field`, where it was taken for InfiniBand (training)
    /// or for no requirement (raw) before: a misspelt `ethernet` planned an RDMA cluster.
    pub(crate) fn parse(field: &str, word: &str) -> Result<Network, crate::error::Error> {
        let word = word.trim();
        NETWORK_WORDS.iter().find(|(w, _)| w.eq_ignore_ascii_case(word)).map(|(_, n)| *n).ok_or_else(|| {
            let accepted: Vec<String> = NETWORK_WORDS.iter().map(|(w, _)| format!("`{w}`")).collect();
            crate::error::Error::coded(
                "unknown-value",
                field,
                format!("`{word}` is not one of {}", accepted.join(", ")),
                &[],
            )
        })
    }

    /// No RDMA between the nodes: their traffic shares one Ethernet link per node.
    pub(crate) fn without_rdma(self) -> bool {
        matches!(self, Network::Ethernet | Network::None)
    }
}

/// Inter-node bandwidth per GPU and direction over InfiniBand or RoCE when the
/// offer states none: one 400 Gb/s NIC per GPU (training's `INTER_NODE_DEFAULT_SOURCE`).
pub(crate) const RDMA_BYTES_PER_S_PER_GPU: f64 = 50e9;
/// Plain Ethernet without RDMA: 100 Gb/s per node (assumed), shared by its GPUs.
pub(crate) const ETHERNET_BYTES_PER_S_PER_NODE: f64 = 12.5e9;

/// The links of a cluster of `a` (a training run's nodes, an HPC job's instances): per GPU and
/// direction within a node (half the spec table's bidirectional NVLink/Infinity Fabric/PCIe
/// figure) and across nodes (the offer's stated fabric per GPU when there is one, else by
/// `network`).
pub(crate) fn cluster_links(
    a: &crate::catalog::schema::Accelerator,
    network: Network,
    per_node: f64,
    fabric: Option<f64>,
) -> crate::workload::perf::training::ClusterLinks {
    let intra = a.interconnect_gbs.map_or(16e9, |g| g * 1e9 / 2.0);
    let inter = match (fabric, network) {
        (Some(stated), _) => stated,
        (None, n) if n.without_rdma() => ETHERNET_BYTES_PER_S_PER_NODE / per_node.max(1.0),
        (None, _) => RDMA_BYTES_PER_S_PER_GPU,
    };
    crate::workload::perf::training::ClusterLinks {
        gpus_per_node: per_node,
        intra_node_bytes_per_s: intra,
        inter_node_bytes_per_s: inter.min(intra),
        intra_node_mesh_link_bytes_per_s: xgmi_mesh_link_bytes_per_s(a),
    }
}
