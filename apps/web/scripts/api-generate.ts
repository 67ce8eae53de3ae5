// `npm run api:generate`: writes apps/web/src/lib/api/schema.d.ts from the server's OpenAPI document
// (api-schema.ts builds it from the contracts: no database, no server).
import fs from 'node:fs';
import { API_SCHEMA_PATH, apiSchemaText, readOpenApiDocument } from './api-schema';

fs.mkdirSync(new URL('.', `file://${API_SCHEMA_PATH}`), { recursive: true });
fs.writeFileSync(API_SCHEMA_PATH, await apiSchemaText(readOpenApiDocument()));
console.log(`wrote ${API_SCHEMA_PATH}`);
