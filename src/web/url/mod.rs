//! The URL Standard's API (§6): `URL` and `URLSearchParams`, on the `url` crate's WHATWG URL
//! parser (the basic URL parser, its setters' state overrides, and the
//! application/x-www-form-urlencoded parser and serializer).

// One file per WebIDL interface, named after it (as everywhere in `web/`).
#[allow(clippy::module_inception)]
pub mod url;
pub mod url_search_params;

use boa_engine::{Context, JsResult};

pub fn register(context: &mut Context) -> JsResult<()> {
    url_search_params::register(context)?;
    url::register(context)
}
