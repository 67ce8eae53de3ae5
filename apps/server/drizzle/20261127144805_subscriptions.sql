CREATE TABLE "subscription_charges" (
	"subscription_id" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_index" integer NOT NULL,
	"purchase_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_charges_subscription_id_period_start_pk" PRIMARY KEY("subscription_id","period_start"),
	CONSTRAINT "subscription_charges_purchase_id_unique" UNIQUE("purchase_id")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"fan_id" text NOT NULL,
	"creator_id" text NOT NULL,
	"wish_id" text NOT NULL,
	"wish_name" text NOT NULL,
	"wish_image" text,
	"price_cents" bigint NOT NULL,
	"is_exclusive" boolean NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"periods_paid" integer DEFAULT 1 NOT NULL,
	"canceled_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_price_positive" CHECK ("subscriptions"."price_cents" > 0),
	CONSTRAINT "subscriptions_not_to_self" CHECK ("subscriptions"."fan_id" <> "subscriptions"."creator_id"),
	CONSTRAINT "subscriptions_periods" CHECK ("subscriptions"."periods_paid" >= 0)
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "subscription_id" text;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_fan_id_users_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_wish_id_wishes_id_fk" FOREIGN KEY ("wish_id") REFERENCES "public"."wishes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_fan_wish_running" ON "subscriptions" USING btree ("fan_id","wish_id") WHERE "subscriptions"."status" <> 'ended';--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_exclusive_wish" ON "subscriptions" USING btree ("wish_id") WHERE "subscriptions"."is_exclusive" and "subscriptions"."status" <> 'ended';--> statement-breakpoint
CREATE INDEX "subscriptions_creator_idx" ON "subscriptions" USING btree ("creator_id","created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_fan_idx" ON "subscriptions" USING btree ("fan_id","created_at");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_subscription" CHECK (("notifications"."kind" in ('subscription_failed', 'subscription_lapsed')) = ("notifications"."subscription_id" is not null));