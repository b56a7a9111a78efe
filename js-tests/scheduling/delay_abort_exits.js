// flags: --max-time 2
// Aborting a postTask during its delay rejects it at once, and the delay's timer no longer keeps
// the process alive: the script ends now, not in 10,000 seconds (--max-time would exit 124).
const controller = new AbortController();
scheduler.postTask(() => console.log('never runs'), { delay: 1e7, signal: controller.signal })
  .catch((e) => console.log('rejected with', e.name));
controller.abort();
