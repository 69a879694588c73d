import nextCoreWebVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';

// Module boundaries (docs/architecture.md): lib <- db <- features <- app; ui never imports features.
const boundaries = [
  { target: './src/lib', from: ['./src/db', './src/features', './src/server', './src/app', './src/components', './src/i18n'], message: 'lib is framework-free and depends on nothing else in src.' },
  { target: './src/db', from: ['./src/features', './src/app', './src/server', './src/components'], message: 'db knows only its schema, lib and env.' },
  { target: './src/features', from: ['./src/app'], message: 'A feature never imports from app/.' },
  { target: './src/components/ui', from: ['./src/features', './src/app', './src/db', './src/server'], message: 'ui primitives know no domain.' },
  { target: './src/components/site', from: ['./src/features', './src/app', './src/db', './src/server'], message: 'site components get their data as props.' },
  { target: './src/features/routing/solver', from: ['./src/db', './src/server', './src/app', './src/components'], message: 'the solver is pure.' },
  { target: './src/features/pricing', from: ['./src/db', './src/server'], message: 'pricing is a pure engine shared with the browser.' },
];

const config = [
  { ignores: ['.next/**', 'node_modules/**', 'data/**', 'drizzle/**', 'next-env.d.ts', '.tmp/**', 'coverage/**'] },
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    // Do not parse dependencies for the cycle check: PGlite's bundle overflows the parser's stack.
    settings: { 'import/ignore': ['node_modules'] },
    rules: {
      'import/no-restricted-paths': ['error', { zones: boundaries }],
      'import/no-cycle': ['error', { maxDepth: 6, ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['warn', { allow: ['info', 'warn', 'error'] }],
    },
  },
  {
    // The pricing feature's server side (DB-backed service, repository, their integration tests) may
    // reach the database; the pure engine the browser imports stays under the zone above.
    files: ['src/features/pricing/*.service.ts', 'src/features/pricing/*.repository.ts', 'src/features/pricing/*.int.test.ts'],
    rules: {
      'import/no-restricted-paths': ['error', { zones: boundaries.filter((zone) => zone.target !== './src/features/pricing') }],
    },
  },
  {
    files: ['scripts/**', 'tests/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-console': 'off' },
  },
];

export default config;
