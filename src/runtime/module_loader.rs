//! ES module loading: specifiers resolved by [`super::resolution`] (URL-like specifiers against
//! the importing file, the import map, packages in `node_modules`), files read as UTF-8, the
//! source guard in front of the parser, one module record per (path, attributes).
//!
//! Invariant: a module file is parsed at most once per runtime; importing it again (from any
//! module) yields the same record, as HTML's module map does.

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use boa_engine::module::{ModuleLoader, ModuleRequest, Referrer};
use boa_engine::{
    Context, JsError, JsNativeError, JsNativeErrorKind, JsResult, JsString, Module, NativeFunction,
    Script, Source, js_string,
};
use boa_gc::{Finalize, Trace};
use url::Url;

use super::resolution::{self, Format, ImportMap};
use crate::engine::builtins::builtin_function;
use crate::engine::script::{guard_nesting, parse_module};

/// taskhost's module loader.
pub struct TaskhostModuleLoader {
    map: RefCell<HashMap<(PathBuf, bool), Module>>,
    /// The window's import map (empty for a worker, as HTML has it).
    import_map: Rc<ImportMap>,
}

/// What `import.meta.resolve` keeps: its module's path and the import map.
#[derive(Trace, Finalize, Clone)]
struct ResolveCaptures {
    path: JsString,
    #[unsafe_ignore_trace]
    import_map: Rc<ImportMap>,
}

/// The name of an importing file in messages (`<eval>` for code without a file).
fn referrer_name(referrer: Option<&Path>) -> String {
    referrer.map_or_else(|| "<eval>".to_owned(), |p| p.display().to_string())
}

impl TaskhostModuleLoader {
    pub fn new(import_map: ImportMap) -> Self {
        Self {
            map: RefCell::default(),
            import_map: Rc::new(import_map),
        }
    }

    /// The URL a specifier resolves to, imported from `referrer` (a file; `None`: code
    /// without one, whose base is the working directory).
    fn resolve_url(
        import_map: &ImportMap,
        specifier: &JsString,
        referrer: Option<&Path>,
    ) -> JsResult<Url> {
        let text = specifier.to_std_string_escaped();
        let failed = |message: String| {
            JsNativeError::typ().with_message(format!(
                "Failed to resolve module specifier \"{text}\" imported from {}: {message}",
                referrer_name(referrer)
            ))
        };
        let referrer_path = match referrer {
            Some(path) if path.is_absolute() => path.to_path_buf(),
            _ => std::env::current_dir()
                .map_err(|e| failed(format!("no working directory: {e}")))?
                .join(referrer.unwrap_or(Path::new("<eval>"))),
        };
        let base = resolution::file_url(&referrer_path).map_err(failed)?;
        Ok(resolution::resolve_module_specifier(import_map, &text, &base).map_err(failed)?)
    }

    /// The file a specifier names, imported from `referrer`.
    fn resolve(&self, specifier: &JsString, referrer: Option<&Path>) -> JsResult<PathBuf> {
        let url = Self::resolve_url(&self.import_map, specifier, referrer)?;
        resolution::url_to_path(&url).map_err(|message| {
            JsNativeError::typ()
                .with_message(format!(
                    "Failed to load module \"{}\" imported from {}: {message}",
                    specifier.to_std_string_escaped(),
                    referrer_name(referrer)
                ))
                .into()
        })
    }

    fn load(
        path: &Path,
        json: bool,
        referrer: Option<&Path>,
        context: &mut Context,
    ) -> JsResult<Module> {
        let shown = path.display();
        let from = referrer_name(referrer);
        let bytes = std::fs::read(path).map_err(|e| {
            JsNativeError::typ().with_message(format!(
                "Failed to load module {shown} imported from {from}: {e}"
            ))
        })?;
        let text = String::from_utf8(bytes).map_err(|_| {
            JsNativeError::typ().with_message(format!(
                "Failed to load module {shown} imported from {from}: not UTF-8"
            ))
        })?;
        if json {
            return Module::parse_json(JsString::from(text.as_str()), context)
                .map_err(|error| locate_json_error(error, &shown.to_string()));
        }
        // A package's file is an ES module or CommonJS by Node's rules; taskhost loads only
        // ES modules.
        let format = resolution::package_file_format(path).map_err(|message| {
            JsNativeError::typ().with_message(format!(
                "Failed to load module {shown} imported from {from}: {message}"
            ))
        })?;
        let common_js = match format {
            None | Some(Format::Module) => None,
            Some(Format::CommonJs(why)) => Some(why),
            // DETECT_MODULE_SYNTAX: source that parses as a script has no module syntax.
            Some(Format::Detect) => {
                guard_nesting(&text, &shown.to_string())?;
                Script::parse(Source::from_bytes(&text), None, context)
                    .is_ok()
                    .then(|| {
                        "its package.json has no \"type\": \"module\" and it has no import or export"
                            .to_owned()
                    })
            }
        };
        if let Some(why) = common_js {
            return Err(JsNativeError::typ()
                .with_message(format!(
                    "{shown} (imported from {from}) is a CommonJS module ({why}); taskhost loads only ES modules"
                ))
                .into());
        }
        parse_module(&text, path, context)
    }
}

