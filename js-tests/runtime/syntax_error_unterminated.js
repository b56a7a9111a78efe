// status: 1
// A lexer error Boa reports without a position still names the file.
const s = "never closed
