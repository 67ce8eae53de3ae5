// Every table of the app, gathered for drizzle-kit and the typed client. Each table is owned by one
// domain module (design.md section 1); other modules reach its data through that module's service.
export * from '../jobs/tables';
export * from '../modules/accounts/tables';
export * from '../modules/chat/tables';
export * from '../modules/checkout/tables';
export * from '../modules/fans/tables';
export * from '../modules/gifts/tables';
export * from '../modules/idempotency/tables';
export * from '../modules/media/tables';
export * from '../modules/notify/tables';
export * from '../modules/outbox/tables';
export * from '../modules/payouts/tables';
export * from '../modules/rate-limits/tables';
export * from '../modules/settings/tables';
export * from '../modules/wallet/tables';
export * from '../modules/wishes/tables';
