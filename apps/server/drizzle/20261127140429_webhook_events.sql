-- Webhook events (decision 032): the function that records one with its deliveries and their jobs, and the
-- triggers that record gifts, tips and messages in the statement that inserts them.
-- Records an event for a user's webhooks in the caller's transaction (decision 032): when an active
-- endpoint of theirs wants this type, the event (its id is every delivery's webhook-id, its body the exact
-- JSON sent), one delivery per such endpoint and each delivery's job on the runner, then wakes the runners.
-- With no endpoint that wants it, nothing is written. Returns the event's id, or null.
-- The current text of this function: to change it, edit this file and put the whole file in a new
-- custom migration (README, "Database functions"; decision 024).
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
    RETURNING id)
  INSERT INTO jobs (type, payload) SELECT 'webhook-delivery', jsonb_build_object('deliveryId', id) FROM queued;
  PERFORM pg_notify('sweetwish_changes', '{"topic":"jobs"}');
  RETURN v_event_id;
END;
$function$;
--> statement-breakpoint
-- A gift or tip tells the recipient's webhooks (gift.received, tip.received), in the statement that inserts
-- the purchase, wherever it comes from (post_gifts()). The fan is "Anonymous" (no id, no handle) when the
-- gift is anonymous, the account deleted or without a handle; nothing private (e-mail, phone) is sent.
-- The current text of this function: to change it, edit this file and put the whole file in a new
-- custom migration (README, "Database functions"; decision 024).
CREATE OR REPLACE FUNCTION public.webhook_event_of_purchase()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_fan jsonb;
BEGIN
  SELECT CASE WHEN NEW.is_anonymous OR u.deleted_at IS NOT NULL OR u.handle IS NULL
      THEN jsonb_build_object('id', NULL, 'handle', NULL, 'displayName', 'Anonymous')
      ELSE jsonb_build_object('id', u.id, 'handle', u.handle, 'displayName', coalesce(u.display_name, u.handle))
    END
  INTO v_fan FROM users u WHERE u.id = NEW.buyer_id;
  PERFORM record_webhook_event(NEW.seller_id,
    CASE NEW.type WHEN 'tip' THEN 'tip.received' ELSE 'gift.received' END,
    jsonb_build_object(
      'id', NEW.id,
      'amount', NEW.cost_cents::float8 / 100,
      'earnings', NEW.recipient_cents::float8 / 100,
      'wish', CASE WHEN NEW.product_id IS NULL THEN NULL
        ELSE jsonb_build_object('id', NEW.product_id, 'name', NEW.product_name) END,
      'fan', v_fan));
  RETURN NULL;
END;
$function$;
--> statement-breakpoint
-- A message tells its receiver's webhooks (message.received), in the statement that inserts it: its text
-- (an image's is null; images stay private to the conversation) and its sender, "Anonymous" when the sender
-- is the anonymous buyer of the conversation's gift, a deleted account or one without a handle.
-- The current text of this function: to change it, edit this file and put the whole file in a new
-- custom migration (README, "Database functions"; decision 024).
CREATE OR REPLACE FUNCTION public.webhook_event_of_message()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_conversation conversations%ROWTYPE;
  v_sender jsonb;
BEGIN
  IF NEW.type NOT IN ('text', 'image') THEN
    RETURN NULL;
  END IF;
  SELECT * INTO v_conversation FROM conversations WHERE id = NEW.conversation_id;
  SELECT CASE WHEN (NEW.sender_id = v_conversation.buyer_id AND v_conversation.is_buyer_anonymous)
        OR u.deleted_at IS NOT NULL OR u.handle IS NULL
      THEN jsonb_build_object('id', NULL, 'handle', NULL, 'displayName', 'Anonymous')
      ELSE jsonb_build_object('id', u.id, 'handle', u.handle, 'displayName', coalesce(u.display_name, u.handle))
    END
  INTO v_sender FROM users u WHERE u.id = NEW.sender_id;
  PERFORM record_webhook_event(
    CASE WHEN NEW.sender_id = v_conversation.buyer_id THEN v_conversation.recipient_id ELSE v_conversation.buyer_id END,
    'message.received',
    jsonb_build_object(
      'id', NEW.id,
      'conversationId', NEW.conversation_id,
      'purchaseId', v_conversation.purchase_id,
      'type', NEW.type,
      'text', CASE WHEN NEW.type = 'text' THEN NEW.content END,
      'sender', v_sender));
  RETURN NULL;
END;
$function$;
--> statement-breakpoint
CREATE TRIGGER purchases_webhook_event AFTER INSERT ON purchases
  FOR EACH ROW EXECUTE FUNCTION webhook_event_of_purchase();
--> statement-breakpoint
CREATE TRIGGER messages_webhook_event AFTER INSERT ON messages
  FOR EACH ROW EXECUTE FUNCTION webhook_event_of_message();
