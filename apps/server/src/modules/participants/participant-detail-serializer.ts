import { type ParticipantDetail, participantDetailSchema } from '@limbus/contract';

/**
 * The participant answer can hold some 230k samples. Checking each with zod would cost more than
 * building them, so the routes that answer it check everything but the three sample arrays (which
 * the mappers build from typed arrays, field by field) and then stringify; the contract's full
 * schema still documents the answer in OpenAPI.
 */
const detailWithoutSamples = participantDetailSchema.omit({ emotions: true, eyes: true, mice: true });

function serializeDetail(detail: ParticipantDetail): string {
  const { emotions: _emotions, eyes: _eyes, mice: _mice, ...rest } = detail;
  detailWithoutSamples.parse(rest);
  return JSON.stringify(detail);
}

/** The `serializerCompiler` of a route answering a participant detail. */
export const participantDetailSerializer = () => (data: unknown) =>
  serializeDetail(data as ParticipantDetail);
