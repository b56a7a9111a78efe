// META: global=window,worker
// Derived from web-platform-tests scheduler/task-signal-any-abort.tentative.any.js, which runs
// the shared dom/abort/resources/abort-signal-any-tests.js with TaskSignal (behaviour re-written
// for taskhost, self-contained: the subtest names follow the shared helper's).
// TaskSignal.any() makes its result with DOM's "create a dependent signal": it is aborted when
// any input is, with that input's reason; dependents of dependents are linked to the sources.
'use strict';

const desc = 'TaskSignal.any()';

test(() => {
  const signal = TaskSignal.any([]);
  assert_true(signal instanceof TaskSignal, 'a TaskSignal');
  assert_false(signal.aborted, 'not aborted');
  assert_equals(signal.reason, undefined, 'no reason');
}, `${desc} works with an empty array of signals`);

for (const Controller of [AbortController, TaskController]) {
  const suffix = `(using ${Controller.name})`;

  test(t => {
    const controller = new Controller();
    const signal = TaskSignal.any([controller.signal]);
    assert_true(signal instanceof TaskSignal, 'a TaskSignal');
    assert_not_equals(signal, controller.signal, 'a new signal');
    assert_false(signal.aborted, 'not aborted yet');
    assert_true('reason' in signal, 'has a reason attribute');
    assert_equals(signal.reason, undefined, 'no reason yet');
    let targets = [];
    signal.onabort = t.step_func(e => targets.push(e.target));
    controller.abort('the reason');
    assert_true(signal.aborted, 'aborted with its input');
    assert_equals(signal.reason, 'the reason', 'the input\'s reason');
    assert_array_equals(targets, [signal], 'one abort event, at the composite signal');
  }, `${desc} follows a single signal ${suffix}`);

  test(() => {
    for (let i = 0; i < 3; i++) {
      const controllers = [new Controller(), new Controller(), new Controller()];
      const signal = TaskSignal.any(controllers.map(c => c.signal));
      assert_false(signal.aborted, `round ${i}: not aborted yet`);
      controllers[i].abort();
      assert_true(signal.aborted, `round ${i}: aborted`);
      assert_true(signal.reason instanceof DOMException, `round ${i}: a DOMException reason`);
      assert_equals(signal.reason.name, 'AbortError', `round ${i}: AbortError`);
    }
  }, `${desc} follows multiple signals ${suffix}`);

  test(t => {
    const controllers = [new Controller(), new Controller(), new Controller()];
    controllers[1].abort('reason 1');
    controllers[2].abort('reason 2');
    const signal = TaskSignal.any(controllers.map(c => c.signal));
    signal.onabort = t.unreached_func('no abort event for a signal created aborted');
    assert_true(signal.aborted);
    assert_equals(signal.reason, 'reason 1', 'the first aborted input\'s reason');
    controllers[0].abort('reason 0');
    assert_equals(signal.reason, 'reason 1', 'unchanged by later aborts');
  }, `${desc} returns an aborted signal if passed an aborted signal ${suffix}`);

  test(t => {
    const controller = new Controller();
    const signal = TaskSignal.any([controller.signal, controller.signal, controller.signal]);
    let events = 0;
    signal.onabort = () => events++;
    controller.abort('once');
    assert_true(signal.aborted);
    assert_equals(signal.reason, 'once');
    assert_equals(events, 1, 'one abort event');
  }, `${desc} can be passed the same signal more than once ${suffix}`);

  test(() => {
    const first = new Controller();
    first.abort('reason 1');
    const second = new Controller();
    second.abort('reason 2');
    const signal = TaskSignal.any([first.signal, second.signal, first.signal]);
    assert_equals(signal.reason, 'reason 1');
  }, `${desc} uses the first instance of a duplicate signal ${suffix}`);

  test(() => {
    const controllers = [new Controller(), new Controller(), new Controller()];
    const inner = TaskSignal.any([controllers[0].signal, controllers[1].signal]);
    const outer = TaskSignal.any([inner, controllers[2].signal]);
    controllers[1].abort('from the middle');
    assert_true(inner.aborted, 'inner');
    assert_true(outer.aborted, 'outer');
    assert_equals(outer.reason, 'from the middle');
  }, `${desc} signals are composable ${suffix}`);

  async_test(t => {
    const signal = TaskSignal.any([AbortSignal.timeout(5)]);
    signal.onabort = t.step_func_done(() => {
      assert_true(signal.aborted);
      assert_true(signal.reason instanceof DOMException, 'a DOMException');
      assert_equals(signal.reason.name, 'TimeoutError');
    });
  }, `${desc} works with signals returned by AbortSignal.timeout() ${suffix}`);

  test(() => {
    const controller = new Controller();
    let signal = TaskSignal.any([controller.signal]);
    for (let i = 0; i < 3; i++)
      signal = TaskSignal.any([signal]);
    controller.abort('the reason');
    assert_true(signal.aborted);
    assert_equals(signal.reason, 'the reason');
  }, `${desc} works with intermediate signals ${suffix}`);

  test(() => {
    const controller = new Controller();
    let result = '';
    controller.signal.addEventListener('abort', () => result += 's');
    const d1 = TaskSignal.any([controller.signal]);
    const d2 = TaskSignal.any([d1]);            // linked to the source, not to d1
    const d3 = TaskSignal.any([controller.signal]);
    const d4 = TaskSignal.any([d2, d3]);        // linked to the source once
    for (const [id, signal] of [[4, d4], [3, d3], [2, d2], [1, d1]])
      signal.addEventListener('abort', () => result += id);
    controller.abort();
    assert_equals(result, 's1234');
  }, `Abort events for ${desc} signals fire in the right order ${suffix}`);

  test(t => {
    const controller = new Controller();
    const d1 = TaskSignal.any([controller.signal]);
    const d2 = TaskSignal.any([d1]);
    let checked = false;
    controller.signal.onabort = t.step_func(() => {
      assert_true(d1.aborted, 'd1');
      assert_true(d2.aborted, 'd2');
      const late = TaskSignal.any([d2]);
      assert_true(late.aborted, 'a composite created during the event');
      checked = true;
    });
    controller.abort();
    assert_true(checked, 'the listener ran');
  }, `Dependent signals for ${desc} are marked aborted before abort events fire ${suffix}`);

  test(() => {
    const c1 = new Controller();
    const c2 = new Controller();
    const signal = TaskSignal.any([c1.signal, c2.signal]);
    let events = 0;
    signal.onabort = () => events++;
    c1.signal.onabort = () => c2.abort('reason 2');
    c1.abort('reason 1');
    assert_true(signal.aborted);
    assert_equals(signal.reason, 'reason 1');
    assert_equals(events, 1);
  }, `Dependent signals for ${desc} are aborted correctly for reentrant aborts ${suffix}`);

  test(() => {
    const source = TaskSignal.abort();
    const dependent = TaskSignal.any([source]);
    assert_true(source.reason instanceof DOMException);
    assert_equals(dependent.reason, source.reason);
  }, `Dependent signals for ${desc} should use the same DOMException instance from the already aborted source signal ${suffix}`);

  test(() => {
    const controller = new Controller();
    const dependent = TaskSignal.any([controller.signal]);
    controller.abort();
    assert_true(controller.signal.reason instanceof DOMException);
    assert_equals(dependent.reason, controller.signal.reason);
  }, `Dependent signals for ${desc} should use the same DOMException instance from the source signal being aborted later ${suffix}`);
}
