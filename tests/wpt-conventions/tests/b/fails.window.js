// taskhost's own: a subtest that always fails (the metadata expects it to).
test(() => assert_true(false, 'on purpose'), 'always fails');
test(() => {}, 'passes');
