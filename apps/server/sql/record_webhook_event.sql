-- Records an event for a user's webhooks in the caller's transaction (decision 032): when an active
-- endpoint of theirs wants this type, the event (its id is every delivery's webhook-id, its body the exact
-- JSON sent), one delivery per such endpoint and each delivery's job on the runner, then wakes the runners.
-- Each job names its endpoint and creator, which the webhook lane's limits count it under (decision 055).
-- With no endpoint that wants it, nothing is written. Returns the event's id, or null.
-- The current text of this function: to change it, edit this file and run `npm run db:functions`, which
-- writes the migration (decision 070).
CREATE OR REPLACE FUNCTION public.record_webhook_event(p_user_id text, p_type text, p_data jsonb)
 RETURNS text
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_event_id text;
  v_now timestamptz := now();
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints
                 WHERE user_id = p_user_id AND disabled_reason IS NULL AND p_type = ANY (events)) THEN
    RETURN NULL;
  END IF;
  v_event_id := 'evt_' || replace(gen_random_uuid()::text, '-', '');
  INSERT INTO creator_events (id, user_id, type, body, created_at)
  VALUES (v_event_id, p_user_id, p_type,
    jsonb_build_object(
      'type', p_type,
      'timestamp', to_char(v_now AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'data', p_data)::text,
    v_now);
  WITH queued AS (
    INSERT INTO webhook_deliveries (event_id, endpoint_id)
    SELECT v_event_id, id FROM webhook_endpoints
    WHERE user_id = p_user_id AND disabled_reason IS NULL AND p_type = ANY (events)
    RETURNING id, endpoint_id)
  INSERT INTO jobs (type, payload, group_key, tenant_key)
  SELECT 'webhook-delivery', jsonb_build_object('deliveryId', id), endpoint_id, p_user_id FROM queued;
  PERFORM pg_notify('sweetwish_changes', '{"topic":"jobs"}');
  RETURN v_event_id;
END;
$function$;
