//! `data/gpu_specs.csv` → accelerators.

use super::fields::records;
use crate::catalog::schema::{Accelerator, AcceleratorKind, Text};

/// Reads a spec table (`gpu_specs.csv` or the project's `gpu_specs_extra.csv`)
/// onto `out`; a key already present is an error.
pub fn read_gpu_specs(file: &'static str, text: &str, out: &mut Vec<Accelerator>) -> Result<(), String> {
    let (cols, rows) = records(file, text)?;
    for r in &rows {
        let key = cols.text(r, "accelerator_name")?.to_string();
        if out.iter().any(|a| a.key == key) {
            return Err(format!("{file}: accelerator `{key}` appears twice"));
        }
        let vendor = cols.text(r, "vendor")?.to_string();
        out.push(Accelerator {
            kind: kind_of(&key, &vendor),
            full_name: cols.text(r, "full_name")?.into(),
            architecture: cols.text(r, "architecture")?.into(),
            launch_year: cols.number(r, "launch_year")?.map(|y| y as u16),
            memory_gib: cols.number(r, "memory_gb")?,
            memory_type: cols.text(r, "memory_type")?.into(),
            memory_bandwidth_gbs: cols.number(r, "memory_bandwidth_gbs")?,
            fp64_tflops: cols.number(r, "fp64_tflops")?,
            fp64_tensor_tflops: cols.number(r, "fp64_tensor_tflops")?,
            fp32_tflops: cols.number(r, "fp32_tflops")?,
            tf32_tflops: cols.number(r, "tf32_tflops_dense")?,
            bf16_tflops: cols.number(r, "bf16_tflops_dense")?,
            fp16_tflops: cols.number(r, "fp16_tflops_dense")?,
            fp8_tflops: cols.number(r, "fp8_tflops_dense")?,
            int8_tops: cols.number(r, "int8_tops_dense")?,
            tdp_watts: approximate_number(cols.text(r, "tdp_w")?),
            tdp_note: qualified_text(cols.text(r, "tdp_w")?).into(),
            interconnect: cols.text(r, "interconnect")?.into(),
            interconnect_gbs: cols.number(r, "interconnect_gbs")?,
            confidence: cols.text(r, "confidence")?.into(),
            sources: cols.text(r, "sources")?.into(),
            notes: cols.text(r, "notes")?.into(),
            graphics: None,
            graphics_basis: Text::default(),
            vendor: vendor.into(),
            key: key.into(),
        });
    }
    Ok(())
}

/// `data/accelerator_aliases.csv`: other names for the same silicon. The alias
/// rows leave the spec table, so each chip has one key.
pub fn read_aliases(text: &str, accelerators: &mut Vec<Accelerator>) -> Result<Vec<(Text, Text)>, String> {
    let (cols, rows) = records("accelerator_aliases.csv", text)?;
    let mut aliases = Vec::new();
    for r in &rows {
        let alias = cols.text(r, "alias")?.to_string();
        let canonical = cols.text(r, "canonical")?.to_string();
        if !accelerators.iter().any(|a| a.key == canonical) {
            return Err(format!("accelerator_aliases.csv: `{canonical}` has no spec row"));
        }
        accelerators.retain(|a| a.key != alias);
        aliases.push((alias.into(), canonical.into()));
    }
    Ok(aliases)
}

/// An accelerator a source names as published but no spec table describes
/// (Alibaba's codenames such as "GPU H"): listed, with every figure unknown.
pub fn unspecified(key: &str, memory_gib: Option<f64>) -> Accelerator {
    let lower = key.to_ascii_lowercase();
    let kind = if ["xilinx", "arria", "fpga"].iter().any(|w| lower.contains(w)) {
        AcceleratorKind::Fpga
    } else {
        AcceleratorKind::Gpu
    };
    Accelerator {
        key: key.into(),
        full_name: format!("{key} (as the provider names it)").into(),
        vendor: Text::default(),
        architecture: Text::default(),
        kind,
        launch_year: None,
        memory_gib,
        memory_type: Text::default(),
        memory_bandwidth_gbs: None,
        fp64_tflops: None,
        fp64_tensor_tflops: None,
        fp32_tflops: None,
        tf32_tflops: None,
        bf16_tflops: None,
        fp16_tflops: None,
        fp8_tflops: None,
        int8_tops: None,
        tdp_watts: None,
        tdp_note: Text::default(),
        interconnect: Text::default(),
        interconnect_gbs: None,
        confidence: "none".into(),
        sources: Text::default(),
        notes: "No specifications in our sources; the name is the provider's own.".into(),
        graphics: None,
        graphics_basis: Text::default(),
    }
}

