import { randomBytes } from 'node:crypto';
import type { ApiErrorBody } from '@sweetwish/shared/api-error';
import type { AuditPage, ReportReceipt, SuspendedAccountPage } from '@sweetwish/shared/safety';
import { MODERATION_REASON_MAX, SAFETY_MESSAGES } from '@sweetwish/shared/safety-rules';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { type Person, peopleOn } from '../../../test/people';
import {
  completeProfile,
  latestCode,
  me,
  sendCode,
  signInByEmail,
  uniquePhone,
  verifyCode,
} from '../../../test/sign-in-helpers';
import type { DatabaseHandle } from '../../db/client';
import { WRITE_POLICY } from '../../http/rate-limits/write-policy';
import { findUserBalances } from '../ledger/service';

describe.each(databaseKinds())('moderation of accounts on %s', (kind) => {
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];
  let people: ReturnType<typeof peopleOn>;
  const moderatorHandle = `mod_${randomBytes(4).toString('hex')}`;
  let moderator: Person;

  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    // One moderator by verified e-mail address (decision 028); the other address names nobody here.
    const moderatorEmail = `${moderatorHandle}@example.com`;
    ({ app } = await buildTestApp(database, {
      env: { MODERATORS: `${moderatorEmail.toUpperCase()}, someone@example.com` },
      // Every request here comes from one address: its report limit is report-flood.int.test.ts's subject.
      writePolicy: { ...WRITE_POLICY, report: { ...WRITE_POLICY.report, perAddress: { perMinute: 1e6, perDay: 1e6 } } },
    }));
    people = peopleOn(app, database);
    const phone = uniquePhone();
    const cookie = await signInByEmail(app, moderatorEmail);
    const done = await completeProfile(app, cookie, { handle: moderatorHandle, displayName: 'The Moderator' });
    expect(done.status).toBe(200);
    const { id } = (await (await me(app, cookie)).json()) as { id: string };
    moderator = { id, cookie, handle: moderatorHandle, phone };
  });
  afterAll(() => database.close());

  const errorOf = async (res: Response | Promise<Response>) => ((await (await res).json()) as ApiErrorBody).error;

  describe('moderation', () => {
    it('suspends an account: its sessions end, it cannot sign in, its page reads User Not Found, its earnings stay held', async () => {
      const creator = await people.newPerson();
      const fan = await people.newPerson({ tokens: 100 });
      await people.json(people.post(fan, '/tips', { recipientId: creator.id, amount: 50 }), 201);
      const earnings = await findUserBalances(database.db, creator.id);
      expect(earnings.pendingCents).toBe(4000);
      // The public page is cached before the action.
      expect((await people.get(undefined, `/users/${creator.handle}/page`)).status).toBe(200);
      const { reportId } = await people.json<ReportReceipt>(
        people.post(fan, '/reports', { kind: 'profile', targetId: creator.id, reason: 'scam' }),
        201,
      );
      await people.json(
        people.post(moderator, `/moderation/reports/${reportId}/actions`, { action: 'suspend', reason: 'Scammer' }),
      );

      expect(await (await me(app, creator.cookie)).json()).toBeNull();
      expect((await people.get(creator, '/blocks')).status).toBe(401);
      const code = await sendCode(app, creator.phone);
      expect(code.status).toBe(200);
      const signIn = await verifyCode(app, creator.phone, await latestCode(app, creator.phone));
      expect(signIn.status).toBe(403);
      expect(signIn.headers.get('set-cookie') ?? '').not.toContain('session_token=');
      expect(((await signIn.json()) as { message?: string }).message).toBe(SAFETY_MESSAGES.suspended);

      const page = await people.get(undefined, `/users/${creator.handle}/page`);
      expect(page.status).toBe(404);
      expect((await errorOf(page)).message).toBe('User Not Found');
      const found = (await (await app.request(`/api/search/users?q=${creator.handle}`)).json()) as { id: string }[];
      expect(found.map((r) => r.id)).not.toContain(creator.id);
      const tip = await people.post(fan, '/tips', { recipientId: creator.id, amount: 5 });
      expect(tip.status).toBe(404);
      expect(await findUserBalances(database.db, creator.id)).toEqual(earnings);

      const audit = await people.json<AuditPage>(people.get(moderator, '/moderation/audit?limit=100'));
      expect(audit.items.find((a) => a.reportId === reportId)).toEqual(
        expect.objectContaining({
          moderatorId: moderator.id,
          action: 'suspend',
          kind: 'profile',
          targetId: creator.id,
          reason: 'Scammer',
        }),
      );
    });

    it('lifts a suspension with a reason: the account signs in again, its page, search and gifts come back, and the audit log says who and why', async () => {
      const creator = await people.newPerson();
      const fan = await people.newPerson({ tokens: 100 });
      const { reportId } = await people.json<ReportReceipt>(
        people.post(fan, '/reports', { kind: 'profile', targetId: creator.id, reason: 'other' }),
        201,
      );
      await people.json(
        people.post(moderator, `/moderation/reports/${reportId}/actions`, { action: 'suspend', reason: 'Mistake' }),
      );
      expect((await people.get(undefined, `/users/${creator.handle}/page`)).status).toBe(404);
      // Searched while suspended: the cached results leave the account out until the lift drops them.
      const searched = (await (await app.request(`/api/search/users?q=${creator.handle}`)).json()) as { id: string }[];
      expect(searched.map((r) => r.id)).not.toContain(creator.id);
      const suspended = await people.json<SuspendedAccountPage>(people.get(moderator, '/moderation/suspended'));
      expect(suspended.items[0]).toEqual({
        id: creator.id,
        handle: creator.handle,
        displayName: expect.any(String),
        suspendedAt: expect.any(String),
      });

      const lift = (body: unknown, id = creator.id) => people.post(moderator, `/moderation/suspended/${id}/lift`, body);
      expect((await lift({ reason: '  ' })).status).toBe(400);
      expect((await lift({ reason: 'x'.repeat(MODERATION_REASON_MAX + 1) })).status).toBe(400);
      expect((await lift({ reason: 'ok' }, fan.id)).status).toBe(409);
      // Refusals changed nothing.
      expect((await people.get(undefined, `/users/${creator.handle}/page`)).status).toBe(404);

      const lifted = await lift({ reason: 'Reviewed: not a scam' });
      expect(lifted.status).toBe(204);
      const again = await lift({ reason: 'twice' });
      expect(again.status).toBe(409);
      expect((await errorOf(again)).message).toBe(SAFETY_MESSAGES.notSuspended);

      expect((await sendCode(app, creator.phone)).status).toBe(200);
      expect((await verifyCode(app, creator.phone, await latestCode(app, creator.phone))).status).toBe(200);
      expect((await people.get(undefined, `/users/${creator.handle}/page`)).status).toBe(200);
      const found = (await (await app.request(`/api/search/users?q=${creator.handle}`)).json()) as { id: string }[];
      expect(found.map((r) => r.id)).toContain(creator.id);
      expect((await people.post(fan, '/tips', { recipientId: creator.id, amount: 5 })).status).toBe(201);
      const after = await people.json<SuspendedAccountPage>(people.get(moderator, '/moderation/suspended'));
      expect(after.items.map((a) => a.id)).not.toContain(creator.id);

      const audit = await people.json<AuditPage>(people.get(moderator, '/moderation/audit?limit=100'));
      expect(audit.items.filter((a) => a.targetId === creator.id).map((a) => [a.action, a.reason, a.reportId])).toEqual(
        [
          ['lift_suspension', 'Reviewed: not a scam', null],
          ['suspend', 'Mistake', reportId],
        ],
      );
    });

    it('never changes or removes a row of the audit log', async () => {
      const reporter = await people.newPerson();
      const target = await people.newPerson();
      const { reportId } = await people.json<ReportReceipt>(
        people.post(reporter, '/reports', { kind: 'profile', targetId: target.id, reason: 'other' }),
        201,
      );
      await people.json(
        people.post(moderator, `/moderation/reports/${reportId}/actions`, { action: 'dismiss', reason: 'Fine' }),
      );
      await expect(
        database.db.execute(sql`update moderation_actions set reason = 'changed' where report_id = ${reportId}`),
      ).rejects.toThrow();
      await expect(
        database.db.execute(sql`delete from moderation_actions where report_id = ${reportId}`),
      ).rejects.toThrow();
      const audit = await people.json<AuditPage>(people.get(moderator, '/moderation/audit?limit=100'));
      expect(audit.items.find((a) => a.reportId === reportId)?.reason).toBe('Fine');
      // A dismissed report leaves the content alone.
      expect((await people.get(undefined, `/users/${target.handle}/page`)).status).toBe(200);
    });

    it('refuses an action without a reason, hiding a profile, and an unknown report', async () => {
      const reporter = await people.newPerson();
      const target = await people.newPerson();
      const { reportId } = await people.json<ReportReceipt>(
        people.post(reporter, '/reports', { kind: 'profile', targetId: target.id, reason: 'other' }),
        201,
      );
      const act = (body: unknown, id = reportId) => people.post(moderator, `/moderation/reports/${id}/actions`, body);
      expect((await act({ action: 'dismiss', reason: ' ' })).status).toBe(400);
      expect((await act({ action: 'hide', reason: 'x' })).status).toBe(400);
      expect((await act({ action: 'dismiss', reason: 'x' }, 'nothing')).status).toBe(404);
      expect((await act({ action: 'dismiss', reason: 'x' })).status).toBe(200);
    });
  });
});
