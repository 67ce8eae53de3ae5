-- A message tells its receiver's webhooks (message.received), in the statement that inserts it: its text
-- (an image's is null; images stay private to the conversation) and its sender, "Anonymous" when the sender
-- is the anonymous buyer of the conversation's gift, a deleted account or one without a handle.
-- The current text of this function: to change it, edit this file and run `npm run db:functions`, which
-- writes the migration (decision 070).
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
