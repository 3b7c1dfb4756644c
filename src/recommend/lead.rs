//! Who may lead an answer: provider capabilities (`data/provider_capabilities.csv`)
//! and the users' distance to a region decide a candidate's tier, and the
//! ranking orders tiers before cost. Tier 0 may lead; each higher tier is
//! ranked below every lower one, with the reason said. Unknown stays unknown:
//! a provider whose capability no source states is shown, below the known ones.

use crate::catalog::query::JurisdictionName;
use crate::catalog::schema::{CountryPoint, ProviderCapabilities};
use crate::catalog::user::Entry;
use crate::error::Error;

/// Light in optical fibre takes 5 µs per km (ITU-T G.114, Table A.1; recalled,
/// not re-read in a stored copy), so a
/// round trip takes 0.01 ms per km of cable.
pub const FIBRE_RTT_MS_PER_KM: f64 = 0.01;
/// Cable routes are longer than the great circle between two places; 1.5× is
/// an assumption (stated in docs/API.md), so the estimate is a typical floor,
/// not a measurement.
pub const ROUTE_STRETCH: f64 = 1.5;
/// Remote-desktop round trips: under 100 ms is the ideal for office work,
/// above 150 ms the experience deteriorates (secondary source: the RDP latency
/// guidance quoted at https://haylam.top/why-is-my-remote-desktop-so-laggy,
/// read 2026-12-01). Above the limit a region is left out.
pub const DESKTOP_RTT_LIMIT_MS: f64 = 150.0;
/// GPU desktops serve interactive 3D (CAD, DCC): half the office ideal, 50 ms,
/// is what a region must stay under to lead (an assumption, stated in
/// docs/API.md; no source for graphics desktops was read).
pub const DESKTOP_RTT_NEAR_MS: f64 = 50.0;
const EARTH_RADIUS_KM: f64 = 6371.0;

/// A fact of `provider_capabilities.csv` as the rules read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Known {
    Yes,
    No,
    Unknown,
}

impl Known {
    fn of(cell: &str) -> Known {
        match cell.trim() {
            c if c.starts_with("yes") => Known::Yes,
            "no" => Known::No,
            _ => Known::Unknown,
        }
    }
}

/// The capability facts of one provider, `None` where the file has no row.
pub fn of<'c>(e: &Entry<'c>) -> Option<&'c ProviderCapabilities> {
    e.catalog.data.capabilities.iter().find(|c| c.provider == e.offer.provider)
}

pub fn desktop(c: Option<&ProviderCapabilities>) -> Known {
    c.map_or(Known::Unknown, |c| Known::of(&c.desktop_hosting))
}

pub fn cn_licensed(c: Option<&ProviderCapabilities>) -> Known {
    c.map_or(Known::Unknown, |c| Known::of(&c.cn_licensed_operator))
}

/// The provider is known to run its own machines (`operator_kind` `operated`).
pub fn operated(c: Option<&ProviderCapabilities>) -> bool {
    c.is_some_and(|c| c.operator_kind == "operated")
}

/// The user's own offer (a custom catalog): who runs it is theirs to know.
fn own_offer(e: &Entry) -> bool {
    e.flags().any(|f| f.code == "custom-offer")
}

/// The offer's region names no country (e.g. a catalog's `default` region).
fn no_country(e: &Entry) -> bool {
    e.catalog.region_of(e.offer).is_none_or(|g| g.country.trim().is_empty())
}

/// Third-party hosts or resold capacity: the provider does not run the machines.
pub fn not_operated(c: Option<&ProviderCapabilities>) -> bool {
    c.is_some_and(|c| c.operator_kind == "marketplace" || c.operator_kind == "aggregator")
}

