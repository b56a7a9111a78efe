// taskhost's own: a test that passes, in a window and a dedicated worker.
test(() => assert_equals(1 + 1, 2), 'arithmetic');
