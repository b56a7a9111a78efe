//! `Window.postMessage()` (HTML §9.3.3 "Posting messages"): cross-document messaging between the
//! windows of one event loop — a window and itself, its iframes' windows, its parent, the windows
//! it opened and its opener.
//!
//! ```webidl
//! partial interface Window {
//!   undefined postMessage(any message, USVString targetOrigin, optional sequence<object> transfer = []);
//!   undefined postMessage(any message, optional WindowPostMessageOptions options = {});
//! };
//! dictionary WindowPostMessageOptions : StructuredSerializeOptions {
//!   USVString targetOrigin = "/";
//! };
//! ```
//!
//! Invariants: each call queues exactly one task, on the posted message task source, given the
//! target window (so a message to a window whose document is no longer fully active is never
//! delivered); the message is serialized when it is posted and deserialized in the target's realm
//! when it is delivered.
//!
//! taskhost serves every document from one origin ([`ORIGIN`]; `about:blank` and `about:srcdoc`
//! documents inherit it), so a message's `origin` is always that origin's serialization, and a
//! `targetOrigin` other than `*` and `/` delivers only when it names that origin. The incumbent
//! settings object is approximated by the realm of the running script (HTML's incumbent is the
//! realm of the most recently entered author function or script, which this is but for callbacks
//! a host function calls on another realm's behalf, where it is the callback's own).

use boa_engine::realm::Realm;
use boa_engine::{Context, JsObject, JsResult, JsString, JsValue, NativeFunction, js_string};

use crate::agent::host::Host;
use crate::agent::realm::{in_realm, incumbent_realm, realm_data_of, realm_of_global};
use crate::engine::webidl::type_error;
use crate::event_loop::HostSource;
use crate::web::dom::dispatch::fire_event;
use crate::web::dom::dom_exception::dom_exception_error;
use crate::web::dom::interface::{
    arguments_required, dictionary, illegal_invocation, member, sequence,
};
use crate::web::fetch::fetch::ORIGIN;
use crate::web::html::message_event::{create_message_event, set_window_fields};
use crate::web::html::structured_clone::{deserialize_with_transfer, serialize_with_transfer};
use crate::web::html::worker_global_scope::WorkerGlobal;

/// Where a message may be delivered: anywhere (`*`), to a document of the incumbent's origin
/// (`/`), or only to a document of this origin.
enum TargetOrigin {
    Any,
    Incumbent,
    Origin(::url::Origin),
}

/// Whether `object` is a window of this agent (a global object the runtime made for a window,
/// not a worker's), and if so its realm.
#[must_use]
pub fn window_realm(object: &JsObject, context: &Context) -> Option<Realm> {
    let realm = realm_of_global(context, object)?;
    realm_data_of::<WorkerGlobal>(&realm)
        .is_none()
        .then_some(realm)
}

/// The origin of every document of taskhost (see the module's notes), parsed once.
static DOCUMENT_ORIGIN: std::sync::LazyLock<Option<::url::Origin>> =
    std::sync::LazyLock::new(|| ::url::Url::parse(ORIGIN).ok().map(|url| url.origin()));

/// `postMessage(message, targetOrigin, transfer)` / `postMessage(message, options)`.
fn post_message(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let err = |m: &str| type_error("Window", "postMessage", m);
    // [Global]: an undefined or null this is the operation's realm's global (the current one).
    let target = match this.as_object() {
        Some(object) => object,
        None if this.is_null_or_undefined() => context.global_object(),
        None => return Err(illegal_invocation()),
    };
    let Some(target_realm) = window_realm(&target, context) else {
        return Err(illegal_invocation());
    };
    let Some(message) = args.first().cloned() else {
        return Err(err(&arguments_required(1, 0)));
    };
    // Overload resolution at the second argument: undefined, null or an object selects the
    // options dictionary; anything else, or a third argument, the targetOrigin string.
    let second = args.get(1).cloned().unwrap_or_default();
    let (target_origin, transfer) =
        if args.len() >= 3 || !(second.is_null_or_undefined() || second.is_object()) {
            // "The postMessage(message, targetOrigin, transfer) method steps are: 1. Let options be
            // «[ "targetOrigin" → targetOrigin, "transfer" → transfer ]»."
            let origin = second.to_string(context)?;
            let transfer = match args.get(2) {
                Some(value) if !value.is_undefined() => sequence(value, context, err)?,
                _ => Vec::new(),
            };
            (origin, transfer)
        } else {
            // WindowPostMessageOptions: the inherited dictionary's members first (transfer), then
            // its own (targetOrigin, default "/").
            let options = dictionary(Some(&second), err, "WindowPostMessageOptions")?;
            let transfer = member(options.as_ref(), js_string!("transfer"), context)?;
            let transfer = if transfer.is_undefined() {
                Vec::new()
            } else {
                sequence(&transfer, context, err)?
            };
            let origin = member(options.as_ref(), js_string!("targetOrigin"), context)?;
            let origin = if origin.is_undefined() {
                js_string!("/")
            } else {
                origin.to_string(context)?
            };
            (origin, transfer)
        };
    window_post_message_steps(
        &target,
        target_realm,
        &message,
        &target_origin,
        &transfer,
        context,
    )?;
    Ok(JsValue::undefined())
}

