//! What each accelerator is for, as data (`data/accelerator_roles.csv`, each
//! row with its basis): whether it trains, and whether it may host several
//! users' virtual desktops. An accelerator without a row trains and has an
//! unknown desktop-sharing status.

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
    let mut cells = line.splitn(4, ',');
    let accelerator = cells.next()?.trim().to_string();
    let trains = cells.next()? == "yes";
    let multi_user_vdi = match cells.next()? {
        "yes" => Role::Yes,
        "no" => Role::No,
        _ => Role::Unknown,
    };
    cells.next().filter(|basis| !basis.trim().is_empty())?;
    Some(Row { accelerator, trains, multi_user_vdi })
}

fn row(key: &str) -> Option<&'static Row> {
    rows().iter().find(|r| r.accelerator.eq_ignore_ascii_case(key))
}

/// `false` for inference-only chips and FPGAs.
pub fn trains(key: &str) -> bool {
    row(key).is_none_or(|r| r.trains)
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
    }
}
