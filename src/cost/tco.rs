//! Buy vs rent: what owning a GPU server costs against renting the same GPUs.
//! Inputs, defaults and formulas: docs/COST.md §Buy vs rent (after the worked
//! example of shared onprem_tco.md §2).

use super::energy::IDLE_SHARE_OF_MAX;
use super::plans::committed_hours;
use super::{PlanKind, HOURS_PER_MONTH, HOURS_PER_YEAR};
use crate::catalog::user::offer_id;
use crate::error::{check_range, Error};
use serde::{Deserialize, Serialize};

#[derive(Deserialize, Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
#[derive(ts_rs::TS)]
#[ts(optional_fields = nullable)]
#[ts(rename = "TcoServer")]
pub struct Server {
    pub price_usd: Option<f64>,
    pub gpus: Option<f64>,
    /// Maximum power draw of the server, kW.
    pub power_kw: Option<f64>,
    /// Its GPUs' catalog key (default `H100`): the default rent is the cheapest
    /// catalog offer with this accelerator and as many GPUs.
    pub accelerator: Option<String>,
}

/// `tco(request)`. Every field is optional; defaults in docs/COST.md.
#[derive(Deserialize, Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
#[derive(ts_rs::TS)]
#[ts(optional_fields = nullable)]
pub struct TcoRequest {
    #[ts(optional = nullable)]
    pub server: Server,
    pub years: Option<f64>,
    /// Share of hours the GPUs do useful work, 0–1.
    pub utilization: Option<f64>,
    pub rent_usd_per_gpu_hour: Option<f64>,
    pub rent_reserved_1y_usd_per_gpu_hour: Option<f64>,
    pub rent_reserved_3y_usd_per_gpu_hour: Option<f64>,
    /// A catalog offer id (`provider/instance/region`) to rent instead.
    pub rent_offer_id: Option<String>,
    pub pue: Option<f64>,
    pub electricity_usd_per_kwh: Option<f64>,
    pub colocation_usd_per_kw_month: Option<f64>,
    pub staff_usd_per_year: Option<f64>,
    /// Years over which the purchase is written off (default: the horizon).
    pub depreciation_years: Option<f64>,
    /// Share of maximum power drawn while busy.
    pub busy_power_fraction: Option<f64>,
    /// Share of busy power drawn while idle.
    pub idle_power_fraction: Option<f64>,
}

/// A value the result used and where it came from.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
#[ts(rename = "TcoAssumption")]
pub struct Assumption {
    pub name: &'static str,
    /// `null` when unknown.
    pub value: Option<f64>,
    pub unit: &'static str,
    pub source: String,
    /// `source` in Simplified Chinese.
    pub source_zh: String,
}

#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct Owned {
    pub total_usd: f64,
    /// The purchase price written off within the horizon.
    pub capex_usd: f64,
    pub colocation_usd: f64,
    pub electricity_usd: f64,
    pub staff_usd: f64,
    /// Total ÷ GPU-hours of useful work; `null` at 0% utilization.
    pub usd_per_used_gpu_hour: Option<f64>,
    pub usd_per_gpu_hour_at_full_use: f64,
}

#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct RentPlan {
    pub plan: PlanKind,
    pub usd_per_gpu_hour: f64,
    /// Over the horizon: on-demand pays used hours; reservations every hour of whole terms.
    pub total_usd: f64,
    pub usd_per_used_gpu_hour: Option<f64>,
    pub owning_cheaper: bool,
}

/// Cumulative cash paid by the end of `month` (month 0: the purchase).
#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct MonthPoint {
    pub month: u32,
    pub owned_usd: f64,
    pub on_demand_usd: Option<f64>,
    pub reserved_1y_usd: Option<f64>,
    pub reserved_3y_usd: Option<f64>,
}

#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct TcoResponse {
    pub assumptions: Vec<Assumption>,
    pub horizon_hours: f64,
    pub owned: Owned,
    pub rent: Vec<RentPlan>,
    /// Owning beats renting on demand above this utilization; `null` when it never does.
    pub break_even_utilization: Option<f64>,
    /// At the given utilization, the month the cumulative on-demand rent
    /// passes the cumulative cost of owning (the purchase paid up front);
    /// `null` when it never does. May lie beyond the horizon.
    pub break_even_month: Option<u32>,
    pub monthly: Vec<MonthPoint>,
    pub notes: Vec<String>,
    pub notes_zh: Vec<String>,
}

