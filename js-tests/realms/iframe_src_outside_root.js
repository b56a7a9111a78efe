// status: 1
// An iframe's src is read from under the document root (the directory of the file run); a path
// that leaves it is refused with an error naming it, the frame stays about:blank, and nothing else
// is lost: the rest of the program runs.
const iframe = document.createElement('iframe');
iframe.src = '../../Cargo.toml';
document.body.appendChild(iframe);
console.log('frame still usable:', typeof iframe.contentWindow.scheduler.postTask);
const missing = document.createElement('iframe');
missing.src = 'pages/no-such-page.html';
document.body.appendChild(missing);
scheduler.postTask(() => console.log('the program goes on'));
