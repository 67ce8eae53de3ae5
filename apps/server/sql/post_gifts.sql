-- Posts a batch of gifts and tips in one call and one commit, each item as a unit: its ledger transfer, its
-- purchase row, its creator's notice and its buyer's receipt. One failing (a wallet holding too little, a
-- wish no longer for sale) leaves the others alone. A creator receiving a flood of tips has their rows written once per batch,
-- not once per tip (decision 039).
-- * First every check, item by item in order, writing nothing but a claimed wish: each buyer's spendable
--   tokens are read once, under the lock of every account the batch touches (taken in id order, so two
--   batches never wait on each other in a cycle), and followed in memory as the items spend them.
-- * Then the writes, one statement per table for the whole batch: transfers, entries, balances, lots,
--   purchases. A credit is applied with the batch's writes, so a buyer cannot spend in a batch what another
--   item of the same batch pays them: as if their gift came first.
-- Each item: {"purchase": {purchases columns but transfer_id and created_at}, "kind", "key", "accounts",
-- "amounts", "notify": [payloads], "claim": null | {"wish_id", "seller_id", "cost"}}. Its transfer spends
-- from its buyer (`spend:{buyer}`, first) and credits `pending:` or platform accounts, as ledger_post()'s.
-- Returns one result per item, in order: 'ok', 'insufficient_balance', 'unavailable', 'recipient_closed',
-- 'on_hold' (a buyer whose wallet is on hold) or 'gifts_refused' (the recipient blocked the buyer and refuses
-- their gifts; decision 028).
-- Its statements and those of the functions and triggers it calls are planned once per connection
-- (force_generic_plan, which holds for the whole call), maybe while the tables are nearly empty, and kept:
-- every plan here must be an index lookup whatever the values and the tables' sizes (decision 036).
-- enable_seqscan is off for the whole call, and every lookup names its keys with = ANY.
-- The current text of this function: to change it, edit this file and run `npm run db:functions`, which
-- writes the migration (decision 070).
CREATE OR REPLACE FUNCTION public.post_gifts(p_items jsonb)
 RETURNS text[]
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
 SET enable_seqscan TO 'off'
AS $function$
DECLARE
  v_item jsonb;
  v_pos integer := 0;
  v_results text[] := '{}';
  v_buyer text;
  v_accounts text[];
  v_amounts bigint[];
  v_is_shaped boolean;
  v_need bigint;
  v_at integer;
  v_result text;
  v_transfer_id text;
  v_take_bought bigint;
  v_take_earned bigint;
  v_take_pending bigint;
  v_count integer;
  v_notice record;
  -- The batch's buyers and what each can still spend, as the items take it.
  v_users text[];
  v_bought bigint[];
  v_earned bigint[];
  v_pending bigint[];
  v_held text[];
  -- The buyers' three accounts each, every account a transfer names, and who gives to whom; looked up
  -- with = ANY(), which is an index lookup in a generic plan (a join on a set-returning function guesses
  -- 100 rows a call and may read a whole table).
  v_buyer_accounts text[];
  v_named_accounts text[];
  v_sellers text[];
  v_buyers text[];
  -- Credited accounts that are closed, and "creator buyer" pairs where the creator refuses the buyer's gifts.
  v_closed text[];
  v_refusing text[];
  -- The items posted (their place in p_items) and what they write.
  v_ok integer[] := '{}';
  v_transfer_ids text[] := '{}';
  v_entry_transfers text[] := '{}';
  v_entry_accounts text[] := '{}';
  v_entry_amounts bigint[] := '{}';
  v_bought_users text[] := '{}';
  v_bought_transfers text[] := '{}';
  v_bought_cents bigint[] := '{}';
  v_pending_users text[] := '{}';
  v_pending_cents bigint[] := '{}';
  -- Each user account the batch changes, once, and by how much.
  v_changed_accounts text[];
  v_changes bigint[];
