CREATE TABLE "group_gift_contributions" (
	"id" text PRIMARY KEY NOT NULL,
	"wish_id" text NOT NULL,
	"fan_id" text NOT NULL,
	"seller_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"bought_cents" bigint NOT NULL,
	"earned_cents" bigint NOT NULL,
	"pending_cents" bigint NOT NULL,
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"transfer_id" text NOT NULL,
	"settle_transfer_id" text,
	"purchase_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "group_gift_contributions_transfer_id_unique" UNIQUE("transfer_id"),
	CONSTRAINT "group_gift_contributions_settle_transfer_id_unique" UNIQUE("settle_transfer_id"),
	CONSTRAINT "group_gift_contributions_positive" CHECK ("group_gift_contributions"."amount_cents" > 0),
	CONSTRAINT "group_gift_contributions_kinds" CHECK ("group_gift_contributions"."bought_cents" >= 0 and "group_gift_contributions"."earned_cents" >= 0 and "group_gift_contributions"."pending_cents" >= 0
        and "group_gift_contributions"."bought_cents" + "group_gift_contributions"."earned_cents" + "group_gift_contributions"."pending_cents" = "group_gift_contributions"."amount_cents"),
	CONSTRAINT "group_gift_contributions_settled" CHECK (("group_gift_contributions"."status" = 'held') = ("group_gift_contributions"."settle_transfer_id" is null)),
	CONSTRAINT "group_gift_contributions_granted" CHECK (("group_gift_contributions"."status" = 'granted') = ("group_gift_contributions"."purchase_id" is not null))
);
--> statement-breakpoint
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
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_subject";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "subscription_id" text;--> statement-breakpoint
ALTER TABLE "wishes" ADD COLUMN "is_group_gift" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "wishes" ADD COLUMN "group_gift_funded_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wishes" ADD COLUMN "allow_take_back" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "group_gift_contributions" ADD CONSTRAINT "group_gift_contributions_wish_id_wishes_id_fk" FOREIGN KEY ("wish_id") REFERENCES "public"."wishes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_gift_contributions" ADD CONSTRAINT "group_gift_contributions_fan_id_users_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_gift_contributions" ADD CONSTRAINT "group_gift_contributions_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_gift_contributions" ADD CONSTRAINT "group_gift_contributions_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_gift_contributions" ADD CONSTRAINT "group_gift_contributions_settle_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("settle_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_fan_id_users_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_wish_id_wishes_id_fk" FOREIGN KEY ("wish_id") REFERENCES "public"."wishes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_gift_contributions_wish_idx" ON "group_gift_contributions" USING btree ("wish_id","status","created_at");--> statement-breakpoint
CREATE INDEX "group_gift_contributions_fan_idx" ON "group_gift_contributions" USING btree ("fan_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_fan_wish_running" ON "subscriptions" USING btree ("fan_id","wish_id") WHERE "subscriptions"."status" <> 'ended';--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_exclusive_wish" ON "subscriptions" USING btree ("wish_id") WHERE "subscriptions"."is_exclusive" and "subscriptions"."status" <> 'ended';--> statement-breakpoint
CREATE INDEX "subscriptions_creator_idx" ON "subscriptions" USING btree ("creator_id","created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_fan_idx" ON "subscriptions" USING btree ("fan_id","created_at");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_subscription" CHECK (("notifications"."kind" in ('subscription_failed', 'subscription_lapsed')) = ("notifications"."subscription_id" is not null));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_subject" CHECK (("notifications"."kind" in ('gift', 'gift_reversed', 'group_gift')) = ("notifications"."purchase_id" is not null));--> statement-breakpoint
ALTER TABLE "wishes" ADD CONSTRAINT "wishes_group_gift_funded" CHECK ("wishes"."group_gift_funded_cents" between 0 and "wishes"."cost"::bigint * 100 and ("wishes"."is_group_gift" or "wishes"."group_gift_funded_cents" = 0));--> statement-breakpoint
-- Group gift contributions are held here until their wish is funded, one contribution per row of
-- group_gift_contributions (decision 033). Like the platform's other accounts it caches no balance.
INSERT INTO "ledger_accounts" ("id", "kind") VALUES ('platform:group_gifts_held', 'group_gifts_held') ON CONFLICT ("id") DO NOTHING;
