ALTER TABLE "group_gift_contributions" ADD COLUMN "message" text;--> statement-breakpoint
ALTER TABLE "group_gift_contributions" ADD COLUMN "message_state" text;