BEGIN
  v_buyers := ARRAY(SELECT DISTINCT i.value->'purchase'->>'buyer_id' FROM jsonb_array_elements(p_items) AS i);
  v_sellers := ARRAY(SELECT DISTINCT i.value->'purchase'->>'seller_id' FROM jsonb_array_elements(p_items) AS i);
  v_buyer_accounts := ARRAY(SELECT k || ':' || b FROM unnest(v_buyers) AS b, unnest(ARRAY['wallet', 'pending', 'earned']) AS k);
  v_named_accounts := ARRAY(
    SELECT DISTINCT a FROM jsonb_array_elements(p_items) AS i, jsonb_array_elements_text(i.value->'accounts') AS a);

  -- Lock (creating empty where missing) the buyers' three accounts and every user account credited.
  INSERT INTO ledger_accounts (id, kind, user_id, balance_cents)
  SELECT u.id,
    CASE split_part(u.id, ':', 1) WHEN 'wallet' THEN 'wallet' WHEN 'pending' THEN 'earned_pending' ELSE 'earned_available' END,
    substr(u.id, strpos(u.id, ':') + 1), 0
  FROM (
    SELECT unnest(v_buyer_accounts) AS id
    UNION
    SELECT a FROM unnest(v_named_accounts) AS a WHERE a ~ '^(wallet|pending|earned):'
  ) AS u
  ORDER BY u.id
  ON CONFLICT (id) DO UPDATE SET balance_cents = ledger_accounts.balance_cents WHERE false;

  SELECT array_agg(b.user_id), array_agg(b.bought), array_agg(b.earned), array_agg(b.pending),
    coalesce(array_agg(b.user_id) FILTER (WHERE b.holds > 0), '{}')
  INTO v_users, v_bought, v_earned, v_pending, v_held
  FROM (
    SELECT a.user_id,
      coalesce(sum(a.balance_cents) FILTER (WHERE a.kind = 'wallet'), 0) AS bought,
      coalesce(sum(a.balance_cents) FILTER (WHERE a.kind = 'earned_available'), 0) AS earned,
      coalesce(sum(a.balance_cents) FILTER (WHERE a.kind = 'earned_pending'), 0) AS pending,
      coalesce(sum(a.spend_holds) FILTER (WHERE a.kind = 'wallet'), 0) AS holds
    FROM ledger_accounts a
    WHERE a.id = ANY(v_buyer_accounts)
    GROUP BY a.user_id
  ) AS b;

  v_closed := ARRAY(SELECT a.id FROM ledger_accounts a WHERE a.id = ANY(v_named_accounts) AND a.closed_at IS NOT NULL);

  -- Read in the batch's transaction: a block that commits first is never outrun by a check made before it.
  -- Each item checks its own pair against these.
  v_refusing := ARRAY(
    SELECT b.blocker_id || ' ' || b.blocked_id FROM blocks b
    WHERE b.blocker_id = ANY(v_sellers) AND b.blocked_id = ANY(v_buyers) AND b.refuses_gifts);

  FOR v_item IN SELECT value FROM jsonb_array_elements(p_items) LOOP
    v_pos := v_pos + 1;
    v_buyer := v_item->'purchase'->>'buyer_id';
    v_accounts := ARRAY(SELECT jsonb_array_elements_text(v_item->'accounts'));
    v_amounts := ARRAY(SELECT jsonb_array_elements_text(v_item->'amounts')::bigint);
    SELECT cardinality(v_accounts) >= 2 AND cardinality(v_accounts) = cardinality(v_amounts)
      AND v_accounts[1] = 'spend:' || v_buyer AND v_amounts[1] < 0 AND sum(e.amount) = 0
      AND bool_and(e.n = 1 OR (e.amount > 0 AND e.account_id !~ '^(spend|wallet|earned):'))
    INTO v_is_shaped
    FROM unnest(v_accounts, v_amounts) WITH ORDINALITY AS e(account_id, amount, n);
    IF v_is_shaped IS NOT TRUE THEN
      RAISE EXCEPTION 'gift % is not a spend by its buyer credited to pending or platform accounts', v_item->>'key';
    END IF;
    v_need := -v_amounts[1];
    v_at := array_position(v_users, v_buyer);

    v_result := 'ok';
    IF (v_item->'purchase'->>'seller_id') || ' ' || v_buyer = ANY(v_refusing) THEN
      v_result := 'gifts_refused';
    ELSIF jsonb_typeof(v_item->'claim') = 'object' THEN
      -- A single-purchase wish is sold to the one buyer who gets here first, at the price paid.
      PERFORM 1 FROM wishes
      WHERE id = v_item->'claim'->>'wish_id' AND seller_id = v_item->'claim'->>'seller_id'
        AND cost = (v_item->'claim'->>'cost')::integer
        AND NOT archived AND NOT purchased AND NOT allow_repeat_purchases
      FOR UPDATE;
      IF NOT FOUND THEN
        v_result := 'unavailable';
      END IF;
    END IF;
    IF v_result = 'ok' THEN
      v_result := CASE
        WHEN v_buyer = ANY(v_held) THEN 'on_hold'
        WHEN v_bought[v_at] + v_earned[v_at] + v_pending[v_at] < v_need THEN 'insufficient_balance'
        WHEN v_accounts && v_closed THEN 'recipient_closed'
        ELSE 'ok'
      END;
    END IF;
    v_results := v_results || v_result;
    CONTINUE WHEN v_result <> 'ok';

    IF jsonb_typeof(v_item->'claim') = 'object' THEN
      UPDATE wishes SET purchased = true, updated_at = now() WHERE id = v_item->'claim'->>'wish_id';
    END IF;
    -- Bought tokens first, then available earnings, then pending ones (ledger_post()'s spend).
    v_take_bought := least(v_need, v_bought[v_at]);
    v_take_earned := least(v_need - v_take_bought, v_earned[v_at]);
    v_take_pending := v_need - v_take_bought - v_take_earned;
    v_bought[v_at] := v_bought[v_at] - v_take_bought;
    v_earned[v_at] := v_earned[v_at] - v_take_earned;
    v_pending[v_at] := v_pending[v_at] - v_take_pending;

    v_transfer_id := gen_random_uuid()::text;
    v_ok := v_ok || v_pos;
    v_transfer_ids := v_transfer_ids || v_transfer_id;
    v_entry_accounts := v_entry_accounts
      || ARRAY['wallet:' || v_buyer, 'earned:' || v_buyer, 'pending:' || v_buyer] || v_accounts[2:];
    v_entry_amounts := v_entry_amounts || ARRAY[-v_take_bought, -v_take_earned, -v_take_pending] || v_amounts[2:];
    v_entry_transfers := v_entry_transfers || array_fill(v_transfer_id, ARRAY[2 + cardinality(v_accounts)]);
    v_bought_users := v_bought_users || v_buyer;
    v_bought_transfers := v_bought_transfers || v_transfer_id;
    v_bought_cents := v_bought_cents || v_take_bought;
    v_pending_users := v_pending_users || v_buyer;
    v_pending_cents := v_pending_cents || v_take_pending;
  END LOOP;

  IF cardinality(v_ok) = 0 THEN
    RETURN v_results;
  END IF;

  INSERT INTO ledger_transfers (id, kind, idempotency_key)
  SELECT t.id, p_items->(t.pos - 1)->>'kind', p_items->(t.pos - 1)->>'key'
  FROM unnest(v_ok, v_transfer_ids) WITH ORDINALITY AS t(pos, id, n)
  ORDER BY t.n
  ON CONFLICT (idempotency_key) DO NOTHING;
  GET DIAGNOSTICS v_count = ROW_COUNT;
  IF v_count < cardinality(v_ok) THEN
    RAISE EXCEPTION 'a gift of this batch was posted before';
  END IF;

  INSERT INTO ledger_entries (transfer_id, account_id, amount_cents)
  SELECT e.transfer_id, e.account_id, e.amount
  FROM unnest(v_entry_transfers, v_entry_accounts, v_entry_amounts) WITH ORDINALITY AS e(transfer_id, account_id, amount, n)
  WHERE e.amount <> 0
  ORDER BY e.n;

  -- The checks above leave every debited balance at 0 or more.
  SELECT array_agg(d.account_id), array_agg(d.amount) INTO v_changed_accounts, v_changes
  FROM (
    SELECT e.account_id, sum(e.amount) AS amount
    FROM unnest(v_entry_accounts, v_entry_amounts) AS e(account_id, amount)
    WHERE e.account_id ~ '^(wallet|pending|earned):'
    GROUP BY e.account_id
  ) AS d
  WHERE d.amount <> 0;
  UPDATE ledger_accounts a SET balance_cents = a.balance_cents + d.amount
  FROM unnest(v_changed_accounts, v_changes) AS d(account_id, amount)
  WHERE a.id = ANY(v_changed_accounts) AND a.id = d.account_id;

  -- Each share credited to a pending account is a lot, as ledger_post() makes it.
  INSERT INTO token_lots (user_id, kind, transfer_id, amount_cents, remaining_cents)
  SELECT substr(e.account_id, strpos(e.account_id, ':') + 1), 'earned', e.transfer_id, sum(e.amount), sum(e.amount)
  FROM unnest(v_entry_transfers, v_entry_accounts, v_entry_amounts) WITH ORDINALITY AS e(transfer_id, account_id, amount, n)
  WHERE e.amount > 0 AND e.account_id LIKE 'pending:%'
  GROUP BY e.transfer_id, e.account_id
  ORDER BY min(e.n);

  PERFORM ledger_take_bought_lots(v_bought_users, v_bought_transfers, v_bought_cents);
  PERFORM ledger_take_pending_lots(v_pending_users, v_pending_cents);

  INSERT INTO purchases
  SELECT p.*
  FROM unnest(v_ok, v_transfer_ids) WITH ORDINALITY AS t(pos, id, n),
    jsonb_populate_record(NULL::purchases,
      (p_items->(t.pos - 1)->'purchase') || jsonb_build_object('transfer_id', t.id, 'created_at', now())) AS p
  ORDER BY t.n;

  -- In a batch, a creator's third gift onwards is always counted by a summary that their first two queued
  -- or found waiting (queue_gift_notice()), so only the first two are passed on, in order.
  FOR v_notice IN
    SELECT s.seller_id, s.purchase_id FROM (
      SELECT p_items->(t.pos - 1)->'purchase'->>'seller_id' AS seller_id,
        p_items->(t.pos - 1)->'purchase'->>'id' AS purchase_id, t.n,
        row_number() OVER (PARTITION BY p_items->(t.pos - 1)->'purchase'->>'seller_id' ORDER BY t.n) AS nth
      FROM unnest(v_ok) WITH ORDINALITY AS t(pos, n)
    ) AS s
    WHERE s.nth <= 2
    ORDER BY s.n
  LOOP
    PERFORM queue_gift_notice(v_notice.seller_id, v_notice.purchase_id);
  END LOOP;

  -- Each buyer's receipt, once per purchase (decision 091): the transfer's key above refuses a second.
  INSERT INTO notifications (user_id, kind, purchase_id)
  SELECT p_items->(t.pos - 1)->'purchase'->>'buyer_id', 'purchase_receipt', p_items->(t.pos - 1)->'purchase'->>'id'
  FROM unnest(v_ok) WITH ORDINALITY AS t(pos, n)
  ORDER BY t.n;

  PERFORM pg_notify('sweetwish_changes', c.payload)
  FROM (SELECT DISTINCT jsonb_array_elements_text(p_items->(t.pos - 1)->'notify') AS payload
        FROM unnest(v_ok) AS t(pos)) AS c;
  RETURN v_results;
END;
$function$;
