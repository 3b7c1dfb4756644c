//! Price ages on the reader's clock. A price is `stale` when its source is
//! more than `STALE_AFTER_DAYS` older than the day the answer is for, so the
//! flag is computed per call, never stored in the embedded catalog: a page
//! opened a year after the build calls last year's prices stale.

use super::schema::{Flag, Source};
use super::sources::builder::flag;
use super::sources::fields::days_since_epoch;
use super::sources::{newest_snapshot, STALE_AFTER_DAYS};
use super::Catalog;
use crate::error::Error;

/// The day ages are counted on: the reader's today where the caller gives it,
/// else the catalog's newest snapshot (a reproducible answer for callers
/// without a clock).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AgeReference {
    /// yyyy-mm-dd.
    pub date: String,
    pub days: i64,
    pub is_today: bool,
}

impl AgeReference {
    /// `today` (yyyy-mm-dd) checked, or the newest snapshot of `catalog` when
    /// left out; `None` only for a catalog without any dated source.
    pub fn resolve(catalog: &Catalog, today: Option<&str>, field: &str) -> Result<Option<AgeReference>, Error> {
        if let Some(t) = today {
            let days = days_since_epoch(t)
                .ok_or_else(|| Error::coded("invalid-value", field, format!("`{t}` is not a yyyy-mm-dd date"), &[]))?;
            return Ok(Some(AgeReference { date: t.to_string(), days, is_today: true }));
        }
        Ok(newest_snapshot(&catalog.data.sources).and_then(|date| {
            let days = days_since_epoch(&date)?;
            Some(AgeReference { date, days, is_today: false })
        }))
    }

    /// The price's age in days on this reference, for a dated source.
    pub fn age_days(&self, source: &Source) -> Option<i64> {
        source.snapshot_date.as_deref().and_then(days_since_epoch).map(|d| self.days - d)
    }

    /// The `stale` flag of every source of `catalog`, by source index. The
    /// message names the price's date and the reference, not the day count,
    /// so an answer computed at build time reads the same all day.
    pub fn stale_flags(&self, catalog: &Catalog) -> Vec<Option<Flag>> {
        catalog
            .data
            .sources
            .iter()
            .map(|s| {
                let age = self.age_days(s)?;
                (age > i64::from(STALE_AFTER_DAYS)).then(|| {
                    let date = s.snapshot_date.as_deref().unwrap_or_default();
                    let on = if self.is_today { "today" } else { "the catalog's newest snapshot" };
                    flag(
                        "stale",
                        format!("price from {date}, more than {STALE_AFTER_DAYS} days before {on} ({})", self.date),
                    )
                })
            })
            .collect()
    }
}
