// A syntax error in the test file is a harness ERROR.
test(() => {}, "never defined"
