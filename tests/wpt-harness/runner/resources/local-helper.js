// Loaded by META script=resources/local-helper.js (relative to the test).
function localHelper() { return "local"; }
