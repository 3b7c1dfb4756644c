//! Facts about offers the catalog implies: software stack and lock-in,
//! compliance status with its source strength, RDMA networking, confidential
//! computing and bare metal. Unknown stays unknown.

use crate::catalog::schema::{Accelerator, AcceleratorKind, Offer, ProviderFacts};
use serde::Serialize;

/// How strong the evidence for a compliance fact is (`providers.csv` cell text).
#[derive(Serialize, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[serde(rename_all = "camelCase")]
pub enum Status {
    /// "yes:" from the provider's own page.
    Yes,
    /// "yes (secondary)" or "yes (preview)": a credible secondary source.
    YesSecondary,
    /// "listed (secondary)": a keyword scrape only, not proof.
    Listed,
    /// Not found in our data. Never read as "no".
    Unknown,
}

impl Status {
    /// Every status, in the order `params.status` numbers them.
    pub const ALL: [Status; 4] = [Status::Yes, Status::YesSecondary, Status::Listed, Status::Unknown];

    pub fn index(self) -> usize {
        Status::ALL.iter().position(|s| *s == self).unwrap_or(3)
    }

    pub fn of(cell: &str) -> Status {
        let c = cell.trim().to_ascii_lowercase();
        if c.is_empty() || c.starts_with("in progress") {
            Status::Unknown
        } else if c.starts_with("yes:") {
            Status::Yes
        } else if c.starts_with("yes (") {
            Status::YesSecondary
        } else {
            Status::Listed
        }
    }

    /// Known yes: official or a credible secondary source.
    pub fn is_yes(self) -> bool {
        matches!(self, Status::Yes | Status::YesSecondary)
    }

