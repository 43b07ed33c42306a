import { videoResultRoutes, videoTestRoutes } from '@limbus/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { actorOf } from '../../http/authenticate.js';
import { compressLargeAnswer } from '../../http/compress-answer.js';
import { sendStoredFile } from '../../http/send-stored-file.js';
import { serveRoute } from '../../http/serve-route.js';
import { participantDetailSerializer } from '../participants/participant-detail-serializer.js';
import { getVideoParticipant, startVideoProcessing } from './video-processing.service.js';
import {
  addGeneratedViewer,
  batchCreateNotes,
  chooseShownAssociations,
  cohortHeatmapVideoKey,
  getQualitativeFeedback,
  getVideoNorms,
  getVideoResults,
  listNotes,
  updateNote,
  type ViewerGenerator,
} from './video-results.service.js';

/** `viewers` makes the spec's fake participants (the demo's generator, handed in by app.ts). */
type VideoTestDeps = Deps & { viewers: ViewerGenerator };

export function registerVideoTestRoutes(app: FastifyInstance, deps: VideoTestDeps): void {
  // A GET that starts work, as the spec's client calls it; no HEAD twin, so that a HEAD starts nothing.
  serveRoute(
    app,
    videoTestRoutes.process,
    async (request) => startVideoProcessing(deps, actorOf(request), request.params.id),
    { exposeHeadRoute: false },
  );

  serveRoute(
    app,
    videoTestRoutes.participant,
    async (request) => getVideoParticipant(deps, actorOf(request), request.query.test_id),
    { serializerCompiler: participantDetailSerializer, onSend: compressLargeAnswer },
  );

  registerVideoResultRoutes(app, deps);
}

function registerVideoResultRoutes(app: FastifyInstance, deps: VideoTestDeps): void {
  const routes = videoResultRoutes;
  serveRoute(app, routes.results, async (request) =>
    getVideoResults(deps, actorOf(request), request.params.id, request.query.cohort),
  );
  serveRoute(app, routes.cohortHeatmapVideo, async (request, reply) =>
    sendStoredFile(
      reply,
      deps.files,
      await cohortHeatmapVideoKey(deps, request.params.id, request.params.cohort),
      "The cohort's heatmap video",
      request.headers.range,
    ),
  );
  serveRoute(app, routes.norms, async (request) => getVideoNorms(deps, actorOf(request), request.params.id));
  serveRoute(app, routes.listNotes, async (request) => listNotes(deps, actorOf(request), request.params.id));
  serveRoute(app, routes.batchCreateNotes, async (request) =>
    batchCreateNotes(deps, actorOf(request), request.body.consultancy_notes),
  );
  serveRoute(app, routes.updateNote, async (request) =>
    updateNote(deps, actorOf(request), request.params.id, request.body.consultancy_note.note),
  );
  serveRoute(app, routes.qualitativeFeedback, async (request) =>
    getQualitativeFeedback(deps, actorOf(request), request.params.id, request.query.cohort),
  );
  serveRoute(app, routes.showAssociations, async (request) =>
    chooseShownAssociations(deps, actorOf(request), request.params.id, request.body.association_ids),
  );
  serveRoute(app, routes.addGeneratedViewer, async (request) =>
    addGeneratedViewer(deps, actorOf(request), request.params.id),
  );
}
