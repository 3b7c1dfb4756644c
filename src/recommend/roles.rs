//! What each accelerator is for, as data (`data/accelerator_roles.csv`, each
//! row with its basis): whether it trains, whether PyTorch and an LLM serving
//! engine run on it as the clouds offer it, and whether it may host several
//! users' virtual desktops. An accelerator without a row trains, runs those
//! stacks and has an unknown desktop-sharing status.

use std::sync::OnceLock;

static ROLES_CSV: &str = include_str!("../../data/accelerator_roles.csv");

/// Yes, no, or not in our data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Yes,
    No,
    Unknown,
}

struct Row {
    accelerator: String,
    trains: bool,
    ml_stack: Role,
    multi_user_vdi: Role,
}

fn rows() -> &'static [Row] {
    static ROWS: OnceLock<Vec<Row>> = OnceLock::new();
    ROWS.get_or_init(|| {
        // A row that does not read is left out (the table test proves every row reads).
        ROLES_CSV.lines().skip(1).filter_map(parse).collect()
    })
}

fn parse(line: &str) -> Option<Row> {
    let mut cells = line.splitn(5, ',');
    let accelerator = cells.next()?.trim().to_string();
    let trains = cells.next()? == "yes";
    let ml_stack = role(cells.next()?);
    let multi_user_vdi = role(cells.next()?);
    cells.next().filter(|basis| !basis.trim().is_empty())?;
    Some(Row { accelerator, trains, ml_stack, multi_user_vdi })
}

fn role(cell: &str) -> Role {
    match cell {
        "yes" => Role::Yes,
        "no" => Role::No,
        _ => Role::Unknown,
    }
}

fn row(key: &str) -> Option<&'static Row> {
    rows().iter().find(|r| r.accelerator.eq_ignore_ascii_case(key))
}

/// `false` for inference-only chips and FPGAs.
pub fn trains(key: &str) -> bool {
    row(key).is_none_or(|r| r.trains)
}

/// Whether PyTorch and an LLM serving engine run on the accelerator as the
/// clouds offer it: `No` for graphics GPUs whose guest OS or chip the ROCm
/// stack does not serve (Azure NVv4's MI25 runs Windows guests only; AWS
/// g4ad's Radeon Pro V520 has no ROCm libraries), so they neither train nor serve.
pub fn ml_stack(key: &str) -> Role {
    row(key).map_or(Role::Yes, |r| r.ml_stack)
}

/// Whether the data says no such stack runs on it (an unknown one is given the benefit).
pub fn lacks_ml_stack(key: &str) -> bool {
    ml_stack(key) == Role::No
}

/// Whether the accelerator may be shared by several users' desktops (NVIDIA
/// vGPU or AMD MxGPU support).
pub fn multi_user_vdi(key: &str) -> Role {
    row(key).map_or(Role::Unknown, |r| r.multi_user_vdi)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_reads_with_its_basis() {
        assert_eq!(rows().len(), ROLES_CSV.lines().count() - 1);
        assert!(!trains("inferentia2") && !trains("Inferentia"));
        assert!(trains("H100") && trains("Trainium"));
        assert_eq!(multi_user_vdi("RTX4090"), Role::No);
        assert_eq!(multi_user_vdi("A10"), Role::Yes);
        assert_eq!(multi_user_vdi("H100"), Role::Unknown);
        assert_eq!(ml_stack("H100"), Role::Yes);
        assert_eq!(ml_stack("Radeon-Pro-V520"), Role::No);
        assert_eq!(ml_stack("Radeon-Pro-V710"), Role::Yes);
        assert_eq!(ml_stack("Xilinx-U250"), Role::Unknown);
    }
}
