// What every jest configuration of the workspace shares: the SWC transform (with the decorator metadata
// NestJS and TypeORM need) and the @appgen/* library aliases of tsconfig.base.json.
const swc = ['@swc/jest', require('./tools/build/swc-options.json')];
const moduleNameMapper = {
  '^@appgen/(contracts|service-kit|outbox|testing)$': '<rootDir>/libs/$1/src/index.ts',
};

module.exports = { swc, moduleNameMapper };
