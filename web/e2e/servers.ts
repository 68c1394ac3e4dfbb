/**
 * How many browser-test files run at once, each worker against a server and database of its own (global-setup.ts
 * starts them, support.ts baseURL picks the worker's). Four on two cores: Chromium and the server wait on each
 * other, on the sandbox's delays and on the agreements' reading times most of the time (two files at a time kept
 * the cores about 30 % busy). Measured here: 278 s with two, 224 s with three, 210 s with four.
 */
export const E2E_SERVERS = 4;
