-- User search (handle and display name, any part of either) stays fast at scale with a trigram index (GiST, which also orders by closeness).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gist ((lower(coalesce("handle", '') || ' ' || coalesce("display_name", ''))) gist_trgm_ops);
