//! `data/gpu_specs.csv` → accelerators.

use super::fields::records;
use crate::catalog::schema::{Accelerator, AcceleratorKind};

pub fn read_gpu_specs(text: &str) -> Result<Vec<Accelerator>, String> {
    let (cols, rows) = records("gpu_specs.csv", text)?;
    let mut out: Vec<Accelerator> = Vec::with_capacity(rows.len());
    for r in &rows {
        let key = cols.text(r, "accelerator_name")?.to_string();
        if out.iter().any(|a| a.key == key) {
            return Err(format!("gpu_specs.csv: accelerator `{key}` appears twice"));
        }
        let vendor = cols.text(r, "vendor")?.to_string();
        out.push(Accelerator {
            kind: kind_of(&key, &vendor),
            full_name: cols.text(r, "full_name")?.to_string(),
            architecture: cols.text(r, "architecture")?.to_string(),
            launch_year: cols.number(r, "launch_year")?.map(|y| y as u16),
            memory_gib: cols.number(r, "memory_gb")?,
            memory_type: cols.text(r, "memory_type")?.to_string(),
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
            tdp_note: qualified_text(cols.text(r, "tdp_w")?),
            interconnect: cols.text(r, "interconnect")?.to_string(),
            interconnect_gbs: cols.number(r, "interconnect_gbs")?,
            confidence: cols.text(r, "confidence")?.to_string(),
            sources: cols.text(r, "sources")?.to_string(),
            notes: cols.text(r, "notes")?.to_string(),
            vendor,
            key,
        });
    }
    Ok(out)
}

fn kind_of(key: &str, vendor: &str) -> AcceleratorKind {
    let lower = key.to_ascii_lowercase();
    if lower.starts_with("tpu") {
        AcceleratorKind::Tpu
    } else if vendor.eq_ignore_ascii_case("xilinx") || lower.contains("fpga") {
        AcceleratorKind::Fpga
    } else if ["inferentia", "trainium", "qualcomm"]
        .iter()
        .any(|p| lower.starts_with(p))
    {
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
    let is_range = body
        .get(first.to_string().len()..)
        .is_some_and(|rest| rest.starts_with('-'));
    Some(if is_range {
        numbers.next().unwrap_or(first)
    } else {
        first
    })
}

/// The cell's text when it is more than a plain number, else empty.
fn qualified_text(cell: &str) -> String {
    if cell.parse::<f64>().is_ok() {
        String::new()
    } else {
        cell.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::approximate_number;

    #[test]
    fn approximate_numbers_take_the_upper_end_of_ranges() {
        assert_eq!(approximate_number("700"), Some(700.0));
        assert_eq!(approximate_number("~300 (not published)"), Some(300.0));
        assert_eq!(approximate_number("400-600"), Some(600.0));
        assert_eq!(
            approximate_number("450-1000 (module incl. CPU)"),
            Some(1000.0)
        );
        assert_eq!(approximate_number("150 (300 per board)"), Some(150.0));
        assert_eq!(
            approximate_number("~1200 per GPU (2700 W per 2-GPU superchip)"),
            Some(1200.0)
        );
        assert_eq!(approximate_number(""), None);
        assert_eq!(approximate_number("n/a"), None);
    }
}
