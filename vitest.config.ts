import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = { '@': path.resolve(__dirname, 'src'), '@messages': path.resolve(__dirname, 'messages'), 'server-only': path.resolve(__dirname, 'tests/support/empty-module.ts') };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', 'node_modules/**'],
          environment: 'node',
          // The property tests (available dates, the route solver's determinism) take a second or two
          // alone; on two cores under a full build they took more than the 5 s default.
          testTimeout: 15_000,
          // next-intl's middleware imports `next/server` without an extension, which Node's ESM
          // loader refuses; compiled by Vite instead, src/proxy.test.ts can run the real thing.
          server: { deps: { inline: [/next-intl\/dist\/esm\/[^/]+\/middleware/] } },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['src/**/*.int.test.ts', 'tests/integration/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/support/integration-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two cores: one file at a time keeps PostgreSQL and PGlite from fighting for them.
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
