// Too much recursion inside a postTask callback: the engine stops it (RuntimeLimitError, which
// scripts cannot catch), and the task's promise rejects with a RangeError, as in browsers.
function forever() { return forever(); }
scheduler.postTask(forever).then(
  () => console.log('fulfilled'),
  (e) => console.log('rejected with', e.name + ':', e.message),
);
