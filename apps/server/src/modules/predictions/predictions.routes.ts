import multipart, { type Multipart } from '@fastify/multipart';
import { PREDICTION_IMAGE_MAX_BYTES, predictionRoutes } from '@limbus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../http/app-error.js';
import { actorOf } from '../../http/authenticate.js';
import {
  assertMultipart,
  fileBytes,
  fileSizeLimit,
  type UploadTiming,
  uploadError,
} from '../../http/image-upload.js';
import { serveRoute } from '../../http/serve-route.js';
import { getPagePrediction, predictPage } from './page-predictions.service.js';
import { capturerFor } from './prediction-capture.js';
import {
  mediaFormat,
  PREDICTION_CONTENT_TYPES,
  predictionMediaKey,
  type ScreenshotFormat,
} from './prediction-images.js';
import {
  changeProject,
  createProject,
  deleteProject,
  getProject,
  listProjects,
} from './prediction-projects.service.js';
import { findPredictionFormat } from './predictions.repository.js';
import {
  capturePrediction,
  changeAreaOfInterest,
  changePrediction,
  createAreaOfInterest,
  createPrediction,
  deleteAreaOfInterest,
  deletePrediction,
  generatePrediction,
  getPrediction,
  listPredictions,
  type PredictionUpload,
} from './predictions.service.js';

const IMAGE_UPLOAD = { noun: 'A screenshot', maxBytes: PREDICTION_IMAGE_MAX_BYTES } as const;

const textOf = (part: Multipart) => ('value' in part && typeof part.value === 'string' ? part.value : '');

/** The fields `file`, `title` and `application` of an upload form, in any order. */
async function readUploadForm(request: FastifyRequest, timing: UploadTiming): Promise<PredictionUpload> {
  assertMultipart(request, IMAGE_UPLOAD);
  const form: PredictionUpload = { file: null, title: '', application: '', projectId: '' };
  try {
    for await (const part of request.parts({ limits: { fileSize: fileSizeLimit(IMAGE_UPLOAD), files: 1 } })) {
      if (part.type === 'file') {
        const bytes = await fileBytes(request, part, IMAGE_UPLOAD, timing);
        if (part.fieldname === 'file') form.file = bytes;
      } else if (part.fieldname === 'title') form.title = textOf(part);
      else if (part.fieldname === 'application') form.application = textOf(part);
      else if (part.fieldname === 'project_id') form.projectId = textOf(part);
    }
  } catch (error) {
    throw error instanceof AppError ? error : uploadError(error, IMAGE_UPLOAD);
  }
  return form;
}

export function registerPredictionRoutes(app: FastifyInstance, deps: Deps): void {
  serveRoute(app, predictionRoutes.list, async (request) =>
    listPredictions(deps, actorOf(request), request.query.project_id),
  );

  serveRoute(app, predictionRoutes.capture, async (request) =>
    capturePrediction(deps, actorOf(request), request.body.prediction, capturerFor(deps.config.capture)),
  );

  serveRoute(app, predictionRoutes.pagePrediction, async (request) =>
    getPagePrediction(deps, actorOf(request), request.params.id, request.params.hid),
  );

  serveRoute(app, predictionRoutes.predictPage, async (request) =>
    predictPage(deps, actorOf(request), request.params.id, request.params.hid),
  );

  serveRoute(app, predictionRoutes.listProjects, async (request) => listProjects(deps, actorOf(request)));

  serveRoute(app, predictionRoutes.createProject, async (request) =>
    createProject(deps, actorOf(request), request.body.project),
  );

  serveRoute(app, predictionRoutes.getProject, async (request) =>
    getProject(deps, actorOf(request), request.params.id),
  );

  serveRoute(app, predictionRoutes.updateProject, async (request) =>
    changeProject(deps, actorOf(request), request.params.id, request.body.project),
  );

  serveRoute(app, predictionRoutes.deleteProject, async (request) => {
    await deleteProject(deps, actorOf(request), request.params.id);
  });

  serveRoute(app, predictionRoutes.get, async (request) =>
    getPrediction(deps, actorOf(request), request.params.id),
  );

  serveRoute(app, predictionRoutes.update, async (request) =>
    changePrediction(deps, actorOf(request), request.params.id, request.body.prediction),
  );

  serveRoute(app, predictionRoutes.delete, async (request) => {
    await deletePrediction(deps, actorOf(request), request.params.id);
  });

  // The spec's GET that generates; no HEAD twin, so that a HEAD does not run the model.
  serveRoute(
    app,
    predictionRoutes.generate,
    async (request) => generatePrediction(deps, actorOf(request), request.params.id),
    { exposeHeadRoute: false },
  );

  serveRoute(app, predictionRoutes.media, async (request, reply) => {
    const { id, kind } = request.params;
    const format = (await findPredictionFormat(deps.db, id)) as ScreenshotFormat | null;
    const bytes = format ? await deps.files.get(predictionMediaKey(id, kind, format)) : null;
    if (!format || !bytes) throw notFound('The image');
    return reply
      .type(PREDICTION_CONTENT_TYPES[mediaFormat(kind, format)])
      .header('cache-control', 'private, max-age=3600')
      .send(bytes);
  });

  serveRoute(app, predictionRoutes.createArea, async (request) =>
    createAreaOfInterest(deps, actorOf(request), request.params.id, request.body.area_of_interest),
  );

  serveRoute(app, predictionRoutes.updateArea, async (request) =>
    changeAreaOfInterest(
      deps,
      actorOf(request),
      request.params.id,
      request.params.aid,
      request.body.area_of_interest,
    ),
  );

  serveRoute(app, predictionRoutes.deleteArea, async (request) => {
    await deleteAreaOfInterest(deps, actorOf(request), request.params.id, request.params.aid);
  });

  // The upload is multipart, in a scope of its own (another module may have registered the parser already).
  app.register(async (scope) => {
    if (!scope.hasContentTypeParser('multipart/form-data')) await scope.register(multipart);
    serveRoute(scope, predictionRoutes.create, async (request) =>
      createPrediction(deps, actorOf(request), () =>
        readUploadForm(request, { idleMs: deps.config.uploadIdleTimeoutMs }),
      ),
    );
  });
}
