// The baseline: start-up and shut-down of a runtime, subtracted from every case.
await 0;
