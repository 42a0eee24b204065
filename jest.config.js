// Unit and integration tests: server code runs in Node, browser code (*.test.tsx under public/) in jsdom.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const common = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  testPathIgnorePatterns: ['/node_modules/', '/build/', '/test/e2e/'],
  // ESM-only dependencies (content-disposition for @fastify/static, uuid for @elastic/eui) are turned into CommonJS for Jest.
  transformIgnorePatterns: ['/node_modules/(?!(content-disposition|uuid)/)'],
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
      moduleNameMapper: { '\\.(css|scss)$': '<rootDir>/test/style-stub.js' },
    },
  ],
};
