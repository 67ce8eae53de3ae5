-- Keeps user_search_trigrams: every trigram that some complete profile's search text has had, and how many
-- such profiles have it now (decisions 022 and 036). Search skips its trigram index scan for a term that
-- needs a trigram never seen, and otherwise asks the index only for the term's rarest trigrams. Fired on
-- insert, on delete and on a change of handle or display name: the old text's trigrams count one less, the
-- new text's one more. A row is never removed, so a miscount can only make a search slower, never miss a
-- name. The rows change in trigram order: two profiles saved at once wait for each other, never deadlock.
-- The current text of this function: to change it, edit this file and put the whole file in a new
-- custom migration (README, "Database functions"; decision 024).
CREATE OR REPLACE FUNCTION public.user_search_trigrams_sync()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  added text[] := '{}';
  removed text[] := '{}';
BEGIN
  IF TG_OP <> 'DELETE' THEN
    IF NEW.handle IS NOT NULL AND NEW.display_name IS NOT NULL THEN
      added := show_trgm(lower(NEW.handle || ' ' || NEW.display_name));
    END IF;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    IF OLD.handle IS NOT NULL AND OLD.display_name IS NOT NULL THEN
      removed := show_trgm(lower(OLD.handle || ' ' || OLD.display_name));
    END IF;
  END IF;
  INSERT INTO user_search_trigrams AS s (trigram, names)
  SELECT change.trigram, sum(change.delta)::integer
  FROM (SELECT unnest(added) AS trigram, 1 AS delta
        UNION ALL SELECT unnest(removed), -1) AS change
  GROUP BY change.trigram
  HAVING sum(change.delta) <> 0
  ORDER BY change.trigram
  ON CONFLICT (trigram) DO UPDATE SET names = s.names + excluded.names;
  RETURN NULL;
END;
$function$;