/// Which lead rules an answer is under, decided once per request.
#[derive(Debug, Clone, Copy, Default)]
pub struct Rules {
    /// Virtual desktops: providers that cannot host them are left out, unknown ones ranked below.
    pub desktop: bool,
    /// Data-residency or compliance constraints: marketplace hosts never lead.
    pub regulated: bool,
    /// Mainland-China data: licensed operators lead.
    pub china: bool,
    /// Where the users are (latitude, longitude in degrees), for desktop latency.
    pub users: Option<(f64, f64)>,
    /// A production service (online inference) without `allowMarketplace`:
    /// clouds known to run their own machines lead.
    pub production: bool,
}

impl Rules {
    pub fn any(&self) -> bool {
        self.desktop || self.regulated || self.china || self.production
    }
}

/// The users' place from `constraints.usersCountry` (ISO 3166 alpha-2).
pub fn users_point<'c>(points: &'c [CountryPoint], country: &str, field: &str) -> Result<&'c CountryPoint, Error> {
    let code = country.trim().to_ascii_uppercase();
    points.iter().find(|p| p.country == code.as_str()).ok_or_else(|| {
        Error::new(field, format!("unknown country `{country}`; use an ISO 3166 alpha-2 code such as DE, US or CN"))
    })
}

/// Great-circle distance in km (haversine).
pub fn distance_km(a: (f64, f64), b: (f64, f64)) -> f64 {
    let (la1, lo1, la2, lo2) = (a.0.to_radians(), a.1.to_radians(), b.0.to_radians(), b.1.to_radians());
    let h = ((la2 - la1) / 2.0).sin().powi(2) + la1.cos() * la2.cos() * ((lo2 - lo1) / 2.0).sin().powi(2);
    2.0 * EARTH_RADIUS_KM * h.sqrt().min(1.0).asin()
}

/// The estimated round trip for a distance: fibre speed × route stretch.
pub fn rtt_ms(km: f64) -> f64 {
    km * ROUTE_STRETCH * FIBRE_RTT_MS_PER_KM
}

/// The region's place: its country's reference point (regions carry no coordinates).
pub fn region_point(e: &Entry) -> Option<(f64, f64)> {
    let country = e.catalog.region_of(e.offer).map(|g| &*g.country)?;
    let p = e.catalog.data.country_points.iter().find(|p| p.country == country)?;
    Some((p.latitude_deg, p.longitude_deg))
}

/// The estimated round trip from the users to an offer's region, `None` when
/// either place is unknown. Within one country the distance counts as 0.
pub fn users_rtt_ms(e: &Entry, rules: &Rules) -> Option<f64> {
    Some(rtt_ms(distance_km(rules.users?, region_point(e)?)))
}

/// Why a candidate ranks below the leaders: stable codes, worded for the answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Below {
    /// A marketplace or aggregator: never leads a desktop or regulated answer.
    NotOperated,
    /// Desktop hosting is not stated by any source read.
    DesktopUnknown,
    /// Not known to hold mainland-China operating licences.
    NotCnLicensed,
    /// Users are further than the ideal desktop round trip.
    Far,
    /// A marketplace or aggregator under the production-service rule.
    ServiceNotOperated,
    /// Production service: whether the provider runs its own machines is unknown.
    OperatorUnknown,
    /// Production service: the offer's region names no country.
    NoCountry,
}

