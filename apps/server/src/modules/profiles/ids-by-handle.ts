import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { people } from '../accounts/people';

/** The user ids of these lowercase handles (the visit counter's lookup; unknown handles are left out). */
export async function findUserIdsByHandle(db: Database, handles: string[]): Promise<Map<string, string>> {
  if (handles.length === 0) return new Map();
  const person = people('person');
  const rows = await db
    .select({ id: person.id, handle: person.handle })
    .from(person)
    .where(inArray(sql`lower(${person.handle})`, handles));
  return new Map(rows.flatMap((r) => (r.handle ? [[r.handle.toLowerCase(), r.id] as const] : [])));
}
