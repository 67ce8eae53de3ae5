-- Records every trigram of a complete profile's search text in user_search_trigrams (decision 022), so a
-- search whose term needs a trigram seen nowhere skips the trigram index scan. Fired on insert and on a
-- change of handle or display name.
-- The current text of this function: to change it, edit this file and put the whole file in a new
-- custom migration (README, "Database functions"; decision 024).
CREATE OR REPLACE FUNCTION public.user_search_trigrams_add()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF NEW."handle" IS NOT NULL AND NEW."display_name" IS NOT NULL THEN
    INSERT INTO "user_search_trigrams" ("trigram")
    SELECT unnest(show_trgm(lower(coalesce(NEW."handle", '') || ' ' || coalesce(NEW."display_name", ''))))
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $function$;
