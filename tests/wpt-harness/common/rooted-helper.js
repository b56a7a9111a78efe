// Loaded by META script=/common/rooted-helper.js (from the root).
function rootedHelper() { return "rooted"; }