// Defaults (docs/COST.md lists each with its source and date).
/// Viperatech DGX H100 P4387 640GB, 2025-03-03: the newest complete 8× H100 server price (Epoch AI hardware prices).
pub const DEFAULT_SERVER_PRICE_USD: f64 = 375_000.0;
pub const DEFAULT_SERVER_GPUS: f64 = 8.0;
/// DGX H100 maximum system power (NVIDIA DGX H100/H200 user guide, via onprem_tco.md §1.2).
pub const DEFAULT_SERVER_POWER_KW: f64 = 10.2;
/// The worked example's horizon (onprem_tco.md §2; a choice, not data).
pub const DEFAULT_YEARS: f64 = 3.0;
/// Epoch AI `power_usage_effectiveness()`: 1.25 for non-hyperscalers.
pub const DEFAULT_PUE: f64 = 1.25;
/// Epoch AI `energy_price()`: average US industrial price, 2025.
pub const DEFAULT_ELECTRICITY_USD_PER_KWH: f64 = 0.0826;
/// CBRE North America Data Center Trends H2 2024 (published 2025-02-26): average asking rate, 250–500 kW.
pub const DEFAULT_COLOCATION_USD_PER_KW_MONTH: f64 = 184.06;
/// Epoch AI `server_TDP_fraction()` for GPUs: share of server TDP drawn in training.
pub const DEFAULT_BUSY_POWER_FRACTION: f64 = 0.75;
/// CCF's default utilization (see `energy::DEFAULT_UTILIZATION`).
pub const DEFAULT_UTILIZATION: f64 = super::energy::DEFAULT_UTILIZATION;
/// Staff to run one 8-GPU server: a third party puts 0.5 FTE for one DGX at
/// $225,000–300,000 over three years (agoradigest.com citing Spheron, 2026-04);
/// the low end, $75,000 a year, is the default (editable, shown in `assumptions`).
///
/// Still a secondary source: the primary one asked for, the U.S. BLS OEWS mean
/// annual wage of 15-1244 Network and Computer Systems Administrators in the
/// May 2023 or May 2024 release, was not found with its figures in the sources
/// read (2026-12-01); the stored copy of bls.gov/oes/current/oes151244.htm has
/// the page without its tables. The one OEWS release read with figures, May
/// 2019 (bls.gov/oes/2019/may/oes151244.htm), gives a mean annual wage of
/// $88,410: half an administrator (the 0.5 FTE share above) is $44,205 of
/// wages alone, before benefits and overhead, so the $75,000 default is not
/// out of line with it. No primary source for the share of an administrator
/// per server was found either; 0.5 FTE stays the secondary source's figure.
pub const DEFAULT_STAFF_USD_PER_YEAR: f64 = 225_000.0 / 3.0;
/// The accelerator of the default server (a DGX H100), for the default rent reference.
pub const DEFAULT_SERVER_ACCELERATOR: &str = "H100";
/// The DGX H100's GPUs: 8 × 700 W SXM5 (NVIDIA H100 datasheet), 5.6 kW of its
/// 10.2 kW: the rest is CPUs, memory, network, fans. Another server's power
/// is estimated as its GPUs' TDP × 10.2 / 5.6 (the DGX's ratio, assumed) when
/// none is given.
pub const DEFAULT_SERVER_GPU_KW: f64 = 8.0 * 0.7;

/// The server bought, resolved: which accelerator and how many, and whether it
/// is the one the default price and power are for (a DGX H100).
struct ServerClass {
    accelerator: String,
    gpus: f64,
    is_default: bool,
    /// Its GPUs' TDP in kW, when the catalog has it.
    gpu_kw: Option<f64>,
}

