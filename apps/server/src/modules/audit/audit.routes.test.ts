import { AUDIT_PAGE_SIZE, auditListAnswer, auditVerificationSchema } from '@limbus/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, signInWorld, useWorld } from '../../../test/api.js';
import { buildParticipant, buildTest, RESULTS_READY } from '../../../test/factories.js';
import { auditLog, participants } from '../../db/schema.js';
import { type AuditEvent, recordAudit, SYSTEM_CONTEXT } from './audit.service.js';

const ctx = useWorld();
let as: Awaited<ReturnType<typeof signInWorld>>;
beforeAll(async () => {
  as = await signInWorld(ctx.t.app, ctx.world);
});

const deps = () => ({ db: ctx.t.db, clock: () => ctx.t.clock.now });
const staffContext = () => ({
  actor: { id: ctx.world.staff.id, label: ctx.world.staff.email },
  address: '10.0.0.7',
});

async function record(event: AuditEvent) {
  await recordAudit(deps(), staffContext(), event);
}

async function verification() {
  return auditVerificationSchema.parse(
    expectOk<{ data: unknown }>(await as.staff.get('/audit/verification')).data,
  );
}

/** The database refuses the statement with the trail's own words (drizzle wraps them in `cause`). */
async function expectRefused(statement: PromiseLike<unknown>) {
  const error = await Promise.resolve(statement).then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error instanceof Error ? String(error.cause ?? error.message) : error).toMatch(
    /the audit trail is append-only/,
  );
}

/** Runs `statement` with the trail's guard off, as someone with the database's keys could. */
async function aroundTheGuard(statement: ReturnType<typeof sql>) {
  await ctx.t.db.execute(sql`alter table audit_log disable trigger audit_log_no_change`);
  try {
    await ctx.t.db.execute(statement);
  } finally {
    await ctx.t.db.execute(sql`alter table audit_log enable trigger audit_log_no_change`);
  }
}

describe('the audit trail', () => {
  it('chains every entry to the one before, also when many are appended at once', async () => {
    const test = await buildTest(ctx.t.db, ctx.world.client.id, RESULTS_READY);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        record({ action: 'data_exported', companyId: ctx.world.client.id, testId: test.id, detail: { i } }),
      ),
    );
    const rows = await ctx.t.db.select().from(auditLog).orderBy(auditLog.seq);
    expect(rows.map((row) => row.seq)).toEqual(rows.map((_, i) => i + 1));
    for (const [i, row] of rows.entries())
      expect(row.prevHash).toBe(i === 0 ? '0'.repeat(64) : rows[i - 1]?.hash);
    expect(await verification()).toMatchObject({ entries: rows.length, is_intact: true, broken_at: null });
  });

  it('is refused any change or removal by the database itself', async () => {
    await record({ action: 'retention_changed', companyId: ctx.world.client.id, testId: null });
    await expectRefused(ctx.t.db.update(auditLog).set({ actorLabel: 'someone else' }));
    await expectRefused(ctx.t.db.delete(auditLog).where(eq(auditLog.seq, 1)));
    await expectRefused(ctx.t.db.execute(sql`truncate audit_log`));
    expect((await verification()).is_intact).toBe(true);
  });

  it('says which entry was altered when one is changed around the guard', async () => {
    await aroundTheGuard(sql`update audit_log set actor_label = 'nobody@example.test' where seq = 3`);
    expect(await verification()).toMatchObject({
      is_intact: false,
      broken_at: 3,
      reason: 'Entry 3 was altered: its hash does not match its content.',
    });
    await aroundTheGuard(sql`update audit_log set actor_label = ${ctx.world.staff.email} where seq = 3`);
    expect((await verification()).is_intact).toBe(true);
  });

  it('says where an entry is missing when one is removed around the guard', async () => {
    await aroundTheGuard(sql`delete from audit_log where seq = 5`);
    expect(await verification()).toMatchObject({ is_intact: false, broken_at: 6, entries: 4 });
    expect((await verification()).reason).toMatch(/An entry before 6 was removed/);
  });
});

