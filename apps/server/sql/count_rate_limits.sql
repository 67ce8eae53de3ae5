-- Counts the write limits of a batch of requests in one call (decision 039): each request takes one place in
-- every one of its counters, or in none when one of them is full. Requests are taken in order, so of two
-- racing for a counter's last place the first gets it. Place i belongs to request p_requests[i] (a request's
-- places are consecutive), counts in counter (p_keys[i], p_window_starts[i]) and may make it p_maxes[i].
-- Returns, per place, whether it was full: a request none of whose places was full was counted.
-- Every counter of the batch is locked first, in one order, so two calls never wait on each other in a cycle;
-- a counter missing is made at 0.
-- Its plans are made once per connection, when the table may still be nearly empty, and kept: so no plan
-- may read the table whole (enable_seqscan off, and every lookup names its keys with = ANY; a scan here
-- would read every counter of every user on every write).
-- The current text of this function: to change it, edit this file and run `npm run db:functions`, which
-- writes the migration (decision 070).
CREATE OR REPLACE FUNCTION public.count_rate_limits(p_requests integer[], p_keys text[], p_window_starts timestamp with time zone[], p_maxes integer[])
 RETURNS boolean[]
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
 SET enable_seqscan TO 'off'
AS $function$
DECLARE
  v_places integer := cardinality(p_keys);
  v_full boolean[] := array_fill(false, ARRAY[cardinality(p_keys)]);
  -- The batch's counters (key and window as one text), their counts as the requests take places, and
  -- each place's counter.
  v_keys text[];
  v_window_starts timestamp with time zone[];
  v_ids text[];
  v_counts integer[];
  v_before integer[];
  v_at integer[];
  v_first integer := 1;
  v_last integer;
  v_is_refused boolean;
BEGIN
  INSERT INTO rate_limit_counters AS c (key, window_start, count)
  SELECT DISTINCT p.key, p.window_start, 0 FROM unnest(p_keys, p_window_starts) AS p(key, window_start)
  ORDER BY 1, 2
  ON CONFLICT (key, window_start) DO UPDATE SET count = c.count WHERE false;

  SELECT array_agg(c.key), array_agg(c.window_start), array_agg(c.key || ' ' || c.window_start::text),
    array_agg(c.count)
  INTO v_keys, v_window_starts, v_ids, v_counts
  FROM rate_limit_counters c
  -- Every pair of the batch's keys and windows: a few more than the batch's counters, never one fewer.
  WHERE c.key = ANY(p_keys) AND c.window_start = ANY(p_window_starts);
  v_before := v_counts;
  v_at := ARRAY(
    SELECT array_position(v_ids, p.key || ' ' || p.window_start::text)
    FROM unnest(p_keys, p_window_starts) WITH ORDINALITY AS p(key, window_start, i)
    ORDER BY p.i);

  WHILE v_first <= v_places LOOP
    v_last := v_first;
    WHILE v_last < v_places AND p_requests[v_last + 1] = p_requests[v_first] LOOP
      v_last := v_last + 1;
    END LOOP;
    v_is_refused := false;
    FOR i IN v_first .. v_last LOOP
      IF v_counts[v_at[i]] >= p_maxes[i] THEN
        v_full[i] := true;
        v_is_refused := true;
      END IF;
    END LOOP;
    IF NOT v_is_refused THEN
      FOR i IN v_first .. v_last LOOP
        v_counts[v_at[i]] := v_counts[v_at[i]] + 1;
      END LOOP;
    END IF;
    v_first := v_last + 1;
  END LOOP;

  UPDATE rate_limit_counters c SET count = n.count
  FROM unnest(v_keys, v_window_starts, v_counts, v_before) AS n(key, window_start, count, before)
  WHERE c.key = ANY(v_keys) AND c.window_start = ANY(v_window_starts)
    AND c.key = n.key AND c.window_start = n.window_start AND n.count <> n.before;
  RETURN v_full;
END;
$function$;
