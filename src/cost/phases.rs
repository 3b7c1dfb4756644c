//! Phased projects: "fine-tune for two weeks, then serve for twelve months".
//! Each phase is fitted and costed on its own (by the caller); this sums them.

use super::PlanKind;
use crate::error::{check_range, Error};
use serde::{Deserialize, Serialize};

/// One `phases[]` entry. `W` is the workload type of the request layer.
#[derive(Deserialize, Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[derive(ts_rs::TS)]
#[ts(optional_fields = nullable)]
pub struct Phase<W: ts_rs::TS> {
    pub name: String,
    pub workload: W,
    /// The plan for this phase; default the request's plan.
    pub plan: Option<PlanKind>,
    /// Services: months in this phase (default the request's `pricing.months`); jobs run until done.
    pub months: Option<f64>,
}

pub const MAX_PHASES: usize = 20;

pub fn check_phases<W: ts_rs::TS>(phases: &[Phase<W>], path: &str) -> Result<(), Error> {
    if phases.len() > MAX_PHASES {
        return Err(Error::new(path, format!("at most {MAX_PHASES} phases, got {}", phases.len())));
    }
    for (i, p) in phases.iter().enumerate() {
        if p.name.trim().is_empty() || p.name.chars().count() > 100 {
            return Err(Error::new(format!("{path}[{i}].name"), "a name of 1 to 100 characters"));
        }
        if let Some(m) = p.months {
            check_range(&format!("{path}[{i}].months"), m, 0.01, 120.0)?;
        }
    }
    Ok(())
}

/// What one phase costs on one candidate set.
#[derive(Serialize, Debug, Clone, Copy, PartialEq)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct PhaseCost {
    /// USD; `null` when the phase's plan has no price.
    pub total: Option<f64>,
    /// Wall-clock hours of the phase.
    pub hours: f64,
}

/// The project over its whole horizon.
#[derive(Serialize, Debug, Clone, Copy, PartialEq)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct ProjectCost {
    /// USD; `null` when any phase's cost is unknown (never a partial sum).
    pub total: Option<f64>,
    /// Phases run one after another: hours add up.
    pub hours: f64,
}

pub fn sum(phases: &[PhaseCost]) -> ProjectCost {
    phases.iter().fold(ProjectCost { total: Some(0.0), hours: 0.0 }, |acc, p| ProjectCost {
        total: acc.total.zip(p.total).map(|(a, b)| a + b),
        hours: acc.hours + p.hours,
    })
}
