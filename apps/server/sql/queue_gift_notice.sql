-- Tells a creator of a gift they received (post_gifts(), decision 038): at once, unless they were told of
-- a gift within the last 10 minutes; then the gifts of those minutes are told together, by one
-- `gifts_summary` notification due 10 minutes after the last notice. A creator receiving a stream of tips
-- gets a text every 10 minutes at most, not one per tip. A summary covers the gifts numbered after
-- `gift_seq_after` (purchases.seller_seq); the worker closes its range (`gift_seq_until`) under the lock
-- post_gifts() holds while it numbers a creator's gifts, so each gift is told once: by its own notice, or
-- by the one summary whose range holds its number.
-- The told gift's number is read by its id, apart from the notice: joined to it, a plan kept from nearly
-- empty tables read every purchase of the site through the primary key for each notice (decision 040).
-- The current text of this function: to change it, edit this file and run `npm run db:functions`, which
-- writes the migration (decision 070).
CREATE OR REPLACE FUNCTION public.queue_gift_notice(p_seller_id text, p_purchase_id text)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_last record;
  v_after integer;
BEGIN
  SELECT n.kind, n.not_before, n.gift_seq_until, n.purchase_id INTO v_last
  FROM notifications n
  WHERE n.user_id = p_seller_id AND n.kind IN ('gift', 'gifts_summary')
  ORDER BY n.not_before DESC, n.id DESC LIMIT 1;
  IF NOT FOUND OR v_last.not_before <= now() - interval '10 minutes' THEN
    INSERT INTO notifications (user_id, kind, purchase_id) VALUES (p_seller_id, 'gift', p_purchase_id);
    RETURN;
  END IF;
  IF v_last.kind = 'gifts_summary' AND v_last.gift_seq_until IS NULL THEN
    RETURN; -- the summary waiting to be sent will count this gift too
  END IF;
  IF v_last.kind = 'gift' THEN
    SELECT p.seller_seq INTO v_after FROM purchases p WHERE p.id = v_last.purchase_id;
  ELSE
    v_after := v_last.gift_seq_until;
  END IF;
  INSERT INTO notifications (user_id, kind, gift_seq_after, not_before)
  VALUES (p_seller_id, 'gifts_summary', v_after, v_last.not_before + interval '10 minutes');
END;
$function$;
