//! Instance sizes their provider has retired or announced for retirement
//! (`data/retirements.csv`, each row with its source). Whether a size is
//! retired depends on the day the answer is for, so, as `stale` prices
//! (`age.rs`), the flag is computed per call on the reader's today and never
//! stored in the embedded catalog: a page opened after a retirement date calls
//! the size retired, one opened before it calls it retiring.

use super::age::AgeReference;
use super::schema::{Flag, Offer};
use super::sources::builder::flag;
use super::sources::fields::{days_since_epoch, records};
use std::sync::OnceLock;

static CSV: &str = include_str!("../../data/retirements.csv");

/// One instance size with the day it retires.
#[derive(Debug, Clone, PartialEq)]
pub struct Retirement {
    pub provider: String,
    pub instance: String,
    /// yyyy-mm-dd: from this day the provider no longer runs the size.
    pub retires_on: String,
    retires_on_days: i64,
    pub source: String,
    /// The two flags an offer of the size can carry, made once: an offer holds
    /// which of them applies on the call's day (`OnDay`), not the flag.
    retired_flag: Flag,
    retiring_flag: Flag,
}

/// An offer's retirement on the call's day: its row in `table()` and whether
/// the day is past the date (4 bytes, so an `Entry` does not grow: every call
/// builds one per offer).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OnDay {
    row: u16,
    pub retired: bool,
}

impl OnDay {
    /// `row` of `table()` on `age`'s day; `None` for a row the table does not hold.
    pub fn of(row: u16, age: Option<&AgeReference>) -> Option<OnDay> {
        let r = table().get(usize::from(row))?;
        Some(OnDay { row, retired: r.is_retired(age) })
    }

    pub fn retirement(self) -> Option<&'static Retirement> {
        table().get(usize::from(self.row))
    }

    /// `retired` or `retiring`, with the date and the source.
    pub fn flag(self) -> Option<&'static Flag> {
        self.retirement().map(|r| if self.retired { &r.retired_flag } else { &r.retiring_flag })
    }
}

fn parse(text: &str) -> Result<Vec<Retirement>, String> {
    let (cols, rows) = records("retirements.csv", text)?;
    rows.iter()
        .map(|r| {
            let cell = |name: &str| -> Result<String, String> {
                let v = cols.text(r, name)?.trim();
                if v.is_empty() {
                    return Err(format!("retirements.csv: `{name}` is empty"));
                }
                Ok(v.to_string())
            };
            let retires_on = cell("retires_on")?;
            let retires_on_days = days_since_epoch(&retires_on)
                .ok_or_else(|| format!("retirements.csv: `{retires_on}` is not a yyyy-mm-dd date"))?;
            let source = cell("source")?;
            let retired_flag =
                flag("retired", format!("retired on {retires_on}: the provider no longer runs this size ({source})"));
            let retiring_flag = flag(
                "retiring",
                format!("retires on {retires_on}: the provider has announced its retirement ({source})"),
            );
            Ok(Retirement {
                provider: cell("provider")?,
                instance: cell("instance")?,
                retires_on,
                retires_on_days,
                source,
                retired_flag,
                retiring_flag,
            })
        })
        .collect()
}

/// Every row, parsed once (a table that does not read is empty here and fails
/// `check_table`, which the tests run).
pub fn table() -> &'static [Retirement] {
    static TABLE: OnceLock<Vec<Retirement>> = OnceLock::new();
    TABLE.get_or_init(|| parse(CSV).unwrap_or_default())
}

/// The table checked: every row has a provider, an instance, a date and a source.
pub fn check_table() -> Result<usize, String> {
    parse(CSV).map(|rows| rows.len())
}

/// The row of `o`'s size in `table()`, if its provider retires it.
pub fn row_of(o: &Offer) -> Option<u16> {
    let i = table().iter().position(|r| *r.provider == *o.provider && r.instance.eq_ignore_ascii_case(&o.instance))?;
    u16::try_from(i).ok()
}

impl Retirement {
    /// Whether the size is retired on `age`'s day (on or after its date).
    /// Without a reference day nothing is retired yet: the size is `retiring`.
    pub fn is_retired(&self, age: Option<&AgeReference>) -> bool {
        self.is_retired_on(age.map(|a| a.days))
    }

    /// `is_retired` on a day counted from 1970-01-01.
    pub fn is_retired_on(&self, days: Option<i64>) -> bool {
        days.is_some_and(|d| d >= self.retires_on_days)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn on(date: &str) -> AgeReference {
        AgeReference { date: date.into(), days: days_since_epoch(date).unwrap(), is_today: true }
    }

    #[test]
    fn every_row_reads_with_its_date_and_source() {
        assert_eq!(check_table(), Ok(CSV.lines().count() - 1));
        let nv4 = table().iter().find(|r| r.instance == "Standard_NV32as_v4").expect("NVv4 is listed");
        assert_eq!(nv4.retires_on, "2026-09-30");
        assert!(!nv4.is_retired(Some(&on("2026-09-29"))));
        assert!(nv4.is_retired(Some(&on("2026-09-30"))));
        assert!(!nv4.is_retired(None));
        let row = u16::try_from(table().iter().position(|r| r == nv4).unwrap()).unwrap();
        assert_eq!(OnDay::of(row, Some(&on("2026-12-07"))).and_then(OnDay::flag).unwrap().code, "retired");
        let retiring = OnDay::of(row, Some(&on("2026-08-01"))).and_then(OnDay::flag).unwrap();
        assert_eq!(retiring.code, "retiring");
        assert!(retiring.message.contains("2026-09-30") && retiring.message.contains("nvv4-retirement.md"));
    }

    #[test]
    fn a_table_with_a_bad_date_or_no_source_does_not_read() {
        assert!(parse("provider,instance,retires_on,source\nazure,X,2026-13-01,s\n").is_err());
        assert!(parse("provider,instance,retires_on,source\nazure,X,2026-09-30,\n").is_err());
        assert!(parse("provider,instance,source\nazure,X,s\n").is_err());
    }
}
