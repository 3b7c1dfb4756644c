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

/// Deserializes a request from any serde deserializer (a JS value in the
/// browser, JSON in tests), turning serde's error into one that names the field.
pub fn deserialize<'de, T, D>(argument: &str, deserializer: D) -> Result<T, Error>
where
    T: serde::Deserialize<'de>,
    D: serde::Deserializer<'de>,
{
    serde_path_to_error::deserialize(deserializer).map_err(|e| {
        let path = e.path().to_string();
        // serde-wasm-bindgen prefixes "Error: " (it wraps a JS Error).
        let text = e.inner().to_string();
        let message = plain_type_names(text.strip_prefix("Error: ").unwrap_or(&text));
        let mut field = if path == "." { argument.to_string() } else { path };
        // serde reports a missing field at its parent: name the field itself.
        if let Some(name) = message.strip_prefix("missing field `").and_then(|rest| rest.split('`').next()) {
            field = if field == argument { name.to_string() } else { format!("{field}.{name}") };
        }
        Error::new(field, message)
    })
}

/// serde names Rust types ("expected f64"); a user of the JS API thinks in JS terms.
fn plain_type_names(message: &str) -> String {
    message
        .replace("expected f64", "expected a number")
        .replace("expected f32", "expected a number")
        .replace("expected u32", "expected a whole number from 0 to 4294967295")
        .replace("expected u16", "expected a whole number from 0 to 65535")
        .replace("expected u8", "expected a whole number from 0 to 255")
        .replace("expected usize", "expected a whole number of 0 or more")
        .replace("expected a boolean", "expected true or false")
}

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
