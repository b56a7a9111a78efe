// Derived from web-platform-tests dom/abort/resources/abort-signal-any-tests.js (behaviour
// re-written for taskhost). Shared by dom/abort/abort-signal-any.any.js and by tests of
// AbortSignal subclasses (scheduler's TaskSignal.any()): the signal interface and the controller
// interface are parameters, so the same checks run against both.
//
// DOM §3.2.1 "create a dependent abort signal" and §3.2 "signal abort".

// Subtests that need only the signal interface.
function abortSignalAnySignalOnlyTests(signalInterface) {
  const desc = `${signalInterface.name}.any()`;

  test(() => {
    const signal = signalInterface.any([]);
    assert_true(signal instanceof signalInterface, `an instance of ${signalInterface.name}`);
    assert_false(signal.aborted, 'not aborted');
    assert_equals(signal.reason, undefined, 'no reason');
  }, `${desc} works with an empty array of signals`);
}

// Subtests that create sources with `new controllerInterface()`.
function abortSignalAnyTests(signalInterface, controllerInterface) {
  const suffix = `(using ${controllerInterface.name})`;
  const desc = `${signalInterface.name}.any()`;

  test(() => {
    const controller = new controllerInterface();
    const combined = signalInterface.any([controller.signal]);
    assert_true(combined instanceof signalInterface, `an instance of ${signalInterface.name}`);
    assert_not_equals(combined, controller.signal, 'a new signal, not the input');
    assert_false(combined.aborted, 'not aborted yet');
    assert_true('reason' in combined, 'has a reason attribute');
    assert_equals(combined.reason, undefined, 'no reason yet');

    let targetSeen = null;
    let events = 0;
    combined.onabort = (e) => {
      events++;
      targetSeen = e.target;
    };
    controller.abort('reason string');
    assert_true(controller.signal.aborted, 'the source is aborted');
    assert_true(combined.aborted, 'the dependent is aborted');
    assert_equals(combined.reason, 'reason string', 'the reason is propagated');
    assert_equals(events, 1, 'one abort event');
    assert_equals(targetSeen, combined, 'the event targets the dependent signal');
  }, `${desc} follows a single signal ${suffix}`);

  test(() => {
    for (let which = 0; which < 3; which++) {
      const controllers = [0, 1, 2].map(() => new controllerInterface());
      const combined = signalInterface.any(controllers.map((c) => c.signal));
      assert_false(combined.aborted, `not aborted before aborting controller ${which}`);
      controllers[which].abort();
      assert_true(combined.aborted, `aborted by controller ${which}`);
      assert_true(combined.reason instanceof DOMException, 'the default reason is a DOMException');
      assert_equals(combined.reason.name, 'AbortError');
      assert_equals(combined.reason, controllers[which].signal.reason, 'the same reason object');
    }
  }, `${desc} follows multiple signals ${suffix}`);

  test(() => {
    const controllers = [0, 1, 2].map(() => new controllerInterface());
    controllers[1].abort('reason 1');
    controllers[2].abort('reason 2');
    const combined = signalInterface.any(controllers.map((c) => c.signal));
    assert_true(combined.aborted, 'aborted at creation');
    assert_equals(combined.reason, 'reason 1', 'the reason of the first aborted input');
    let fired = false;
    combined.onabort = () => { fired = true; };
    controllers[0].abort('reason 0');
    assert_false(fired, 'an already-aborted signal fires nothing later');
    assert_equals(combined.reason, 'reason 1', 'the reason does not change');
  }, `${desc} returns an aborted signal if passed an aborted signal ${suffix}`);

  test(() => {
    const controller = new controllerInterface();
    const combined = signalInterface.any([controller.signal, controller.signal, controller.signal]);
    let events = 0;
    combined.addEventListener('abort', () => events++);
    assert_false(combined.aborted);
    controller.abort('once');
    assert_true(combined.aborted);
    assert_equals(combined.reason, 'once');
    assert_equals(events, 1, 'one abort event, however often the source was listed');
  }, `${desc} can be passed the same signal more than once ${suffix}`);

  test(() => {
    const first = new controllerInterface();
    const second = new controllerInterface();
    first.abort('reason 1');
    second.abort('reason 2');
    const combined = signalInterface.any([first.signal, second.signal, first.signal]);
    assert_true(combined.aborted);
    assert_equals(combined.reason, 'reason 1');
    const reversed = signalInterface.any([second.signal, first.signal, second.signal]);
    assert_equals(reversed.reason, 'reason 2');
  }, `${desc} uses the first instance of a duplicate signal ${suffix}`);

  test(() => {
    const controllers = [0, 1, 2].map(() => new controllerInterface());
    const inner = signalInterface.any([controllers[0].signal, controllers[1].signal]);
    const outer = signalInterface.any([inner, controllers[2].signal]);
    controllers[2].abort('from the outer input');
    assert_true(outer.aborted, 'outer aborted by its direct input');
    assert_false(inner.aborted, 'inner is not affected');
    assert_equals(outer.reason, 'from the outer input');

    const controllers2 = [0, 1, 2].map(() => new controllerInterface());
    const inner2 = signalInterface.any([controllers2[0].signal, controllers2[1].signal]);
    const outer2 = signalInterface.any([inner2, controllers2[2].signal]);
    controllers2[1].abort('through the inner signal');
    assert_true(inner2.aborted, 'inner aborted');
    assert_true(outer2.aborted, 'outer aborted through the inner signal');
    assert_equals(outer2.reason, 'through the inner signal');
  }, `${desc} signals are composable ${suffix}`);

  async_test((t) => {
    const timeoutSignal = AbortSignal.timeout(5);
    const combined = signalInterface.any([timeoutSignal]);
    assert_false(combined.aborted, 'not aborted before the timeout');
    combined.onabort = t.step_func_done(() => {
      assert_true(combined.aborted);
      assert_true(combined.reason instanceof DOMException, 'a DOMException');
      assert_equals(combined.reason.name, 'TimeoutError');
      assert_equals(combined.reason, timeoutSignal.reason, 'the same reason object');
    });
  }, `${desc} works with signals returned by AbortSignal.timeout() ${suffix}`);

  test(() => {
    const controller = new controllerInterface();
    let signal = controller.signal;
    const chain = [];
    for (let i = 0; i < 4; i++) {
      signal = signalInterface.any([signal]);
      chain.push(signal);
    }
    controller.abort('the reason');
    chain.forEach((s, i) => {
      assert_true(s.aborted, `signal ${i} aborted`);
      assert_equals(s.reason, 'the reason', `signal ${i} reason`);
    });
  }, `${desc} works with intermediate signals ${suffix}`);

  test(() => {
    const controller = new controllerInterface();
    const signals = [controller.signal];
    // Each new signal depends (after flattening) on the controller's signal directly, in the
    // order of creation, whatever signal it was made from.
    signals.push(signalInterface.any([signals[0]]));
    signals.push(signalInterface.any([signals[1]]));
    signals.push(signalInterface.any([signals[0], signals[2]]));
    signals.push(signalInterface.any([signals[3], signals[1]]));
    let order = '';
    signals.forEach((s, i) => s.addEventListener('abort', () => { order += i; }));
    controller.abort();
    assert_equals(order, '01234');
  }, `Abort events for ${desc} signals fire in the right order ${suffix}`);

  test(() => {
    const controller = new controllerInterface();
    const signal1 = signalInterface.any([controller.signal]);
    const signal2 = signalInterface.any([signal1]);
    let checked = false;
    controller.signal.addEventListener('abort', () => {
      assert_true(signal1.aborted, 'signal1 is aborted before any abort event fires');
      assert_true(signal2.aborted, 'signal2 is aborted before any abort event fires');
      const fresh = signalInterface.any([signal2]);
      assert_true(fresh.aborted, 'a signal made from an aborted dependent is aborted');
      assert_equals(fresh.reason, 'abort', 'with its reason');
      checked = true;
    });
    controller.abort('abort');
    assert_true(checked, 'the listener ran');
  }, `Dependent signals for ${desc} are marked aborted before abort events fire ${suffix}`);

  test(() => {
    const controller1 = new controllerInterface();
    const controller2 = new controllerInterface();
    const combined = signalInterface.any([controller1.signal, controller2.signal]);
    let events = 0;
    combined.addEventListener('abort', () => events++);
    controller1.signal.addEventListener('abort', () => controller2.abort('reason 2'));
    controller1.abort('reason 1');
    assert_true(combined.aborted);
    assert_equals(combined.reason, 'reason 1');
    assert_equals(events, 1, 'the combined signal fires once');
    assert_equals(controller2.signal.reason, 'reason 2');
  }, `Dependent signals for ${desc} are aborted correctly for reentrant aborts ${suffix}`);

  test(() => {
    const source = signalInterface.abort();
    const dependent = signalInterface.any([source]);
    assert_true(source.reason instanceof DOMException);
    assert_equals(dependent.reason, source.reason);
  }, `Dependent signals for ${desc} should use the same DOMException instance from the already aborted source signal ${suffix}`);

  test(() => {
    const controller = new controllerInterface();
    const dependent = signalInterface.any([controller.signal]);
    controller.abort();
    assert_true(controller.signal.reason instanceof DOMException);
    assert_equals(dependent.reason, controller.signal.reason);
  }, `Dependent signals for ${desc} should use the same DOMException instance from the source signal being aborted later ${suffix}`);
}
