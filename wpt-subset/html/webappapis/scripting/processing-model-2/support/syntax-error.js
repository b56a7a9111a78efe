// A script that does not compile (runtime-error-in-window-onerror.html).
for (;) {}
