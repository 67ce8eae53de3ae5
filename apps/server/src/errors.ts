import type { ErrorCode } from '@sweetwish/shared/api-error';

/**
 * The one error type domain code throws. The message is shown to the user, so it uses product.md's words
 * where product.md has them. The HTTP layer maps the code to a status (http/error-handler.ts).
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}
