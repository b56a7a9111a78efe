// A frame's script that removes its own iframe while it runs: the script runs to its end (script
// is not interrupted), but the frame's document is no longer fully active from then on — its
// later scripts do not run, its load event does not fire, its tasks never run — and the parent
// goes on.
const log = [];
window.fromFrame = (text) => log.push(text);
const iframe = document.createElement('iframe');
iframe.srcdoc = `<script>
  parent.fromFrame('first frame script starts');
  scheduler.postTask(() => parent.fromFrame('a task of the frame ran'));
  parent.document.body.removeChild(parent.document.body.lastChild);
  parent.fromFrame('first frame script goes on after the removal: parent frames ' + parent.length);
<\/script>
<script>parent.fromFrame('second frame script ran');<\/script>`;
iframe.onload = () => log.push('iframe load');
document.body.appendChild(iframe);
setTimeout(() => console.log(log.join('\n')), 20);
