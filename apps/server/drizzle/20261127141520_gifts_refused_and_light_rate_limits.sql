-- Gifts and tips (decision 035): the block check moves into post_gifts(), one round trip less per gift and
-- no gap between the check and the payment.
CREATE OR REPLACE FUNCTION post_gifts(p_items jsonb) RETURNS text[] LANGUAGE plpgsql AS $$
DECLARE
  v_item jsonb;
  v_transfer_id text;
  v_results text[] := '{}';
BEGIN
  FOR v_item IN SELECT value FROM jsonb_array_elements(p_items) LOOP
    BEGIN
      -- A creator who blocked the buyer and refuses their gifts gets none, checked in the gift's own
      -- transaction: a block that commits first is never outrun by a check made before it.
      IF EXISTS (SELECT 1 FROM blocks
                 WHERE blocker_id = v_item->'purchase'->>'seller_id'
                   AND blocked_id = v_item->'purchase'->>'buyer_id' AND refuses_gifts) THEN
        RAISE EXCEPTION 'the recipient refuses gifts from %', v_item->'purchase'->>'buyer_id' USING ERRCODE = 'SW403';
      END IF;
      -- A single-purchase wish is marked sold by the one buyer who gets here first, at the price paid.
      IF v_item->'claim' IS NOT NULL AND jsonb_typeof(v_item->'claim') = 'object' THEN
        UPDATE wishes SET purchased = true, updated_at = now()
        WHERE id = v_item->'claim'->>'wish_id' AND seller_id = v_item->'claim'->>'seller_id'
          AND cost = (v_item->'claim'->>'cost')::integer
          AND NOT archived AND NOT purchased AND NOT allow_repeat_purchases;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'wish % is no longer for sale', v_item->'claim'->>'wish_id' USING ERRCODE = 'SW409';
        END IF;
      END IF;
      v_transfer_id := ledger_post(
        v_item->>'kind', v_item->>'key', NULL,
        ARRAY(SELECT jsonb_array_elements_text(v_item->'accounts')),
        ARRAY(SELECT jsonb_array_elements_text(v_item->'amounts')::bigint));
      IF v_transfer_id IS NULL THEN
        RAISE EXCEPTION 'gift % was posted before', v_item->>'key';
      END IF;
      INSERT INTO purchases
      SELECT * FROM jsonb_populate_record(NULL::purchases,
        (v_item->'purchase') || jsonb_build_object('transfer_id', v_transfer_id, 'created_at', now()));
      INSERT INTO notifications (user_id, kind, purchase_id)
      VALUES (v_item->'purchase'->>'seller_id', 'gift', v_item->'purchase'->>'id');
      PERFORM pg_notify('sweetwish_changes', payload) FROM jsonb_array_elements_text(v_item->'notify') AS payload;
      v_results := v_results || 'ok'::text;
    EXCEPTION
      WHEN SQLSTATE 'SW402' THEN v_results := v_results || 'insufficient_balance'::text;
      WHEN SQLSTATE 'SW409' THEN v_results := v_results || 'unavailable'::text;
      WHEN SQLSTATE 'SW410' THEN v_results := v_results || 'recipient_closed'::text;
      WHEN SQLSTATE 'SW423' THEN v_results := v_results || 'on_hold'::text;
      WHEN SQLSTATE 'SW403' THEN v_results := v_results || 'gifts_refused'::text;
    END;
  END LOOP;
  RETURN v_results;
END;
$$;
--> statement-breakpoint
-- Rate-limit counters are short-lived (windows of minutes to a day) and every write request updates one: they
-- need no WAL, so no disk flush per write. After a database crash PostgreSQL empties an unlogged table:
-- the limits start again from zero, which costs an attacker's one extra window, never money or data.
ALTER TABLE rate_limit_counters SET UNLOGGED;
