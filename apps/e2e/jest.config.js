// End-to-end tests: the whole platform is built and started once (src/harness/global-setup.mjs) and the
// tests drive its public API. Run with --runInBand: they share one platform and some of them stop services.
const { join } = require('node:path');
const { swc, moduleNameMapper } = require('../../jest.shared.js');

module.exports = {
  rootDir: join(__dirname, '../..'),
  displayName: 'e2e',
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper,
  testMatch: ['<rootDir>/apps/e2e/src/**/*.e2e-spec.ts'],
  globalSetup: '<rootDir>/apps/e2e/src/harness/global-setup.mjs',
  globalTeardown: '<rootDir>/apps/e2e/src/harness/global-teardown.mjs',
  reporters: ['default', '<rootDir>/apps/e2e/src/harness/failure-reporter.mjs'],
  testTimeout: 60_000,
};
