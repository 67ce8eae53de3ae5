ALTER TABLE "notifications" DROP CONSTRAINT "notifications_subject";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_subscription";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "top_up_id" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "contribution_id" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_top_up_id_top_ups_id_fk" FOREIGN KEY ("top_up_id") REFERENCES "public"."top_ups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_contribution_id_group_gift_contributions_id_fk" FOREIGN KEY ("contribution_id") REFERENCES "public"."group_gift_contributions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "group_gift_contributions_purchase_idx" ON "group_gift_contributions" USING btree ("purchase_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_purchase_receipt_idx" ON "notifications" USING btree ("purchase_id") WHERE "notifications"."kind" = 'purchase_receipt';--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_top_up_receipt_idx" ON "notifications" USING btree ("top_up_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_contribution_receipt_idx" ON "notifications" USING btree ("contribution_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_renewal_reminder_idx" ON "notifications" USING btree ("subscription_id","not_before") WHERE "notifications"."kind" = 'renewal_reminder';--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_top_up" CHECK (("notifications"."kind" = 'top_up_receipt') = ("notifications"."top_up_id" is not null));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_contribution" CHECK (("notifications"."kind" = 'contribution_receipt') = ("notifications"."contribution_id" is not null));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_subject" CHECK (("notifications"."kind" in ('gift', 'gift_reversed', 'group_gift', 'purchase_receipt')) = ("notifications"."purchase_id" is not null));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_subscription" CHECK (("notifications"."kind" in ('subscription_failed', 'subscription_lapsed', 'renewal_reminder')) = ("notifications"."subscription_id" is not null));