-- Posts one transfer: its entries (account ids and signed amounts, summing to zero) and the accounts' cached
-- balances, in one call, so the whole posting is one round trip and one statement (decisions 006, 008, 017).
-- * A debit is a conditional update: when the account holds too little, the call fails with SQLSTATE 'SW402'
--   and nothing is written. A key used before posts nothing and returns NULL.
-- * A user's accounts are `wallet:`, `pending:` and `earned:` followed by the user id; each is created by its
--   first credit, never goes below zero, and a closed one refuses credits (SW410).
-- * `spend:{user}` stands for "whatever the user can spend": the debit is taken from bought tokens first,
--   then available earned ones, then pending ones (SW402 when all three are too little).
-- * Every account of every user the posting touches is locked first (made empty if missing), in id order,
--   so two postings never wait on each other in a cycle.
-- * Lots: a credit of bought or pending tokens makes a lot; a spend of bought tokens takes the oldest lots
--   first and records which lot paid for this transfer (ledger_take_bought_lots()); a spend of pending
--   tokens takes the lots that clear last (ledger_take_pending_lots()). Only a spend may take bought or pending tokens, except the kinds that keep the
--   lots themselves, in the same transaction (clearing, refunds, disputes, the migration, forfeits).
-- * A user with an open dispute (spend_holds on their `wallet:` account) cannot be debited (SW423), except
--   by those same kinds.
-- The current text of this function: to change it, edit this file and run `npm run db:functions`, which
-- writes the migration (decision 070).
CREATE OR REPLACE FUNCTION public.ledger_post(p_kind text, p_idempotency_key text, p_external_ref text, p_account_ids text[], p_amounts bigint[])
 RETURNS text
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_transfer_id text := gen_random_uuid()::text;
  v_keeps_lots boolean := p_kind IN
    ('clearing', 'refund', 'refund_reversal', 'dispute', 'dispute_reversal', 'token_kinds_migration', 'forfeit');
  v_ids text[] := '{}';
  v_amounts bigint[] := '{}';
  v_spends jsonb := '[]';
  v_spend jsonb;
  v_row record;
  v_user text;
  v_need bigint;
  v_bought bigint;
  v_earned bigint;
  v_pending bigint;
  v_take_bought bigint;
  v_take_earned bigint;
  v_take_pending bigint;
