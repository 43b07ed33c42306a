import type {
  NewPredictionProject,
  Prediction,
  PredictionProject,
  PredictionProjectChanges,
  PredictionProjectDetail,
} from '@limbus/contract';
import type { Deps } from '../../deps.js';
import { forbidden } from '../../http/app-error.js';
import { loadFor } from '../../http/load-for.js';
import { type Actor, authorize } from '../../http/policy.js';
import {
  deleteProjectRow,
  findProjectRow,
  insertProject,
  listProjectRows,
  type ProjectRow,
  updateProject,
} from './prediction-projects.repository.js';
import { toProjectAnswer } from './predictions.mappers.js';
import { listPredictions } from './predictions.service.js';

const PROJECT = 'The project';

const load = (deps: Deps, actor: Actor, id: number, action: 'prediction.read' | 'prediction.write') =>
  loadFor(actor, action, PROJECT, findProjectRow(deps.db, id, actor.companyId));

const answerOf = async (deps: Deps, actor: Actor, row: ProjectRow): Promise<PredictionProject> =>
  toProjectAnswer(row, await listPredictions(deps, actor, row.id));

export async function listProjects(deps: Deps, actor: Actor): Promise<PredictionProject[]> {
  if (actor.companyId === null) return [];
  const [rows, predictions] = await Promise.all([
    listProjectRows(deps.db, actor.companyId),
    listPredictions(deps, actor),
  ]);
  const inProject = (row: ProjectRow) => predictions.filter((p: Prediction) => p.project_id === row.id);
  return rows.map((row) => toProjectAnswer(row, inProject(row)));
}

export async function getProject(deps: Deps, actor: Actor, id: number): Promise<PredictionProjectDetail> {
  const row = await load(deps, actor, id, 'prediction.read');
  const heatmaps = await listPredictions(deps, actor, id);
  return { ...toProjectAnswer(row, heatmaps), heatmaps };
}

export async function createProject(
  deps: Deps,
  actor: Actor,
  input: NewPredictionProject,
): Promise<PredictionProject> {
  if (actor.companyId === null) throw forbidden('Projects belong to a company; this account has none');
  authorize(actor, 'prediction.write', { companyId: actor.companyId });
  const id = await insertProject(deps.db, {
    companyId: actor.companyId,
    requesterId: actor.id,
    name: input.name,
    description: input.description ?? '',
  });
  return answerOf(deps, actor, await load(deps, actor, id, 'prediction.read'));
}

export async function changeProject(
  deps: Deps,
  actor: Actor,
  id: number,
  changes: PredictionProjectChanges,
): Promise<PredictionProject> {
  await load(deps, actor, id, 'prediction.write');
  await updateProject(deps.db, id, changes);
  return answerOf(deps, actor, await load(deps, actor, id, 'prediction.read'));
}

export async function deleteProject(deps: Deps, actor: Actor, id: number): Promise<void> {
  await load(deps, actor, id, 'prediction.write');
  await deleteProjectRow(deps.db, id);
}

// For the demo seed (src/demo), whose projects belong to demo users too (who may not make one).
export { insertProject } from './prediction-projects.repository.js';
