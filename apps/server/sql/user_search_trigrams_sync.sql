-- Keeps user_search_trigrams: every trigram that some complete profile's search text has had, and how many
-- such profiles have it now (decisions 022 and 036). Search skips its trigram index scan for a term that
-- needs a trigram never seen, and otherwise asks the index only for the term's rarest trigrams. Fired once
-- per statement that inserts, deletes or updates users (users_search_trigrams_insert, _delete, _update),
-- with the statement's rows (transition tables): the old texts' trigrams count one less, the new texts'
-- one more, summed over the statement, so a bulk insert updates each trigram's row once, not once per user.
-- A row is never removed, so a miscount can only make a search slower, never miss a name. The rows change
-- in trigram order: two statements at once wait for each other, never deadlock.
-- The current text of this function: to change it, edit this file and run `npm run db:functions`, which
-- writes the migration (decision 070).
CREATE OR REPLACE FUNCTION public.user_search_trigrams_sync()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO user_search_trigrams AS s (trigram, names)
    SELECT t.trigram, count(*)::integer
    FROM new_rows n, unnest(show_trgm(lower(n.handle || ' ' || n.display_name))) AS t(trigram)
    WHERE n.handle IS NOT NULL AND n.display_name IS NOT NULL
    GROUP BY t.trigram
    ORDER BY t.trigram
    ON CONFLICT (trigram) DO UPDATE SET names = s.names + excluded.names;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO user_search_trigrams AS s (trigram, names)
    SELECT t.trigram, -count(*)::integer
    FROM old_rows o, unnest(show_trgm(lower(o.handle || ' ' || o.display_name))) AS t(trigram)
    WHERE o.handle IS NOT NULL AND o.display_name IS NOT NULL
    GROUP BY t.trigram
    ORDER BY t.trigram
    ON CONFLICT (trigram) DO UPDATE SET names = s.names + excluded.names;
  ELSE
    -- A text is null while its profile is incomplete, and has no trigrams (show_trgm and unnest give none).
    INSERT INTO user_search_trigrams AS s (trigram, names)
    SELECT change.trigram, sum(change.delta)::integer
    FROM (SELECT n.handle || ' ' || n.display_name AS new_text, o.handle || ' ' || o.display_name AS old_text
          FROM new_rows n JOIN old_rows o ON o.id = n.id
          WHERE (n.handle, n.display_name) IS DISTINCT FROM (o.handle, o.display_name)) AS renamed,
         LATERAL (SELECT unnest(show_trgm(lower(renamed.new_text))), 1
                  UNION ALL SELECT unnest(show_trgm(lower(renamed.old_text))), -1) AS change(trigram, delta)
    GROUP BY change.trigram
    HAVING sum(change.delta) <> 0
    ORDER BY change.trigram
    ON CONFLICT (trigram) DO UPDATE SET names = s.names + excluded.names;
  END IF;
  RETURN NULL;
END;
$function$;
