// taskhost's own: a subtest that passes or fails at random, for flaky-result reporting.
test(() => assert_less_than(Math.random(), 0.5, 'heads'), 'coin');