BEGIN
  IF cardinality(p_account_ids) < 2 OR cardinality(p_account_ids) <> cardinality(p_amounts) THEN
    RAISE EXCEPTION 'a transfer needs at least two entries, one amount per account';
  END IF;
  IF (SELECT sum(a) FROM unnest(p_amounts) AS a) <> 0 THEN
    RAISE EXCEPTION 'transfer % does not sum to zero', p_idempotency_key;
  END IF;
  IF NOT v_keeps_lots AND EXISTS (
    SELECT 1 FROM unnest(p_account_ids, p_amounts) AS e(account_id, amount)
    WHERE e.amount < 0 AND (e.account_id LIKE 'wallet:%' OR e.account_id LIKE 'pending:%')
  ) THEN
    RAISE EXCEPTION 'transfer % takes bought or pending tokens other than by a spend', p_idempotency_key;
  END IF;

  INSERT INTO ledger_transfers (id, kind, idempotency_key, external_ref)
  VALUES (v_transfer_id, p_kind, p_idempotency_key, p_external_ref)
  ON CONFLICT (idempotency_key) DO NOTHING;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;

  -- Lock (creating empty where missing) every account of every user touched, in one pass in id order:
  -- a row created later, out of order, could close a cycle with another posting. The WHERE false locks
  -- an existing row without writing it.
  INSERT INTO ledger_accounts (id, kind, user_id, balance_cents)
  SELECT u.id,
    CASE split_part(u.id, ':', 1) WHEN 'wallet' THEN 'wallet' WHEN 'pending' THEN 'earned_pending' ELSE 'earned_available' END,
    substr(u.id, strpos(u.id, ':') + 1), 0
  FROM (
    SELECT a AS id FROM unnest(p_account_ids) AS a WHERE a ~ '^(wallet|pending|earned):'
    UNION
    SELECT k || ':' || substr(a, 7) FROM unnest(p_account_ids) AS a, unnest(ARRAY['wallet', 'pending', 'earned']) AS k
    WHERE a LIKE 'spend:%'
  ) AS u
  ORDER BY u.id
  ON CONFLICT (id) DO UPDATE SET balance_cents = ledger_accounts.balance_cents WHERE false;

  -- Spends become debits of the three accounts, bought first.
  FOR i IN 1 .. cardinality(p_account_ids) LOOP
    IF p_account_ids[i] LIKE 'spend:%' THEN
      v_user := substr(p_account_ids[i], 7);
      v_need := -p_amounts[i];
      IF v_need <= 0 THEN
        RAISE EXCEPTION 'a spend is a debit (%)', p_idempotency_key;
      END IF;
      SELECT coalesce(sum(balance_cents) FILTER (WHERE kind = 'wallet'), 0),
             coalesce(sum(balance_cents) FILTER (WHERE kind = 'earned_available'), 0),
             coalesce(sum(balance_cents) FILTER (WHERE kind = 'earned_pending'), 0)
      INTO v_bought, v_earned, v_pending
      FROM ledger_accounts WHERE id IN ('wallet:' || v_user, 'earned:' || v_user, 'pending:' || v_user);
      v_take_bought := least(v_need, v_bought);
      v_take_earned := least(v_need - v_take_bought, v_earned);
      v_take_pending := least(v_need - v_take_bought - v_take_earned, v_pending);
      IF v_take_bought + v_take_earned + v_take_pending < v_need THEN
        IF EXISTS (SELECT 1 FROM ledger_accounts WHERE id = 'wallet:' || v_user AND spend_holds > 0) THEN
          RAISE EXCEPTION 'wallet % is on hold', v_user USING ERRCODE = 'SW423';
        END IF;
        RAISE EXCEPTION 'insufficient balance in %', p_account_ids[i] USING ERRCODE = 'SW402';
      END IF;
      v_ids := v_ids || ARRAY['wallet:' || v_user, 'earned:' || v_user, 'pending:' || v_user];
      v_amounts := v_amounts || ARRAY[-v_take_bought, -v_take_earned, -v_take_pending];
      v_spends := v_spends || jsonb_build_object('user', v_user, 'bought', v_take_bought, 'pending', v_take_pending);
    ELSE
      v_ids := v_ids || p_account_ids[i];
      v_amounts := v_amounts || p_amounts[i];
    END IF;
  END LOOP;

  FOR v_row IN
    SELECT e.account_id, substr(e.account_id, strpos(e.account_id, ':') + 1) AS user_id, sum(e.amount) AS amount
    FROM unnest(v_ids, v_amounts) AS e(account_id, amount)
    WHERE e.account_id ~ '^(wallet|pending|earned):'
    GROUP BY e.account_id
    ORDER BY e.account_id
  LOOP
    IF v_row.amount < 0 THEN
      UPDATE ledger_accounts SET balance_cents = balance_cents + v_row.amount
      WHERE id = v_row.account_id AND balance_cents >= -v_row.amount
        AND (v_keeps_lots OR NOT EXISTS (
          SELECT 1 FROM ledger_accounts h WHERE h.id = 'wallet:' || v_row.user_id AND h.spend_holds > 0));
      IF NOT FOUND THEN
        IF NOT v_keeps_lots
          AND EXISTS (SELECT 1 FROM ledger_accounts WHERE id = 'wallet:' || v_row.user_id AND spend_holds > 0) THEN
          RAISE EXCEPTION 'wallet % is on hold', v_row.account_id USING ERRCODE = 'SW423';
        END IF;
        RAISE EXCEPTION 'insufficient balance in %', v_row.account_id USING ERRCODE = 'SW402';
      END IF;
    ELSIF v_row.amount > 0 THEN
      UPDATE ledger_accounts SET balance_cents = balance_cents + v_row.amount
      WHERE id = v_row.account_id AND closed_at IS NULL;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'wallet % is closed', v_row.account_id USING ERRCODE = 'SW410';
      END IF;
    END IF;
  END LOOP;

  INSERT INTO ledger_entries (transfer_id, account_id, amount_cents)
  SELECT v_transfer_id, e.account_id, e.amount
  FROM unnest(v_ids, v_amounts) AS e(account_id, amount)
  WHERE e.amount <> 0;

  IF v_keeps_lots THEN
    RETURN v_transfer_id;
  END IF;

  -- A credit of bought tokens (a top-up) or pending ones (a gift's share) is a lot.
  INSERT INTO token_lots (user_id, kind, transfer_id, amount_cents, remaining_cents)
  SELECT substr(e.account_id, strpos(e.account_id, ':') + 1),
    CASE WHEN e.account_id LIKE 'wallet:%' THEN 'bought' ELSE 'earned' END,
    v_transfer_id, sum(e.amount), sum(e.amount)
  FROM unnest(p_account_ids, p_amounts) AS e(account_id, amount)
  WHERE e.amount > 0 AND (e.account_id LIKE 'wallet:%' OR e.account_id LIKE 'pending:%')
  GROUP BY e.account_id;

  FOR v_spend IN SELECT value FROM jsonb_array_elements(v_spends) LOOP
    PERFORM ledger_take_bought_lots(ARRAY[v_spend->>'user'], ARRAY[v_transfer_id], ARRAY[(v_spend->>'bought')::bigint]);
    PERFORM ledger_take_pending_lots(ARRAY[v_spend->>'user'], ARRAY[(v_spend->>'pending')::bigint]);
  END LOOP;
  RETURN v_transfer_id;
END;
$function$;
