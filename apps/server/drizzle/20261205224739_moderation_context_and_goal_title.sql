CREATE TABLE "suspension_notices" (
	"session_key" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"moderation_action_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "moderation_action_id" text;--> statement-breakpoint
ALTER TABLE "overlay_settings" ADD COLUMN "goal_title" text;--> statement-breakpoint
ALTER TABLE "suspension_notices" ADD CONSTRAINT "suspension_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suspension_notices" ADD CONSTRAINT "suspension_notices_moderation_action_id_moderation_actions_id_fk" FOREIGN KEY ("moderation_action_id") REFERENCES "public"."moderation_actions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "suspension_notices_user_idx" ON "suspension_notices" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_moderation_action_id_moderation_actions_id_fk" FOREIGN KEY ("moderation_action_id") REFERENCES "public"."moderation_actions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_moderation_idx" ON "notifications" USING btree ("moderation_action_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_moderation" CHECK (("notifications"."kind" = 'moderation_notice') = ("notifications"."moderation_action_id" is not null));--> statement-breakpoint
ALTER TABLE "overlay_settings" ADD CONSTRAINT "overlay_goal_title_length" CHECK (char_length("overlay_settings"."goal_title") between 1 and 60);