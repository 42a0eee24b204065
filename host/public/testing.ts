/**
 * Test support for plugins' browser tests: the error `core.http` rejects with, so a fake core fails
 * exactly as the real one does. Never imported by product code (the build and the lint keep it so).
 */
export { HttpFetchError } from './errors';