    pub fn describe_zh(self) -> &'static str {
        match self {
            Status::Yes => "是（服务商自己的来源）",
            Status::YesSecondary => "是（第二手来源）",
            Status::Listed => "仅第二手来源列出",
            Status::Unknown => "未知（我们的数据中没有）",
        }
    }

    pub fn describe(self) -> &'static str {
        match self {
            Status::Yes => "yes (provider's own source)",
            Status::YesSecondary => "yes (secondary source)",
            Status::Listed => "listed by a secondary source only",
            Status::Unknown => "unknown (not in our data)",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Compliance {
    Hipaa,
    Soc2,
    Iso27001,
    Gdpr,
    PciDss,
    Fedramp,
    ChinaMlps,
}

impl Compliance {
    /// Every rule, in the order `params.rule` numbers them.
    pub const ALL: [Compliance; 7] = [
        Compliance::Hipaa,
        Compliance::Soc2,
        Compliance::Iso27001,
        Compliance::Gdpr,
        Compliance::PciDss,
        Compliance::Fedramp,
        Compliance::ChinaMlps,
    ];

    pub fn index(self) -> usize {
        Compliance::ALL.iter().position(|c| *c == self).unwrap_or(0)
    }

    pub fn parse(name: &str) -> Option<Compliance> {
        Some(match name.trim().to_ascii_lowercase().replace([' ', '-', '_'], "").as_str() {
            "hipaa" => Compliance::Hipaa,
            "soc2" => Compliance::Soc2,
            "iso27001" => Compliance::Iso27001,
            "gdpr" => Compliance::Gdpr,
            "pcidss" | "pci" => Compliance::PciDss,
            "fedramp" => Compliance::Fedramp,
            "mlps" | "chinamlps" => Compliance::ChinaMlps,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            Compliance::Hipaa => "HIPAA BAA",
            Compliance::Soc2 => "SOC 2 Type II",
            Compliance::Iso27001 => "ISO 27001",
            Compliance::Gdpr => "GDPR DPA",
            Compliance::PciDss => "PCI DSS",
            Compliance::Fedramp => "FedRAMP",
            Compliance::ChinaMlps => "China MLPS",
        }
    }

    pub fn status(self, facts: Option<&ProviderFacts>) -> Status {
        let Some(f) = facts else { return Status::Unknown };
        Status::of(match self {
            Compliance::Hipaa => &f.hipaa_baa,
            Compliance::Soc2 => &f.soc2_type2,
            Compliance::Iso27001 => &f.iso27001,
            Compliance::Gdpr => &f.gdpr_dpa,
            Compliance::PciDss => &f.pci_dss,
            Compliance::Fedramp => &f.fedramp,
            Compliance::ChinaMlps => &f.china_mlps,
        })
    }
}

/// `needle` (lower-case ASCII) in `haystack`, ignoring ASCII case, without allocating.
pub fn contains_ignore_case(haystack: &str, needle: &str) -> bool {
    haystack.as_bytes().windows(needle.len()).any(|w| w.eq_ignore_ascii_case(needle.as_bytes()))
}

/// `prefix` (lower-case ASCII) at the start of `text`, ignoring ASCII case, without allocating.
pub fn starts_with_ignore_case(text: &str, prefix: &str) -> bool {
    text.get(..prefix.len()).is_some_and(|head| head.eq_ignore_ascii_case(prefix))
}

/// The software stack an accelerator needs.
pub fn stack(a: &Accelerator) -> &'static str {
    let key = &*a.key;
    match a.kind {
        AcceleratorKind::Tpu => "xla",
        AcceleratorKind::Fpga => "fpga",
        AcceleratorKind::Asic
            if starts_with_ignore_case(key, "inferentia") || starts_with_ignore_case(key, "trainium") =>
        {
            "neuron"
        }
        AcceleratorKind::Asic => "vendor-sdk",
        AcceleratorKind::Gpu if contains_ignore_case(&a.vendor, "amd") => "rocm",
        AcceleratorKind::Gpu if contains_ignore_case(&a.vendor, "nvidia") => "cuda",
        AcceleratorKind::Gpu => "unknown",
    }
}

/// Lock-in and portability of a stack, en and zh.
pub fn lock_in(stack: &str) -> (&'static str, &'static str) {
    match stack {
        "cuda" => (
            "CUDA: runs on every major cloud and GPU cloud; the most portable choice.",
            "CUDA：各大云和 GPU 云均支持，可移植性最好。",
        ),
        "rocm" => (
            "ROCm: PyTorch runs, but CUDA-only kernels and libraries need porting; fewer clouds offer AMD GPUs.",
            "ROCm：PyTorch 可运行，但仅支持 CUDA 的内核和库需移植；提供 AMD GPU 的云较少。",
        ),
        "xla" => (
            "TPU (XLA): Google Cloud only; JAX or PyTorch/XLA, so moving off it means porting.",
            "TPU（XLA）：仅限 Google Cloud；使用 JAX 或 PyTorch/XLA，迁出需移植。",
        ),
        "neuron" => (
            "AWS Neuron: AWS only; models must compile with the Neuron SDK.",
            "AWS Neuron：仅限 AWS；模型需用 Neuron SDK 编译。",
        ),
        "fpga" => {
            ("FPGA: needs hardware development (Vitis/HLS); no CUDA.", "FPGA：需要硬件开发（Vitis/HLS），不支持 CUDA。")
        }
        _ => (
            "The vendor's own SDK: check framework support before committing.",
            "需使用厂商自有 SDK：投入前请确认框架支持。",
        ),
    }
}

/// Whether the instance has InfiniBand/RDMA-class networking for multi-node
/// training: Azure sizes with "r" (RDMA), AWS EFA families, GCP A3 Mega/Ultra and A4.
/// `None` where the catalog cannot tell. Of Trainium, only the 32xlarge sizes carry EFA
/// (the catalog's AWS source: trn1.32xlarge "8x 100 Gigabit", trn1.2xlarge "Up to 12.5
/// Gigabit"), so a cluster of trn1.2xlarge is not a training cluster.
pub fn rdma(offer: &Offer) -> Option<bool> {
    // What the owner declared (a custom offer's `interconnect`) beats the name rules.
    if let Some(declared) = offer.rdma_declared {
        return Some(declared);
    }
    let i = offer.instance.as_str();
    match offer.provider.as_str() {
        "azure" => {
            let size = i.trim_start_matches("Standard_").split('_').next().unwrap_or("");
            let mut letters = size.chars().skip_while(|c| c.is_ascii_uppercase()).skip_while(|c| c.is_ascii_digit());
            Some(letters.any(|c| c == 'r'))
        }
        "aws" => Some(
            ["p4d.", "p4de.", "p5.", "p5e.", "p5en.", "p6-", "p6.", "p6e", "trn1.32xlarge", "trn1n.", "trn2", "dl1."]
                .iter()
                .any(|p| i.starts_with(p)),
        ),
        "gcp" => Some(i.starts_with("a3-mega") || i.starts_with("a3-ultra") || i.starts_with("a4")),
        _ => None,
    }
}

/// GPUs in one NVL72 rack: its NVLink switches join all of them.
pub const NVL72_GPUS: f64 = 72.0;

/// The GPUs one NVLink domain joins around an offer's instance: its own GPUs, or the rack
/// where NVLink spans instances (`nvlink_rack_gpus`), so a tensor-parallel group or a serving
/// replica may span instances of one rack.
pub fn nvlink_domain_gpus(o: &Offer) -> f64 {
    nvlink_rack_gpus(o).unwrap_or(o.gpu_count)
}

/// The GPUs of the NVLink domain an offer's instances share where it spans instances; `None`
/// where NVLink stays within the instance. Azure's ND GB200 v6 and GB300 v6 VMs hold four GPUs
/// each and come 18 to an NVL72 rack whose NVLink joins all 72 GPUs (Azure's ND GB200 v6 and
/// GB300 v6 size pages: "groups of 18 ND GB200 v6 VMs", "18 VMs per rack, so effectively 72 …
/// GPUs"). Other providers' GB200 shapes are left at their instance: no page of theirs was read.
pub fn nvlink_rack_gpus(o: &Offer) -> Option<f64> {
    let i = o.instance.as_str();
    let nvl72 =
        o.provider.as_str() == "azure" && (contains_ignore_case(i, "gb200_v6") || contains_ignore_case(i, "gb300_v6"));
    (nvl72 && o.gpu_count < NVL72_GPUS).then_some(NVL72_GPUS)
}

/// The accelerator fabric between instances, in Gb/s per instance, where the
/// provider states it, and the source. Only the fabric that carries collectives
/// counts, not the instance's front-end NIC. A `match` on the name: it is read
/// for every offer of every training answer.
fn fabric_row(offer: &Offer) -> Option<(f64, &'static str)> {
    let (provider, gbit_per_s, source) = match &*offer.instance {
        "p4d.24xlarge" | "p4de.24xlarge" => ("aws", 400.0, AWS_NETWORK_PERFORMANCE),
        // One H100 and one network interface: the EFA traffic shares its 100 Gb/s.
        "p5.4xlarge" => (
            "aws",
            100.0,
            "the catalog's AWS source (instances.vantage.sh via tsaol/aws-gpu, all_gpu_instances.js, 2026-01-21): p5.4xlarge network '100 Gigabit'",
        ),
        "trn1.32xlarge" => ("aws", 800.0, AWS_NETWORK_PERFORMANCE),
        "trn1n.32xlarge" => (
            "aws",
            1600.0,
            "AWS Neuron docs, Trn1/Trn1n architecture (general/arch/neuron-hardware/trn1-arch, v2.9.1): EFA bandwidth 800 Gbps for Trn1.32xlarge, 1600 for Trn1n.32xlarge",
        ),
        "p5.48xlarge" | "p5e.48xlarge" | "p5en.48xlarge" | "p6-b200.48xlarge" => ("aws", 3200.0, ML_ENGINEERING_NETWORK),
        "p6-b300.48xlarge" => ("aws", 6400.0, ML_ENGINEERING_NETWORK),
        "Standard_ND96asr_v4" => (
            "azure",
            1600.0,
            "ND A100 v4-series page (MicrosoftDocs/azure-docs nda100-v4-series.md): 'InfiniBand: Supported, GPUDirect RDMA, 8 x 200 Gigabit HDR'",
        ),
        "Standard_ND96amsr_A100_v4" => (
            "azure",
            1600.0,
            "NDm A100 v4-series, the 80 GB sibling of ND A100 v4 (MicrosoftDocs/azure-docs nda100-v4-series.md: 8 × 200 Gb/s HDR InfiniBand per VM)",
        ),
        "Standard_ND96isr_H100_v5" => (
            "azure",
            3200.0,
            "ND H100 v5-series page (MicrosoftDocs/azure-docs nd-h100-v5-series.md): 'Infiniband: Supported, GPUDirect RDMA, 8x400 Gigabit NDR'",
        ),
        "Standard_ND96isr_MI300X_v5" => (
            "azure",
            3200.0,
            "ND MI300X v5-series summary (MicrosoftDocs/azure-docs nd-mi300x-v5-series-summary.md): 'Each GPU within the VM is provided with its own dedicated, topology-agnostic 400 Gb/s NVIDIA Quantum-2 CX7 InfiniBand connection'",
        ),
        "Standard_ND40rs_v2" => (
            "azure",
            100.0,
            "NDv2-series page (MicrosoftDocs/azure-docs ndv2-series.md): 'The NDv2 series now supports 100-Gigabit InfiniBand EDR backend networking' for its eight V100",
        ),
        "a3-megagpu-8g" => ("gcp", 1600.0, ML_ENGINEERING_NETWORK),
        _ => return None,
    };
    (*offer.provider == *provider).then_some((gbit_per_s, source))
}
const AWS_NETWORK_PERFORMANCE: &str =
    "EC2 DescribeInstanceTypes NetworkPerformance: p4d.24xlarge and p4de.24xlarge '4x 100 Gigabit', trn1.32xlarge '8x 100 Gigabit'";
const ML_ENGINEERING_NETWORK: &str = "stas00/ml-engineering network/README.md (744d01e, 2026-08-22), inter-node table from the providers' pages: AWS EFA v2 (P5/P5e) 32 × 100 Gb/s, EFA v3 (P5en) 16 × 200, EFA v4 (P6-B200) 8 × 400, (P6-B300) 16 × 400; GCP A3 Mega TCPXO 8 × 200 (the accelerator fabric, without the 200 Gb/s front-end NIC)";

/// Bandwidth between instances per GPU and direction, in bytes/s, where the
/// provider states the instance's fabric (`fabric_row`), and its source; `None`
/// where the catalog cannot tell (a training cluster then assumes one 400 Gb/s
/// NIC per GPU, `RDMA_BYTES_PER_S_PER_GPU`).
pub fn stated_fabric(offer: &Offer) -> Option<(f64, &'static str)> {
    let (gbit_per_s, source) = fabric_row(offer)?;
    (offer.gpu_count >= 1.0).then(|| (gbit_per_s * 1e9 / 8.0 / offer.gpu_count, source))
}

/// The instance's stated fabric in Gb/s per instance, as its provider writes it.
pub fn stated_fabric_gbit_per_s(offer: &Offer) -> Option<f64> {
    fabric_row(offer).map(|(gbit_per_s, _)| gbit_per_s)
}

pub fn confidential(offer: &Offer) -> bool {
    offer.provider == "azure" && offer.family == "NCC"
}

pub fn bare_metal(offer: &Offer) -> bool {
    let i = &*offer.instance;
    contains_ignore_case(i, ".metal") || starts_with_ignore_case(i, "bm.") || contains_ignore_case(i, "ebmgn")
}

/// Whether the instance's host CPU is Arm: AWS Graviton hosts (`g5g`, with
/// T4G GPUs) and NVIDIA Grace superchips (GH200, GB200, GB300). x86-only
/// wheels, containers and binaries do not run there.
pub fn arm_host(offer: &Offer, a: &Accelerator) -> bool {
    let key = &*a.key;
    ["GH200", "GB200", "GB300", "T4G"].iter().any(|k| key.eq_ignore_ascii_case(k))
        || (offer.provider == "aws" && starts_with_ignore_case(&offer.instance, "g5g."))
}

/// Hosts inside one instance that can be preempted one by one: a Cloud TPU
/// v5e or v6e slice has 8 chips per host (the v5e slice table: 128 chips on
/// 16 hosts; the v6e page: "Chips per host 8"; cloud.google.com/tpu/docs/v5e
/// and /v6e, read 2026-12-01), so a 128-chip slice stops whole when any of its
/// 16 hosts is preempted. v4 and v5p hosts hold 4 chips: 8 undercounts them,
/// the cautious side is not taken. Every other instance is one host.
pub const TPU_CHIPS_PER_HOST: f64 = 8.0;

pub fn hosts_per_instance(offer: &Offer, a: &Accelerator) -> f64 {
    if stack(a) == "xla" && offer.gpu_count > TPU_CHIPS_PER_HOST {
        (offer.gpu_count / TPU_CHIPS_PER_HOST).ceil()
    } else {
        1.0
    }
}
