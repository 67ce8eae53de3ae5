-- user_search_trigrams counts the complete profiles that have each trigram, so search can ask the trigram
-- index for a term's rarest trigrams only (sql/search_users.sql, decision 036). The counts are kept by
-- statement-level triggers, one per event (transition tables allow no more). Dropping the old trigger holds
-- off writes to users until this commits, so the counts start exact.
DROP TRIGGER "users_search_trigrams" ON "users";
--> statement-breakpoint
DROP FUNCTION "user_search_trigrams_add"();
--> statement-breakpoint
ALTER TABLE "user_search_trigrams" ADD COLUMN "names" integer NOT NULL DEFAULT 0;
--> statement-breakpoint
INSERT INTO "user_search_trigrams" ("trigram", "names")
SELECT t.trigram, count(*)::integer
FROM "users" u, unnest(show_trgm(lower(u."handle" || ' ' || u."display_name"))) AS t(trigram)
WHERE u."handle" IS NOT NULL AND u."display_name" IS NOT NULL
GROUP BY t.trigram
ON CONFLICT ("trigram") DO UPDATE SET "names" = excluded."names";
--> statement-breakpoint
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
--> statement-breakpoint
CREATE TRIGGER "users_search_trigrams_insert" AFTER INSERT ON "users"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "user_search_trigrams_sync"();
--> statement-breakpoint
CREATE TRIGGER "users_search_trigrams_update" AFTER UPDATE ON "users"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "user_search_trigrams_sync"();
--> statement-breakpoint
CREATE TRIGGER "users_search_trigrams_delete" AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "user_search_trigrams_sync"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.search_users(p_low text, p_high text, p_limit integer, p_ts_query text, p_word text, p_after_first_word text, p_trigrams text[], p_like text, p_candidates integer)
 RETURNS TABLE(id text, handle text, display_name text, photo_url text, stage text)
 LANGUAGE plpgsql
 STABLE
 SET plan_cache_mode TO 'force_generic_plan'
 SET max_parallel_workers_per_gather TO '0'
