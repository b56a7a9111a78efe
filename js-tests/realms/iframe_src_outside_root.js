// status: 1
// An iframe's src is read from under the document root (the directory of the file run), at the
// path its URL resolves to: `..` cannot climb above the root (it names /Cargo.toml under it, which
// does not exist), and another origin is refused. Each is an error naming the URL; the frame stays
// about:blank, and nothing else is lost: the rest of the program runs.
const iframe = document.createElement('iframe');
iframe.src = '../../Cargo.toml';
document.body.appendChild(iframe);
console.log('frame still usable:', typeof iframe.contentWindow.scheduler.postTask);
const other = document.createElement('iframe');
other.src = 'https://example.com/page.html';
document.body.appendChild(other);
const missing = document.createElement('iframe');
missing.src = 'pages/no-such-page.html';
document.body.appendChild(missing);
scheduler.postTask(() => console.log('the program goes on'));
