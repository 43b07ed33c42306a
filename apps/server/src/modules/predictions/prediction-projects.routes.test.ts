import {
  type Prediction,
  type PredictionProject,
  predictionListAnswer,
  predictionProjectDetail,
  predictionProjectListAnswer,
  predictionProjectSchema,
  predictionSchema,
} from '@limbus/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, signInWorld, useWorld } from '../../../test/api.js';
import { signIn } from '../../../test/factories.js';
import { buildProject, screenshotPng, uploadForm } from '../../../test/predictions.js';

const ctx = useWorld();
let as: Awaited<ReturnType<typeof signInWorld>>;
let clientAdmin: string;

beforeAll(async () => {
  as = await signInWorld(ctx.t.app, ctx.world);
  clientAdmin = (await signIn(ctx.t.app, ctx.world.clientAdmin.email)).authorization;
});

async function upload(fields: Record<string, string>) {
  const { payload, headers } = await uploadForm(await screenshotPng(), fields);
  return ctx.t.app.inject({
    method: 'POST',
    url: '/api/v1/predictions',
    payload,
    headers: { ...headers, authorization: clientAdmin },
  });
}

const newProject = async (name = 'Relaunch', description?: string): Promise<PredictionProject> =>
  predictionProjectSchema.parse(
    expectOk(await as.clientAdmin.post('/prediction_projects', { project: { name, description } }), 201),
  );

describe('prediction projects', () => {
  it('creates a project with its requester, lists newest first, renames it', async () => {
    const first = await newProject('  Relaunch  ', 'The new shop');
    expect(first).toMatchObject({
      name: 'Relaunch',
      description: 'The new shop',
      requester: ctx.world.clientAdmin.email,
      heatmaps_count: 0,
      image_thumb: null,
    });
    const second = await newProject('Checkout');
    const listed = predictionProjectListAnswer.parse(
      expectOk(await as.clientMember.get('/prediction_projects')),
    );
    expect(listed.map((p) => p.id).indexOf(second.id)).toBeLessThan(
      listed.map((p) => p.id).indexOf(first.id),
    );
    const renamed = expectOk<PredictionProject>(
      await as.clientMember.patch(`/prediction_projects/${first.id}`, {
        project: { name: 'Relaunch 2026' },
      }),
    );
    expect(renamed).toMatchObject({ name: 'Relaunch 2026', description: 'The new shop' });
  });

  it('refuses a project without a name and changes nothing', async () => {
    const before = predictionProjectListAnswer.parse(
      expectOk(await as.clientAdmin.get('/prediction_projects')),
    );
    expectError(
      await as.clientAdmin.post('/prediction_projects', { project: { name: '  ' } }),
      'validation',
      {
        name: expect.any(String),
      },
    );
    const after = predictionProjectListAnswer.parse(
      expectOk(await as.clientAdmin.get('/prediction_projects')),
    );
    expect(after).toHaveLength(before.length);
  });

  it('files uploads in a project, lists them there and keeps them when the project goes', async () => {
    const project = await newProject('Campaign');
    const filed = predictionSchema.parse(
      expectOk(await upload({ title: 'Landing', project_id: String(project.id) }), 201),
    );
    expect(filed.project_id).toBe(project.id);
    const loose = predictionSchema.parse(expectOk(await upload({ title: 'Loose' }), 201));
    expect(loose.project_id).toBeNull();
    const moved = expectOk<Prediction>(
      await as.clientAdmin.patch(`/predictions/${loose.id}`, { prediction: { project_id: project.id } }),
    );
    expect(moved.project_id).toBe(project.id);

    const detail = predictionProjectDetail.parse(
      expectOk(await as.clientAdmin.get(`/prediction_projects/${project.id}`)),
    );
    expect(detail.heatmaps.map((p) => p.id)).toEqual([loose.id, filed.id]);
    expect(detail.heatmaps_count).toBe(2);
    expect(detail.image_thumb).toBe(detail.heatmaps[0]?.image_thumb);
    const inProject = predictionListAnswer.parse(
      expectOk(await as.clientAdmin.get(`/predictions?project_id=${project.id}`)),
    );
    expect(inProject.map((p) => p.id)).toEqual([loose.id, filed.id]);

    expect((await as.clientAdmin.delete(`/prediction_projects/${project.id}`)).statusCode).toBe(204);
    expectError(await as.clientAdmin.get(`/prediction_projects/${project.id}`), 'not_found');
    const kept = expectOk<Prediction>(await as.clientAdmin.get(`/predictions/${filed.id}`));
    expect(kept.project_id).toBeNull();
  });

  it('refuses a project that does not exist or is another company’s, on upload and on change', async () => {
    const foreign = await buildProject(ctx.t, ctx.world.other.id, 'Globex plans');
    expectError(await upload({ title: 'Sneaky', project_id: String(foreign) }), 'validation', {
      project_id: 'This project does not exist',
    });
    expectError(await upload({ title: 'Bad id', project_id: 'abc' }), 'validation', {
      project_id: expect.any(String),
    });
    const own = predictionSchema.parse(expectOk(await upload({ title: 'Mine' }), 201));
    expectError(
      await as.clientAdmin.patch(`/predictions/${own.id}`, { prediction: { project_id: foreign } }),
      'validation',
      { project_id: 'This project does not exist' },
    );
    expect(expectOk<Prediction>(await as.clientAdmin.get(`/predictions/${own.id}`)).project_id).toBeNull();
  });

  it('keeps another company’s project from view and from change', async () => {
    const project = await newProject('Private plans');
    expectError(await as.otherAdmin.get(`/prediction_projects/${project.id}`), 'not_found');
    expectError(
      await as.otherAdmin.patch(`/prediction_projects/${project.id}`, { project: { name: 'Mine' } }),
      'not_found',
    );
    expectError(await as.otherAdmin.delete(`/prediction_projects/${project.id}`), 'not_found');
    const theirs = predictionProjectListAnswer.parse(
      expectOk(await as.otherAdmin.get('/prediction_projects')),
    );
    expect(theirs.map((p) => p.id)).not.toContain(project.id);
    expect(
      predictionListAnswer.parse(expectOk(await as.otherAdmin.get(`/predictions?project_id=${project.id}`))),
    ).toEqual([]);
    expectError(await as.demoUser.post('/prediction_projects', { project: { name: 'Demo' } }), 'forbidden');
  });
});
