//! Helpers the native suites share.
#![cfg(not(target_arch = "wasm32"))]

use gpuplan::recommend::{RecommendRequest, RecommendResponse};

/// `recommend(request)` with every candidate: an answer holds at most 1,000
/// (`priorities.limit`), so this pages with `priorities.offset` and appends
/// each page's candidates to the first answer, as a client reading them all
/// would. The request's own `limit` and `offset` are replaced.
pub fn recommend_every_candidate(mut json: serde_json::Value) -> Result<RecommendResponse, gpuplan::Error> {
    let mut page = |offset: usize| {
        if let Some(p) = json
            .as_object_mut()
            .and_then(|r| r.entry("priorities").or_insert_with(|| serde_json::json!({})).as_object_mut())
        {
            p.insert("limit".into(), serde_json::json!(1_000));
            p.insert("offset".into(), serde_json::json!(offset));
        }
        let request: RecommendRequest = gpuplan::input::read("request", &gpuplan::input::from_json(&json)?)?;
        gpuplan::recommend(&request)
    };
    let mut all = page(0)?;
    while all.candidates.len() < all.counts.candidates {
        let next = page(all.candidates.len())?;
        assert!(!next.candidates.is_empty(), "a page past the first is empty before the last candidate");
        all.candidates.extend(next.candidates);
    }
    Ok(all)
}
