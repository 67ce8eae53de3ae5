-- Numbers each new purchase among its recipient's (purchases.seller_seq: 1, 2, 3, ...). The transaction
-- takes a lock per recipient, held to its commit, before reading the last number: of two gifts to one
-- creator the second waits for the first to commit, so numbers become visible in order and without gaps,
-- and the stream overlay can resume after the last one it showed (decision 031).
-- The current text of this function: to change it, edit this file and put the whole file in a new
-- custom migration (README, "Database functions"; decision 024).
CREATE OR REPLACE FUNCTION public.purchases_number_per_seller()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('purchases_seller_seq:' || NEW.seller_id, 0));
  -- The last number by the (seller_id, seller_seq) index, read backwards: one entry whatever the seller's
  -- count. Written as max(), a plan kept from a nearly empty table read every purchase of the seller
  -- (decision 040).
  NEW.seller_seq := coalesce(
    (SELECT p.seller_seq FROM purchases p WHERE p.seller_id = NEW.seller_id
     ORDER BY p.seller_seq DESC LIMIT 1), 0) + 1;
  RETURN NEW;
END;
$function$;
