// Derived from web-platform-tests html/webappapis/scripting/processing-model-2/unhandled-promise-rejections/promise-resolution-order.html
// (behaviour re-written for taskhost). HTML "prepare the script element" step 31: a script
// element whose src is the empty string gets an element task on the DOM manipulation task source
// that fires error at it, so the error comes after the microtasks of the script that inserted it;
// "notify about rejected promises", queued by the microtask checkpoint on the same task source,
// comes between the error of a script inserted before the checkpoint and one inserted after.
'use strict';
setup({ allow_uncaught_exception: true });

function insertScriptWithEmptySrc(t, seen, name, then) {
  const script = document.createElement('script');
  script.src = '';
  script.onerror = t.step_func(() => {
    seen.push(`error ${name}`);
    then();
  });
  document.body.append(script);
  seen.push(`inserted ${name}`);
}

async_test((t) => {
  const seen = [];
  const onRejection = t.step_func((event) => {
    event.preventDefault();
    seen.push('unhandledrejection');
  });
  addEventListener('unhandledrejection', onRejection);
  t.add_cleanup(() => removeEventListener('unhandledrejection', onRejection));
  requestAnimationFrame(t.step_func(() => {
    seen.push('frame callback 1');
    Promise.reject(new Error('unhandled'));
    Promise.resolve().then(t.step_func(() => seen.push('microtask 1')));
    insertScriptWithEmptySrc(t, seen, 1, () => {});
  }));
  requestAnimationFrame(t.step_func(() => {
    seen.push('frame callback 2');
    Promise.resolve().then(t.step_func(() => seen.push('microtask 2')));
    insertScriptWithEmptySrc(t, seen, 2, t.step_func_done(() => {
      assert_array_equals(seen, [
        'frame callback 1', 'inserted 1', 'microtask 1',
        'frame callback 2', 'inserted 2', 'microtask 2',
        'error 1', 'unhandledrejection', 'error 2',
      ]);
    }));
  }));
}, 'A script with an empty src fires error from a task, after the rejection task queued before it');

async_test((t) => {
  const seen = [];
  insertScriptWithEmptySrc(t, seen, 'a', t.step_func_done(() => {
    assert_array_equals(seen, ['inserted a', 'microtask', 'error a']);
  }));
  queueMicrotask(t.step_func(() => seen.push('microtask')));
}, 'The error of a script with an empty src is not fired while the script is inserted');
