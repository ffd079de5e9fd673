import { defineConfig } from 'drizzle-kit';

// One schema split by area (schema.ts, schema-<area>.ts); one folder of SQL migrations generated from it.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/server/db/schema.ts', './src/server/db/schema-*.ts'],
  out: './src/server/db/migrations',
});
