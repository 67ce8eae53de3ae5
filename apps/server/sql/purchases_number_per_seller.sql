-- Numbers each new purchase among its recipient's (purchases.seller_seq: 1, 2, 3, ...) from the recipient's
-- row in purchase_counters: one key lookup, whatever the recipient's count and whatever the planner believes
-- of the tables (decision 040). The row's lock is held to the transaction's commit: of two gifts to one
-- creator the second waits for the first to commit, so numbers become visible in order and without gaps,
-- and the stream overlay can resume after the last one it showed (decision 031). A rolled-back gift rolls
-- its count back too.
-- The current text of this function: to change it, edit this file and run `npm run db:functions`, which
-- writes the migration (decision 070).
CREATE OR REPLACE FUNCTION public.purchases_number_per_seller()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO purchase_counters AS c (seller_id, last_seq) VALUES (NEW.seller_id, 1)
  ON CONFLICT (seller_id) DO UPDATE SET last_seq = c.last_seq + 1
  RETURNING c.last_seq INTO NEW.seller_seq;
  RETURN NEW;
END;
$function$;
