-- A wallet whose owner has an open card dispute is on hold (ledger_accounts.spend_holds > 0): ledger_post()
-- refuses to debit it, with SQLSTATE 'SW423', except for the dispute's own debit. Otherwise as before.
CREATE OR REPLACE FUNCTION ledger_post(
  p_kind text, p_idempotency_key text, p_external_ref text, p_account_ids text[], p_amounts bigint[]
) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_transfer_id text := gen_random_uuid()::text;
  v_row record;
BEGIN
  IF cardinality(p_account_ids) < 2 OR cardinality(p_account_ids) <> cardinality(p_amounts) THEN
    RAISE EXCEPTION 'a transfer needs at least two entries, one amount per account';
  END IF;
  IF (SELECT sum(a) FROM unnest(p_amounts) AS a) <> 0 THEN
    RAISE EXCEPTION 'transfer % does not sum to zero', p_idempotency_key;
  END IF;

  INSERT INTO ledger_transfers (id, kind, idempotency_key, external_ref)
  VALUES (v_transfer_id, p_kind, p_idempotency_key, p_external_ref)
  ON CONFLICT (idempotency_key) DO NOTHING;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;

  FOR v_row IN
    SELECT e.account_id, sum(e.amount) AS amount
    FROM unnest(p_account_ids, p_amounts) AS e(account_id, amount)
    WHERE e.account_id LIKE 'wallet:%'
    GROUP BY e.account_id
    ORDER BY e.account_id
  LOOP
    IF v_row.amount < 0 THEN
      UPDATE ledger_accounts SET balance_cents = balance_cents + v_row.amount
      WHERE id = v_row.account_id AND balance_cents >= -v_row.amount
        AND (spend_holds = 0 OR p_kind = 'dispute');
      IF NOT FOUND THEN
        IF EXISTS (SELECT 1 FROM ledger_accounts WHERE id = v_row.account_id AND spend_holds > 0)
          AND p_kind <> 'dispute' THEN
          RAISE EXCEPTION 'wallet % is on hold', v_row.account_id USING ERRCODE = 'SW423';
        END IF;
        RAISE EXCEPTION 'insufficient balance in %', v_row.account_id USING ERRCODE = 'SW402';
      END IF;
    ELSIF v_row.amount > 0 THEN
      INSERT INTO ledger_accounts (id, kind, user_id, balance_cents)
      VALUES (v_row.account_id, 'wallet', substr(v_row.account_id, 8), v_row.amount)
      ON CONFLICT (id) DO UPDATE SET balance_cents = ledger_accounts.balance_cents + excluded.balance_cents
      WHERE ledger_accounts.closed_at IS NULL;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'wallet % is closed', v_row.account_id USING ERRCODE = 'SW410';
      END IF;
    END IF;
  END LOOP;

  INSERT INTO ledger_entries (transfer_id, account_id, amount_cents)
  SELECT v_transfer_id, e.account_id, e.amount
  FROM unnest(p_account_ids, p_amounts) AS e(account_id, amount)
  WHERE e.amount <> 0;
  RETURN v_transfer_id;
END;
$$;
--> statement-breakpoint

-- As before, and a buyer whose wallet is on hold gets 'on_hold'.
CREATE OR REPLACE FUNCTION post_gifts(p_items jsonb) RETURNS text[] LANGUAGE plpgsql AS $$
DECLARE
  v_item jsonb;
  v_transfer_id text;
  v_results text[] := '{}';
BEGIN
  FOR v_item IN SELECT value FROM jsonb_array_elements(p_items) LOOP
    BEGIN
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
    END;
  END LOOP;
  RETURN v_results;
END;
$$;
