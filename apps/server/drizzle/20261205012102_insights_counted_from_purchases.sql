-- The insight roll-ups start from every purchase made so far, then the trigger adds each new one in its own
-- transaction (decision 121). No purchase may land between the count and the trigger: the table is locked
-- against writes for this transaction.
LOCK TABLE purchases IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE TEMP TABLE insight_purchase_kinds ON COMMIT DROP AS
SELECT p.*, date_trunc('hour', p.created_at AT TIME ZONE 'UTC') AS hour, (p.created_at AT TIME ZONE 'UTC')::date AS day,
       CASE WHEN p.type = 'tip' THEN 'tip' WHEN w.type = 'subscription' THEN 'subscription'
            WHEN w.is_group_gift THEN 'group' ELSE 'wish' END AS kind
FROM purchases p LEFT JOIN wishes w ON w.id = p.product_id;
--> statement-breakpoint
INSERT INTO insight_earnings (user_id, hour, source_id, tip_gross, tip_net, tip_count, wish_gross, wish_net,
  wish_count, group_gross, group_net, group_count, subscription_gross, subscription_net, subscription_count)
SELECT seller_id, hour, seller_id,
  coalesce(sum(cost_cents) FILTER (WHERE kind = 'tip'), 0), coalesce(sum(recipient_cents) FILTER (WHERE kind = 'tip'), 0), count(*) FILTER (WHERE kind = 'tip'),
  coalesce(sum(cost_cents) FILTER (WHERE kind = 'wish'), 0), coalesce(sum(recipient_cents) FILTER (WHERE kind = 'wish'), 0), count(*) FILTER (WHERE kind = 'wish'),
  coalesce(sum(cost_cents) FILTER (WHERE kind = 'group'), 0), coalesce(sum(recipient_cents) FILTER (WHERE kind = 'group'), 0), count(*) FILTER (WHERE kind = 'group'),
  coalesce(sum(cost_cents) FILTER (WHERE kind = 'subscription'), 0), coalesce(sum(recipient_cents) FILTER (WHERE kind = 'subscription'), 0),
  count(*) FILTER (WHERE kind = 'subscription')
FROM insight_purchase_kinds GROUP BY seller_id, hour;
--> statement-breakpoint
INSERT INTO insight_earnings (user_id, hour, source_id, affiliate_net, affiliate_count)
SELECT affiliate_id, hour, seller_id, sum(affiliate_cents), count(*)
FROM insight_purchase_kinds WHERE affiliate_id IS NOT NULL AND affiliate_cents > 0
GROUP BY affiliate_id, hour, seller_id;
--> statement-breakpoint
INSERT INTO insight_supporters (seller_id, period, starts, buyer_id, gross_cents, visible_cents, gifts, first_at)
SELECT seller_id, b.period, b.starts, buyer_id, sum(cost_cents),
       sum(CASE WHEN is_anonymous THEN 0 ELSE cost_cents END), count(*), min(created_at)
FROM insight_purchase_kinds,
     LATERAL (VALUES ('day', day), ('month', date_trunc('month', day::timestamp)::date), ('all', DATE '1970-01-01'))
       AS b(period, starts)
GROUP BY seller_id, b.period, b.starts, buyer_id;
--> statement-breakpoint
INSERT INTO insight_wish_sales (seller_id, day, wish_id, purchases)
SELECT seller_id, day, product_id, count(*) FROM insight_purchase_kinds WHERE type = 'standard'
GROUP BY seller_id, day, product_id;
--> statement-breakpoint
CREATE TRIGGER insights_count_purchase AFTER INSERT ON purchases
FOR EACH ROW EXECUTE FUNCTION insights_count_purchase();
