//! Virtual desktops: GPU memory per desktop, graphics APIs, host per desktop.

use crate::catalog::Catalog;
use crate::error::{check_range, Error};
use crate::recommend::fit::{graphics, sized, Fit, FitInput};
use crate::recommend::outcome::{exclude, Exclusion, Layout, Notices};
use crate::recommend::roles::{self, Role};
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

/// Checked desktops.
#[derive(Debug, Clone)]
pub struct Desktops {
    desktops: f64,
    profile_gib: f64,
    apis: SharedTexts,
    hours_per_month: Option<f64>,
    host: HostDemand,
    vcpus_given: bool,
    memory_given: bool,
}

impl Kind for Desktops {
    type Request = Vdi;

    fn check(v: &Vdi, _: &Catalog, _: &'static str) -> Result<Self, Error> {
        let w = "workload";
        let desktops = at_least_one(&format!("{w}.desktops"), Some(v.desktops), 1.0)?;
        let profile_gib = check_range(&format!("{w}.profileGib"), v.profile_gib, 0.25, 1024.0)?;
        let hours_per_month =
            v.hours_per_month.map(|h| check_range(&format!("{w}.hoursPerMonth"), h, 0.0, 744.0)).transpose()?;
        let vcpus = v.vcpus_per_desktop.unwrap_or(DEFAULT_DESKTOP_VCPUS);
        check_range(&format!("{w}.vcpusPerDesktop"), vcpus, 0.25, 256.0)?;
        let memory = v.memory_gib_per_desktop.unwrap_or(DEFAULT_DESKTOP_MEMORY_GIB);
        check_range(&format!("{w}.memoryGibPerDesktop"), memory, 0.25, 4096.0)?;
        let apis =
            if v.graphics_apis.is_empty() { SharedTexts::of(&["DirectX", "OpenGL"]) } else { v.graphics_apis.clone() };
        Ok(Desktops {
            desktops,
            profile_gib,
            apis,
            hours_per_month,
            host: HostDemand { vcpus, memory_gib: memory },
            vcpus_given: v.vcpus_per_desktop.is_some(),
            memory_given: v.memory_gib_per_desktop.is_some(),
        })
    }

    /// Desktops × GPU memory per desktop, and the host each needs.
    fn demand(&self, ctx: &mut Ctx) -> Result<Demand, Error> {
        let profile = self.profile_gib;
        let mut demand = Demand {
            memory: MemoryBreakdown { activations_gib: profile, ..MemoryBreakdown::default() }.summed(),
            total_memory_gib: profile * self.desktops,
            hours: self.hours_per_month,
            host_per_desktop: Some(self.host),
            ..Demand::one_gpu()
        };
        ctx.assume(
            "profileGib",
            profile,
            ("GPU memory per desktop (the vGPU profile)", "每个桌面的 GPU 显存（vGPU 配置）"),
        );
        let assumed = (
            "assumed for a CAD/3D power user (NVIDIA RTX vWS sizing); set your own",
            "按 CAD/3D 重度用户假定（NVIDIA RTX vWS 选型指南）；可自行设置",
        );
        ctx.assume("vcpusPerDesktop", self.host.vcpus, if self.vcpus_given { GIVEN } else { assumed });
        ctx.assume("memoryGibPerDesktop", self.host.memory_gib, if self.memory_given { GIVEN } else { assumed });
        if let Some(mem) = ctx.accel.and_then(|a| a.memory_gib) {
            let per_gpu = (mem / profile).floor().max(0.0);
            demand.compute.gpus_needed =
                Some(if per_gpu > 0.0 { (self.desktops / per_gpu).ceil() } else { f64::INFINITY });
            ctx.note(
                format!("{per_gpu} desktops of {profile} GiB per {mem} GiB GPU"),
                format!("每块 {mem} GiB 的 GPU 可容纳 {per_gpu} 个 {profile} GiB 的桌面"),
            );
        }
        Ok(demand)
    }

    fn fit(&self, _: &Demand, i: &FitInput) -> Result<Fit, Exclusion> {
        let (o, a) = (i.offer, i.accel);
        graphics(a)?;
        let mut notices = Notices::default();
        match roles::multi_user_vdi(&a.key) {
            Role::No => return Err(exclude("no-vgpu", &[])),
            Role::Unknown => notices.push("vgpu-unknown", &[]),
            Role::Yes => {}
        }
        let instance_memory = o.gpu_memory_gib.unwrap_or(0.0);
        let by_gpu = (instance_memory / self.profile_gib + 1e-9).floor();
        if by_gpu < 1.0 {
            return Err(exclude("memory", &[("instanceGib", instance_memory), ("profileGib", self.profile_gib)]));
        }
        // The host must run the desktops too: vCPUs and RAM per desktop bound the count.
        let h = self.host;
        let by_vcpus = o.vcpus.map_or(f64::INFINITY, |have| (have / h.vcpus + 1e-9).floor());
        let by_ram = o.memory_gib.map_or(f64::INFINITY, |have| (have / h.memory_gib + 1e-9).floor());
        let per_instance = by_gpu.min(by_vcpus).min(by_ram);
        if per_instance < 1.0 {
            return Err(exclude(
                "host-too-small",
                &[
                    ("vcpus", o.vcpus.unwrap_or(0.0)),
                    ("memoryGib", o.memory_gib.unwrap_or(0.0)),
                    ("desktopVcpus", h.vcpus),
                    ("desktopMemoryGib", h.memory_gib),
                ],
            ));
        }
        let instances = (self.desktops / per_instance).ceil();
        let hours = self.hours_per_month.unwrap_or(i.service_hours);
        Ok(Fit {
            memory_needed_gib: self.profile_gib,
            layout: Layout::Desktops { per_instance },
            notices,
            ..sized(i.base(self.profile_gib), o, instances, hours, a.fp32_tflops.unwrap_or(0.0))
        })
    }

    fn describe(&self) -> Description<'_> {
        Description { kind: "vdi", graphics_apis: Some(&self.apis), service: true, ..Description::default() }
    }
}
