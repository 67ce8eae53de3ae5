-- Keeps user_search_words, the words of each complete profile's search text (decision 036): the lexemes the
-- full-text index users_search_words_idx holds for the same text, one row per word, so a one-word search
-- can read the words that start with it from a btree in order and stop at its limit. Fired on insert and
-- on a change of handle or display name; a user's rows go with the user (foreign key).
-- The current text of this function: to change it, edit this file and run `npm run db:functions`, which
-- writes the migration (decision 070).
CREATE OR REPLACE FUNCTION public.user_search_words_sync()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM user_search_words WHERE user_id = OLD.id;
  END IF;
  IF NEW.handle IS NOT NULL AND NEW.display_name IS NOT NULL THEN
    INSERT INTO user_search_words (word, user_id)
    SELECT lexeme, NEW.id
    FROM unnest(to_tsvector('simple', coalesce(NEW.handle, '') || ' ' || coalesce(NEW.display_name, '')));
  END IF;
  RETURN NULL;
END;
$function$;
