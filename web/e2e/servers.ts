/**
 * How many browser-test files run at once, each worker against a server and database of its own (global-setup.ts
 * starts them, support.ts baseURL picks the worker's). Two: Chromium and the server wait on each other and on the
 * sandbox's delays most of the time, so a second file fills the idle core.
 */
export const E2E_SERVERS = 2;
