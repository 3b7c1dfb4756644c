//! Reading typed cells from CSV records, with errors that name line and column.

use csv::StringRecord;

/// Column positions by header name, so readers do not depend on column order.
pub struct Columns {
    file: &'static str,
    names: Vec<String>,
}

impl Columns {
    pub fn new(file: &'static str, headers: &StringRecord) -> Self {
        Columns { file, names: headers.iter().map(|h| h.trim().to_string()).collect() }
    }

    fn index(&self, name: &str) -> Result<usize, String> {
        self.names.iter().position(|n| n == name).ok_or_else(|| format!("{}: missing column `{name}`", self.file))
    }

    fn location(&self, record: &StringRecord, name: &str) -> String {
        let line = record.position().map_or(0, |p| p.line());
        format!("{}:{line}: column `{name}`", self.file)
    }

    /// The trimmed text of a cell ("" when empty).
    pub fn text<'r>(&self, record: &'r StringRecord, name: &str) -> Result<&'r str, String> {
        let i = self.index(name)?;
        Ok(record.get(i).unwrap_or("").trim())
    }

    /// A number, or `None` when the cell is empty.
    pub fn number(&self, record: &StringRecord, name: &str) -> Result<Option<f64>, String> {
        let cell = self.text(record, name)?;
        if cell.is_empty() {
            return Ok(None);
        }
        match cell.parse::<f64>() {
            Ok(v) if v.is_finite() => Ok(Some(v)),
            _ => Err(format!("{}: `{cell}` is not a number", self.location(record, name))),
        }
    }

    /// A number that must be present.
    pub fn required_number(&self, record: &StringRecord, name: &str) -> Result<f64, String> {
        self.number(record, name)?.ok_or_else(|| format!("{}: value is required", self.location(record, name)))
    }
}

/// Reads every record of a CSV text, naming the file and line of a malformed one.
pub fn records(file: &'static str, text: &str) -> Result<(Columns, Vec<StringRecord>), String> {
    let mut reader = csv::ReaderBuilder::new().flexible(false).from_reader(text.as_bytes());
    let headers = reader.headers().map_err(|e| format!("{file}: {e}"))?.clone();
    let mut rows = Vec::new();
    for record in reader.records() {
        rows.push(record.map_err(|e| format!("{file}: {e}"))?);
    }
    Ok((Columns::new(file, &headers), rows))
}

/// `yyyy-mm-dd`, checked for shape only.
pub fn is_iso_date(text: &str) -> bool {
    let b = text.as_bytes();
    b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && b.iter().enumerate().all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit())
}

/// Days since 1970-01-01 of a `yyyy-mm-dd` date in the proleptic Gregorian
/// calendar; `None` when the text is not such a date. Used for price ages.
pub fn days_since_epoch(text: &str) -> Option<i64> {
    if !is_iso_date(text) {
        return None;
    }
    let year: i64 = text[0..4].parse().ok()?;
    let month: i64 = text[5..7].parse().ok()?;
    let day: i64 = text[8..10].parse().ok()?;
    if !(1..=12).contains(&month) || !(1..=31).contains(&day) {
        return None;
    }
    // Count from 1 March so the leap day ends a year: 400-year eras of
    // 146,097 days, each year of 365 days plus the leap rule.
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let year_of_era = y - era * 400;
    let shifted_month = (month + 9) % 12;
    let day_of_year = (153 * shifted_month + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    Some(era * 146_097 + day_of_era - 719_468)
}

/// The `yyyy-mm-dd` date `days` after 1970-01-01: the inverse of
/// [`days_since_epoch`] (the same 400-year-era count, H. Hinnant's
/// `civil_from_days`), for callers that hold a clock in days.
pub fn date_of_days(days: i64) -> String {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z - era * 146_097;
    let year_of_era = (day_of_era - day_of_era / 1_460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * shifted_month + 2) / 5 + 1;
    let month = if shifted_month < 10 { shifted_month + 3 } else { shifted_month - 9 };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}
