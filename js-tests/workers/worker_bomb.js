// flags: --max-workers 8
// status: 1
// A worker bomb: each worker starts two more, 13 levels deep (16,382 workers if nothing stopped
// it). At most 8 run at once; the running ones never end (they listen for messages), so the rest
// wait: 8 started, each started two, so 18 were created and 10 never start. The run ends when
// the running ones are idle, with a warning when the limit is first reached and an error naming
// it at the end.
new Worker('resources/bomb_worker.js', { name: '13' });
new Worker('resources/bomb_worker.js', { name: '13' });
