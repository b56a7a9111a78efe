// Navigating a window that open() made: by its location (href, replace()), by open() with its
// name, and back through its session history. Each document is a new window (no WindowProxy:
// the old window object is closed afterwards, open('', name) finds the new one); going back
// loads the document again (no back/forward cache); a javascript: URL is not followed.
const log = (text) => console.log(text);
const current = () => open('', 'nav');
let first = null;
const steps = {
  'load ?1 length=1 fresh=true': () => {
    first.location.href = 'pages/nav-page.html?2';
    log(`navigation is not synchronous: ${first.location.search}`);
  },
  'load ?2 length=2 fresh=true': () => {
    log(`old window closed: ${first.closed}, new one found by name: ${current() !== first}`);
    current().history.back();
  },
  'load ?1 length=2 fresh=true': () => {
    // open() with the name navigates that window (a new entry in place of ?2).
    open('pages/nav-page.html?3', 'nav');
  },
  'load ?3 length=2 fresh=true': () => {
    current().location.replace('pages/nav-page.html?4');
  },
  'load ?4 length=2 fresh=true': () => {
    current().location.href = 'javascript:void 0';
    current().history.go(-1);
  },
  'load ?1 length=2 fresh=true#2': () => {
    current().close();
  },
};
const seen = new Set();
onmessage = (e) => {
  let key = e.data;
  if (seen.has(key)) key += '#2';
  seen.add(e.data);
  log(`got: ${e.data}`);
  steps[key]?.();
};
first = open('pages/nav-page.html?1', 'nav');
