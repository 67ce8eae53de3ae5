-- A gift or tip tells the recipient's webhooks (gift.received, tip.received), in the statement that inserts
-- the purchase, wherever it comes from (post_gifts()). The fan is "Anonymous" (no id, no handle) when the
-- gift is anonymous, the account deleted or without a handle; nothing private (e-mail, phone) is sent.
-- The current text of this function: to change it, edit this file and run `npm run db:functions`, which
-- writes the migration (decision 070).
CREATE OR REPLACE FUNCTION public.webhook_event_of_purchase()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_fan jsonb;
BEGIN
  -- Most creators have no webhook: then nothing is built for a gift (the tip path's cost, decision 036).
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints WHERE user_id = NEW.seller_id AND disabled_reason IS NULL) THEN
    RETURN NULL;
  END IF;
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
      'fan', v_fan,
      -- The fan's message (decision 100), as the creator's own screens show it: held ones too.
      'message', NEW.message));
  RETURN NULL;
END;
$function$;
