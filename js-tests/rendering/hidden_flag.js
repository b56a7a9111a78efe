// flags: --virtual-time --hidden
// explore: skip: frame times and the order of input, rendering and other tasks are the user agent's (HTML leaves which task source runs next, how long a timer waits further and which rendering opportunities are skipped to it), and they are what this checks.
// --hidden starts the page hidden: no frames; the loop ends with the callback still pending.
console.log(document.visibilityState, document.hidden);
requestAnimationFrame(() => console.log('never: the page stays hidden'));
setTimeout(() => console.log('timer still runs'), 20);
