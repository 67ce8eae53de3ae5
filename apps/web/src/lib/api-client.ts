import type { ApiErrorBody } from '@sweetwish/shared/api-error';

/** An API call that failed: the server's error code and message, or a network failure. */
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
 * Calls the API with a JSON body and answers the JSON it sends back, typed `T` (one of the shared
 * schemas' types), or undefined when the answer has no body (204).
 *
 * Answers are not parsed with the shared zod schemas here: the server builds them from the same types,
 * and zod weighs about 25 KB gzip, which would land on the first load of every app screen (decision 003).
 * Import the shared response types with `import type`.
 */
export async function apiRequest<T = void>(
  method: string,
  path: string,
  { body, idempotencyKey }: { body?: unknown; idempotencyKey?: string } = {},
): Promise<T> {
  const res = await fetch(`/api${path}`, {
    method,
    credentials: 'same-origin',
    headers: {
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
      ...(idempotencyKey !== undefined && { 'Idempotency-Key': idempotencyKey }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) {
    const error = errorOfBody(await res.json().catch(() => null));
    throw new ApiError(res.status, error ?? { code: 'INTERNAL', message: 'Something went wrong.' });
  }
  const text = await res.text();
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/** The `error` of an error answer (`{ error: { code, message, … } }`), or undefined when the body is not one. */
function errorOfBody(value: unknown): ApiErrorBody['error'] | undefined {
  const error = (value as { error?: unknown } | null)?.error as Record<string, unknown> | null | undefined;
  if (typeof error?.code !== 'string' || typeof error.message !== 'string') return undefined;
  return error as ApiErrorBody['error'];
}
