import { ApiErrorBody } from '@sweetwish/shared/api-error';
import type { z } from 'zod';

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

/** Calls the API with a JSON body; parses the answer with its response schema when one is given. */
export async function apiRequest<T extends z.ZodType>(
  method: string,
  path: string,
  { body, response }: { body?: unknown; response?: T } = {},
): Promise<z.infer<T>> {
  const res = await fetch(`/api${path}`, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) {
    const parsed = ApiErrorBody.safeParse(await res.json().catch(() => null));
    throw new ApiError(
      res.status,
      parsed.success ? parsed.data.error : { code: 'INTERNAL', message: 'Something went wrong.' },
    );
  }
  if (!response || res.status === 204) return undefined as z.infer<T>;
  return response.parse(await res.json());
}
