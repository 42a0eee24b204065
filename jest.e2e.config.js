// Browser tests: real Chromium driven by playwright-core against a real server (see test/e2e).
const { jestModuleNameMapper } = require('./scripts/path-aliases.js');

module.exports = {
  transform: {
    '^.+\\.(t|j)sx?$': '<rootDir>/test/jest-esbuild-transform.js',
  },
  // ESM-only dependencies of the server (content-disposition for @fastify/static) become CommonJS for Jest.
  transformIgnorePatterns: ['/node_modules/(?!(content-disposition|uuid)/)'],
  // tsconfig.json's import aliases (`@host/…`), which Jest does not read from there.
  moduleNameMapper: jestModuleNameMapper(),
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/e2e/**/*.e2e.ts'],
  setupFilesAfterEnv: ['<rootDir>/test/e2e/support/fail-on-console-problems.ts'],
  maxWorkers: 1,
  testTimeout: 180000,
};