/// The owned server matches what is rented: `server.accelerator`, else the
/// rented offer's accelerator, else the default H100; GPUs likewise.
fn server_class(r: &TcoRequest) -> Result<ServerClass, Error> {
    let catalog = crate::catalog::embedded()?;
    let offer =
        r.rent_offer_id.as_deref().and_then(|id| catalog.data.offers.iter().find(|o| offer_id(catalog, o) == id));
    let named = r.server.accelerator.as_deref();
    let row = match named {
        Some(k) => Some(
            catalog
                .accelerator_index(k)
                .ok_or_else(|| Error::new("server.accelerator", format!("unknown accelerator `{k}`")))?,
        ),
        None => offer.map(|o| o.accelerator as usize),
    };
    let default_row = catalog.accelerator_index(DEFAULT_SERVER_ACCELERATOR);
    let row = row.or(default_row);
    let a = row.and_then(|i| catalog.data.accelerators.get(i));
    let gpus = r.server.gpus.or(offer.filter(|_| named.is_none()).map(|o| o.gpu_count)).unwrap_or(DEFAULT_SERVER_GPUS);
    Ok(ServerClass {
        accelerator: a.map_or_else(|| DEFAULT_SERVER_ACCELERATOR.to_string(), |a| a.key.to_string()),
        gpus,
        is_default: row == default_row && (gpus - DEFAULT_SERVER_GPUS).abs() < 1e-9,
        gpu_kw: a.and_then(|a| a.tdp_watts).map(|w| w * gpus / 1000.0),
    })
}

struct Rent {
    on_demand: Option<f64>,
    reserved_1y: Option<f64>,
    reserved_3y: Option<f64>,
    source: String,
    source_zh: String,
}

fn rent_of_offer(id: &str) -> Result<Rent, Error> {
    let catalog = crate::catalog::embedded()?;
    let offer = catalog
        .data
        .offers
        .iter()
        .find(|o| offer_id(catalog, o) == id)
        .ok_or_else(|| Error::new("rentOfferId", format!("no offer `{id}` in the catalog")))?;
    if offer.gpu_count <= 0.0 {
        return Err(Error::new("rentOfferId", format!("`{id}` has no GPUs")));
    }
    let per_gpu = |p: Option<f64>| p.map(|p| p / offer.gpu_count);
    if offer.prices.on_demand.is_none() {
        return Err(Error::new("rentOfferId", format!("`{id}` has no on-demand price in our data")));
    }
    Ok(Rent {
        on_demand: per_gpu(offer.prices.on_demand),
        reserved_1y: per_gpu(offer.prices.reserved_1y),
        reserved_3y: per_gpu(offer.prices.reserved_3y),
        source: format!("catalog offer {id} (list prices ÷ {} GPUs)", offer.gpu_count),
        source_zh: format!("目录报价 {id}（标价 ÷ {} 块 GPU）", offer.gpu_count),
    })
}

/// The catalog offer with the same accelerator and GPU count as the server and
/// the lowest on-demand price, among prices our data does not doubt: no
/// `doubtful-price` flag, nor any doubt flag the risk-adjusted ranking weighs
/// (a marketplace sample changes by the hour; a stale price is not a reference).
pub fn cheapest_comparable(accelerator: &str, gpus: f64) -> Result<Option<String>, Error> {
    let catalog = crate::catalog::embedded()?;
    let row = catalog
        .accelerator_index(accelerator)
        .ok_or_else(|| Error::new("server.accelerator", format!("unknown accelerator `{accelerator}`")))?;
    let best = catalog
        .data
        .offers
        .iter()
        .filter(|o| o.accelerator as usize == row && (o.gpu_count - gpus).abs() < 1e-9)
        .filter(|o| {
            !catalog.flags_of(o).any(|f| {
                f.code == "doubtful-price" || crate::recommend::explain::RANK_DOUBT_FLAGS.contains(&f.code.as_str())
            })
        })
        .filter_map(|o| Some((o, o.prices.on_demand?)))
        .min_by(|a, b| a.1.total_cmp(&b.1));
    Ok(best.map(|(o, _)| offer_id(catalog, o)))
}

