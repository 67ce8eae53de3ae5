-- Adds a new purchase to its creator's insight roll-ups (decisions 121 and 123), in the purchase's own
-- transaction: the earnings of its UTC hour and day by kind (a tip; a subscription's month, a group gift's
-- share or a wish, told by its wish), its affiliate's share, its buyer's day, month and all-time totals, the
-- days its buyer first and last gave, and its wish's sales of the day, month and in all; and it queues the
-- refresh of the creator's kept top supporters, 30 s on, unless one is queued (decision 142). Every
-- row it writes belongs to the purchase's creator, whose purchase_counters row the gift holds locked to
-- commit (purchases_number_per_seller): the roll-ups add no lock and no new order of locks, and the
-- buyer's all-time row read first cannot change before this transaction ends.
-- Runs inside post_gifts() with generic plans and no sequential scans: every statement is a key lookup.
-- The current text of this function: to change it, edit this file and run `npm run db:functions`, which
-- writes the migration (decision 070).
CREATE OR REPLACE FUNCTION public.insights_count_purchase()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_kind text := 'tip';
  v_hour timestamp := date_trunc('hour', NEW.created_at AT TIME ZONE 'UTC');
  v_day date := (NEW.created_at AT TIME ZONE 'UTC')::date;
  v_month date := date_trunc('month', (NEW.created_at AT TIME ZONE 'UTC'))::date;
  v_gross bigint := NEW.cost_cents;
  v_net bigint := NEW.recipient_cents;
  v_visible bigint := CASE WHEN NEW.is_anonymous THEN 0 ELSE NEW.cost_cents END;
  v_wish record;
  v_supporter record;
