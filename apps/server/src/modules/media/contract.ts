import { createRoute } from '@hono/zod-openapi';
import { UploadedImage, UploadImageInput } from '@sweetwish/shared/media';
import { SESSION } from '../../http/api-contract';
import { errorResponse, jsonResponse } from '../../http/openapi-responses';

/** The upload's path inside /api; the only API path whose body may be larger than a JSON body. */
export const IMAGE_UPLOAD_PATH = '/media/images';
export const postImage = createRoute({
  operationId: 'mediaPostImage',
  security: SESSION,
  method: 'post',
  path: IMAGE_UPLOAD_PATH,
  summary: 'Upload an image (wish, profile photo or banner); it is re-encoded as a JPEG and stored',
  request: { body: { required: true, content: { 'multipart/form-data': { schema: UploadImageInput } } } },
  responses: {
    201: jsonResponse(UploadedImage, 'The stored image'),
    400: errorResponse('Not an image this server takes (or not within the time and memory limits), or a missing field'),
    401: errorResponse('Nobody is signed in'),
    403: errorResponse("The uploader's images would take more than their storage quota (200 MB)"),
    413: errorResponse('The file is larger than 10 MB'),
    429: errorResponse('This server is processing as many images as it can; try again shortly'),
  },
});
