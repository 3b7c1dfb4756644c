//! `data/provider_capabilities.csv` and `data/country_points.csv`: what each
//! provider can host, who operates it, and where countries are, checked at
//! build time so a misspelt word or a fact without its source fails the build.

use super::fields::records;
use crate::catalog::schema::{CountryPoint, ProviderCapabilities, Text};

const FILE: &str = "provider_capabilities.csv";

/// The words each fact may take; `unknown` is always allowed.
const FACTS: [(&str, &[&str]); 4] = [
    ("operator_kind", &["operated", "marketplace", "aggregator"]),
    ("desktop_hosting", &["yes", "yes (secondary)", "no"]),
    ("vgpu_licence", &["included", "billed-by-provider", "customer"]),
    ("cn_licensed_operator", &["yes", "yes (secondary)", "no"]),
];

pub fn read_capabilities(text: &str) -> Result<Vec<ProviderCapabilities>, String> {
    let (cols, rows) = records(FILE, text)?;
    let mut out: Vec<ProviderCapabilities> = Vec::new();
    for r in &rows {
        let line = r.position().map_or(0, |p| p.line());
        let t = |name: &str| cols.text(r, name).map(Text::from);
        for (fact, words) in FACTS {
            let value = cols.text(r, fact)?;
            let source = cols.text(r, &format!("{fact}_source"))?;
            if value != "unknown" && !words.contains(&value) {
                return Err(format!(
                    "{FILE}:{line}: `{fact}` is one of {} or unknown, not `{value}`",
                    words.join(", ")
                ));
            }
            // A known fact names where it was read; an unknown one says so.
            if (value == "unknown") != (source == "unknown") || source.is_empty() {
                return Err(format!("{FILE}:{line}: `{fact}` is `{value}` but its source is `{source}`"));
            }
        }
        let mlps = cols.text(r, "mlps")?;
        if mlps.is_empty() != (cols.text(r, "mlps_source")? == "unknown") {
            return Err(format!("{FILE}:{line}: `mlps` and `mlps_source` must both be given or be empty/unknown"));
        }
        let row = ProviderCapabilities {
            provider: t("provider")?,
            operator_kind: t("operator_kind")?,
            operator_kind_source: t("operator_kind_source")?,
            desktop_hosting: t("desktop_hosting")?,
            desktop_hosting_source: t("desktop_hosting_source")?,
            vgpu_licence: t("vgpu_licence")?,
            vgpu_licence_source: t("vgpu_licence_source")?,
            cn_licensed_operator: t("cn_licensed_operator")?,
            cn_licensed_operator_source: t("cn_licensed_operator_source")?,
            mlps: t("mlps")?,
            mlps_source: t("mlps_source")?,
            notes: t("notes")?,
        };
        if out.iter().any(|o| o.provider == row.provider) {
            return Err(format!("{FILE}:{line}: provider `{}` is listed twice", row.provider));
        }
        out.push(row);
    }
    Ok(out)
}

pub fn read_country_points(text: &str) -> Result<Vec<CountryPoint>, String> {
    let (cols, rows) = records("country_points.csv", text)?;
    rows.iter()
        .map(|r| {
            let latitude_deg = cols.required_number(r, "latitude_deg")?;
            let longitude_deg = cols.required_number(r, "longitude_deg")?;
            if latitude_deg.abs() > 90.0 || longitude_deg.abs() > 180.0 {
                return Err(format!("country_points.csv: {latitude_deg}, {longitude_deg} is not a place on Earth"));
            }
            Ok(CountryPoint {
                country: cols.text(r, "country")?.to_ascii_uppercase().into(),
                city: cols.text(r, "reference_city")?.into(),
                latitude_deg,
                longitude_deg,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEAD: &str = "provider,operator_kind,operator_kind_source,desktop_hosting,desktop_hosting_source,vgpu_licence,vgpu_licence_source,cn_licensed_operator,cn_licensed_operator_source,mlps,mlps_source,notes\n";

    #[test]
    fn a_known_fact_needs_its_source_and_a_known_word() {
        let ok = format!(
            "{HEAD}x,operated,https://a (read 2026-12-01),unknown,unknown,unknown,unknown,no,derived,,unknown,\n"
        );
        assert_eq!(read_capabilities(&ok).map(|r| r.len()), Ok(1));
        let no_source = format!("{HEAD}x,operated,unknown,unknown,unknown,unknown,unknown,no,derived,,unknown,\n");
        assert!(read_capabilities(&no_source).unwrap_err().contains("operator_kind"));
        let bad_word = format!("{HEAD}x,cloud,https://a,unknown,unknown,unknown,unknown,no,derived,,unknown,\n");
        assert!(read_capabilities(&bad_word).unwrap_err().contains("not `cloud`"));
    }
}
