//! Alibaba Cloud GPU types that have no public price, from SpareCores'
//! dumps of Alibaba's API (SpareCores/sc-data-dumps `data/server/alicloud/*.json`,
//! one file per type): the specification-only rows of `data/alibaba_gpu.csv`
//! (no region, no price). The sources folder holds the files in one JSON object
//! keyed by their path, each file's object as published.

use crate::manifest::Entry;
use crate::table::number_cell;
use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Deserialize)]
struct Server {
    server_id: String,
    vcpus: u32,
    /// MiB.
    memory_amount: f64,
    gpu_count: u32,
    /// MiB per GPU; absent where the API gives none.
    gpu_memory_min: Option<f64>,
    /// MiB for all GPUs.
    gpu_memory_total: Option<f64>,
    /// As Alibaba's API names it ("GPU H", "G49" are vendor codenames).
    gpu_model: Option<String>,
}

const MIB_PER_GIB: f64 = 1024.0;

/// The specification-only rows, in the columns of `data/alibaba_gpu.csv`.
pub fn import(name: &str, text: &str, entry: &Entry) -> Result<Vec<Vec<String>>, String> {
    let files: BTreeMap<String, Server> = serde_json::from_str(text).map_err(|e| format!("{name}: {e}"))?;
    let gib = |mib: Option<f64>| mib.filter(|m| *m > 0.0).map(|m| m / MIB_PER_GIB);
    let mut out = Vec::new();
    for (path, s) in &files {
        if s.gpu_count == 0 || s.vcpus == 0 || !(s.memory_amount.is_finite() && s.memory_amount > 0.0) {
            return Err(format!("{name}: {path}: {} has no GPU, vCPUs or memory", s.server_id));
        }
        out.push(vec![
            s.server_id.clone(),
            s.gpu_model.clone().unwrap_or_default(),
            s.gpu_count.to_string(),
            number_cell(gib(s.gpu_memory_min)),
            number_cell(gib(s.gpu_memory_total)),
            s.vcpus.to_string(),
            number_cell(gib(Some(s.memory_amount))),
            String::new(),
            String::new(),
            String::new(),
            String::new(),
            String::new(),
            entry.repo.clone(),
            path.clone(),
            entry.commit.clone(),
            entry.date.clone(),
            entry.repo.clone(),
            entry.row_note.clone(),
        ]);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_server_file_becomes_a_specification_row_and_a_cpu_type_is_refused() {
        let text = r#"{"data/server/alicloud/ecs_av8m_16xlarge.json": {"server_id": "ecs.av8m.16xlarge", "vcpus": 64,
            "memory_amount": 262144, "gpu_count": 1, "gpu_memory_min": 65536, "gpu_memory_total": 65536, "gpu_model": "VG1000"}}"#;
        let entry = Entry { repo: "SpareCores/sc-data-dumps".into(), date: "2026-01-31".into(), ..Entry::default() };
        let rows = import("s.json", text, &entry).unwrap();
        assert_eq!(&rows[0][..8], ["ecs.av8m.16xlarge", "VG1000", "1", "64.0", "64.0", "64", "256.0", ""]);
        assert_eq!(rows[0][13], "data/server/alicloud/ecs_av8m_16xlarge.json");
        let err = import("s.json", &text.replace("\"gpu_count\": 1", "\"gpu_count\": 0"), &entry).unwrap_err();
        assert!(err.contains("has no GPU"), "{err}");
    }
}
