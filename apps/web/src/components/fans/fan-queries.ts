/** The signed-in creator's fan base (GET /api/fans); here because the live events stream refreshes it. */
export const FANS_QUERY_KEY = ['fans'] as const;
