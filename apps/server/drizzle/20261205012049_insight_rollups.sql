CREATE TABLE "insight_earnings" (
	"user_id" text NOT NULL,
	"hour" timestamp NOT NULL,
	"source_id" text NOT NULL,
	"tip_gross" bigint DEFAULT 0 NOT NULL,
	"tip_net" bigint DEFAULT 0 NOT NULL,
	"tip_count" bigint DEFAULT 0 NOT NULL,
	"wish_gross" bigint DEFAULT 0 NOT NULL,
	"wish_net" bigint DEFAULT 0 NOT NULL,
	"wish_count" bigint DEFAULT 0 NOT NULL,
	"group_gross" bigint DEFAULT 0 NOT NULL,
	"group_net" bigint DEFAULT 0 NOT NULL,
	"group_count" bigint DEFAULT 0 NOT NULL,
	"subscription_gross" bigint DEFAULT 0 NOT NULL,
	"subscription_net" bigint DEFAULT 0 NOT NULL,
	"subscription_count" bigint DEFAULT 0 NOT NULL,
	"affiliate_net" bigint DEFAULT 0 NOT NULL,
	"affiliate_count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_earnings_user_id_hour_source_id_pk" PRIMARY KEY("user_id","hour","source_id")
);
--> statement-breakpoint
CREATE TABLE "insight_supporters" (
	"seller_id" text NOT NULL,
	"period" text NOT NULL,
	"starts" date NOT NULL,
	"buyer_id" text NOT NULL,
	"gross_cents" bigint NOT NULL,
	"visible_cents" bigint NOT NULL,
	"gifts" bigint NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	CONSTRAINT "insight_supporters_seller_id_period_starts_buyer_id_pk" PRIMARY KEY("seller_id","period","starts","buyer_id")
);
--> statement-breakpoint
CREATE TABLE "insight_views" (
	"creator_id" text NOT NULL,
	"day" date NOT NULL,
	"page" text NOT NULL,
	"wish_id" text NOT NULL,
	"views" bigint NOT NULL,
	CONSTRAINT "insight_views_creator_id_day_page_wish_id_pk" PRIMARY KEY("creator_id","day","page","wish_id")
);
--> statement-breakpoint
CREATE TABLE "insight_wish_sales" (
	"seller_id" text NOT NULL,
	"day" date NOT NULL,
	"wish_id" text NOT NULL,
	"purchases" bigint NOT NULL,
	CONSTRAINT "insight_wish_sales_seller_id_day_wish_id_pk" PRIMARY KEY("seller_id","day","wish_id")
);
