ALTER TABLE "notifications" ADD COLUMN "gift_seq_after" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "gift_seq_until" integer;--> statement-breakpoint
CREATE INDEX "notifications_gift_notice_idx" ON "notifications" USING btree ("user_id","not_before" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "notifications"."kind" in ('gift', 'gifts_summary');--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_gifts_summary" CHECK (("notifications"."kind" = 'gifts_summary') = ("notifications"."gift_seq_after" is not null));--> statement-breakpoint
-- Tells a creator of a gift they received (post_gifts(), decision 038): at once, unless they were told of
-- a gift within the last 10 minutes; then the gifts of those minutes are told together, by one
-- `gifts_summary` notification due 10 minutes after the last notice. A creator receiving a stream of tips
-- gets a text every 10 minutes at most, not one per tip. A summary covers the gifts numbered after
-- `gift_seq_after` (purchases.seller_seq); the worker closes its range (`gift_seq_until`) under the lock
-- post_gifts() holds while it numbers a creator's gifts, so each gift is told once: by its own notice, or
-- by the one summary whose range holds its number.
-- The current text of this function: to change it, edit this file and put the whole file in a new
-- custom migration (README, "Database functions"; decision 024).
CREATE OR REPLACE FUNCTION public.queue_gift_notice(p_seller_id text, p_purchase_id text)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_last record;
  v_after integer;
BEGIN
  SELECT n.kind, n.not_before, n.gift_seq_until, p.seller_seq AS told_seq INTO v_last
  FROM notifications n LEFT JOIN purchases p ON p.id = n.purchase_id
  WHERE n.user_id = p_seller_id AND n.kind IN ('gift', 'gifts_summary')
  ORDER BY n.not_before DESC, n.id DESC LIMIT 1;
  IF NOT FOUND OR v_last.not_before <= now() - interval '10 minutes' THEN
    INSERT INTO notifications (user_id, kind, purchase_id) VALUES (p_seller_id, 'gift', p_purchase_id);
    RETURN;
  END IF;
  IF v_last.kind = 'gifts_summary' AND v_last.gift_seq_until IS NULL THEN
    RETURN; -- the summary waiting to be sent will count this gift too
  END IF;
  v_after := CASE v_last.kind WHEN 'gift' THEN v_last.told_seq ELSE v_last.gift_seq_until END;
  INSERT INTO notifications (user_id, kind, gift_seq_after, not_before)
  VALUES (p_seller_id, 'gifts_summary', v_after, v_last.not_before + interval '10 minutes');
END;
$function$;
--> statement-breakpoint
-- Posts gifts and tips in one statement, each as its own unit: its ledger transfer (ledger_post), its
-- purchase row and its creator's notice (queue_gift_notice). One failing (a wallet holding too little, a
-- wish no longer for sale) leaves the others alone. A batch of many commits once, so a creator receiving a flood of tips
-- holds their wallet's row once per batch rather than once per tip.
-- Each item: {"purchase": {purchases columns but transfer_id and created_at}, "kind", "key", "accounts",
-- "amounts", "notify": [payloads], "claim": null | {"wish_id", "seller_id", "cost"}}.
-- Returns one result per item, in order: 'ok', 'insufficient_balance', 'unavailable', 'recipient_closed',
-- 'on_hold' (a buyer whose wallet is on hold) or 'gifts_refused' (the recipient blocked the buyer and refuses
-- their gifts; decision 028).
-- The current text of this function: to change it, edit this file and put the whole file in a new
-- custom migration (README, "Database functions"; decision 024).
CREATE OR REPLACE FUNCTION public.post_gifts(p_items jsonb)
 RETURNS text[]
 LANGUAGE plpgsql
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
