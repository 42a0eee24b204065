/**
 * jsdom has no fetch; the http client's tests need the real one (and its Request, Response,
 * Headers) against a local server. Borrowed from Node, which is the same WHATWG implementation.
 * Use with a `@jest-environment ./test/jsdom-with-fetch-environment.js` docblock.
 */
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of [
      'fetch',
      'Request',
      'Response',
      'Headers',
      'AbortController',
      'AbortSignal',
      'TextEncoder',
      'TextDecoder',
    ]) {
      this.global[name] = globalThis[name];
    }
  }
}

module.exports = JsdomWithFetchEnvironment;
