import type { ApiErrorBody } from '@sweetwish/shared/api-error';
import type { Client } from 'openapi-fetch';
import type { paths } from './api/schema';

/** An API call that failed: the server's error code and message (or a general one when the body is not ours). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody['error'],
  ) {
    super(body.message);
    this.name = 'ApiError';
  }
}

/**
 * The app's one way to call its API (decision 025): typed from the server's OpenAPI document
 * (./api/schema.d.ts, `npm run api:generate`), sent with the session cookie. Wrap each call in `ok()`:
 * `const me = await ok(api.GET('/api/me'))`.
 *
 * Answers are not parsed with the shared zod schemas here: the server builds them from the same schemas,
 * and zod weighs about 25 KB gzip, which would land on the first load of every app screen (decision 003).
 * A network failure rejects with the fetch error itself (not an ApiError): its outcome is unknown.
 *
 * openapi-fetch loads with the first call: a page the server drew hydrates with its data in the page and calls
 * nothing, so the client stays out of its first load (decision 052).
 */
type ApiClient = Client<paths>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

let client: Promise<ApiClient> | undefined;
function loadClient(): Promise<ApiClient> {
  client ??= import('openapi-fetch').then(({ default: createClient }) =>
    createClient<paths>({
      // Absolute, so the Request openapi-fetch builds is valid outside a page too (unit tests).
      baseUrl: globalThis.location?.origin ?? '',
      credentials: 'same-origin',
      // Looked up on each call rather than captured once, so a test can stub fetch.
      fetch: (request) => globalThis.fetch(request),
    }),
  );
  return client;
}

const call = <M extends Method>(method: M): ApiClient[M] =>
  ((...args: unknown[]) =>
    loadClient().then((loaded) => (loaded[method] as (...a: unknown[]) => unknown)(...args))) as ApiClient[M];

export const api: Pick<ApiClient, Method> = {
  GET: call('GET'),
  POST: call('POST'),
  PUT: call('PUT'),
  PATCH: call('PATCH'),
  DELETE: call('DELETE'),
};

/** The operations that take a multipart form (image uploads). */
type FormPath = {
  [P in keyof paths]: paths[P] extends { post: { requestBody: { content: { 'multipart/form-data': unknown } } } }
    ? P
    : never;
}[keyof paths];

/** The JSON a form upload answers when it succeeds (201), from the generated types. */
export type FormAnswer<P extends FormPath> = paths[P] extends {
  post: { responses: { 201: { content: { 'application/json': infer A } } } };
}
  ? A
  : never;

/**
 * Posts a multipart form (an image) to `address`, a FormPath with its parameters filled in: the browser
 * sends the form as it is, with its own boundary. Each upload words its own failure, so this answers the
 * Response; read its JSON as FormAnswer<P>.
 */
export function postForm(address: string, form: FormData): Promise<Response> {
  return globalThis.fetch(address, { method: 'POST', credentials: 'same-origin', body: form });
}

type Answer<D> = { data: D; error?: never; response: Response } | { data?: never; error: unknown; response: Response };

/** JSON never holds undefined, so undefined in D is the error branch's; a 204 answer has no data at all. */
type DataOf<D> = [Exclude<D, undefined>] extends [never] ? undefined : Exclude<D, undefined>;

/** The data of a successful answer; an ApiError with the server's code, message and fields otherwise. */
export async function ok<D>(request: Promise<Answer<D>>): Promise<DataOf<D>> {
  const { data, error, response } = await request;
  if (!response.ok) {
    throw new ApiError(response.status, errorOfBody(error) ?? { code: 'INTERNAL', message: 'Something went wrong.' });
  }
  return data as DataOf<D>;
}

/** The `error` of an error answer (`{ error: { code, message, … } }`), or undefined when the body is not one. */
function errorOfBody(value: unknown): ApiErrorBody['error'] | undefined {
  const error = (value as { error?: unknown } | null)?.error as Record<string, unknown> | null | undefined;
  if (typeof error?.code !== 'string' || typeof error.message !== 'string') return undefined;
  return error as ApiErrorBody['error'];
}
