import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiClient, expectError, expectOk, useWorld } from '../../../test/api.js';
import { signIn } from '../../../test/factories.js';
import { recorderClient } from '../../../test/recorder.js';
import { testSetups } from '../../db/schema.js';

const STATUS = { eeg: true, eye: true, mouse: false, tapp: true, recorder: true, redis: false };

describe('test setups', () => {
  const ctx = useWorld();
  const staff = async () => apiClient(ctx.t.app, await signIn(ctx.t.app, ctx.world.staff.email));

  it('creates a setup whose key is shown once and stored as its SHA-256', async () => {
    const api = await staff();
    const created = expectOk<{ data: { id: number; name: string }; key: string }>(
      await api.post('/test_setups', { name: 'Lab A', ip: '10.0.0.7' }),
      201,
    );
    expect(created.key).toMatch(/^[0-9a-f]{64}$/);
    const [row] = await ctx.t.db.select().from(testSetups).where(eq(testSetups.id, created.data.id));
    expect(row?.keyHash).toBe(createHash('sha256').update(created.key).digest('hex'));
    const list = expectOk<{ data: { test_setups: Record<string, unknown>[] } }>(
      await api.get('/test_setups'),
    );
    const listed = list.data.test_setups.find((setup) => setup.id === created.data.id);
    expect(listed).toMatchObject({ name: 'Lab A', ip: '10.0.0.7', is_online: false });
    expect(listed).not.toHaveProperty('key');
  });

  it('takes heartbeats with the setup key; online for 60 s after the last one', async () => {
    const api = await staff();
    const { data, key } = expectOk<{ data: { id: number }; key: string }>(
      await api.post('/test_setups', { name: 'Lab B' }),
      201,
    );
    const recorder = recorderClient(ctx.t.app, key);
    const beat = expectOk<{ data: Record<string, unknown> }>(
      await recorder.post('/ingest/heartbeat', { status: STATUS }),
    );
    expect(beat.data).toMatchObject({ id: data.id, status: STATUS, is_online: true });
    const online = (await api.get('/test_setups'))
      .json()
      .data.test_setups.find((s: { id: number }) => s.id === data.id);
    expect(online).toMatchObject({
      status: STATUS,
      is_online: true,
      updated_at: Math.floor(ctx.t.clock.now.getTime() / 1000),
    });
    ctx.t.clock.advance(61_000);
    const later = (await api.get('/test_setups'))
      .json()
      .data.test_setups.find((s: { id: number }) => s.id === data.id);
    expect(later.is_online).toBe(false);
  });

  it('refuses a missing, wrong, rotated or removed key with 401, and a key on a staff route', async () => {
    const api = await staff();
    const { data, key } = (await api.post('/test_setups', { name: 'Lab C' })).json();
    const beat = (client: ReturnType<typeof recorderClient>) =>
      client.post('/ingest/heartbeat', { status: STATUS });
    expectError(await apiClient(ctx.t.app).post('/ingest/heartbeat', { status: STATUS }), 'unauthenticated');
    expectError(await beat(recorderClient(ctx.t.app, 'x'.repeat(43))), 'unauthenticated');
    // A user's bearer token is no setup key.
    expectError(await api.post('/ingest/heartbeat', { status: STATUS }), 'unauthenticated');
    // A setup key is no user.
    expectError(await recorderClient(ctx.t.app, key).call('GET', '/test_setups'), 'unauthenticated');
    const rotated = expectOk<{ key: string }>(await api.post(`/test_setups/${data.id}/key`));
    expectError(await beat(recorderClient(ctx.t.app, key)), 'unauthenticated');
    expectOk(await beat(recorderClient(ctx.t.app, rotated.key)));
    expect((await api.delete(`/test_setups/${data.id}`)).statusCode).toBe(204);
    expectError(await beat(recorderClient(ctx.t.app, rotated.key)), 'unauthenticated');
    expectError(await api.delete(`/test_setups/${data.id}`), 'not_found');
  });

  it('names the status flag that is missing or not a boolean', async () => {
    const { key } = (await (await staff()).post('/test_setups', { name: 'Lab D' })).json();
    const recorder = recorderClient(ctx.t.app, key);
    const { redis: _redis, ...partial } = STATUS;
    expectError(await recorder.post('/ingest/heartbeat', { status: partial }), 'validation', {
      redis: expect.any(String),
    });
    expectError(
      await recorder.post('/ingest/heartbeat', { status: { ...STATUS, eeg: 'yes' } }),
      'validation',
      {
        eeg: expect.any(String),
      },
    );
  });

  it('is for staff only', async () => {
    const client = apiClient(ctx.t.app, await signIn(ctx.t.app, ctx.world.clientAdmin.email));
    expectError(await client.get('/test_setups'), 'forbidden');
    expectError(await client.post('/test_setups', { name: 'Mine' }), 'forbidden');
  });
});
