-- User search (handle and display name, any part of either) stays fast at scale with a trigram index.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ((lower(coalesce("handle", '') || ' ' || coalesce("display_name", ''))) gin_trgm_ops);
