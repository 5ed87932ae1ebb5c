// Unit tests (`*.spec.ts` beside the code) run in parallel; integration tests (`*.int-spec.ts`) talk to
// the real Postgres, NATS and Redis of the machine and run one file at a time. End-to-end tests have
// their own configuration in apps/e2e.
const { swc, moduleNameMapper } = require('./jest.shared.js');

const common = { rootDir: __dirname, transform: { '^.+\\.ts$': swc }, moduleNameMapper, testEnvironment: 'node' };

module.exports = {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs,tools}/**/*.spec.ts'], testPathIgnorePatterns: ['/apps/e2e/'] },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/{apps,libs}/**/*.int-spec.ts'],
      testPathIgnorePatterns: ['/apps/e2e/'],
      setupFilesAfterEnv: ['<rootDir>/tools/test/integration-setup.ts'],
    },
  ],
};
