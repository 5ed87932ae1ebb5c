import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

const PRODUCTION_CONSTRAINTS = [
  { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:contracts', 'type:util', 'type:data-access', 'type:testing'] },
  { sourceTag: 'type:data-access', onlyDependOnLibsWithTags: ['type:contracts', 'type:util', 'type:data-access'] },
  { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:contracts', 'type:util'] },
  { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:contracts', 'type:util', 'type:testing'] },
  { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: ['type:contracts'] },
  { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
];
// Tests of a library may also use the testing library; its production code may not.
const TEST_CONSTRAINTS = PRODUCTION_CONSTRAINTS.map((constraint) =>
  constraint.sourceTag.startsWith('type:')
    ? { ...constraint, onlyDependOnLibsWithTags: [...new Set([...constraint.onlyDependOnLibsWithTags, 'type:testing'])] }
    : constraint,
);
// Services import shared libraries only, never each other; libraries never import apps.
function boundaries(depConstraints) {
  return { enforceBuildableLibDependency: false, allow: [], depConstraints };
}

export default [
  { ignores: ['dist/**', 'node_modules/**', '.nx/**', 'tmp/**', '.data/**', 'coverage/**'] },
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  {
    files: ['**/*.ts'],
    languageOptions: { parser: tseslint.parser },
    rules: {
      '@nx/enforce-module-boundaries': ['error', boundaries(PRODUCTION_CONSTRAINTS)],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TSAsExpression > TSAsExpression[typeAnnotation.type="TSUnknownKeyword"]',
          message: 'No `as unknown as`: model the type instead.',
        },
      ],
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts', '**/*.testing.ts'],
    rules: { '@nx/enforce-module-boundaries': ['error', boundaries(TEST_CONSTRAINTS)] },
  },
  {
    // The gateway and the edge have no database: TypeORM and pg would only cost them memory (about 7 MB at idle).
    files: ['apps/gateway/src/**/*.ts', 'apps/edge/src/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.testing.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['typeorm', 'pg', '@appgen/service-kit/database', '@appgen/outbox'].map((name) => ({
            name,
            message: 'The gateway and the edge have no database and must not load TypeORM or pg.',
          })),
          patterns: [{ group: ['typeorm/*', 'pg/*'], message: 'The gateway and the edge must not load TypeORM or pg.' }],
        },
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', URL: 'readonly', Buffer: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', fetch: 'readonly', AbortSignal: 'readonly', __dirname: 'readonly', require: 'readonly', module: 'writable' } },
  },
];
