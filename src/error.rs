//! The engine's one error type: every failure names the input field at fault.

use serde::Serialize;
use std::fmt;

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Error {
    /// Path of the bad input relative to the argument, e.g. `workload.tokens`;
    /// the argument's own name when the whole value is wrong.
    pub field: String,
    /// What is wrong and what would be accepted, for a person to act on.
    pub message: String,
    /// For errors in an imported file: the 1-based line and the column name.
    pub line: Option<u64>,
    pub column: Option<String>,
}

impl Error {
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> Self {
        Error { field: field.into(), message: message.into(), line: None, column: None }
    }

    /// An error at a line and column of a file the user imported.
    pub fn in_file(field: &str, line: u64, column: &str, message: impl Into<String>) -> Self {
        let message = format!("line {line}, column `{column}`: {}", message.into());
        Error { field: field.to_string(), message, line: Some(line), column: Some(column.to_string()) }
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
        return Err(Error::new(field, format!("must be a number, got {value}")));
    }
    if value < min || value > max {
        return Err(Error::new(field, format!("must be between {min} and {max}, got {value}")));
    }
    Ok(value)
}
