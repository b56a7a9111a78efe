// Answers once, later, from a timer; then only waits for messages.
onmessage = () => {};
setTimeout(() => postMessage('late answer from a timer'), 50);
