// An iframe with srcdoc: its document is loaded by a navigation, from a task (HTML "process the
// iframe attributes" step 1), not inside appendChild; the frame's scripts run in its own realm
// with its own scheduler and `parent`; its window's load event comes before the iframe element's
// (HTML "completely finish loading" → "iframe load event steps").
const log = [];
window.fromFrame = (text) => log.push(text);
const container = document.body ?? document.documentElement;
const iframe = document.createElement('iframe');
iframe.srcdoc = `<script>
  parent.fromFrame('frame script: own scheduler ' + (scheduler !== parent.scheduler) + ', parent is the outer window ' + (parent === parent.window));
  addEventListener('load', () => parent.fromFrame('frame window load'));
  scheduler.postTask(() => parent.fromFrame('frame task'));
<\/script>`;
iframe.onload = () => {
  log.push('iframe element load');
  setTimeout(() => console.log([...log, 'end'].join('\n')), 20);
};
container.appendChild(iframe);
log.push('after appendChild');
