//! The words an estimate returns, in English and Simplified Chinese: where an
//! assumption comes from and the notes. Written where the figures are known
//! (the page renders the `…Zh` fields on the Chinese page, never a translation
//! of the English).

/// One sentence in both languages.
#[derive(Debug, Clone, PartialEq)]
pub struct Said {
    pub en: String,
    pub zh: String,
}

impl<A: Into<String>, B: Into<String>> From<(A, B)> for Said {
    fn from((en, zh): (A, B)) -> Self {
        Said { en: en.into(), zh: zh.into() }
    }
}

/// The user gave the value in the request.
pub const GIVEN: (&str, &str) = ("given", "您给出的值");
/// The user's value, from `overrides`.
pub const YOUR_VALUE: (&str, &str) = ("your value", "您的值");
pub const YOUR_OVERRIDE: (&str, &str) = ("your value (overrides)", "您的值（overrides）");
