//! The `File` interface (File API §4): a Blob with a `name` and a `lastModified` date.
//!
//! A File's native data is the Blob's ([`BlobData`] with `file` set), so every Blob member and
//! the Blob serialization work on it. Without a `lastModified` option the date is the current
//! time of the event loop's clock (as `Date.now()` reads it), so virtual time is respected.

use boa_engine::js_string;
use boa_engine::{Context, JsObject, JsResult, JsString, JsValue, NativeFunction};

use crate::web::dom::interface::{
    InterfaceSpec, arguments_required, construct_error, define_interface, dictionary,
    illegal_invocation, member, prototype_from_new_target, this_object,
};
use crate::web::file_api::blob::{
    BlobData, FileInfo, blob_parts, blob_property_bag, normalize_type, process_blob_parts,
};
use crate::web::util::to_usv_string;

/// WebIDL `long long` (no extended attributes): ToNumber; NaN and infinities are 0; otherwise
/// truncated and wrapped modulo 2^64 into the signed range.
fn to_long_long(value: &JsValue, context: &mut Context) -> JsResult<i64> {
    let x = value.to_number(context)?;
    if !x.is_finite() {
        return Ok(0);
    }
    const TWO_64: f64 = 18_446_744_073_709_551_616.0;
    let x = x.trunc();
    // In range: the integer itself (exact; the modulo below would round small negatives).
    if (-TWO_64 / 2.0..TWO_64 / 2.0).contains(&x) {
        #[allow(clippy::cast_possible_truncation)]
        return Ok(x as i64);
    }
    let mut x = x.rem_euclid(TWO_64);
    if x >= TWO_64 / 2.0 {
        x -= TWO_64;
    }
    #[allow(clippy::cast_possible_truncation)]
    Ok(x as i64)
}

/// `new File(sequence<BlobPart> fileBits, USVString fileName, optional FilePropertyBag options
/// = {})`.
fn constructor(new_target: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let proto = prototype_from_new_target(new_target, "File", context)?;
    if args.len() < 2 {
        return Err(construct_error("File", &arguments_required(2, args.len())));
    }
    let parts = blob_parts(&args[0], "File", context)?;
    let name = to_usv_string(&args[1], context)?;
    let fail = |m: &str| construct_error("File", m);
    let options = dictionary(args.get(2), fail, "FilePropertyBag")?;
    // FilePropertyBag: the inherited BlobPropertyBag members first, then lastModified.
    let bag = blob_property_bag(options.as_ref(), "File", context)?;
    let last_modified = member(options.as_ref(), js_string!("lastModified"), context)?;
    let last_modified = if last_modified.is_undefined() {
        None
    } else {
        Some(to_long_long(&last_modified, context)?)
    };
    // 1. Let bytes be the result of processing blob parts given fileBits and options.
    let bytes = process_blob_parts(parts, bag.endings);
    // 2. Let n be the fileName argument to the constructor.
    // 3. Process FilePropertyBag dictionary argument by running the following substeps:
    //    1. If the type member is provided and is not the empty string, let t be set to the
    //       type dictionary member. If t contains any characters outside the range U+0020 to
    //       U+007E, then set t to the empty string and return from these substeps.
    //    2. Convert every character in t to ASCII lowercase.
    let type_ = normalize_type(&bag.type_);
    //    3. If the lastModified member is provided, let d be set to the lastModified
    //       dictionary member. If it is not provided, set d to the current date and time
    //       represented as the number of milliseconds since the Unix Epoch.
    let last_modified = last_modified.unwrap_or_else(|| context.clock().system_time_millis());
    // 4. Return a new File object F such that: F refers to the bytes byte sequence; F.size is
    //    set to the number of total bytes in bytes; F.name is set to n; F.type is set to t;
    //    F.lastModified is set to d.
    Ok(JsObject::from_proto_and_data(
        proto,
        BlobData {
            bytes,
            type_,
            file: Some(FileInfo {
                name,
                last_modified,
            }),
        },
    )
    .into())
}

fn this_file<R>(this: &JsValue, context: &Context, f: impl FnOnce(&FileInfo) -> R) -> JsResult<R> {
    let object = this_object(this, context)?;
    let data = object
        .downcast_ref::<BlobData>()
        .ok_or_else(illegal_invocation)?;
    data.file.as_ref().map(f).ok_or_else(illegal_invocation)
}

pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "File",
            parent: Some("Blob"),
            length: 2,
            constructor: Some(NativeFunction::from_fn_ptr(constructor)),
        },
        |m| {
            // The name getter steps are to return this's name.
            m.attribute(
                "name",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    this_file(this, context, |f| JsString::from(f.name.as_str()).into())
                }),
                None,
            )
            // The lastModified getter steps are to return this's lastModified.
            .attribute(
                "lastModified",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    #[allow(clippy::cast_precision_loss)]
                    this_file(this, context, |f| JsValue::from(f.last_modified as f64))
                }),
                None,
            )
            // File and Directory Entries: a File not selected from a directory has an empty
            // relative path.
            .attribute(
                "webkitRelativePath",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    this_file(this, context, |_| JsString::from("").into())
                }),
                None,
            );
        },
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn long_long_wraps_like_webidl() {
        let mut context = boa_engine::Context::default();
        let mut convert = |x: f64| super::to_long_long(&x.into(), &mut context).ok();
        assert_eq!(convert(f64::NAN), Some(0));
        assert_eq!(convert(f64::INFINITY), Some(0));
        assert_eq!(convert(-1.9), Some(-1));
        assert_eq!(convert(-1.0), Some(-1));
        assert_eq!(convert(42.5), Some(42));
        assert_eq!(convert(18_446_744_073_709_551_616.0 + 4096.0), Some(4096));
        assert_eq!(convert(9_223_372_036_854_775_808.0), Some(i64::MIN));
    }
}
