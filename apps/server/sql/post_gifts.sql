-- Posts gifts and tips in one statement, each as its own unit: its ledger transfer (ledger_post), its
-- purchase row and its creator's notice (queue_gift_notice). One failing (a wallet holding too little, a
-- wish no longer for sale) leaves the others alone. A batch of many commits once, so a creator receiving a flood of tips
-- holds their wallet's row once per batch rather than once per tip.
-- Each item: {"purchase": {purchases columns but transfer_id and created_at}, "kind", "key", "accounts",
-- "amounts", "notify": [payloads], "claim": null | {"wish_id", "seller_id", "cost"}}.
-- Returns one result per item, in order: 'ok', 'insufficient_balance', 'unavailable', 'recipient_closed',
-- 'on_hold' (a buyer whose wallet is on hold) or 'gifts_refused' (the recipient blocked the buyer and refuses
-- their gifts; decision 028).
-- Its statements, those of ledger_post() and of the triggers its inserts fire, are planned once per connection
-- (force_generic_plan, which holds for the whole call): left to choose, PostgreSQL plans a function's
-- statement anew on each of the first five calls at least, and for good when the generic plan looks dearer;
-- every plan here is an index lookup whatever the values (decision 036).
-- The current text of this function: to change it, edit this file and put the whole file in a new
-- custom migration (README, "Database functions"; decision 024).
CREATE OR REPLACE FUNCTION public.post_gifts(p_items jsonb)
 RETURNS text[]
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
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
      PERFORM queue_gift_notice(v_item->'purchase'->>'seller_id', v_item->'purchase'->>'id');
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
$function$;
