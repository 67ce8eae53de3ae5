import fs from 'node:fs';

export default function globalTeardown() {
  for (const dir of [process.env.E2E_DATA_DIR, process.env.E2E_OAUTH_DATA_DIR]) {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }
}
