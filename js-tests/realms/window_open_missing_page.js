// status: 1
// window.open() of a page that is not under the document root: the error is reported (and the run
// fails), and the window opens all the same, staying at its initial about:blank document.
const w = window.open('pages/no-such-page.html');
console.log(w.location.href, w.opener === window, w.closed);
setTimeout(() => console.log('still about:blank:', w.location.href), 10);
