// `npm run api:document [file]`: writes the API's OpenAPI document, built from the contracts alone (no
// database, no server), to the file or to standard output. `npm run lint` lints it with Redocly.
import fs from 'node:fs';
import { apiDocument } from '../apps/server/src/api-document';

const text = `${JSON.stringify(apiDocument(), null, 2)}\n`;
const file = process.argv[2];
if (file) fs.writeFileSync(file, text);
else process.stdout.write(text);
