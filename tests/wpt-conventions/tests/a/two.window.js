// taskhost's own: a test that passes (the metadata disables it).
test(() => assert_true(typeof scheduler === 'object'), 'scheduler exists');
