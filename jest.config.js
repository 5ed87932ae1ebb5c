// Unit tests (`*.spec.ts` beside the code) run in parallel; integration tests (`*.int-spec.ts`) talk to
// the real Postgres, NATS and Redis of the machine and run one file at a time.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];
const moduleNameMapper = {
  '^@appgen/(contracts|service-kit|outbox|testing)$': '<rootDir>/libs/$1/src/index.ts',
};
const common = { rootDir: __dirname, transform: { '^.+\\.ts$': swc }, moduleNameMapper, testEnvironment: 'node' };

module.exports = {
  swc,
  moduleNameMapper,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs}/**/*.spec.ts'], testPathIgnorePatterns: ['/apps/e2e/'] },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/{apps,libs}/**/*.int-spec.ts'],
      testPathIgnorePatterns: ['/apps/e2e/'],
    },
  ],
};
