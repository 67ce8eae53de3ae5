-- Every trigram that some complete profile's search text has had (see searchProfiles in profile-repo.ts and
-- decision 022). A search whose term needs a trigram missing here cannot match anything, so the substring
-- stage skips its trigram index scan, which for a term made of common trigrams reads long posting lists.
-- Only ever grows: a trigram left behind by a rename merely lets a later search scan for nothing, as before.
CREATE TABLE "user_search_trigrams" ("trigram" text PRIMARY KEY);
--> statement-breakpoint
CREATE FUNCTION "user_search_trigrams_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."handle" IS NOT NULL AND NEW."display_name" IS NOT NULL THEN
    INSERT INTO "user_search_trigrams" ("trigram")
    SELECT unnest(show_trgm(lower(coalesce(NEW."handle", '') || ' ' || coalesce(NEW."display_name", ''))))
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_search_trigrams" AFTER INSERT OR UPDATE OF "handle", "display_name" ON "users"
  FOR EACH ROW EXECUTE FUNCTION "user_search_trigrams_add"();
--> statement-breakpoint
INSERT INTO "user_search_trigrams" ("trigram")
SELECT DISTINCT unnest(show_trgm(lower(coalesce("handle", '') || ' ' || coalesce("display_name", ''))))
FROM "users" WHERE "handle" IS NOT NULL AND "display_name" IS NOT NULL
ON CONFLICT DO NOTHING;
