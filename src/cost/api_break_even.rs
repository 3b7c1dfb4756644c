//! Self-host vs API: the monthly token volume above which renting GPUs costs
//! less than paying an API per token.
//!
//! API cost = tokens × (s · in + (1 − s) · out) / 10⁶, with s the input share
//! of tokens; break-even tokens = self-host cost per month ÷ API price per token.

use crate::error::{check_range, Error};
use serde::{Deserialize, Serialize};

/// `pricing.apiPrice`: the API's list price per million tokens.
#[derive(Deserialize, Serialize, Debug, Clone, Copy, PartialEq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[derive(ts_rs::TS)]
pub struct ApiPrice {
    pub input_usd_per_m_tok: f64,
    pub output_usd_per_m_tok: f64,
}

impl ApiPrice {
    pub fn check(&self, path: &str) -> Result<(), Error> {
        check_range(&format!("{path}.inputUsdPerMTok"), self.input_usd_per_m_tok, 0.0, 10_000.0)?;
        check_range(&format!("{path}.outputUsdPerMTok"), self.output_usd_per_m_tok, 0.0, 10_000.0)?;
        Ok(())
    }

    /// USD per token for a mix with `input_share` of the tokens in prompts.
    pub fn usd_per_token(&self, input_share: f64) -> f64 {
        (input_share * self.input_usd_per_m_tok + (1.0 - input_share) * self.output_usd_per_m_tok) / 1e6
    }
}

/// `apiBreakEven` of a candidate.
#[derive(Serialize, Debug, Clone, Copy, PartialEq)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct ApiBreakEven {
    /// Tokens per month above which self-hosting is cheaper; `null` when the API is free.
    pub tokens_per_month: Option<f64>,
    /// Both costs at the user's volume.
    pub api_usd_per_month: f64,
    pub self_host_usd_per_month: f64,
}

/// `input_share`: prompt tokens ÷ (prompt + output tokens).
pub fn api_break_even(
    price: &ApiPrice,
    input_share: f64,
    tokens_per_month: f64,
    self_host_usd_per_month: f64,
) -> ApiBreakEven {
    let per_token = price.usd_per_token(input_share);
    ApiBreakEven {
        tokens_per_month: (per_token > 0.0).then(|| self_host_usd_per_month / per_token),
        api_usd_per_month: tokens_per_month * per_token,
        self_host_usd_per_month,
    }
}
