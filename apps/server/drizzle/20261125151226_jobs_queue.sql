-- Every notification is sent by its own job (decision 023): the row and its job are written by one
-- statement, wherever the row comes from (post_gifts(), a refund, a message), and the runners are woken
-- with the change enqueueJob() sends (one per transaction: PostgreSQL folds identical notifications). The
-- job type's name is notificationJobKind's (modules/notify/worker.ts).
CREATE FUNCTION queue_notification_job() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO jobs (type, payload, run_at)
  VALUES ('notification', jsonb_build_object('notificationId', NEW.id), NEW.not_before);
  PERFORM pg_notify('sweetwish_changes', '{"topic":"jobs"}');
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER notifications_queue_job AFTER INSERT ON notifications
  FOR EACH ROW EXECUTE FUNCTION queue_notification_job();
--> statement-breakpoint
-- Work in flight at the upgrade finishes on the runner. A claimed notification was not sent yet: pending
-- again. One that was sending may have reached the provider: its job finds it so and marks it unknown.
UPDATE notifications SET status = 'pending' WHERE status = 'claimed';
--> statement-breakpoint
INSERT INTO jobs (type, payload, run_at)
SELECT 'notification', jsonb_build_object('notificationId', id), not_before
FROM notifications WHERE status IN ('pending', 'sending') ORDER BY id;
--> statement-breakpoint
-- A pending withdrawal's transfer is finished by its job (modules/payouts/worker.ts), due when the
-- withdrawal's next attempt is.
INSERT INTO jobs (type, key, payload, run_at)
SELECT 'withdrawal-transfer', 'withdrawal:' || id, jsonb_build_object('withdrawalId', id),
  greatest(next_attempt_at, coalesce(claimed_until, next_attempt_at))
FROM withdrawals WHERE status = 'pending' ORDER BY created_at, id;
