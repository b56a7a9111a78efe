// flags: --virtual-time
// explore: skip: the durations it prints end at a rendering or a dialog at an exact virtual time, which rendering opportunities decide.
// alert(), confirm() and prompt(): the message goes to stderr (newlines normalized), the
// dialog is dismissed at once (confirm false, prompt null, as headless Chromium's automation
// dismisses them); a dialog shown while a click is processed ends the click's Event Timing
// duration there, not at the next rendering (Chromium's alternative end point).
console.log(alert(), alert('one\r\ntwo'), confirm('sure?'), prompt('name?', 'x'), prompt());
console.log(alert.length, confirm.length, prompt.length, typeof window.alert);
const button = document.body.appendChild(document.createElement('button'));
button.addEventListener('click', () => {
  taskhost.clock.busy(40);
  alert('clicked');
  taskhost.clock.busy(60);
});
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if (e.name === 'click') {
      console.log(`click: start ${e.startTime}, processing ${e.processingStart}..${e.processingEnd}, duration ${e.duration}`);
    }
  }
}).observe({ type: 'event', durationThreshold: 16 });
taskhost.input.click(button, { at: 20 });
