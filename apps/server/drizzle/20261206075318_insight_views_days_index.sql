-- 20261205220937's snapshot declared this index but its SQL never created it: only some databases have it.
DROP INDEX IF EXISTS "insight_views_days_idx";--> statement-breakpoint
CREATE INDEX "insight_views_days_idx" ON "insight_views" USING btree ("creator_id","starts","page","views") WHERE period = 'day' and wish_id = '';
