//! The Encoding Standard: `TextEncoder` and `TextDecoder` (UTF-8, and UTF-16LE/BE for decoding).

pub mod decoders;
pub mod text_decoder;
pub mod text_encoder;

use boa_engine::{Context, JsResult};

pub fn register(context: &mut Context) -> JsResult<()> {
    text_encoder::register(context)?;
    text_decoder::register(context)
}
