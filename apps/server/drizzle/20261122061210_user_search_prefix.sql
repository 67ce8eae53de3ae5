-- User search in three stages, each from an index that stops at the limit (see profile-repo.ts):
-- 1. handles and display names that start with the term: btree range scans, keys in the "C" collation so
--    one index serves both the range and the order;
-- 2. names with words that start with the term's words: a GIN full-text index (whole words but the last,
--    which GIN intersects cheaply however common the other words are);
-- 3. only when nothing matched so far, names that contain the term anywhere: the trigram index, now GIN.
CREATE INDEX "users_handle_prefix_idx" ON "users" ((lower("handle") COLLATE "C")) WHERE "display_name" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "users_display_name_prefix_idx" ON "users" ((lower("display_name") COLLATE "C")) WHERE "handle" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "users_search_words_idx" ON "users" USING gin (to_tsvector('simple', coalesce("handle", '') || ' ' || coalesce("display_name", ''))) WHERE "handle" IS NOT NULL AND "display_name" IS NOT NULL;
--> statement-breakpoint
DROP INDEX "users_search_trgm_idx";
--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ((lower(coalesce("handle", '') || ' ' || coalesce("display_name", ''))) gin_trgm_ops) WHERE "handle" IS NOT NULL AND "display_name" IS NOT NULL;