/// The window post message steps, given targetWindow, message and options.
fn window_post_message_steps(
    target_window: &JsObject,
    target_realm: Realm,
    message: &JsValue,
    target_origin: &JsString,
    transfer: &[JsValue],
    context: &mut Context,
) -> JsResult<()> {
    // 1. Let targetRealm be targetWindow's realm.
    // 2. Let incumbentSettings be the incumbent settings object.
    let incumbent = incumbent_realm(context);
    // 3. Let targetOrigin be options["targetOrigin"].
    let target_origin = target_origin.to_std_string_escaped();
    let target_origin = if target_origin == "/" {
        // 4. If targetOrigin is a single U+002F SOLIDUS character (/), then set targetOrigin to
        //    incumbentSettings's origin.
        TargetOrigin::Incumbent
    } else if target_origin == "*" {
        TargetOrigin::Any
    } else {
        // 5. Otherwise, if targetOrigin is not a single U+002A ASTERISK character (*), then:
        //    1. Let parsedURL be the result of running the URL parser on targetOrigin.
        //    2. If parsedURL is failure, then throw a "SyntaxError" DOMException.
        //    3. Set targetOrigin to parsedURL's origin.
        match ::url::Url::parse(&target_origin) {
            Ok(url) => TargetOrigin::Origin(url.origin()),
            Err(_) => {
                return Err(dom_exception_error(
                    context,
                    &format!(
                        "Failed to execute 'postMessage' on 'Window': Invalid target origin \
                         '{target_origin}' in a call to 'postMessage'."
                    ),
                    "SyntaxError",
                ));
            }
        }
    };
    // 6. Let transfer be options["transfer"].
    // 7. Let serializeWithTransferResult be StructuredSerializeWithTransfer(message, transfer).
    //    Rethrow any exceptions.
    let mut serialized = Box::new(serialize_with_transfer(message, transfer, context)?);
    // (For step 8.3: the incumbent settings's global object's browsing context's WindowProxy.)
    let source = in_realm(context, &incumbent, |context| context.global_object());
    let target_window = target_window.clone();
    // 8. Queue a global task on the posted message task source given targetWindow to run the
    //    following steps:
    let host = Host::from_context(context)?;
    let posted = host.trace_post(context, "message", None);
    host.queue_task_posted(
        HostSource::PostedMessage,
        target_realm,
        Box::new(move |context| {
            // 8.1. If the targetOrigin argument is not a single literal U+002A ASTERISK character
            //      (*) and targetWindow's associated Document's origin is not same origin with
            //      targetOrigin, then return.
            //      (The incumbent's origin is every document's: one origin.)
            if let TargetOrigin::Origin(origin) = &target_origin
                && DOCUMENT_ORIGIN.as_ref() != Some(origin)
            {
                return Ok(());
            }
            // 8.2. Let origin be the serialization of incumbentSettings's origin.
            let origin = JsString::from(ORIGIN);
            // 8.3. Let source be the WindowProxy object corresponding to incumbentSettings's
            //      global object (a Window object).
            // 8.4. Let deserializeRecord be StructuredDeserializeWithTransfer(
            //      serializeWithTransferResult, targetRealm). If this throws an exception, catch
            //      it, fire an event named messageerror at targetWindow, using MessageEvent, with
            //      the origin attribute initialized to origin and the source attribute initialized
            //      to source, and then return.
            let record = match deserialize_with_transfer(&mut serialized, context) {
                Ok(record) => record,
                Err(_) => {
                    let event =
                        create_message_event("messageerror", JsValue::null(), Vec::new(), context)?;
                    set_window_fields(&event, origin, &source);
                    fire_event(&target_window, &event, context)?;
                    return Ok(());
                }
            };
            // 8.5. Let messageClone be deserializeRecord.[[Deserialized]].
            // 8.6. Let newPorts be a new frozen array consisting of all MessagePort objects in
            //      deserializeRecord.[[TransferredValues]], if any, maintaining their relative
            //      order.
            // 8.7. Fire an event named message at targetWindow, using MessageEvent, with the
            //      origin attribute initialized to origin, the source attribute initialized to
            //      source, the data attribute initialized to messageClone, and the ports
            //      attribute initialized to newPorts.
            let event = create_message_event("message", record.value, record.ports, context)?;
            set_window_fields(&event, origin, &source);
            fire_event(&target_window, &event, context)?;
            Ok(())
        }),
        posted,
    );
    Ok(())
}

/// Define `postMessage` on the window (the global: a `[Global]` interface's operations are its
/// own properties).
pub fn register(context: &mut Context) -> JsResult<()> {
    let global = context.global_object();
    crate::web::util::define_operation(
        &global,
        "postMessage",
        1,
        NativeFunction::from_fn_ptr(post_message),
        context,
    )
}

/// Whether `object` may be a `MessageEventSource` of this agent's windows.
#[must_use]
pub fn is_window_proxy(object: &JsObject, context: &Context) -> bool {
    window_realm(object, context).is_some()
}

#[cfg(test)]
mod tests {
    use super::DOCUMENT_ORIGIN;

    /// The origin every document has is a tuple origin (so "/" can be compared with it).
    #[test]
    fn documents_have_a_tuple_origin() {
        let origin = DOCUMENT_ORIGIN.clone().expect("ORIGIN parses");
        assert!(origin.is_tuple());
        assert_eq!(
            origin.ascii_serialization(),
            crate::web::fetch::fetch::ORIGIN
        );
    }
}
