//! Virtual desktops: GPU memory per desktop, graphics APIs, host per desktop.

use crate::catalog::Catalog;
use crate::error::{check_range, Error};
use crate::workload::context::Kind;
use crate::workload::context::*;
use crate::workload::memory::MemoryBreakdown;
use crate::workload::response::*;
use crate::workload::words::GIVEN;
use serde::Deserialize;

#[derive(Deserialize, Debug, Clone)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[derive(ts_rs::TS)]
#[ts(optional_fields = nullable)]
pub struct Vdi {
    pub desktops: f64,
    /// GPU memory per desktop, GiB (the vGPU profile).
    pub profile_gib: f64,
    #[serde(default)]
    #[ts(optional = nullable)]
    pub graphics_apis: SharedTexts,
    #[serde(default)]
    pub hours_per_month: Option<f64>,
    /// Host vCPUs each desktop needs (default 4).
    #[serde(default)]
    pub vcpus_per_desktop: Option<f64>,
    /// Host RAM each desktop needs, GiB (default 16).
    #[serde(default)]
    pub memory_gib_per_desktop: Option<f64>,
}

/// A CAD/3D power user's desktop: 4 vCPUs and 16 GiB of host RAM (assumed,
/// in line with NVIDIA's RTX vWS sizing for professional graphics users).
pub const DEFAULT_DESKTOP_VCPUS: f64 = 4.0;
pub const DEFAULT_DESKTOP_MEMORY_GIB: f64 = 16.0;

/// VDI: desktops × GPU memory per desktop, and the graphics APIs needed.
pub(crate) fn vdi(ctx: &mut Ctx, v: &Vdi) -> Result<EstimateResponse, Error> {
    let w = "workload";
    let desktops = at_least_one(&format!("{w}.desktops"), Some(v.desktops), 1.0)?;
    let profile = check_range(&format!("{w}.profileGib"), v.profile_gib, 0.25, 1024.0)?;
    let mut response = empty_response("vdi");
    response.memory = MemoryBreakdown { activations_gib: profile, ..MemoryBreakdown::default() }.summed();
    response.total_memory_gib = profile * desktops;
    // Shared, not copied: this runs once per accelerator of the catalog.
    response.graphics_apis =
        if v.graphics_apis.is_empty() { SharedTexts::of(&["DirectX", "OpenGL"]) } else { v.graphics_apis.clone() };
    response.hours =
        v.hours_per_month.map(|h| check_range(&format!("{w}.hoursPerMonth"), h, 0.0, 744.0)).transpose()?;
    ctx.assume(
        "profileGib",
        profile,
        ("GPU memory per desktop (the vGPU profile)", "每个桌面的 GPU 显存（vGPU 配置）"),
    );
    let vcpus = v.vcpus_per_desktop.unwrap_or(DEFAULT_DESKTOP_VCPUS);
    check_range(&format!("{w}.vcpusPerDesktop"), vcpus, 0.25, 256.0)?;
    let memory = v.memory_gib_per_desktop.unwrap_or(DEFAULT_DESKTOP_MEMORY_GIB);
    check_range(&format!("{w}.memoryGibPerDesktop"), memory, 0.25, 4096.0)?;
    let assumed = (
        "assumed for a CAD/3D power user (NVIDIA RTX vWS sizing); set your own",
        "按 CAD/3D 重度用户假定（NVIDIA RTX vWS 选型指南）；可自行设置",
    );
    ctx.assume("vcpusPerDesktop", vcpus, if v.vcpus_per_desktop.is_some() { GIVEN } else { assumed });
    ctx.assume("memoryGibPerDesktop", memory, if v.memory_gib_per_desktop.is_some() { GIVEN } else { assumed });
    response.host_per_desktop = Some(HostDemand { vcpus, memory_gib: memory });
    if let Some(mem) = ctx.accel.and_then(|a| a.memory_gib) {
        let per_gpu = (mem / profile).floor().max(0.0);
        response.compute.gpus_needed = Some(if per_gpu > 0.0 { (desktops / per_gpu).ceil() } else { f64::INFINITY });
        ctx.note(
            format!("{per_gpu} desktops of {profile} GiB per {mem} GiB GPU"),
            format!("每块 {mem} GiB 的 GPU 可容纳 {per_gpu} 个 {profile} GiB 的桌面"),
        );
    }
    Ok(response)
}

impl Kind for Vdi {
    fn demand(&self, ctx: &mut Ctx, _: &Catalog, _: &'static str) -> Result<EstimateResponse, Error> {
        vdi(ctx, self)
    }
}
