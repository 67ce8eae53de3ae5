-- Entries and transfers are never changed or removed; a correction is a new, reversing transfer
-- (architecture.md section 3). Fired by the ledger tables' append-only triggers.
-- The current text of this function: to change it, edit this file and run `npm run db:functions`, which
-- writes the migration (decision 070).
CREATE OR REPLACE FUNCTION public.ledger_refuse_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION 'ledger records are append-only (% on %)', TG_OP, TG_TABLE_NAME;
END;
$function$;
