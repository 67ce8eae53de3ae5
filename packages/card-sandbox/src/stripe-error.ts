/** The body of an error answer, as Stripe sends it. */
export type StripeErrorBody = {
  error: {
    type: 'invalid_request_error' | 'idempotency_error' | 'api_error' | 'card_error';
    message: string;
    code?: string;
    param?: string;
    doc_url?: string;
  };
};

/**
 * An error answer in Stripe's shape. `isExecuted` marks a refusal decided after the request was
 * accepted (a transfer to an account that cannot receive one): Stripe stores those under the
 * idempotency key and replays them, while parameter errors are not stored.
 */
export class StripeApiError extends Error {
  readonly status: number;
  readonly body: StripeErrorBody;
  readonly isExecuted: boolean;

  constructor(
    status: number,
    error: StripeErrorBody['error'],
    options: { isExecuted?: boolean; headers?: Record<string, string> } = {},
  ) {
    super(error.message);
    this.status = status;
    this.body = {
      error: error.code
        ? { ...error, doc_url: `https://stripe.com/docs/error-codes/${error.code.replace(/_/g, '-')}` }
        : error,
    };
    this.isExecuted = options.isExecuted ?? false;
  }
}

export function missingParam(param: string): StripeApiError {
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    message: `Missing required param: ${param}.`,
    param,
  });
}

export function invalidParam(param: string, message: string): StripeApiError {
  return new StripeApiError(400, { type: 'invalid_request_error', code: 'parameter_invalid', message, param });
}

export function unknownParam(param: string): StripeApiError {
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    code: 'parameter_unknown',
    message: `Received unknown parameter: ${param}. The card sandbox supports only the parameters Sweetwish uses.`,
    param,
  });
}

/** `No such checkout.session: 'cs_test_...'`, answered with 404 as Stripe does for a missing object. */
export function noSuchObject(objectName: string, id: string, param = 'id'): StripeApiError {
  return new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${objectName}: '${id}'`,
    param,
  });
}
