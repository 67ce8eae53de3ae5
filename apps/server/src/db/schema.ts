// Every table of the app, gathered for drizzle-kit and the typed client. Each table is owned by one
// domain module (architecture.md section 1), or by the adapter that writes it (the local outbox); other modules
// reach its data through that module's service, and people through modules/accounts/people.ts. The lint
// enforces it (biome.json, decision 024). Database functions: apps/server/sql, one file each.
export * from '../adapters/outbox/tables';
export * from '../http/idempotency/tables';
export * from '../http/rate-limits/tables';
export * from '../jobs/tables';
export * from '../modules/accounts/tables';
export * from '../modules/card-webhooks/tables';
export * from '../modules/checkout/tables';
export * from '../modules/conversations/tables';
export * from '../modules/fans/tables';
export * from '../modules/gifts/tables';
export * from '../modules/group-gifts/tables';
export * from '../modules/inbox/tables';
export * from '../modules/insights/tables';
export * from '../modules/ledger/tables';
export * from '../modules/media/tables';
export * from '../modules/notify/tables';
export * from '../modules/overlay/tables';
export * from '../modules/payouts/tables';
export * from '../modules/push/tables';
export * from '../modules/safety/tables';
export * from '../modules/settings/tables';
export * from '../modules/subscriptions/tables';
export * from '../modules/webhooks/tables';
export * from '../modules/wishes/tables';
