//! The `DOMException` interface (WebIDL §3.14.1).
//!
//! Invariants: a DOMException's name and message never change after creation; its prototype
//! chain is `DOMException.prototype → Error.prototype`; `code` is the legacy code of the name in
//! the names table, or 0.

use boa_engine::{Context, JsData, JsError, JsObject, JsResult, JsString, JsValue, NativeFunction};
use boa_gc::{Finalize, Trace};

use crate::web::dom::interface::{
    InterfaceSpec, define_interface_with, illegal_invocation, interface, made_prototype_of,
    prototype_from_new_target, this_object,
};

/// The error names table (WebIDL §2.8.1): name → legacy code (0 for names without one), and
/// the legacy code constants.
pub const NAMES: &[(&str, u16, Option<&str>)] = &[
    ("IndexSizeError", 1, Some("INDEX_SIZE_ERR")),
    ("DOMStringSizeError", 2, Some("DOMSTRING_SIZE_ERR")),
    ("HierarchyRequestError", 3, Some("HIERARCHY_REQUEST_ERR")),
    ("WrongDocumentError", 4, Some("WRONG_DOCUMENT_ERR")),
    ("InvalidCharacterError", 5, Some("INVALID_CHARACTER_ERR")),
    ("NoDataAllowedError", 6, Some("NO_DATA_ALLOWED_ERR")),
    (
        "NoModificationAllowedError",
        7,
        Some("NO_MODIFICATION_ALLOWED_ERR"),
    ),
    ("NotFoundError", 8, Some("NOT_FOUND_ERR")),
    ("NotSupportedError", 9, Some("NOT_SUPPORTED_ERR")),
    ("InUseAttributeError", 10, Some("INUSE_ATTRIBUTE_ERR")),
    ("InvalidStateError", 11, Some("INVALID_STATE_ERR")),
    ("SyntaxError", 12, Some("SYNTAX_ERR")),
    (
        "InvalidModificationError",
        13,
        Some("INVALID_MODIFICATION_ERR"),
    ),
    ("NamespaceError", 14, Some("NAMESPACE_ERR")),
    ("InvalidAccessError", 15, Some("INVALID_ACCESS_ERR")),
    ("ValidationError", 16, Some("VALIDATION_ERR")),
    ("TypeMismatchError", 17, Some("TYPE_MISMATCH_ERR")),
    ("SecurityError", 18, Some("SECURITY_ERR")),
    ("NetworkError", 19, Some("NETWORK_ERR")),
    ("AbortError", 20, Some("ABORT_ERR")),
    ("URLMismatchError", 21, Some("URL_MISMATCH_ERR")),
    ("QuotaExceededError", 22, Some("QUOTA_EXCEEDED_ERR")),
    ("TimeoutError", 23, Some("TIMEOUT_ERR")),
    ("InvalidNodeTypeError", 24, Some("INVALID_NODE_TYPE_ERR")),
    ("DataCloneError", 25, Some("DATA_CLONE_ERR")),
    ("EncodingError", 0, None),
    ("NotReadableError", 0, None),
    ("UnknownError", 0, None),
    ("ConstraintError", 0, None),
    ("DataError", 0, None),
    ("TransactionInactiveError", 0, None),
    ("ReadOnlyError", 0, None),
    ("VersionError", 0, None),
    ("OperationError", 0, None),
    ("NotAllowedError", 0, None),
    ("OptOutError", 0, None),
];

/// The legacy code of an error name (0 if it has none).
#[must_use]
pub fn legacy_code(name: &str) -> u16 {
    NAMES
        .iter()
        .find(|(n, _, _)| *n == name)
        .map_or(0, |(_, code, _)| *code)
}

/// The native data of a DOMException: its name and message.
#[derive(Trace, Finalize, JsData, Clone, Debug)]
pub struct DomExceptionData {
    pub name: JsString,
    pub message: JsString,
}

/// The name and message of `value`, if it is a DOMException.
#[must_use]
pub fn as_dom_exception(value: &JsValue) -> Option<DomExceptionData> {
    value
        .as_object()
        .and_then(|o| o.downcast_ref::<DomExceptionData>().map(|d| d.clone()))
}

/// Create a DOMException object (e.g. "create an AbortError DOMException").
pub fn new_dom_exception(context: &Context, message: &str, name: &str) -> JsResult<JsObject> {
    // (Made when the realm was set up: `register`.)
    let proto = made_prototype_of(context, "DOMException")?;
    Ok(JsObject::from_proto_and_data(
        proto,
        DomExceptionData {
            name: JsString::from(name),
            message: JsString::from(message),
        },
    ))
}

/// A DOMException as a thrown error ("throw a `name` DOMException").
#[must_use]
pub fn dom_exception_error(context: &Context, message: &str, name: &str) -> JsError {
    match new_dom_exception(context, message, name) {
        Ok(object) => JsError::from_opaque(object.into()),
        Err(error) => error,
    }
}

fn this_exception(this: &JsValue, context: &Context) -> JsResult<DomExceptionData> {
    this_object(this, context)?
        .downcast_ref::<DomExceptionData>()
        .map(|d| d.clone())
        .ok_or_else(illegal_invocation)
}

/// `new DOMException(message = "", name = "Error")`.
fn constructor(new_target: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let proto = prototype_from_new_target(new_target, "DOMException", context)?;
    let message = match args.first() {
        Some(v) if !v.is_undefined() => v.to_string(context)?,
        _ => JsString::from(""),
    };
    let name = match args.get(1) {
        Some(v) if !v.is_undefined() => v.to_string(context)?,
        _ => JsString::from("Error"),
    };
    // 1. Set this's name to name. 2. Set this's message to message.
    Ok(JsObject::from_proto_and_data(proto, DomExceptionData { name, message }).into())
}

pub fn register(context: &mut Context) -> JsResult<()> {
    let error_proto = context.intrinsics().constructors().error().prototype();
    define_interface_with(
        context,
        InterfaceSpec {
            name: "DOMException",
            parent: None,
            length: 0,
            constructor: Some(NativeFunction::from_fn_ptr(constructor)),
        },
        |m| {
            m.attribute(
                "name",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    Ok(this_exception(this, context)?.name.clone().into())
                }),
                None,
            )
            .attribute(
                "message",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    Ok(this_exception(this, context)?.message.clone().into())
                }),
                None,
            )
            // The code getter steps are to return the legacy code indicated in the error names
            // table for this's name, or 0 if no such entry exists in the table.
            .attribute(
                "code",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    let e = this_exception(this, context)?;
                    Ok(legacy_code(&e.name.to_std_string_escaped()).into())
                }),
                None,
            );
            for (_, code, constant) in NAMES {
                if let Some(constant) = constant {
                    m.constant(constant, *code);
                }
            }
        },
        // [Exposed, Serializable] interface DOMException: its prototype's [[Prototype]] is
        // %Error.prototype% (WebIDL §3.14.1).
        move |interface, _| {
            interface.prototype.set_prototype(Some(error_proto));
            Ok(())
        },
    )?;
    // Made now: the host throws DOMExceptions from everywhere, often where it has the
    // context only to read.
    interface(context, "DOMException")?;
    Ok(())
}
