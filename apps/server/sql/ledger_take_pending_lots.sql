-- Takes spends of pending tokens from their users' earned lots, the lots that clear last first (decision
-- 017): what a user spends of their pending tokens is what would have cleared latest. The caller holds the
-- users' account locks (ledger_post(), post_gifts()), and a user's spends sum to at most their `pending:`
-- balance, which their earned lots' remainders make up. A spend of 0 takes nothing.
-- The current text of this function: to change it, edit this file and run `npm run db:functions`, which
-- writes the migration (decision 070).
CREATE OR REPLACE FUNCTION public.ledger_take_pending_lots(p_users text[], p_cents bigint[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  WITH needs AS (
    SELECT s.user_id, sum(s.cents) AS cents
    FROM unnest(p_users, p_cents) AS s(user_id, cents)
    WHERE s.cents > 0
    GROUP BY s.user_id
  ), open_lots AS (
    SELECT l.id, l.user_id, l.remaining_cents,
      sum(l.remaining_cents) OVER (PARTITION BY l.user_id ORDER BY l.id DESC) - l.remaining_cents AS before
    FROM token_lots l
    WHERE l.user_id = ANY(p_users) AND l.kind = 'earned' AND l.remaining_cents > 0
  )
  UPDATE token_lots l SET remaining_cents = l.remaining_cents - least(o.remaining_cents, n.cents - o.before)
  FROM open_lots o JOIN needs n ON n.user_id = o.user_id
  WHERE l.id = o.id AND o.before < n.cents;
END;
$function$;
