import type { Hono } from 'hono';
import type { DatabaseHandle } from '../src/db/client';
import type { AppEnv } from '../src/http/context';
import { jsonHeaders } from './app-harness';
import { seedTokens } from './seed';
import { completeProfile, me, signInByPhone, uniquePhone } from './sign-in-helpers';

export type Person = { id: string; cookie: string; handle: string; phone: string };

let counter = 0;

/**
 * People who sign in through the real endpoints, and their calls to the API, for suites that need several
 * users talking to one another (fans, creators, strangers).
 */
export function peopleOn(app: Hono<AppEnv>, database: DatabaseHandle) {
  const request = (person: Person | undefined, method: string, path: string, body?: unknown) =>
    app.request(`/api${path}`, {
      method,
      headers: jsonHeaders({ cookie: person?.cookie }),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    /** A signed-in user with a complete profile and, if asked, tokens in their wallet. */
    async newPerson(options: { tokens?: number; affiliate?: string; isProfileComplete?: boolean } = {}) {
      const phone = uniquePhone();
      const cookie = await signInByPhone(app, phone);
      counter++;
      const handle = `p_${Date.now().toString(36)}${counter}`;
      if (options.isProfileComplete !== false) {
        const done = await completeProfile(app, cookie, {
          handle,
          displayName: `Person ${counter}`,
          affiliate: options.affiliate,
        });
        if (done.status !== 200) throw new Error(`completeProfile answered ${done.status}`);
      }
      const { id } = (await (await me(app, cookie)).json()) as { id: string };
      if (options.tokens) await seedTokens(database.db, id, options.tokens * 100);
      return { id, cookie, handle, phone } satisfies Person;
    },
    request,
    get: (person: Person | undefined, path: string) => request(person, 'GET', path),
    post: (person: Person | undefined, path: string, body: unknown = {}) => request(person, 'POST', path, body),
    put: (person: Person | undefined, path: string, body: unknown = {}) => request(person, 'PUT', path, body),
    patch: (person: Person | undefined, path: string, body: unknown) => request(person, 'PATCH', path, body),
    delete: (person: Person | undefined, path: string) => request(person, 'DELETE', path),
    /** A JSON answer, after checking its status. */
    async json<T>(res: Response | Promise<Response>, status = 200): Promise<T> {
      const answer = await res;
      const text = await answer.text();
      if (answer.status !== status) throw new Error(`expected ${status}, got ${answer.status}: ${text}`);
      return (text ? JSON.parse(text) : undefined) as T;
    },
  };
}