describe('reading the audit trail', () => {
  const readCtx = useWorld();
  let readAs: Awaited<ReturnType<typeof signInWorld>>;
  let clientTestId = 0;
  let participant = { id: 0, subject: '', realId: '' };

  beforeAll(async () => {
    readAs = await signInWorld(readCtx.t.app, readCtx.world);
    const readDeps = { db: readCtx.t.db, clock: () => readCtx.t.clock.now };
    const clientTest = await buildTest(readCtx.t.db, readCtx.world.client.id, RESULTS_READY);
    const otherTest = await buildTest(readCtx.t.db, readCtx.world.other.id, RESULTS_READY);
    clientTestId = clientTest.id;
    const { id } = await buildParticipant(readCtx.t, clientTest.id);
    const [row] = await readCtx.t.db.select().from(participants).where(eq(participants.id, id));
    participant = { id, subject: row?.auditSubject ?? '', realId: row?.realId ?? '' };
    const context = {
      actor: { id: readCtx.world.staff.id, label: readCtx.world.staff.email },
      address: '10.0.0.7',
    };
    for (let i = 0; i < AUDIT_PAGE_SIZE + 5; i++) {
      await recordAudit(readDeps, context, {
        action: 'recording_viewed',
        companyId: readCtx.world.client.id,
        testId: clientTest.id,
        subject: participant.subject,
      });
    }
    await recordAudit(readDeps, SYSTEM_CONTEXT, {
      action: 'retention_applied',
      companyId: readCtx.world.other.id,
      testId: otherTest.id,
      detail: { recordings: 2 },
    });
  });

  it('gives staff every entry, newest first, a page at a time', async () => {
    const first = auditListAnswer.parse(expectOk(await readAs.staff.get('/audit')));
    expect(first.data).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.data[0]).toMatchObject({
      action: 'retention_applied',
      actor: { id: null, label: 'Limbus (automatic)' },
      company: { id: readCtx.world.other.id, name: 'Other Co' },
      address: null,
      detail: { recordings: 2 },
    });
    expect(first.next_before).toBe(first.data.at(-1)?.seq);
    const second = auditListAnswer.parse(
      expectOk(await readAs.staff.get(`/audit?before=${first.next_before}`)),
    );
    expect(second.data).toHaveLength(6);
    expect(second.next_before).toBeNull();
  });

  it('names the participant while it exists', async () => {
    const page = auditListAnswer.parse(expectOk(await readAs.staff.get(`/audit?test_id=${clientTestId}`)));
    expect(page.data[0]?.participant).toEqual({ subject: participant.subject, label: participant.realId });
    expect(page.data[0]?.address).toBe('10.0.0.7');
  });

  it("gives a company admin their own company's entries only", async () => {
    const own = auditListAnswer.parse(expectOk(await readAs.clientAdmin.get('/audit')));
    expect(own.data.every((entry) => entry.company?.id === readCtx.world.client.id)).toBe(true);
    expect(own.data).toHaveLength(AUDIT_PAGE_SIZE);
    expectError(await readAs.clientAdmin.get(`/audit?company_id=${readCtx.world.other.id}`), 'not_found');
    expectError(await readAs.clientMember.get('/audit'), 'forbidden');
    expectError(await readAs.demoUser.get('/audit'), 'forbidden');
    expectError(await readAs.clientAdmin.get('/audit/verification'), 'forbidden');
  });

  it('filters by action and by day', async () => {
    const retention = auditListAnswer.parse(
      expectOk(await readAs.staff.get('/audit?action=retention_applied')),
    );
    expect(retention.data.map((entry) => entry.action)).toEqual(['retention_applied']);
    const today = readCtx.t.clock.now.toISOString().slice(0, 10);
    const byDay = auditListAnswer.parse(expectOk(await readAs.staff.get(`/audit?from=${today}&to=${today}`)));
    expect(byDay.data).toHaveLength(AUDIT_PAGE_SIZE);
    const before = auditListAnswer.parse(expectOk(await readAs.staff.get('/audit?to=2000-01-01')));
    expect(before.data).toEqual([]);
  });

  it('exports what the filters select as CSV, oldest first', async () => {
    const response = await readAs.clientAdmin.get('/audit/export');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = response.body.trimEnd().split('\n');
    expect(lines[0]).toBe(
      'seq,at,actor_id,actor,company_id,company,test_id,test,participant,action,detail,address,hash',
    );
    expect(lines).toHaveLength(AUDIT_PAGE_SIZE + 5 + 1);
    expect(lines[1]).toContain(`,${participant.realId},recording_viewed,{},10.0.0.7,`);
  });

  it('says erased for a participant that is gone, by its pseudonym only', async () => {
    await readCtx.t.db.delete(participants).where(eq(participants.id, participant.id));
    const page = auditListAnswer.parse(expectOk(await readAs.staff.get(`/audit?test_id=${clientTestId}`)));
    expect(page.data[0]?.participant).toEqual({ subject: participant.subject, label: null });
    const csv = (await readAs.staff.get(`/audit/export?test_id=${clientTestId}`)).body;
    expect(csv).toContain(`erased (${participant.subject})`);
    expect(csv).not.toContain(`,${participant.realId},`);
  });
});

describe('what the trail records', () => {
  const recCtx = useWorld();
  let recAs: Awaited<ReturnType<typeof signInWorld>>;
  beforeAll(async () => {
    recAs = await signInWorld(recCtx.t.app, recCtx.world);
  });

  async function newestEntry() {
    return auditListAnswer.parse(expectOk(await recAs.staff.get('/audit'))).data[0];
  }

  it("records who opened a participant's recording, from where, by the participant's pseudonym", async () => {
    const test = await buildTest(recCtx.t.db, recCtx.world.client.id, RESULTS_READY);
    const { id } = await buildParticipant(recCtx.t, test.id);
    expectOk(await recAs.clientAdmin.get(`/tests/${test.id}/participants/${id}?associations=emotions`));
    expect(await newestEntry()).toBeUndefined();
    expectOk(await recAs.clientAdmin.get(`/tests/${test.id}/participants/${id}?fields=video`));
    const [row] = await recCtx.t.db.select().from(participants).where(eq(participants.id, id));
    expect(await newestEntry()).toMatchObject({
      action: 'recording_viewed',
      actor: { id: recCtx.world.clientAdmin.id, label: recCtx.world.clientAdmin.email },
      company: { id: recCtx.world.client.id },
      test: { id: test.id },
      participant: { subject: row?.auditSubject, label: row?.realId },
      address: '127.0.0.1',
    });
  });

  it('records every export, of one participant or of the whole test', async () => {
    const test = await buildTest(recCtx.t.db, recCtx.world.client.id, RESULTS_READY);
    const { id } = await buildParticipant(recCtx.t, test.id);
    expect(
      (await recAs.clientAdmin.get(`/tests/${test.id}/exports/samples?participant_id=${id}`)).statusCode,
    ).toBe(200);
    expect(await newestEntry()).toMatchObject({
      action: 'data_exported',
      participant: { label: expect.any(String) },
      detail: { kind: 'samples', format: 'csv', participants: 1 },
    });
    expect((await recAs.clientAdmin.get(`/tests/${test.id}/exports/events?format=json`)).statusCode).toBe(
      200,
    );
    expect(await newestEntry()).toMatchObject({
      action: 'data_exported',
      participant: null,
      detail: { kind: 'events', format: 'json', participants: 1 },
    });
  });
});