fn rent_of(r: &TcoRequest) -> Result<Rent, Error> {
    let given = [r.rent_usd_per_gpu_hour, r.rent_reserved_1y_usd_per_gpu_hour, r.rent_reserved_3y_usd_per_gpu_hour];
    let names = ["rentUsdPerGpuHour", "rentReserved1yUsdPerGpuHour", "rentReserved3yUsdPerGpuHour"];
    for (v, n) in given.iter().zip(names) {
        if let Some(v) = v {
            check_range(n, *v, 0.001, 10_000.0)?;
        }
    }
    if let Some(id) = &r.rent_offer_id {
        if given.iter().any(Option::is_some) {
            return Err(Error::new("rentOfferId", "give either rentOfferId or rent prices, not both"));
        }
        return rent_of_offer(id);
    }
    if given.iter().all(Option::is_none) {
        let accelerator = r.server.accelerator.as_deref().unwrap_or(DEFAULT_SERVER_ACCELERATOR);
        let gpus = r.server.gpus.unwrap_or(DEFAULT_SERVER_GPUS);
        let id = cheapest_comparable(accelerator, gpus)?.ok_or_else(|| {
            Error::new(
                "server.accelerator",
                format!("no catalog offer of {gpus} × {accelerator} has an on-demand price: give rentUsdPerGpuHour"),
            )
        })?;
        let mut rent = rent_of_offer(&id)?;
        rent.source =
            format!("the cheapest comparable catalog offer ({gpus} × {accelerator} on demand): {}", rent.source);
        rent.source_zh = format!("目录中最便宜的同类报价（{gpus} × {accelerator}，按需）：{}", rent.source_zh);
        return Ok(rent);
    }
    Ok(Rent {
        on_demand: given[0],
        reserved_1y: given[1],
        reserved_3y: given[2],
        source: "your prices".into(),
        source_zh: "您的价格".into(),
    })
}

/// One input: the user's value or the default, its range, unit and the default's source (English, Chinese).
type Input<'a> = (&'static str, Option<f64>, f64, f64, f64, &'static str, (&'a str, &'a str));

/// Takes each user value (range-checked) or its default, and records which.
fn inputs<const N: usize>(list: [Input; N], used: &mut Vec<Assumption>) -> Result<[f64; N], Error> {
    let mut out = [0.0; N];
    for (slot, (name, given, default, min, max, unit, source)) in out.iter_mut().zip(list) {
        let (value, (source, source_zh)) = match given {
            Some(v) => (check_range(name, v, min, max)?, ("your value", "您的值")),
            None => (default, source),
        };
        used.push(Assumption { name, value: Some(value), unit, source: source.into(), source_zh: source_zh.into() });
        *slot = value;
    }
    Ok(out)
}

