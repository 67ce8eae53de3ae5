-- The ledger's invariants, held by the database (architecture.md section 3).

-- The platform's accounts. They cache no balance: see ledger_accounts.balance_cents.
INSERT INTO "ledger_accounts" ("id", "kind") VALUES
  ('platform:revenue', 'platform_revenue'),
  ('platform:processing', 'processing'),
  ('platform:dispute_receivable', 'dispute_receivable'),
  ('external:card', 'card_counterpart'),
  ('external:payout', 'payout_counterpart');
--> statement-breakpoint

-- Entries and transfers are never changed or removed; a correction is a new, reversing transfer.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger records are append-only (% on %)', TG_OP, TG_TABLE_NAME;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_append_only BEFORE UPDATE OR DELETE ON "ledger_transfers"
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_no_truncate BEFORE TRUNCATE ON "ledger_transfers"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint

-- Whatever writes entries, the entries one statement writes for a transfer sum to zero.
CREATE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced text;
BEGIN
  SELECT transfer_id INTO unbalanced FROM inserted GROUP BY transfer_id HAVING sum(amount_cents) <> 0 LIMIT 1;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'ledger transfer % does not sum to zero', unbalanced;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_balanced AFTER INSERT ON "ledger_entries"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION ledger_check_balanced();
--> statement-breakpoint

-- Posts one transfer: its entries (account ids and signed amounts, summing to zero) and the wallets'
-- cached balances, in one call, so the whole posting is one round trip and one statement.
-- * A wallet debit is a conditional update: when the wallet holds too little, the call fails with
--   SQLSTATE 'SW402' and nothing is written.
-- * A wallet that does not exist yet is created by its first credit.
-- * Wallets are updated in account id order, so two postings never wait on each other in a cycle.
-- * A key used before posts nothing and returns NULL: a repeated request or webhook has no second effect.
CREATE FUNCTION ledger_post(
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
      WHERE id = v_row.account_id AND balance_cents >= -v_row.amount;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'insufficient balance in %', v_row.account_id USING ERRCODE = 'SW402';
      END IF;
    ELSIF v_row.amount > 0 THEN
      INSERT INTO ledger_accounts (id, kind, user_id, balance_cents)
      VALUES (v_row.account_id, 'wallet', substr(v_row.account_id, 8), v_row.amount)
      ON CONFLICT (id) DO UPDATE SET balance_cents = ledger_accounts.balance_cents + excluded.balance_cents;
    END IF;
  END LOOP;

  INSERT INTO ledger_entries (transfer_id, account_id, amount_cents)
  SELECT v_transfer_id, e.account_id, e.amount
  FROM unnest(p_account_ids, p_amounts) AS e(account_id, amount)
  WHERE e.amount <> 0;
  RETURN v_transfer_id;
END;
$$;
