//! The engine's one error type: every failure names the input field at fault.

use serde::Serialize;
use std::fmt;

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Error {
    /// Path of the bad input relative to the argument, e.g. `workload.tokens`;
    /// the argument's own name when the whole value is wrong.
    pub field: String,
    /// What is wrong and what would be accepted, for a person to act on (English).
    pub message: String,
    /// Stable, for the page to say it in any language: `out-of-range` (params
    /// `min`, `max`, `got`), `not-finite`, `required`, `unknown-field`,
    /// `invalid-type`, `unknown-value`, `invalid-value`, `too-deep`,
    /// `too-large`, `too-long`, `cycle`, `unreadable`, `not-data`, `file`, or
    /// `invalid` for the rest (whose message says what is wrong).
    pub code: &'static str,
    /// The numbers of the message, by name.
    pub params: Box<[(&'static str, f64)]>,
    /// For errors in an imported file: the 1-based line and the column name.
    pub line: Option<u64>,
    pub column: Option<String>,
}

impl Error {
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> Self {
        Error::coded("invalid", field, message, &[])
    }

    /// An error with a stable code and its numbers.
    pub fn coded(
        code: &'static str,
        field: impl Into<String>,
        message: impl Into<String>,
        params: &[(&'static str, f64)],
    ) -> Self {
        Error { field: field.into(), message: message.into(), code, params: params.into(), line: None, column: None }
    }

    /// An error at a line and column of a file the user imported.
    pub fn in_file(field: &str, line: u64, column: &str, message: impl Into<String>) -> Self {
        let message = format!("line {line}, column `{column}`: {}", message.into());
        Error {
            line: Some(line),
            column: Some(column.to_string()),
            ..Error::coded("file", field, message, &[("line", line as f64)])
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.message)
    }
}

impl std::error::Error for Error {}

/// Checks a number from the user: finite and within `[min, max]`.
pub fn check_range(field: &str, value: f64, min: f64, max: f64) -> Result<f64, Error> {
    if !value.is_finite() {
        return Err(Error::coded("not-finite", field, format!("must be a number, got {value}"), &[]));
    }
    if value < min || value > max {
        return Err(Error::coded(
            "out-of-range",
            field,
            format!("must be between {min} and {max}, got {value}"),
            &[("min", min), ("max", max), ("got", value)],
        ));
    }
    Ok(value)
}
