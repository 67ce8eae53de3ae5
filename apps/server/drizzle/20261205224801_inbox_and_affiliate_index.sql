CREATE TABLE "inbox_events" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text NOT NULL,
	"event_key" text NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "inbox_events" ADD CONSTRAINT "inbox_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_events_key_idx" ON "inbox_events" USING btree ("user_id","event_key");--> statement-breakpoint
CREATE INDEX "inbox_events_list_idx" ON "inbox_events" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inbox_events_unread_idx" ON "inbox_events" USING btree ("user_id") WHERE "inbox_events"."read_at" is null;--> statement-breakpoint
CREATE INDEX "users_affiliate_idx" ON "users" USING btree ("affiliate_id","created_at","id") WHERE "users"."affiliate_id" IS NOT NULL;