BEGIN
  IF NEW.type = 'standard' THEN
    SELECT w.type, w.is_group_gift INTO v_wish FROM wishes w WHERE w.id = NEW.product_id;
    v_kind := CASE WHEN v_wish.type = 'subscription' THEN 'subscription'
                   WHEN v_wish.is_group_gift THEN 'group' ELSE 'wish' END;
    INSERT INTO insight_wish_sales AS s (seller_id, period, starts, wish_id, purchases)
    VALUES (NEW.seller_id, 'day', v_day, NEW.product_id, 1), (NEW.seller_id, 'month', v_month, NEW.product_id, 1),
           (NEW.seller_id, 'all', DATE '1970-01-01', NEW.product_id, 1)
    ON CONFLICT (seller_id, period, starts, wish_id) DO UPDATE SET purchases = s.purchases + 1;
  END IF;

  INSERT INTO insight_earnings AS e (user_id, hour, source_id,
    tip_gross, tip_net, tip_count, wish_gross, wish_net, wish_count, group_gross, group_net, group_count,
    subscription_gross, subscription_net, subscription_count)
  VALUES (NEW.seller_id, v_hour, NEW.seller_id,
    CASE WHEN v_kind = 'tip' THEN v_gross ELSE 0 END, CASE WHEN v_kind = 'tip' THEN v_net ELSE 0 END,
    CASE WHEN v_kind = 'tip' THEN 1 ELSE 0 END,
    CASE WHEN v_kind = 'wish' THEN v_gross ELSE 0 END, CASE WHEN v_kind = 'wish' THEN v_net ELSE 0 END,
    CASE WHEN v_kind = 'wish' THEN 1 ELSE 0 END,
    CASE WHEN v_kind = 'group' THEN v_gross ELSE 0 END, CASE WHEN v_kind = 'group' THEN v_net ELSE 0 END,
    CASE WHEN v_kind = 'group' THEN 1 ELSE 0 END,
    CASE WHEN v_kind = 'subscription' THEN v_gross ELSE 0 END,
    CASE WHEN v_kind = 'subscription' THEN v_net ELSE 0 END, CASE WHEN v_kind = 'subscription' THEN 1 ELSE 0 END)
  ON CONFLICT (user_id, hour, source_id) DO UPDATE SET
    tip_gross = e.tip_gross + EXCLUDED.tip_gross, tip_net = e.tip_net + EXCLUDED.tip_net,
    tip_count = e.tip_count + EXCLUDED.tip_count,
    wish_gross = e.wish_gross + EXCLUDED.wish_gross, wish_net = e.wish_net + EXCLUDED.wish_net,
    wish_count = e.wish_count + EXCLUDED.wish_count,
    group_gross = e.group_gross + EXCLUDED.group_gross, group_net = e.group_net + EXCLUDED.group_net,
    group_count = e.group_count + EXCLUDED.group_count,
    subscription_gross = e.subscription_gross + EXCLUDED.subscription_gross,
    subscription_net = e.subscription_net + EXCLUDED.subscription_net,
    subscription_count = e.subscription_count + EXCLUDED.subscription_count;

  -- The same sums for the UTC day: long ranges read days, and hours only at their buckets' edges.
  INSERT INTO insight_earning_days AS e (user_id, day, source_id,
    tip_gross, tip_net, tip_count, wish_gross, wish_net, wish_count, group_gross, group_net, group_count,
    subscription_gross, subscription_net, subscription_count)
  VALUES (NEW.seller_id, v_day, NEW.seller_id,
    CASE WHEN v_kind = 'tip' THEN v_gross ELSE 0 END, CASE WHEN v_kind = 'tip' THEN v_net ELSE 0 END,
    CASE WHEN v_kind = 'tip' THEN 1 ELSE 0 END,
    CASE WHEN v_kind = 'wish' THEN v_gross ELSE 0 END, CASE WHEN v_kind = 'wish' THEN v_net ELSE 0 END,
    CASE WHEN v_kind = 'wish' THEN 1 ELSE 0 END,
    CASE WHEN v_kind = 'group' THEN v_gross ELSE 0 END, CASE WHEN v_kind = 'group' THEN v_net ELSE 0 END,
    CASE WHEN v_kind = 'group' THEN 1 ELSE 0 END,
    CASE WHEN v_kind = 'subscription' THEN v_gross ELSE 0 END,
    CASE WHEN v_kind = 'subscription' THEN v_net ELSE 0 END, CASE WHEN v_kind = 'subscription' THEN 1 ELSE 0 END)
  ON CONFLICT (user_id, day, source_id) DO UPDATE SET
    tip_gross = e.tip_gross + EXCLUDED.tip_gross, tip_net = e.tip_net + EXCLUDED.tip_net,
    tip_count = e.tip_count + EXCLUDED.tip_count,
    wish_gross = e.wish_gross + EXCLUDED.wish_gross, wish_net = e.wish_net + EXCLUDED.wish_net,
    wish_count = e.wish_count + EXCLUDED.wish_count,
    group_gross = e.group_gross + EXCLUDED.group_gross, group_net = e.group_net + EXCLUDED.group_net,
    group_count = e.group_count + EXCLUDED.group_count,
    subscription_gross = e.subscription_gross + EXCLUDED.subscription_gross,
    subscription_net = e.subscription_net + EXCLUDED.subscription_net,
    subscription_count = e.subscription_count + EXCLUDED.subscription_count;

  IF NEW.affiliate_id IS NOT NULL AND NEW.affiliate_cents > 0 THEN
    INSERT INTO insight_earnings AS e (user_id, hour, source_id, affiliate_net, affiliate_count)
    VALUES (NEW.affiliate_id, v_hour, NEW.seller_id, NEW.affiliate_cents, 1)
    ON CONFLICT (user_id, hour, source_id) DO UPDATE SET
      affiliate_net = e.affiliate_net + EXCLUDED.affiliate_net, affiliate_count = e.affiliate_count + 1;
    INSERT INTO insight_earning_days AS e (user_id, day, source_id, affiliate_net, affiliate_count)
    VALUES (NEW.affiliate_id, v_day, NEW.seller_id, NEW.affiliate_cents, 1)
    ON CONFLICT (user_id, day, source_id) DO UPDATE SET
      affiliate_net = e.affiliate_net + EXCLUDED.affiliate_net, affiliate_count = e.affiliate_count + 1;
  END IF;

  -- The days the buyer first and last gave move only when this gift is earlier or later than those.
  SELECT s.first_at, s.last_at INTO v_supporter FROM insight_supporters s
  WHERE s.seller_id = NEW.seller_id AND s.period = 'all' AND s.starts = DATE '1970-01-01' AND s.buyer_id = NEW.buyer_id;
  IF NOT FOUND THEN
    INSERT INTO insight_supporter_days AS d (seller_id, day, firsts, lasts) VALUES (NEW.seller_id, v_day, 1, 1)
    ON CONFLICT (seller_id, day) DO UPDATE SET firsts = d.firsts + 1, lasts = d.lasts + 1;
  ELSE
    IF NEW.created_at < v_supporter.first_at AND v_day <> (v_supporter.first_at AT TIME ZONE 'UTC')::date THEN
      INSERT INTO insight_supporter_days AS d (seller_id, day, firsts)
      VALUES (NEW.seller_id, v_day, 1), (NEW.seller_id, (v_supporter.first_at AT TIME ZONE 'UTC')::date, -1)
      ON CONFLICT (seller_id, day) DO UPDATE SET firsts = d.firsts + EXCLUDED.firsts;
    END IF;
    IF NEW.created_at > v_supporter.last_at AND v_day <> (v_supporter.last_at AT TIME ZONE 'UTC')::date THEN
      INSERT INTO insight_supporter_days AS d (seller_id, day, lasts)
      VALUES (NEW.seller_id, v_day, 1), (NEW.seller_id, (v_supporter.last_at AT TIME ZONE 'UTC')::date, -1)
      ON CONFLICT (seller_id, day) DO UPDATE SET lasts = d.lasts + EXCLUDED.lasts;
    END IF;
  END IF;

  INSERT INTO insight_supporters AS s (seller_id, period, starts, buyer_id, gross_cents, visible_cents, gifts,
    first_at, last_at)
  VALUES (NEW.seller_id, 'day', v_day, NEW.buyer_id, v_gross, v_visible, 1, NEW.created_at, NEW.created_at),
         (NEW.seller_id, 'month', v_month, NEW.buyer_id, v_gross, v_visible, 1, NEW.created_at, NEW.created_at),
         (NEW.seller_id, 'all', DATE '1970-01-01', NEW.buyer_id, v_gross, v_visible, 1, NEW.created_at, NEW.created_at)
  ON CONFLICT (seller_id, period, starts, buyer_id) DO UPDATE SET
    gross_cents = s.gross_cents + EXCLUDED.gross_cents, visible_cents = s.visible_cents + EXCLUDED.visible_cents,
    gifts = s.gifts + 1, first_at = least(s.first_at, EXCLUDED.first_at),
    last_at = greatest(s.last_at, EXCLUDED.last_at);

  -- One refresh waits per creator (its key); the job lets go of the key as it starts, so a gift made while
  -- it reads queues the next one. The runners hear of a new job only when it is new.
  INSERT INTO jobs (type, payload, key, tenant_key, run_at)
  VALUES ('insight-top-supporters', jsonb_build_object('sellerId', NEW.seller_id),
          'insight-top-supporters:' || NEW.seller_id, NEW.seller_id, now() + interval '30 seconds')
  ON CONFLICT (key) DO NOTHING;
  IF FOUND THEN
    PERFORM pg_notify('sweetwish_changes', '{"topic":"jobs"}');
  END IF;

  RETURN NULL;
END;
$function$;
