// taskhost's own: a test that passes.
test(() => assert_equals(typeof scheduler.postTask, 'function'), 'postTask exists');
