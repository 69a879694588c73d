import { defineConfig } from 'drizzle-kit';

// Only `drizzle-kit generate` uses this file: it diffs the schema into SQL migrations.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/*.ts',
  out: './drizzle',
  casing: 'snake_case',
});
