import { z } from 'zod';
import { idParam, idParams, okSchema } from './fields.js';
import { participantDetailSchema } from './participants.js';
import { defineRoutes } from './route.js';

export const videoParticipantQuery = z.strictObject({ test_id: idParam });

/** Video tests: all participants aggregated over the video's timeline (spec 3 §3). */
export const videoTestRoutes = defineRoutes('videoTests', {
  process: {
    method: 'GET',
    path: '/tests/:id/process_video_test',
    access: 'researcher',
    summary:
      'Starts processing a video test: internal_state becomes video_processing until the video participant is stored',
    description: 'A GET that starts work, as the spec’s client calls it; it has no HEAD twin.',
    params: idParams,
    responses: { 202: okSchema },
    errors: [409],
  },
  participant: {
    method: 'GET',
    path: '/participants/get_video_participant',
    access: 'user',
    summary: 'The result of video processing: the participant of type video_heatmap, with moments',
    query: videoParticipantQuery,
    responses: { 200: participantDetailSchema },
    errors: [403, 404],
  },
});
