// What every jest configuration of the workspace shares: the SWC transform (with the decorator metadata
// NestJS and TypeORM need) and the @appgen/* library aliases of tsconfig.base.json.
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

module.exports = { swc, moduleNameMapper };
