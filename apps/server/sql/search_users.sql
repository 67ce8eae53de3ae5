-- User search in one call, three stages, closest and cheapest first (decisions 022 and 036); each later stage
-- runs only when the earlier ones left room, through a one-time filter on their (materialised) results, so it
-- costs nothing when skipped:
-- 1. prefix: handles, then display names, that start with the term (p_low .. p_high), each alphabetically:
--    btree range scans on users_handle_prefix_idx and users_display_name_prefix_idx that stop at p_limit; an
--    exact handle comes first, being the shortest handle with its own prefix;
-- 2. words, when the prefixes did not fill the list: up to p_candidates names matching p_ts_query (a word equal
--    to each of the term's words but the last, and a word starting with the last), a GIN full-text scan; for
--    a term of one word (p_word), names with a word starting with it, read in order from user_search_words'
--    btree, which stops at the limit where the GIN scan gathers every match first (20,000 for "hea");
-- 3. substring, only when nothing matched so far AND every trigram the term needs (p_trigrams) has been seen
--    in some name (user_search_trigrams): up to p_candidates names that contain p_low. A term that cannot match, the
--    usual miss, never reaches an index. A term of plain words comes with p_after_first_word, its words after
--    the first as a full-text query, which every name containing it matches: the GIN full-text scan, then
--    the term's position in the name. Any other term: a GIN trigram scan for its two rarest trigrams of three
--    letters or digits (user_search_trigrams counts the names with each), which a LIKE pattern can ask for
--    alone, then the term's position. Asked for every trigram (p_like), the index would read the posting lists
--    of trigrams that most names share ("cre", "tor" for "creator_1234567"): 3.6 ms against 0.2 at 100,000
--    users, the cost growing with the table. A term with no such trigram falls back to p_like.
-- Stages 2 and 3 come back unordered: the caller ranks them.
-- Planned once per connection (force_generic_plan): left to choose, PostgreSQL planned this statement anew on
-- every call, since its custom plans look cheaper than the generic one; planning cost 1-2.5 ms, running it
-- 0.1-0.9 ms. The generic plan uses every index above (decision 036). Never in parallel: at 1,000,000 users
-- the generic plan put the word list's scan under a Gather Merge, whose workers took 7 ms to start on every
-- call, even when that branch was switched off.
-- The current text of this function: to change it, edit this file and run `npm run db:functions`, which
-- writes the migration (decision 070).
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
