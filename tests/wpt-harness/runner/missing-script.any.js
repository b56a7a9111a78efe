// META: script=resources/not-there.js
'use strict';

test(() => {}, "never runs");
