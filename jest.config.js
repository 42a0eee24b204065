// Unit and integration tests: server code runs in Node, browser code (*.test.tsx under public/) in jsdom.
const { jestModuleNameMapper } = require('./scripts/path-aliases.js');

// tsconfig.json's import aliases (`@host/…`), which Jest does not read from there.
const aliases = jestModuleNameMapper();
const common = {
  transform: { '^.+\\.(tsx?|jsx?|mjs)$': '<rootDir>/test/jest-esbuild-transform.js' },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  testPathIgnorePatterns: ['/node_modules/', '/build/', '/test/e2e/'],
  // ESM-only dependencies (content-disposition for @fastify/static, uuid for @elastic/eui, d3's
  // scales for the chart model) are turned into CommonJS for Jest.
  transformIgnorePatterns: ['/node_modules/(?!(content-disposition|uuid|d3-[a-z-]+|internmap)/)'],
  moduleNameMapper: aliases,
};
module.exports = {
  projects: [
    {
      ...common,
      displayName: 'server',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/**/*.test.ts'],
    },
    {
      ...common,
      displayName: 'browser',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/test/setup-jsdom.ts'],
      moduleNameMapper: { ...aliases, '\\.(css|scss)$': '<rootDir>/test/style-stub.js' },
    },
  ],
};
