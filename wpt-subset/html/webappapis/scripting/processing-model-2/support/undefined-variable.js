// A script that throws when it runs (runtime-error-in-window-onerror.html).
undefinedVariableInAnExternalScript;
