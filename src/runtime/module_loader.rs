//! ES module loading: specifiers resolved against the importing file, files read as UTF-8, the
//! source guard in front of the parser, one module record per (path, attributes).
//!
//! Invariant: a module file is parsed at most once per runtime; importing it again (from any
//! module) yields the same record, as HTML's module map does.

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use boa_engine::module::{ModuleLoader, ModuleRequest, Referrer, resolve_module_specifier};
use boa_engine::{
    Context, JsNativeError, JsResult, JsString, Module, NativeFunction, Source, js_string,
};

use crate::engine::builtins::builtin_function;
use crate::engine::script::guard_nesting;

/// taskhost's module loader.
#[derive(Default)]
pub struct TaskhostModuleLoader {
    map: RefCell<HashMap<(PathBuf, bool), Module>>,
}

impl TaskhostModuleLoader {
    fn resolve(
        specifier: &JsString,
        referrer: &Referrer,
        context: &mut Context,
    ) -> JsResult<PathBuf> {
        Self::resolve_from(specifier, referrer.path(), context)
    }

    fn resolve_from(
        specifier: &JsString,
        referrer: Option<&Path>,
        context: &mut Context,
    ) -> JsResult<PathBuf> {
        let text = specifier.to_std_string_escaped();
        // HTML "resolve a module specifier": without an import map, only URL-like specifiers
        // resolve; a bare name is an error.
        if !(text.starts_with("./") || text.starts_with("../") || text.starts_with('/')) {
            return Err(JsNativeError::typ()
                .with_message(format!(
                    "Failed to resolve module specifier \"{text}\". Relative references must start with either \"/\", \"./\", or \"../\"."
                ))
                .into());
        }
        let referrer_path = referrer
            .map(Path::to_path_buf)
            .or_else(|| std::env::current_dir().ok().map(|dir| dir.join("<eval>")));
        resolve_module_specifier(
            Some(Path::new("/")),
            specifier,
            referrer_path.as_deref(),
            context,
        )
    }

    fn load(path: &Path, json: bool, context: &mut Context) -> JsResult<Module> {
        let shown = path.display();
        let bytes = std::fs::read(path).map_err(|e| {
            JsNativeError::typ().with_message(format!("Failed to load module {shown}: {e}"))
        })?;
        let text = String::from_utf8(bytes).map_err(|_| {
            JsNativeError::typ().with_message(format!("Failed to load module {shown}: not UTF-8"))
        })?;
        if json {
            return Module::parse_json(JsString::from(text.as_str()), context);
        }
        guard_nesting(&text, &shown.to_string())?;
        Module::parse(Source::from_bytes(&text).with_path(path), None, context)
    }
}

/// The `file:` URL of an absolute path (bytes outside the URL path's safe set percent-encoded).
fn file_url(path: &Path) -> String {
    let mut url = String::from("file://");
    for byte in path.to_string_lossy().bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~/!$&'()*+,;=:@".contains(&byte) {
            url.push(char::from(byte));
        } else {
            url.push_str(&format!("%{byte:02X}"));
        }
    }
    url
}

impl ModuleLoader for TaskhostModuleLoader {
    /// HostGetImportMetaProperties(moduleRecord) (HTML §8.1.6.2), with ECMA-262's
    /// FinalizeImportMeta defining what it returns on `import.meta`:
    /// 1. Let moduleScript be moduleRecord.[[HostDefined]].
    /// 2. Assert: moduleScript's base URL is not null, as moduleScript is a JavaScript module
    ///    script.
    /// 3. Let urlString be moduleScript's base URL, serialized.
    /// 4. Let steps be the following steps, given the argument specifier:
    ///    1. Set specifier to ? ToString(specifier).
    ///    2. Let url be the result of resolving a module specifier given moduleScript and
    ///       specifier.
    ///    3. Return the serialization of url.
    /// 5. Let resolveFunction be ! CreateBuiltinFunction(steps, 1, "resolve", « »).
    /// 6. Return « Record { [[Key]]: "url", [[Value]]: urlString }, Record { [[Key]]: "resolve",
    ///    [[Value]]: resolveFunction } ».
    ///
    /// Deviation: the base URL is the module file's `file:` URL; a module without a path (none
    /// is loaded that way) gets no properties instead of failing the assertion.
    fn init_import_meta(
        self: Rc<Self>,
        import_meta: &boa_engine::JsObject,
        module: &Module,
        context: &mut Context,
    ) {
        // 1-2. The module's path stands for its script's base URL.
        let Some(path) = module.path().map(Path::to_path_buf) else {
            return;
        };
        // 3. Let urlString be moduleScript's base URL, serialized.
        let url = JsString::from(file_url(&path).as_str());
        // 4. Let steps be the following steps, given the argument specifier:
        let steps = NativeFunction::from_copy_closure_with_captures(
            |_, args, path: &JsString, context| {
                // 4.1. Set specifier to ? ToString(specifier).
                let specifier = args
                    .first()
                    .cloned()
                    .unwrap_or_default()
                    .to_string(context)?;
                // 4.2. Let url be the result of resolving a module specifier given moduleScript
                //      and specifier.
                let referrer = PathBuf::from(path.to_std_string_escaped());
                let resolved = Self::resolve_from(&specifier, Some(&referrer), context)?;
                // 4.3. Return the serialization of url.
                Ok(JsString::from(file_url(&resolved).as_str()).into())
            },
            JsString::from(path.to_string_lossy().as_ref()),
        );
        // 5. Let resolveFunction be ! CreateBuiltinFunction(steps, 1, "resolve", « »).
        let resolve = builtin_function("resolve", 1, steps, context);
        // 6. Return « url: urlString, resolve: resolveFunction ». FinalizeImportMeta defines each
        //    with ! CreateDataPropertyOrThrow, which cannot fail on the fresh, extensible
        //    import.meta object.
        let _ = import_meta.create_data_property_or_throw(js_string!("url"), url, context);
        let _ = import_meta.create_data_property_or_throw(js_string!("resolve"), resolve, context);
    }

    async fn load_imported_module(
        self: Rc<Self>,
        referrer: Referrer,
        request: ModuleRequest,
        context: &RefCell<&mut Context>,
    ) -> JsResult<Module> {
        let json = match request.get_attribute("type") {
            None => false,
            Some(t) if *t == js_string!("json") => true,
            Some(t) => {
                return Err(JsNativeError::typ()
                    .with_message(format!(
                        "unsupported module type \"{}\"",
                        t.to_std_string_escaped()
                    ))
                    .into());
            }
        };
        let path = Self::resolve(request.specifier(), &referrer, &mut context.borrow_mut())?;
        if !json && path.extension().is_some_and(|e| e == "json") {
            return Err(JsNativeError::typ()
                .with_message(format!(
                    "module {} is JSON: import it with {{ type: \"json\" }}",
                    path.display()
                ))
                .into());
        }
        let key = (path, json);
        if let Some(module) = self.map.borrow().get(&key) {
            return Ok(module.clone());
        }
        let module = Self::load(&key.0, json, &mut context.borrow_mut())?;
        self.map.borrow_mut().insert(key, module.clone());
        Ok(module)
    }
}
