import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import type { Database, DatabaseHandle } from '../../db/client';
import { searchUsers } from './service';

/** Random lowercase letters: no other test's name shares a trigram run with them by chance. */
function letters(n: number) {
  return Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

let counter = 0;
async function insertCreator(db: Database, handle: string, displayName: string) {
  counter += 1;
  const id = `search_${Date.now().toString(36)}_${counter}`;
  await db.execute(
    sql`insert into users (id, name, email, handle, display_name) values (${id}, ${displayName}, ${`${id}@example.com`}, ${handle}, ${displayName})`,
  );
  return id;
}

describe.each(databaseKinds())('user search in one statement: what it finds on %s', (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
  });
  afterAll(() => database.close());

  it('still looks for words when the prefixes found the same people twice (handle and name), fewer than 20', async () => {
    const tag = letters(8);
    // Ten people whose handle and name both start with the tag: twenty prefix rows, ten people.
    for (let i = 0; i < 10; i++) await insertCreator(database.db, `${tag}${i}`, `${tag}${i} Name`);
    const byWord = await insertCreator(database.db, `o_${letters(6)}`, `Zz ${tag}`);
    const results = await searchUsers(database.db, tag);
    expect(results).toHaveLength(11);
    expect(results.at(-1)?.id).toBe(byWord);
  });

  it('finds a name containing the term once a new name brings the trigrams it needs', async () => {
    const inner = letters(6);
    // Nothing has these trigrams yet: a miss, answered without the trigram index.
    expect(await searchUsers(database.db, inner)).toEqual([]);
    const id = await insertCreator(database.db, `c_${letters(6)}`, `Q${inner}q Fan`);
    expect((await searchUsers(database.db, inner)).map((r) => r.id)).toEqual([id]);
  });

  it('finds a name that a rename gave the term', async () => {
    const inner = letters(6);
    const id = await insertCreator(database.db, `r_${letters(6)}`, 'Plain Name');
    expect(await searchUsers(database.db, inner)).toEqual([]);
    await database.db.execute(sql`update users set display_name = ${`X${inner}x`} where id = ${id}`);
    expect((await searchUsers(database.db, inner)).map((r) => r.id)).toEqual([id]);
  });

  it('skips the substring stage for a term that needs a trigram no name has, even made of common words', async () => {
    const word = letters(7);
    await insertCreator(database.db, `w_${letters(6)}`, `${word} Heart`);
    // "heart" and the word exist, but no name in this database has a word that starts with a digit.
    const term = `${word.slice(1)} heart 9q`;
    const rows = await database.db.execute(
      sql`select count(*)::int as n from unnest(${`{"  9"," 9q"}`}::text[]) as t(trigram) where t.trigram in (select trigram from user_search_trigrams)`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    expect(await searchUsers(database.db, term)).toEqual([]);
  });

  it('still finds names containing the term in the middle of a word, across the underscore', async () => {
    const tag = letters(6);
    const id = await insertCreator(database.db, `pre${tag}_tail`, 'Other Name');
    expect((await searchUsers(database.db, `${tag.slice(1)}_tai`)).map((r) => r.id)).toEqual([id]);
  });

  it('asks the index for the rarest trigrams, and still finds only the names that contain the whole term', async () => {
    const tag = letters(6);
    // Each name has every trigram of "<tag>_77" and the two rarest ("<tag>"'s own); only the first has the term.
    const id = await insertCreator(database.db, `x${tag}_77`, 'Other Name');
    await insertCreator(database.db, `y${tag}-77`, 'Other Name');
    await insertCreator(database.db, `z${tag}_7_77`, 'Other Name');
    expect((await searchUsers(database.db, `${tag}_77`)).map((r) => r.id)).toEqual([id]);
  });

  it('keeps the count of names with each trigram through inserts, renames, unfinished profiles and deletes', async () => {
    const tag = letters(6);
    const first = await insertCreator(database.db, `k_${tag}`, `${tag} One`);
    const second = await insertCreator(database.db, `l_${tag}`, `${tag} Two`);
    await database.db.execute(sql`update users set display_name = ${`Re${tag}named`} where id = ${first}`);
    await database.db.execute(sql`update users set handle = null where id = ${second}`);
    await database.db.execute(sql`update users set handle = ${`m_${tag}`} where id = ${second}`);
    await database.db.execute(sql`update users set display_name = display_name where id = ${second}`);
    await insertCreator(database.db, `n_${tag}`, 'Gone Soon').then((id) =>
      database.db.execute(sql`delete from users where id = ${id}`),
    );
    // Several users in one statement: the trigger sums the statement's changes.
    await database.db.execute(
      sql`insert into users (id, name, email, handle, display_name)
          select ${tag} || n, 'Bulk', ${tag} || n || '@example.com', 'b' || n || '_' || ${tag}, 'Bulk ' || n
          from generate_series(1, 3) as n`,
    );
    await database.db.execute(sql`update users set display_name = 'Bulk Renamed' where id like ${`${tag}%`}`);
    await database.db.execute(sql`delete from users where id = ${`${tag}3`}`);
    const differences = await database.db.execute(
      sql`select s.trigram, s.names, coalesce(c.names, 0)::int as recounted
          from user_search_trigrams s
          left join (select t.trigram, count(*)::int as names
                     from users u, unnest(show_trgm(lower(u.handle || ' ' || u.display_name))) as t(trigram)
                     where u.handle is not null and u.display_name is not null
                     group by t.trigram) c on c.trigram = s.trigram
          where s.names <> coalesce(c.names, 0)`,
    );
    expect((differences as unknown as { rows: unknown[] }).rows).toEqual([]);
    const tagRows = await database.db.execute(
      sql`select names from user_search_trigrams where trigram = ${tag.slice(0, 3)}`,
    );
    // "Re<tag>named", "m_<tag>", "b1_<tag>" and "b2_<tag>" have it; the deleted "n_<tag>" and "b3_<tag>" no longer count.
    expect((tagRows as unknown as { rows: { names: number }[] }).rows).toEqual([{ names: 4 }]);
  });

  it('finds a term of several words whose first starts inside a word: exactly the names that contain it', async () => {
    const tag = letters(6);
    // The term starts inside the first word of each name, so the words stage finds none of them.
    const names = [
      `X${tag} Petal 95`, // contains "<tag> petal 9"
      `Y${tag} petal 9.5 more`, // the last word starts a decimal
      `Z${tag} petal 9-b`, // ... a hyphenated word
      `W${tag} petal9`, // no space before the 9
      `V${tag}  petal 9`, // two spaces
      `U${tag} rosy petal 9`, // another word between
      `T${tag} petals 9`, // "petals" is not "petal"
    ];
    const ids = new Map<string, string>();
    for (const [i, name] of names.entries())
      ids.set(name, await insertCreator(database.db, `m${i}_${letters(6)}`, name));
    const term = `${tag.slice(1)} petal 9`;
    const containing = names.filter((name) => name.toLowerCase().includes(term)).map((name) => ids.get(name));
    expect(containing).toHaveLength(3);
    const found = (await searchUsers(database.db, term)).map((r) => r.id);
    expect(found.sort()).toEqual(containing.sort());
    // The same through the trigram stage (a term with punctuation does not take the words path).
    const viaTrigrams = (await searchUsers(database.db, `${tag.slice(1)} petal 9.`)).map((r) => r.id);
    expect(viaTrigrams).toEqual([ids.get(names[1] as string)]);
  });

  it('finds a one-word term starting a word inside a name, and forgets the word when the name changes', async () => {
    const tag = letters(7);
    const handleWord = letters(6);
    const id = await insertCreator(database.db, `o_${handleWord}`, `Qq ${tag}wood`);
    const found = () => searchUsers(database.db, `${tag}w`).then((rows) => rows.map((r) => r.id));
    expect(await found()).toEqual([id]);
    // Found by its words (the btree), not by the substring stage that would otherwise catch it.
    const term = `${tag}w`;
    const stages = await database.db.execute(
      sql`select stage from search_users(${term}, ${`${term}\u{10ffff}`}, 20, ${`${term}:*`}, ${term}, null,
                                          '{}'::text[], ${`%${term}%`}, 60)`,
    );
    expect((stages as unknown as { rows: { stage: string }[] }).rows).toEqual([{ stage: 'words' }]);
    const words = () =>
      database.db
        .execute(sql`select word from user_search_words where user_id = ${id} order by word`)
        .then((result) => (result as unknown as { rows: { word: string }[] }).rows.map((r) => r.word));
    // The words the full-text index holds for "o_<word> Qq <tag>wood".
    expect(await words()).toEqual(['o', handleWord, 'qq', `${tag}wood`].sort());
    await database.db.execute(sql`update users set display_name = 'Qq Other' where id = ${id}`);
    expect(await found()).toEqual([]);
    expect(await words()).not.toContain(`${tag}wood`);
    await database.db.execute(
      sql`update users set display_name = ${`Qq ${tag}wood`}, suspended_at = now() where id = ${id}`,
    );
    expect(await found()).toEqual([]);
  });
});
