-- The moderators' audit log is never changed or removed (issue 21, item 5; decision 028): the ledger's
-- append-only function refuses it, naming the table.
CREATE TRIGGER moderation_actions_append_only BEFORE UPDATE OR DELETE ON "moderation_actions"
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER moderation_actions_no_truncate BEFORE TRUNCATE ON "moderation_actions"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
