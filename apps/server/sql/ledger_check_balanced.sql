-- Whatever writes entries, the entries one statement writes for a transfer sum to zero (architecture.md section 3).
-- The current text of this function: to change it, edit this file and run `npm run db:functions`, which
-- writes the migration (decision 070).
CREATE OR REPLACE FUNCTION public.ledger_check_balanced()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  unbalanced text;
BEGIN
  SELECT transfer_id INTO unbalanced FROM inserted GROUP BY transfer_id HAVING sum(amount_cents) <> 0 LIMIT 1;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'ledger transfer % does not sum to zero', unbalanced;
  END IF;
  RETURN NULL;
END;
$function$;
