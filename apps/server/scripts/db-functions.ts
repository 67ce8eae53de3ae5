// `npm run db:functions` (part of `npm run db:generate`): a new custom migration for each apps/server/sql file
// whose function differs from what the migrations define (decision 070). Commit what it writes.
import path from 'node:path';
import { FUNCTIONS_DIR } from '../src/db/function-files';
import { generateFunctionMigrations } from '../src/db/function-migrations';
import { MIGRATIONS_DIR } from '../src/paths';

const tags = await generateFunctionMigrations(MIGRATIONS_DIR, FUNCTIONS_DIR);
if (tags.length === 0)
  console.log(`Every function in ${FUNCTIONS_DIR} is what the migrations define: nothing to write.`);
for (const tag of tags) console.log(`wrote ${path.join(MIGRATIONS_DIR, `${tag}.sql`)}`);
