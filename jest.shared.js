// What every jest configuration of the workspace shares: the SWC transform the build uses (with the
// decorator metadata NestJS and TypeORM need) and the @appgen/* aliases of tsconfig.base.json.
const { compilerOptions } = require('./tsconfig.base.json');

const swc = ['@swc/jest', require('./tools/build/swc-options.json')];
const moduleNameMapper = Object.fromEntries(
  Object.entries(compilerOptions.paths).map(([alias, [target]]) => [`^${alias}$`, `<rootDir>/${target}`]),
);

module.exports = { swc, moduleNameMapper };
