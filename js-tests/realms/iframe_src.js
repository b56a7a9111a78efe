// An iframe whose src is a page under the document root: the page loads from a task in its own
// window (its scripts, inline and external, resolve against the page's directory), then its window
// gets load, then the iframe element.
const iframe = document.createElement('iframe');
window.postMessageFromFrame = (text) => console.log(text);
iframe.src = 'pages/frame.html';
iframe.onload = () => console.log('iframe load; frame title:', iframe.contentDocument.title);
document.body.appendChild(iframe);
console.log('appended');
