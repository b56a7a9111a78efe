// Says it started, then ends itself when told to.
postMessage('started');
onmessage = () => close();
