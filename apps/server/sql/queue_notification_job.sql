-- Every notification queued (by the services or by post_gifts) gets its job on the runner, due when the
-- notification may be sent, and wakes the runners (src/jobs, decision 023).
-- The current text of this function: to change it, edit this file and run `npm run db:functions`, which
-- writes the migration (decision 070).
CREATE OR REPLACE FUNCTION public.queue_notification_job()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO jobs (type, payload, run_at)
  VALUES ('notification', jsonb_build_object('notificationId', NEW.id), NEW.not_before);
  PERFORM pg_notify('sweetwish_changes', '{"topic":"jobs"}');
  RETURN NEW;
END;
$function$;
