import fs from 'node:fs';
import { dropE2eDatabase } from './support/postgres-databases';

export default function globalTeardown() {
  for (const dir of [process.env.E2E_DATA_DIR, process.env.E2E_OAUTH_DATA_DIR]) {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  for (const databaseUrl of [process.env.E2E_DATABASE_URL, process.env.E2E_OAUTH_DATABASE_URL]) {
    if (serverUrl && databaseUrl) dropE2eDatabase(serverUrl, databaseUrl);
  }
}
