import type { Hook } from '@hono/zod-openapi';
import { fieldErrors } from '@sweetwish/shared/api-error';
import type { z } from 'zod';
import type { AppEnv } from './context';
import { errorBody } from './error-handler';

/** A request that fails its schema gets a 400 naming each field and its problem. */
// biome-ignore lint/suspicious/noExplicitAny: the hook is shared by routes of every input and output type.
export const validationHook: Hook<any, AppEnv, any, any> = (result, c) => {
  if (result.success) return;
  const fields = fieldErrors(result.error as z.ZodError);
  const [field, problem] = Object.entries(fields)[0] ?? ['body', 'Invalid input'];
  return c.json(errorBody('VALIDATION', `${field}: ${problem}`, { fields }), 400);
};
