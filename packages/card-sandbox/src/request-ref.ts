/** The API request behind a change, recorded on its events as Stripe does (`null`s for the hosted pages). */
export type RequestRef = { id: string | null; idempotencyKey: string | null };

/** A change no API request made (a test control, a timer): its events name no request. */
export const NO_REQUEST: RequestRef = { id: null, idempotencyKey: null };