/// `tco(request)`.
pub fn tco(r: &TcoRequest) -> Result<TcoResponse, Error> {
    let s = &r.server;
    let mut used = Vec::new();
    let years_default = r.years.unwrap_or(DEFAULT_YEARS);
    // The default price and power are a DGX H100's: for any other server they are
    // unknown (the price) or estimated from its GPUs (the power), never the DGX's.
    let class = server_class(r)?;
    if !class.is_default && s.price_usd.is_none() {
        return Err(Error::coded(
            "required",
            "server.priceUsd",
            format!(
                "our data has no sourced purchase price for a server of {} × {} (the default ${DEFAULT_SERVER_PRICE_USD:.0} is a DGX H100, 8 × H100): enter the server's price",
                class.gpus, class.accelerator
            ),
            &[],
        ));
    }
    let default_power = if class.is_default {
        (
            DEFAULT_SERVER_POWER_KW,
            (
                "DGX H100 maximum system power, NVIDIA DGX H100/H200 user guide".to_string(),
                "DGX H100 系统最大功率，NVIDIA DGX H100/H200 用户指南".to_string(),
            ),
        )
    } else {
        let gpu_kw = class.gpu_kw.filter(|_| s.power_kw.is_none()).ok_or_else(|| {
            Error::coded(
                "required",
                "server.powerKw",
                format!("the TDP of {} is not in our data: enter the server's maximum power", class.accelerator),
                &[],
            )
        });
        match (s.power_kw, gpu_kw) {
            (Some(_), _) => (0.0, (String::new(), String::new())),
            (None, Err(e)) => return Err(e),
            (None, Ok(kw)) => (
                kw * DEFAULT_SERVER_POWER_KW / DEFAULT_SERVER_GPU_KW,
                (
                    format!(
                        "{} × {} TDP ({kw:.2} kW) × 10.2 / 5.6, the DGX H100's ratio of system to GPU power (assumed)",
                        class.gpus, class.accelerator
                    ),
                    format!(
                        "{} × {} 的 TDP（{kw:.2} kW）× 10.2 / 5.6，即 DGX H100 整机与 GPU 功率之比（假设）",
                        class.gpus, class.accelerator
                    ),
                ),
            ),
        }
    };
    let gpus_source =
        if class.is_default { "DGX H100".to_string() } else { format!("{} × {}", class.gpus, class.accelerator) };
    #[rustfmt::skip]
    let [price, gpus, power_kw, years, u, pue, kwh_usd, colo, staff_year, depreciation, busy, idle] = inputs([
        ("server.priceUsd", s.price_usd, DEFAULT_SERVER_PRICE_USD, 1.0, 1e9, "USD",
            ("Viperatech DGX H100 (8× H100) list price, 2025-03-03, via Epoch AI hardware prices", "Viperatech DGX H100（8× H100）标价，2025-03-03，取自 Epoch AI 硬件价格")),
        ("server.gpus", s.gpus, class.gpus, 1.0, 1024.0, "GPUs", (&gpus_source, &gpus_source)),
        ("server.powerKw", s.power_kw, default_power.0, 0.01, 1000.0, "kW", (&default_power.1 .0, &default_power.1 .1)),
        ("years", r.years, DEFAULT_YEARS, 0.25, 10.0, "years", ("a three-year horizon (a choice)", "三年期限（一种选择）")),
        ("utilization", r.utilization, DEFAULT_UTILIZATION, 0.0, 1.0, "share of hours",
            ("Cloud Carbon Footprint's default utilization (50%)", "Cloud Carbon Footprint 的默认利用率（50%）")),
        ("pue", r.pue, DEFAULT_PUE, 1.0, 3.0, "ratio", ("Epoch AI: PUE 1.25 outside hyperscalers", "Epoch AI：超大规模云厂商以外的 PUE 为 1.25")),
        ("electricityUsdPerKwh", r.electricity_usd_per_kwh, DEFAULT_ELECTRICITY_USD_PER_KWH, 0.0, 5.0, "USD/kWh",
            ("Epoch AI: average US industrial electricity price, 2025", "Epoch AI：2025 年美国工业平均电价")),
        ("colocationUsdPerKwMonth", r.colocation_usd_per_kw_month, DEFAULT_COLOCATION_USD_PER_KW_MONTH, 0.0, 5000.0,
            "USD/kW-month", ("CBRE North America Data Center Trends H2 2024 (2025-02-26), 250–500 kW average asking rate", "CBRE 北美数据中心趋势 2024 下半年（2025-02-26），250–500 kW 平均要价")),
        ("staffUsdPerYear", r.staff_usd_per_year, DEFAULT_STAFF_USD_PER_YEAR, 0.0, 1e8, "USD/year",
            ("0.5 FTE per 8-GPU server: $225,000–300,000 over 3 years (agoradigest.com citing Spheron, 2026-04), the low end", "每台 8 卡服务器 0.5 个全职人员：3 年 225,000–300,000 美元（agoradigest.com 引用 Spheron，2026-04），取下限")),
        ("depreciationYears", r.depreciation_years, years_default, 0.25, 20.0, "years",
            ("the horizon: written off in full", "按期限全额折旧")),
        ("busyPowerFraction", r.busy_power_fraction, DEFAULT_BUSY_POWER_FRACTION, 0.01, 1.0, "share of max power",
            ("Epoch AI server_TDP_fraction() for GPUs", "Epoch AI 的 GPU server_TDP_fraction()")),
        ("idlePowerFraction", r.idle_power_fraction, IDLE_SHARE_OF_MAX, 0.0, 1.0, "share of busy power",
            ("Cloud Carbon Footprint's GPU idle/max ratio (A100 46 W / 407 W) applied to the server: server idle draw not found", "Cloud Carbon Footprint 的 GPU 空闲/最大功率比（A100 46 W / 407 W）用于整机：未找到整机空闲功耗")),
    ], &mut used)?;
    let rent = rent_of(r)?;

    let h = HOURS_PER_YEAR * years;
    let capex = price * (years / depreciation).min(1.0);
    let colocation = colo * power_kw * 12.0 * years;
    let staff = staff_year * years;
    // Electricity per hour busy and idle, USD.
    let e_busy = power_kw * busy * pue * kwh_usd;
    let e_idle = e_busy * idle;
    let electricity = h * (u * e_busy + (1.0 - u) * e_idle);
    let owned_total = capex + colocation + electricity + staff;
    let used_gpu_hours = gpus * h * u;
    // A utilization so small (5e-324) that the quotient overflows has no useful per-hour cost either.
    let per_used = |total: f64| (used_gpu_hours > 0.0).then(|| total / used_gpu_hours).filter(|v| v.is_finite());
    let owned = Owned {
        total_usd: owned_total,
        capex_usd: capex,
        colocation_usd: colocation,
        electricity_usd: electricity,
        staff_usd: staff,
        usd_per_used_gpu_hour: per_used(owned_total),
        usd_per_gpu_hour_at_full_use: (capex + colocation + staff + h * e_busy) / (gpus * h),
    };

    let mut plans = Vec::new();
    for (plan, rate) in [
        (PlanKind::OnDemand, rent.on_demand),
        (PlanKind::Reserved1y, rent.reserved_1y),
        (PlanKind::Reserved3y, rent.reserved_3y),
    ] {
        let Some(rate) = rate else { continue };
        let total = match plan.term_hours() {
            Some(term) => rate * gpus * committed_hours(term, h),
            None => rate * gpus * h * u,
        };
        plans.push(RentPlan {
            plan,
            usd_per_gpu_hour: rate,
            total_usd: total,
            usd_per_used_gpu_hour: per_used(total),
            owning_cheaper: owned_total < total,
        });
    }

    // owned(u) = fixed + H·u·(e_busy − e_idle); rent(u) = H·u·R·gpus.
    let fixed = capex + colocation + staff + h * e_idle;
    let break_even_utilization = rent.on_demand.and_then(|rate| {
        let margin = h * (rate * gpus - (e_busy - e_idle));
        (margin > 0.0).then(|| fixed / margin).filter(|x| *x <= 1.0)
    });

    // Cash by month: the purchase at month 0, then running costs and rent.
    let opex_month = (colocation + electricity + staff) / (12.0 * years);
    let rent_month = |rate: Option<f64>, busy_share: f64| rate.map(|r| r * gpus * HOURS_PER_MONTH * busy_share);
    let od_month = rent_month(rent.on_demand, u);
    let break_even_month = od_month.and_then(|m| {
        let gain = m - opex_month;
        (gain > 0.0).then(|| (price / gain).ceil()).filter(|x| *x <= 1200.0).map(|x| x as u32)
    });
    let months = (12.0 * years).ceil() as u32;
    let monthly = (0..=months)
        .map(|m| {
            let mf = f64::from(m);
            MonthPoint {
                month: m,
                owned_usd: price + opex_month * mf,
                on_demand_usd: od_month.map(|x| x * mf),
                reserved_1y_usd: rent_month(rent.reserved_1y, 1.0).map(|x| x * mf),
                reserved_3y_usd: rent_month(rent.reserved_3y, 1.0).map(|x| x * mf),
            }
        })
        .collect();

    used.push(Assumption {
        name: "rent",
        value: rent.on_demand,
        unit: "USD/GPU-hour",
        source: rent.source,
        source_zh: rent.source_zh,
    });
    let mut notes = vec![
        "Not counted: cost of capital, resale value, networking, storage, spares, installation, insurance, software licences, vendor support".to_string(),
    ];
    let mut notes_zh = vec!["未计入：资金成本、残值、网络、存储、备件、安装、保险、软件许可、厂商支持".to_string()];
    if staff_year == 0.0 {
        notes.push("Staff time is not counted: set staffUsdPerYear".into());
        notes_zh.push("未计入人工成本：可在请求中给出每年的人工费用".into());
    }
    if break_even_utilization.is_none() && rent.on_demand.is_some() {
        notes.push("Renting on demand costs less than owning at every utilization".into());
        notes_zh.push("在任何利用率下，按需租用都比自购便宜".into());
    }
    Ok(TcoResponse {
        assumptions: used,
        horizon_hours: h,
        owned,
        rent: plans,
        break_even_utilization,
        break_even_month,
        monthly,
        notes,
        notes_zh,
    })
}