impl Below {
    pub fn words(self, provider: &str, rtt_ms: Option<f64>) -> (String, String) {
        let rtt = super::words::num(rtt_ms.unwrap_or(0.0).round());
        match self {
            Below::NotOperated => (
                format!("Ranked below: {provider} lists third-party hosts, which never lead a desktop or regulated answer."),
                format!("排在后面：{provider} 为第三方主机市场，不作为桌面或合规场景的首选。"),
            ),
            Below::DesktopUnknown => (
                format!("Ranked below: whether {provider} can host desktops (vGPU licence, Windows multi-session, a desktop protocol) is unknown in our data."),
                format!("排在后面：我们的数据中没有 {provider} 能否托管桌面（vGPU 许可、Windows 多会话、桌面协议）的来源。"),
            ),
            Below::NotCnLicensed => (
                format!("Ranked below: {provider} is not known to hold the licences to operate a cloud in mainland China."),
                format!("排在后面：没有来源表明 {provider} 持有在中国大陆运营云服务的许可。"),
            ),
            Below::ServiceNotOperated => (
                format!("Ranked below: {provider} lists third-party hosts or resold capacity, whose price and availability change by the hour; a production service leads with clouds that run their own machines (set constraints.allowMarketplace to rank them by cost alone)."),
                format!("排在后面：{provider} 为第三方主机市场或转售容量，价格和可用性随时变化；生产服务优先选择自营机器的云（设置 constraints.allowMarketplace 可仅按成本排序）。"),
            ),
            Below::OperatorUnknown => (
                format!("Ranked below: whether {provider} runs its own machines or resells others' is unknown in our data; a production service leads with known operators."),
                format!("排在后面：我们的数据中没有 {provider} 是否自营机器的来源；生产服务优先选择已知的自营云。"),
            ),
            Below::NoCountry => (
                "Ranked below: the region names no country, so where the service runs is unknown.".to_string(),
                "排在后面：该区域没有注明国家，服务的运行地点未知。".to_string(),
            ),
            Below::Far => (
                format!("Ranked below: about {rtt} ms round trip to the users, above the {DESKTOP_RTT_NEAR_MS:.0} ms an interactive 3D desktop wants."),
                format!("排在后面：到用户的往返时延约 {rtt} 毫秒，高于交互式 3D 桌面所需的 {DESKTOP_RTT_NEAR_MS:.0} 毫秒。"),
            ),
        }
    }
}

/// A candidate's tier and the reasons for it (at most one per rule).
pub fn tier(e: &Entry, rules: &Rules) -> (u8, Vec<Below>) {
    let mut below = Vec::new();
    if !rules.any() && rules.users.is_none() {
        return (0, below);
    }
    let c = of(e);
    // Weights: not operated outranks everything, then unknown capability, then distance.
    let mut tier = 0u8;
    if (rules.desktop || rules.regulated || rules.china) && not_operated(c) {
        tier += 4;
        below.push(Below::NotOperated);
    }
    if rules.desktop && desktop(c) == Known::Unknown && !not_operated(c) {
        tier += 2;
        below.push(Below::DesktopUnknown);
    }
    if rules.china && cn_licensed(c) != Known::Yes && !not_operated(c) {
        tier += 2;
        below.push(Below::NotCnLicensed);
    }
    // A production service: known operators lead, then unknown ones, marketplaces last;
    // the user's own offers are theirs to judge.
    if rules.production && !own_offer(e) {
        if not_operated(c) {
            if !below.contains(&Below::NotOperated) {
                tier += 4;
                below.push(Below::ServiceNotOperated);
            }
        } else if !operated(c) {
            tier += 2;
            below.push(Below::OperatorUnknown);
        }
        if no_country(e) {
            tier += 1;
            below.push(Below::NoCountry);
        }
    }
    if rules.desktop && users_rtt_ms(e, rules).is_some_and(|ms| ms > DESKTOP_RTT_NEAR_MS) {
        tier += 1;
        below.push(Below::Far);
    }
    (tier, below)
}

/// Mainland-China answers: only CN regions asked for, or MLPS.
pub fn china_rule(jurisdictions: &[JurisdictionName], mlps: bool) -> bool {
    mlps || (!jurisdictions.is_empty() && jurisdictions.iter().all(|j| *j == JurisdictionName::Cn))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_follow_the_stated_rule() {
        // Berlin to Washington: about 6,700 km, so about 100 ms with a 1.5× route.
        let km = distance_km((52.5167, 13.4), (38.8833, -77.0));
        assert!((6600.0..6800.0).contains(&km), "{km}");
        assert!((rtt_ms(km) - km * 0.015).abs() < 1e-9);
        assert_eq!(distance_km((10.0, 10.0), (10.0, 10.0)), 0.0);
    }
}
