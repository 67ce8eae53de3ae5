import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_ORIGIN, UNLIMITED_WRITES } from '../../test/app-harness';
import { oneDatabaseKind, openFreshDatabase } from '../../test/databases';
import { type Person, peopleOn } from '../../test/people';
import { uniqueIp } from '../../test/sign-in-helpers';
import type { DatabaseHandle } from '../db/client';
import { solidImage } from '../modules/media/test-images';
import {
  encodePathSegment,
  HOSTILE_BODIES,
  HOSTILE_STRINGS,
  HOSTILE_VALUES,
  type JsonSchema,
  LEAKS,
  type OpenApiDocument,
  type Operation,
  RAW_PATH_SEGMENTS,
} from './openapi-fuzz-fixtures';

/**
 * Every operation of the OpenAPI document, signed in and signed out, with hostile values in each path
 * parameter, query parameter and body field, one at a time, the others plausible. No answer may be a
 * 5xx, and none may show a stack trace or SQL. And the document is a contract: every status answered is one
 * the operation documents (decision 085). The values are a fixed list, so every run sends the same
 * requests. It runs on one database: the hostile values are the HTTP layer's to refuse, and both databases
 * are the same PostgreSQL engine, which the other suites run on each.
 */
describe.each([oneDatabaseKind()])('the API under hostile input on %s', (kind) => {
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];
  let people: ReturnType<typeof peopleOn>;
  let openapi: OpenApiDocument;
  let fan: Person;
  let creator: Person;
  /** Plausible values of path parameters, so hostile values elsewhere reach the code behind them. */
  const known: Record<string, string> = {};
  let image: Uint8Array;

  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    // Past the write limits every write would answer 429 and never reach its route: raise them.
    app = (await buildTestApp(database, { writePolicy: UNLIMITED_WRITES })).app;
    people = peopleOn(app, database);
    openapi = (await (await app.request('/api/openapi.json')).json()) as OpenApiDocument;
    image = await solidImage(8, 8, 'png');
    [fan, creator] = await Promise.all([people.newPerson({ tokens: 100 }), people.newPerson()]);
    const wish = await people.json<{ id: string }>(
      people.post(creator, '/wishes', { name: 'Fuzz wish', cost: 20 }),
      201,
    );
    const { tipId } = await people.json<{ tipId: string }>(
      people.post(fan, '/tips', { recipientId: creator.id, amount: 25 }),
      201,
    );
    const { conversationId } = await people.json<{ conversationId: string }>(
      people.post(fan, '/conversations', { type: 'purchase', purchaseId: tipId }),
    );
    const { messages } = await people.json<{ messages: { id: string }[] }>(
      people.get(fan, `/conversations/${conversationId}/messages`),
    );
    Object.assign(known, {
      '/api/users/{handle}:handle': creator.handle,
      '/api/affiliates/{code}:code': creator.handle,
      '/api/users/{id}/wishes:id': creator.id,
      '/api/creators/{id}/fan-membership:id': creator.id,
      '/api/wishes/{id}:id': wish.id,
      '/api/purchases/{id}:id': tipId,
      '/api/received/{id}:id': tipId,
      '/api/received/{id}/seen:id': tipId,
      conversation: conversationId,
      message: messages[0]?.id ?? 'none',
    });
  });
  afterAll(() => database.close());

  function resolve(schema: JsonSchema): JsonSchema {
    const name = schema.$ref?.replace('#/components/schemas/', '');
    return name ? resolve(openapi.components?.schemas?.[name] ?? {}) : schema;
  }

  /** A value the schema accepts, as far as a schema says: the fields other than the hostile one get these. */
  function plausible(raw: JsonSchema): unknown {
    const schema = resolve(raw);
    const option = schema.anyOf ?? schema.oneOf;
    if (option) return plausible(option.find((s) => resolve(s).type !== 'null') ?? {});
    if (schema.const !== undefined) return schema.const;
    if (schema.enum) return schema.enum.find((v) => v !== null);
    const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
    if (type === 'boolean') return true;
    if (type === 'integer' || type === 'number')
      return Math.max(schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1);
    if (type === 'array') return Array.from({ length: schema.minItems ?? 0 }, () => plausible(schema.items ?? {}));
    if (type === 'object' || schema.properties) {
      const required = schema.required ?? [];
      return Object.fromEntries(required.map((name) => [name, plausible(schema.properties?.[name] ?? {})]));
    }
    const candidates = ['abcd', '1', '/home', '2026-01-01', 'https://example.com/x', '/media/x.jpg'];
    const fits = (text: string) =>
      (!schema.pattern || new RegExp(schema.pattern).test(text)) && text.length <= (schema.maxLength ?? Infinity);
    const text = candidates.find(fits) ?? 'abcd';
    return text.padEnd(schema.minLength ?? 0, 'a');
  }

  function pathParam(path: string, name: string): string {
    if (name === 'messageId') return known.message ?? 'abcd';
    if (path.startsWith('/api/conversations/{id}')) return known.conversation ?? 'abcd';
    return known[`${path}:${name}`] ?? 'abcd';
  }

  type Probe = {
    label: string;
    path: string;
    query: URLSearchParams;
    body?: RequestInit['body'];
    contentType?: string;
    origin?: string;
  };
  type Hostile = { name: string; value: unknown; isRaw?: boolean };

  /** Every request to send for one operation: one hostile value in one place each, the rest plausible. */
  function probesOf(path: string, operation: Operation): Probe[] {
    const params = operation.parameters ?? [];
    const [contentType, media] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
    const bodySchema = media ? resolve(media.schema) : undefined;
    const isMultipart = contentType === 'multipart/form-data';

    const pathOf = (hostile?: Hostile) =>
      path.replace(/\{(\w+)\}/g, (_match, name: string) => {
        if (hostile?.name !== name) return encodeURIComponent(pathParam(path, name));
        return hostile.isRaw ? String(hostile.value) : encodePathSegment(String(hostile.value));
      });
    const queryOf = (hostile?: Hostile) =>
      new URLSearchParams(
        params
          .filter((p) => p.in === 'query')
          .map((p): [string, string] => [
            p.name,
            String(hostile?.name === p.name ? hostile.value : plausible(p.schema)),
          ]),
      );
    const bodyOf = (hostile?: Hostile): RequestInit['body'] | undefined => {
      if (!bodySchema) return undefined;
      const fields = { ...(plausible(bodySchema) as Record<string, unknown>) };
      if (hostile) fields[hostile.name] = hostile.value;
      if (!isMultipart) return JSON.stringify(fields);
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) {
        const isFile = resolve(bodySchema.properties?.[name] ?? {}).format === 'binary' && hostile?.name !== name;
        if (isFile) form.append(name, new Blob([image], { type: 'image/png' }), 'image.png');
        else if (value !== undefined) form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
      }
      return form;
    };
    const probe = (where: 'path' | 'query' | 'body', hostile: Hostile): Probe => ({
      label: `${where} ${hostile.name} = ${JSON.stringify(hostile.value)?.slice(0, 40)}`,
      path: pathOf(where === 'path' ? hostile : undefined),
      query: queryOf(where === 'query' ? hostile : undefined),
      body: bodyOf(where === 'body' ? hostile : undefined),
      // FormData sets its own type, with the boundary.
      contentType: isMultipart ? undefined : contentType,
    });

    const probes: Probe[] = [];
    for (const p of params.filter((p) => p.in === 'path')) {
      for (const value of HOSTILE_STRINGS) probes.push(probe('path', { name: p.name, value }));
      for (const value of RAW_PATH_SEGMENTS) probes.push(probe('path', { name: p.name, value, isRaw: true }));
    }
    for (const p of params.filter((p) => p.in === 'query')) {
      for (const value of HOSTILE_STRINGS) probes.push(probe('query', { name: p.name, value }));
    }
    for (const name of Object.keys(bodySchema?.properties ?? {})) {
      for (const value of [...HOSTILE_STRINGS, ...HOSTILE_VALUES]) probes.push(probe('body', { name, value }));
    }
    if (bodySchema) {
      for (const body of HOSTILE_BODIES) {
        const contentTypeOfBody = contentType ?? 'application/json';
        probes.push({
          label: `whole body ${body.slice(0, 20)}`,
          path: pathOf(),
          query: queryOf(),
          body,
          contentType: contentTypeOfBody,
        });
      }
    }
    return probes;
  }

  /** Operations that can end the session or the account: after one succeeds, the next request needs a new person. */
  const SPENDS_THE_PERSON = new Set(['/api/account/delete', '/api/account/sign-out-everywhere', '/api/auth/sign-out']);

  /** An event stream never ends: its answers are checked by the live tests, not read to the end here. */
  const isStream = (operation: Operation) =>
    Object.values(operation.responses).some((r) => r.content && 'text/event-stream' in r.content);

  /**
   * Sends each operation's probes (all, or those `pick` keeps), signed in and signed out; collects 5xx and
   * leaks as failures, and statuses the operation does not document.
   */
  async function sendProbes(pick: (probes: Probe[], path: string) => Probe[] = (probes) => probes) {
    const failures: string[] = [];
    const undocumented = new Set<string>();
    let sent = 0;
    let spendable = await people.newPerson();
    for (const [path, operations] of Object.entries(openapi.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (isStream(operation)) continue;
        for (const probe of pick(probesOf(path, operation), path)) {
          for (const isSignedIn of [true, false]) {
            const person = !isSignedIn ? undefined : SPENDS_THE_PERSON.has(path) ? spendable : fan;
            const address = `${probe.path}${probe.query.size > 0 ? `?${probe.query}` : ''}`;
            const res = await app.request(address, {
              method: method.toUpperCase(),
              headers: {
                Origin: probe.origin ?? TEST_ORIGIN,
                'X-Forwarded-For': uniqueIp(),
                'Idempotency-Key': `fuzz-${sent}`,
                ...(person && { Cookie: person.cookie }),
                ...(probe.contentType && { 'Content-Type': probe.contentType }),
              },
              body: probe.body,
            });
            sent++;
            const text = await res.text();
            if (res.ok && person === spendable) spendable = await people.newPerson();
            if (!(String(res.status) in operation.responses)) {
              undocumented.add(`${method.toUpperCase()} ${path} answers ${res.status} (${probe.label})`);
            }
            if (res.status >= 500 || LEAKS.some((pattern) => pattern.test(text))) {
              const who = isSignedIn ? 'signed in' : 'signed out';
              failures.push(
                `${method.toUpperCase()} ${path} (${probe.label}, ${who}): ${res.status} ${text.slice(0, 200)}`,
              );
            }
          }
        }
      }
    }
    return { failures, undocumented: [...undocumented].sort(), sent };
  }

  it('answers every operation without a 5xx or a leak, signed in and signed out', async () => {
    const started = Date.now();
    const { failures, sent } = await sendProbes();
    console.info(`${sent} requests in ${Date.now() - started} ms on ${kind}`);
    expect(failures).toEqual([]);
  }, 600_000);

  // The contract test: a plausible request, a foreign origin, and the first hostile value in each place.
  it('answers only statuses the operation documents', async () => {
    const firstOfEach = (probes: Probe[], path: string): Probe[] => {
      const seen = new Set<string>();
      const kept = probes.filter((p) => {
        const place = p.label.split(' = ')[0] ?? p.label;
        if (seen.has(place)) return false;
        seen.add(place);
        return true;
      });
      const address = path.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(pathParam(path, name)));
      const plain = { label: 'plain', path: address, query: new URLSearchParams() };
      return [plain, { ...plain, label: 'foreign origin', origin: 'https://elsewhere.example' }, ...kept];
    };
    const { undocumented } = await sendProbes(firstOfEach);
    expect(undocumented).toEqual([]);
  }, 600_000);
});
