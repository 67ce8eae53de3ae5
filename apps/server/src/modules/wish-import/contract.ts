import { createRoute } from '@hono/zod-openapi';
import { ImportedWish, ImportWishInput } from '@sweetwish/shared/wish-import';
import { SESSION } from '../../http/api-contract';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';

/** The path inside /api; its writes have limits of their own (rate-limits/write-policy.ts, wishImport). */
export const WISH_IMPORT_PATH = '/wish-imports';

export const importRoute = createRoute({
  operationId: 'wishImportsCreate',
  security: SESSION,
  method: 'post',
  path: WISH_IMPORT_PATH,
  summary:
    'Read a store’s product page for the Create wish form: name, description, price and the image as an upload (no wish is saved)',
  request: { body: { required: true, content: { 'application/json': { schema: ImportWishInput } } } },
  responses: {
    200: jsonResponse(ImportedWish, 'What the page says about its product'),
    400: errorResponse('Not a link, or "This link can\'t be read" and why (refused address, port, redirects, answer)'),
    401: errorResponse('Nobody is signed in'),
    403: errorResponse("The product image would take more than the creator's storage quota"),
    429: errorResponse('Too many links read; try again in a minute'),
  },
});