fn kind_of(key: &str, vendor: &str) -> AcceleratorKind {
    let lower = key.to_ascii_lowercase();
    if lower.starts_with("tpu") {
        AcceleratorKind::Tpu
    } else if vendor.eq_ignore_ascii_case("xilinx") || lower.contains("fpga") {
        AcceleratorKind::Fpga
    } else if ["inferentia", "trainium", "qualcomm"].iter().any(|p| lower.starts_with(p)) {
        AcceleratorKind::Asic
    } else {
        AcceleratorKind::Gpu
    }
}

/// Reads cells such as `~300 (not published)` or `400-600`: the number, or the
/// upper end of a range (power figures are used for energy, where the bound is safer).
fn approximate_number(cell: &str) -> Option<f64> {
    let body = cell.trim().trim_start_matches('~');
    let mut numbers = body
        .split(|c: char| !(c.is_ascii_digit() || c == '.'))
        .take_while(|s| !s.is_empty())
        .filter_map(|s| s.parse::<f64>().ok());
    let first = numbers.next()?;
    let is_range = body.get(first.to_string().len()..).is_some_and(|rest| rest.starts_with('-'));
    Some(if is_range { numbers.next().unwrap_or(first) } else { first })
}

/// The cell's text when it is more than a plain number, else empty.
fn qualified_text(cell: &str) -> String {
    if cell.parse::<f64>().is_ok() {
        String::new()
    } else {
        cell.to_string()
    }
}

/// `data/accelerator_graphics.csv`: which chips run graphics APIs, and why we say so.
pub fn read_graphics(text: &str, accelerators: &mut [Accelerator]) -> Result<(), String> {
    let (cols, rows) = records("accelerator_graphics.csv", text)?;
    for r in &rows {
        let key = cols.text(r, "accelerator")?;
        let graphics = match cols.text(r, "graphics")? {
            "yes" => true,
            "no" => false,
            other => return Err(format!("accelerator_graphics.csv: `{other}` is not yes or no")),
        };
        let a = accelerators
            .iter_mut()
            .find(|a| a.key == key)
            .ok_or_else(|| format!("accelerator_graphics.csv: `{key}` has no spec row"))?;
        a.graphics = Some(graphics);
        a.graphics_basis = cols.text(r, "basis")?.into();
    }
    Ok(())
}

/// `data/providers.csv`: compliance and platform facts, cells kept as written.
pub fn read_providers(text: &str) -> Result<Vec<crate::catalog::schema::ProviderFacts>, String> {
    let (cols, rows) = records("providers.csv", text)?;
    rows.iter()
        .map(|r| {
            let t = |name: &str| cols.text(r, name).map(Text::from);
            Ok(crate::catalog::schema::ProviderFacts {
                provider: t("provider")?,
                hipaa_baa: t("hipaa_baa")?,
                soc2_type2: t("soc2_type2")?,
                iso27001: t("iso27001")?,
                gdpr_dpa: t("gdpr_dpa")?,
                pci_dss: t("pci_dss")?,
                fedramp: t("fedramp")?,
                china_mlps: t("china_mlps")?,
                confidential_gpu: t("confidential_gpu")?,
                bare_metal_gpu: t("bare_metal_gpu")?,
                managed_ml_platform: t("managed_ml_platform")?,
                software_stacks: t("software_stacks")?,
                source_urls: t("source_urls")?,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::approximate_number;

    #[test]
    fn approximate_numbers_take_the_upper_end_of_ranges() {
        assert_eq!(approximate_number("700"), Some(700.0));
        assert_eq!(approximate_number("~300 (not published)"), Some(300.0));
        assert_eq!(approximate_number("400-600"), Some(600.0));
        assert_eq!(approximate_number("450-1000 (module incl. CPU)"), Some(1000.0));
        assert_eq!(approximate_number("150 (300 per board)"), Some(150.0));
        assert_eq!(approximate_number("~1200 per GPU (2700 W per 2-GPU superchip)"), Some(1200.0));
        assert_eq!(approximate_number(""), None);
        assert_eq!(approximate_number("n/a"), None);
    }
}
