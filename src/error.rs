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
        Error {
            field: printable(field.into()),
            message: printable(message.into()),
            code,
            params: params.into(),
            line: None,
            column: None,
        }
    }

    /// An error at a line and column of a file the user imported.
    pub fn in_file(field: &str, line: u64, column: &str, message: impl Into<String>) -> Self {
        let message = format!("line {line}, column `{column}`: {}", message.into());
        Error {
            line: Some(line),
            column: Some(printable(column.to_string())),
            ..Error::coded("file", field, message, &[("line", line as f64)])
        }
    }
}

/// Longest field or message an error carries, in characters: a message
/// quotes the user's input, which may be 100,000 characters long, and an
/// answer may carry thousands of messages.
pub const MAX_MESSAGE_CHARS: usize = 1_000;

/// Text from the user made safe to show: control characters (NUL, escape,
/// newlines) and bidirectional overrides or isolates (which would reorder the
/// words around them) written as `\u{…}` escapes, and the middle of an overlong
/// text cut to an ellipsis.
pub fn printable(text: String) -> String {
    let unsafe_char = |c: char| {
        c.is_control()
            || matches!(c, '\u{200E}' | '\u{200F}' | '\u{061C}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
    };
    let count = text.chars().count();
    if count <= MAX_MESSAGE_CHARS && !text.chars().any(unsafe_char) {
        return text;
    }
    let keep = MAX_MESSAGE_CHARS / 2;
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if count > MAX_MESSAGE_CHARS && i == keep {
            out.push('…');
        }
        if count > MAX_MESSAGE_CHARS && i >= keep && i < count - keep {
            continue;
        }
        if unsafe_char(c) {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    out
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_escape_controls_and_overrides_and_stay_short() {
        let e = Error::new("a\u{0}b", "unknown `x\u{202E}gpj.exe` \u{1b}[31m");
        assert_eq!(e.field, "a\\u{0}b");
        assert_eq!(e.message, "unknown `x\\u{202e}gpj.exe` \\u{1b}[31m");
        let long = Error::new("f", "y".repeat(100_000));
        assert_eq!(long.message.chars().count(), MAX_MESSAGE_CHARS + 1);
        assert!(long.message.contains('…'));
        assert_eq!(Error::new("f", "plain words").message, "plain words");
    }
}
