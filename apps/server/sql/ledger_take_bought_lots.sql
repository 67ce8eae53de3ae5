-- Takes spends of bought tokens from their users' bought lots, oldest lot first, and records which lot paid
-- for which transfer (lot_spends, decision 017). Spends are taken in array order: of two spends by one user,
-- the first takes the older lots. The caller holds the users' account locks (ledger_post(), post_gifts()),
-- and a user's spends sum to at most their `wallet:` balance, which their bought lots' remainders make up.
-- A spend of 0 takes nothing.
-- The current text of this function: to change it, edit this file and run `npm run db:functions`, which
-- writes the migration (decision 070).
CREATE OR REPLACE FUNCTION public.ledger_take_bought_lots(p_users text[], p_transfer_ids text[], p_cents bigint[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- Each spend and each open lot is a range on its user's line of bought tokens; a spend takes from every
  -- lot its range overlaps, as much as they overlap.
  WITH spends AS (
    SELECT s.user_id, s.transfer_id, s.n,
      sum(s.cents) OVER (PARTITION BY s.user_id ORDER BY s.n) - s.cents AS lo,
      sum(s.cents) OVER (PARTITION BY s.user_id ORDER BY s.n) AS hi
    FROM unnest(p_users, p_transfer_ids, p_cents) WITH ORDINALITY AS s(user_id, transfer_id, cents, n)
    WHERE s.cents > 0
  ), lots AS (
    SELECT l.id, l.user_id,
      sum(l.remaining_cents) OVER (PARTITION BY l.user_id ORDER BY l.id) - l.remaining_cents AS lo,
      sum(l.remaining_cents) OVER (PARTITION BY l.user_id ORDER BY l.id) AS hi
    FROM token_lots l
    WHERE l.user_id = ANY(p_users) AND l.kind = 'bought' AND l.remaining_cents > 0
  ), parts AS (
    SELECT lots.id AS lot_id, spends.transfer_id, spends.n,
      least(lots.hi, spends.hi) - greatest(lots.lo, spends.lo) AS cents
    FROM spends JOIN lots ON lots.user_id = spends.user_id AND lots.lo < spends.hi AND spends.lo < lots.hi
  ), taken AS (
    UPDATE token_lots l SET remaining_cents = l.remaining_cents - t.cents
    FROM (SELECT lot_id, sum(cents) AS cents FROM parts GROUP BY lot_id) AS t
    WHERE l.id = t.lot_id
  )
  INSERT INTO lot_spends (lot_id, transfer_id, amount_cents)
  SELECT lot_id, transfer_id, cents FROM parts ORDER BY n, lot_id;
END;
$function$;
