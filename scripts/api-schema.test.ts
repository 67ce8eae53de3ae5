import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_SCHEMA_PATH, apiSchemaText, readOpenApiDocument } from '../apps/web/scripts/api-schema';

/**
 * The web app's API types (apps/web/src/lib/api/schema.d.ts) are generated from this server's OpenAPI
 * document (decision 025). When a route or schema changes, this fails until `npm run api:generate` is run
 * and the new file committed, so the client never compiles against an API the server no longer has.
 */
describe('the generated API client types', () => {
  // Building the app migrates a fresh in-memory PGlite database first: seconds, not milliseconds.
  it('match the OpenAPI document the server builds', { timeout: 60_000 }, async () => {
    const expected = await apiSchemaText(readOpenApiDocument());
    expect(fs.readFileSync(API_SCHEMA_PATH, 'utf8'), 'run `npm run api:generate` and commit the file').toBe(expected);
  });
});
