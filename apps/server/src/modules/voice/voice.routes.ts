import { voiceRoutes } from '@limbus/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { actorOf } from '../../http/authenticate.js';
import { sendStoredFile } from '../../http/send-stored-file.js';
import { serveRoute } from '../../http/serve-route.js';
import { getParticipantVoice, voiceTakeFileKey } from './voice.service.js';

/**
 * A participant's spoken audio for its readers (docs/remote-studies.md 'Spoken audio'); the
 * participant's browser sends it through the remote session's route (remote-studies.routes.ts).
 */
export function registerVoiceRoutes(app: FastifyInstance, deps: Deps): void {
  serveRoute(app, voiceRoutes.list, async (request) => ({
    data: await getParticipantVoice(deps, actorOf(request), request.params.id, request.params.pid),
  }));

  serveRoute(app, voiceRoutes.file, async (request, reply) => {
    const { id, pid, take } = request.params;
    return sendStoredFile(
      reply,
      deps.files,
      await voiceTakeFileKey(deps, id, pid, take),
      'This take of spoken audio',
      request.headers.range,
    );
  });
}