AS $function$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH prefix AS MATERIALIZED (
    (SELECT m.id, m.handle, m.display_name, m.photo_url, 1 AS stage,
            row_number() OVER (ORDER BY lower(m.handle) COLLATE "C") AS position
     FROM (SELECT * FROM users u
           WHERE u.handle IS NOT NULL AND u.display_name IS NOT NULL AND u.suspended_at IS NULL
             AND lower(u.handle) COLLATE "C" >= p_low AND lower(u.handle) COLLATE "C" < p_high
           ORDER BY lower(u.handle) COLLATE "C" LIMIT p_limit) AS m)
    UNION ALL
    (SELECT m.id, m.handle, m.display_name, m.photo_url, 2 AS stage,
            row_number() OVER (ORDER BY lower(m.display_name) COLLATE "C") AS position
     FROM (SELECT * FROM users u
           WHERE u.handle IS NOT NULL AND u.display_name IS NOT NULL AND u.suspended_at IS NULL
             AND lower(u.display_name) COLLATE "C" >= p_low AND lower(u.display_name) COLLATE "C" < p_high
           ORDER BY lower(u.display_name) COLLATE "C" LIMIT p_limit) AS m)
  ), words_wanted AS MATERIALIZED (
    SELECT (SELECT count(DISTINCT p.id) FROM prefix p) < p_limit AS wanted
  ), by_words AS MATERIALIZED (
    (SELECT u.id, u.handle, u.display_name, u.photo_url, 3 AS stage, 0::bigint AS position
     FROM users u
     WHERE (SELECT wanted FROM words_wanted) AND p_word IS NULL AND p_ts_query IS NOT NULL
       AND u.handle IS NOT NULL AND u.display_name IS NOT NULL AND u.suspended_at IS NULL
       AND to_tsvector('simple', coalesce(u.handle, '') || ' ' || coalesce(u.display_name, ''))
           @@ to_tsquery('simple', p_ts_query)
     LIMIT p_candidates)
    UNION ALL
    (SELECT u.id, u.handle, u.display_name, u.photo_url, 3 AS stage, 0::bigint AS position
     FROM user_search_words w JOIN users u ON u.id = w.user_id
     WHERE (SELECT wanted FROM words_wanted) AND p_word IS NOT NULL
       AND w.word >= p_word AND w.word < p_word || chr(1114111)
       AND u.handle IS NOT NULL AND u.display_name IS NOT NULL AND u.suspended_at IS NULL
     ORDER BY w.word, w.user_id
     LIMIT p_candidates)
  ), known_trigrams AS MATERIALIZED (
    SELECT s.trigram, s.names FROM user_search_trigrams s
    WHERE NOT EXISTS (SELECT 1 FROM prefix) AND NOT EXISTS (SELECT 1 FROM by_words)
      AND s.trigram = ANY (p_trigrams)
  ), substring_wanted AS MATERIALIZED (
    SELECT NOT EXISTS (SELECT 1 FROM prefix) AND NOT EXISTS (SELECT 1 FROM by_words)
      AND (SELECT count(*) FROM known_trigrams) = (SELECT count(DISTINCT t) FROM unnest(p_trigrams) AS t)
      AS wanted
  ), rarest AS MATERIALIZED (
    SELECT coalesce('%' || r.trigrams[1] || '%', p_like) AS first,
           coalesce('%' || coalesce(r.trigrams[2], r.trigrams[1]) || '%', p_like) AS second
    FROM (SELECT array_agg(k.trigram ORDER BY k.names, k.trigram) AS trigrams
          FROM (SELECT k.trigram, k.names FROM known_trigrams k
                WHERE p_after_first_word IS NULL AND k.trigram ~ '^[a-z0-9]{3}$'
                ORDER BY k.names, k.trigram
                LIMIT 2) AS k) AS r
  ), by_substring AS (
    SELECT u.id, u.handle, u.display_name, u.photo_url, 4 AS stage, 0::bigint AS position
    FROM users u
    WHERE (SELECT wanted FROM substring_wanted) AND p_after_first_word IS NULL
      AND u.handle IS NOT NULL AND u.display_name IS NOT NULL AND u.suspended_at IS NULL
      AND lower(coalesce(u.handle, '') || ' ' || coalesce(u.display_name, '')) LIKE (SELECT first FROM rarest)
      AND lower(coalesce(u.handle, '') || ' ' || coalesce(u.display_name, '')) LIKE (SELECT second FROM rarest)
      AND strpos(lower(coalesce(u.handle, '') || ' ' || coalesce(u.display_name, '')), p_low) > 0
    LIMIT p_candidates
  ), by_substring_of_words AS (
    SELECT u.id, u.handle, u.display_name, u.photo_url, 4 AS stage, 0::bigint AS position
    FROM users u
    WHERE (SELECT wanted FROM substring_wanted) AND p_after_first_word IS NOT NULL
      AND u.handle IS NOT NULL AND u.display_name IS NOT NULL AND u.suspended_at IS NULL
      AND to_tsvector('simple', coalesce(u.handle, '') || ' ' || coalesce(u.display_name, ''))
          @@ to_tsquery('simple', p_after_first_word)
      AND strpos(lower(coalesce(u.handle, '') || ' ' || coalesce(u.display_name, '')), p_low) > 0
    LIMIT p_candidates
  ), found AS (
    SELECT * FROM prefix UNION ALL SELECT * FROM by_words
    UNION ALL SELECT * FROM by_substring UNION ALL SELECT * FROM by_substring_of_words
  )
  SELECT f.id, f.handle, f.display_name, f.photo_url,
         CASE WHEN f.stage <= 2 THEN 'prefix' WHEN f.stage = 3 THEN 'words' ELSE 'substring' END
  FROM found f ORDER BY f.stage, f.position;
END;
$function$;
