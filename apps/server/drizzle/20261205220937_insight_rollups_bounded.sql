-- Bounded insight roll-ups (decision 123): earnings per UTC day, the days supporters first and last gave,
-- the last gift of each supporter, and wish sales and page views per day, month and in all. No purchase may
-- land while the tables are rebuilt and the trigger's function replaced (the next migration, in this same
-- transaction): purchases are locked against writes first.
LOCK TABLE purchases IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE TABLE "insight_earning_days" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
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
	CONSTRAINT "insight_earning_days_user_id_day_source_id_pk" PRIMARY KEY("user_id","day","source_id")
);
--> statement-breakpoint
CREATE TABLE "insight_supporter_days" (
	"seller_id" text NOT NULL,
	"day" date NOT NULL,
	"firsts" bigint DEFAULT 0 NOT NULL,
	"lasts" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_supporter_days_seller_id_day_pk" PRIMARY KEY("seller_id","day")
);
--> statement-breakpoint
ALTER TABLE "insight_views" RENAME COLUMN "day" TO "starts";--> statement-breakpoint
ALTER TABLE "insight_views" ADD COLUMN "period" text DEFAULT 'day' NOT NULL;--> statement-breakpoint
ALTER TABLE "insight_views" ALTER COLUMN "period" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "insight_views" DROP CONSTRAINT "insight_views_creator_id_day_page_wish_id_pk";--> statement-breakpoint
ALTER TABLE "insight_views" ADD CONSTRAINT "insight_views_creator_id_period_starts_page_wish_id_pk" PRIMARY KEY("creator_id","period","starts","page","wish_id");--> statement-breakpoint
INSERT INTO insight_views (creator_id, period, starts, page, wish_id, views)
SELECT creator_id, 'day', starts, 'wish', '', sum(views) FROM insight_views
WHERE period = 'day' AND page = 'wish' AND wish_id <> '' GROUP BY creator_id, starts;
--> statement-breakpoint
INSERT INTO insight_views (creator_id, period, starts, page, wish_id, views)
SELECT creator_id, b.period, b.starts, page, wish_id, sum(views)
FROM insight_views v,
     LATERAL (VALUES ('month', date_trunc('month', v.starts::timestamp)::date), ('all', DATE '1970-01-01')) AS b(period, starts)
WHERE v.period = 'day'
GROUP BY creator_id, b.period, b.starts, page, wish_id;
--> statement-breakpoint
DROP TABLE "insight_wish_sales";--> statement-breakpoint
CREATE TABLE "insight_wish_sales" (
	"seller_id" text NOT NULL,
	"period" text NOT NULL,
	"starts" date NOT NULL,
	"wish_id" text NOT NULL,
	"purchases" bigint NOT NULL,
	CONSTRAINT "insight_wish_sales_seller_id_period_starts_wish_id_pk" PRIMARY KEY("seller_id","period","starts","wish_id")
);
--> statement-breakpoint
TRUNCATE "insight_supporters";--> statement-breakpoint
ALTER TABLE "insight_supporters" ADD COLUMN "last_at" timestamp with time zone NOT NULL;--> statement-breakpoint
INSERT INTO insight_earning_days (user_id, day, source_id, tip_gross, tip_net, tip_count, wish_gross, wish_net,
  wish_count, group_gross, group_net, group_count, subscription_gross, subscription_net, subscription_count,
  affiliate_net, affiliate_count)
SELECT user_id, hour::date, source_id, sum(tip_gross), sum(tip_net), sum(tip_count), sum(wish_gross), sum(wish_net),
  sum(wish_count), sum(group_gross), sum(group_net), sum(group_count), sum(subscription_gross), sum(subscription_net),
  sum(subscription_count), sum(affiliate_net), sum(affiliate_count)
FROM insight_earnings GROUP BY user_id, hour::date, source_id;
--> statement-breakpoint
CREATE TEMP TABLE insight_purchase_days ON COMMIT DROP AS
SELECT p.seller_id, p.buyer_id, p.product_id, p.type, p.cost_cents, p.is_anonymous, p.created_at,
       (p.created_at AT TIME ZONE 'UTC')::date AS day
FROM purchases p;
--> statement-breakpoint
INSERT INTO insight_supporters (seller_id, period, starts, buyer_id, gross_cents, visible_cents, gifts, first_at, last_at)
SELECT seller_id, b.period, b.starts, buyer_id, sum(cost_cents),
       sum(CASE WHEN is_anonymous THEN 0 ELSE cost_cents END), count(*), min(created_at), max(created_at)
FROM insight_purchase_days,
     LATERAL (VALUES ('day', day), ('month', date_trunc('month', day::timestamp)::date), ('all', DATE '1970-01-01'))
       AS b(period, starts)
GROUP BY seller_id, b.period, b.starts, buyer_id;
--> statement-breakpoint
INSERT INTO insight_supporter_days (seller_id, day, firsts, lasts)
SELECT seller_id, day, sum(firsts), sum(lasts) FROM (
  SELECT seller_id, (first_at AT TIME ZONE 'UTC')::date AS day, 1 AS firsts, 0 AS lasts
  FROM insight_supporters WHERE period = 'all'
  UNION ALL
  SELECT seller_id, (last_at AT TIME ZONE 'UTC')::date, 0, 1 FROM insight_supporters WHERE period = 'all') d
GROUP BY seller_id, day;
--> statement-breakpoint
INSERT INTO insight_wish_sales (seller_id, period, starts, wish_id, purchases)
SELECT seller_id, b.period, b.starts, product_id, count(*)
FROM insight_purchase_days,
     LATERAL (VALUES ('day', day), ('month', date_trunc('month', day::timestamp)::date), ('all', DATE '1970-01-01'))
       AS b(period, starts)
WHERE type = 'standard'
GROUP BY seller_id, b.period, b.starts, product_id;
