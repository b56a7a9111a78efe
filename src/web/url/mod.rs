//! The URL Standard's API (§6): `URL` and `URLSearchParams`, on the `url` crate's WHATWG URL
//! parser (the basic URL parser, its setters' state overrides, and the
//! application/x-www-form-urlencoded parser and serializer).

pub mod url;
pub mod url_search_params;

use boa_engine::{Context, JsResult};

pub fn register(context: &mut Context) -> JsResult<()> {
    url_search_params::register(context)?;
    url::register(context)
}