/// A JSON module's parse error names the module's file: the engine's "message at line L column
/// C" becomes "message (file:L:C)" (without a position it is "message (file)").
fn locate_json_error(error: JsError, file: &str) -> JsError {
    let Some(native) = error.as_native() else {
        return error;
    };
    if !matches!(native.kind(), JsNativeErrorKind::Syntax) {
        return error;
    }
    let message = native.message();
    let located = message
        .rsplit_once(" at line ")
        .and_then(|(head, rest)| {
            let (line, col) = rest.split_once(" column ")?;
            let line: u32 = line.trim().parse().ok()?;
            let col: u32 = col.trim().parse().ok()?;
            Some(format!("{head} ({file}:{line}:{col})"))
        })
        .unwrap_or_else(|| format!("{message} ({file})"));
    JsNativeError::syntax().with_message(located).into()
}

impl TaskhostModuleLoader {
    /// A module imported by a `blob:` URL: the Blob the blob URL store holds for it when the
    /// import resolves it (File API §8.3.5), parsed as a module (or JSON) named by its URL; one
    /// record per URL, as for files. A URL that names no Blob (revoked, never created) fails as
    /// a network error does: a TypeError.
    fn load_blob_module(
        &self,
        url: &Url,
        json: bool,
        referrer: Option<&Path>,
        context: &mut Context,
    ) -> JsResult<Module> {
        let mut key_url = url.clone();
        key_url.set_fragment(None);
        let key = (PathBuf::from(key_url.as_str()), json);
        if let Some(module) = self.map.borrow().get(&key) {
            return Ok(module.clone());
        }
        let entry = crate::web::file_api::blob_url_store::resolve_if_blob_url(url.as_str())
            .flatten()
            .ok_or_else(|| {
                JsNativeError::typ().with_message(format!(
                    "Failed to load module {url} imported from {}: no Blob has this URL (it was revoked, or never created)",
                    referrer_name(referrer)
                ))
            })?;
        let text = String::from_utf8_lossy(entry.blob.bytes.as_slice()).into_owned();
        let module = if json {
            Module::parse_json(JsString::from(text.as_str()), context)
                .map_err(|error| locate_json_error(error, key_url.as_str()))?
        } else {
            parse_module(&text, &key.0, context)?
        };
        self.map.borrow_mut().insert(key, module.clone());
        Ok(module)
    }
}

/// The `file:` URL of an absolute path, serialized.
fn file_url_string(path: &Path) -> String {
    resolution::file_url(path).map_or_else(|_| path.display().to_string(), String::from)
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
        let url = JsString::from(file_url_string(&path).as_str());
        // 4. Let steps be the following steps, given the argument specifier:
        let steps = NativeFunction::from_copy_closure_with_captures(
            |_, args, captures: &ResolveCaptures, context| {
                // 4.1. Set specifier to ? ToString(specifier).
                let specifier = args
                    .first()
                    .cloned()
                    .unwrap_or_default()
                    .to_string(context)?;
                // 4.2. Let url be the result of resolving a module specifier given moduleScript
                //      and specifier.
                let referrer = PathBuf::from(captures.path.to_std_string_escaped());
                let url = Self::resolve_url(&captures.import_map, &specifier, Some(&referrer))?;
                // 4.3. Return the serialization of url.
                Ok(JsString::from(url.as_str()).into())
            },
            ResolveCaptures {
                path: JsString::from(path.to_string_lossy().as_ref()),
                import_map: self.import_map.clone(),
            },
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
        let from = referrer.path().map(Path::to_path_buf);
        let url = Self::resolve_url(&self.import_map, request.specifier(), from.as_deref())?;
        if url.scheme() == "blob" {
            return self.load_blob_module(&url, json, from.as_deref(), &mut context.borrow_mut());
        }
        let path = self.resolve(request.specifier(), from.as_deref())?;
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
        let module = Self::load(&key.0, json, from.as_deref(), &mut context.borrow_mut())?;
        self.map.borrow_mut().insert(key, module.clone());
        Ok(module)
    }
}
