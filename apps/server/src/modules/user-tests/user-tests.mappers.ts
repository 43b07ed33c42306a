import {
  ADDON_KEYS,
  type AddonKey,
  type Answer,
  COHORT_SOURCE,
  type HeatmapPage,
  type TestDetail,
  type TestEvaluation,
  type TestQuestion,
  type TestSummary,
} from '@limbus/contract';
import { toUnixSeconds } from '../users/users.mappers.js';
import type {
  AnswerRow,
  listFinishedParticipantRefs,
  listTagRefs,
  QuestionRow,
  TestDetailRow,
  TestListRow,
} from './user-tests.repository.js';

const unixOrNull = (date: Date | null) => (date ? toUnixSeconds(date) : null);

export function toTestSummary(row: TestListRow): TestSummary {
  return {
    id: row.id,
    name: row.name,
    test_type: row.testType,
    platform: row.platform,
    state: row.state,
    internal_state: row.internalState === 'video_processing' ? 'video_processing' : null,
    company_id: row.companyId,
    company: { id: row.companyId, name: row.companyName, licence_analysis: row.companyLicenceAnalysis },
    requester_id: row.requesterId,
    requester:
      row.requesterEmail === null
        ? null
        : {
            email: row.requesterEmail,
            profile: { first_name: row.requesterFirstName ?? '', last_name: row.requesterLastName ?? '' },
          },
    researcher_id: row.researcherId,
    updated_at: toUnixSeconds(row.updatedAt),
    created_at: toUnixSeconds(row.createdAt),
  };
}

export type TestRelations = {
  questions: QuestionRow[];
  answers: AnswerRow[];
  participants: Awaited<ReturnType<typeof listFinishedParticipantRefs>>;
  tags: Awaited<ReturnType<typeof listTagRefs>>;
  /** Signed URL of the video, or null. */
  videoUrl: string | null;
  heatmaps: HeatmapPage[];
};

export function toTestDetail(row: TestDetailRow, related: TestRelations): TestDetail {
  const { test } = row;
  const questionsOf = (kind: QuestionRow['kind']) =>
    related.questions.filter((question) => question.kind === kind);
  const answersOf = (questionId: number): Answer[] =>
    related.answers
      .filter((answer) => answer.questionId === questionId)
      .map((answer) => ({
        id: answer.id,
        question_id: answer.questionId,
        participant_id: answer.participantId,
        text: answer.text,
        translation: answer.translation,
        score: answer.score,
        checked: answer.checked,
      }));
  const toQuestion = (question: QuestionRow): TestQuestion => ({
    id: question.id,
    text: question.text,
    default: question.isDefault,
    answers: answersOf(question.id),
  });
  const toEvaluation = (question: QuestionRow): TestEvaluation => ({
    ...toQuestion(question),
    description: question.description,
    caption_low: question.captionLow,
    caption_high: question.captionHigh,
  });
  return {
    ...toTestSummary(row),
    purpose: test.purpose,
    translation: test.translation,
    focus_elements: test.focusElements,
    scenario: test.scenario,
    url: test.url,
    stop_moment: test.stopMoment,
    target_group: test.targetGroup,
    custom_target: test.customTarget,
    category_id: test.categoryId,
    flow_id: test.flowId,
    brand_name: test.brandName,
    comments: test.comments,
    delivery_date: test.deliveryDate,
    external_app: test.externalApp,
    minimum_participants_for_metrics: test.minimumParticipantsForMetrics,
    translation_language: test.translationLanguage,
    video: related.videoUrl,
    associations: questionsOf('association').map(toQuestion),
    open_questions: questionsOf('open').map(toQuestion),
    evaluations: questionsOf('scale').map(toEvaluation),
    timing: test.timing,
    addons: test.addons.filter((key): key is AddonKey => (ADDON_KEYS as readonly string[]).includes(key)),
    started_at: unixOrNull(test.startedAt),
    ended_at: unixOrNull(test.endedAt),
    participants: related.participants.map((participant) => ({
      id: participant.id,
      real_id: participant.realId,
      type: participant.type,
      started_at: unixOrNull(participant.startedAt),
      ended_at: unixOrNull(participant.endedAt),
    })),
    cohorts: cohortSizes(related.participants),
    tags: related.tags,
    heatmaps: related.heatmaps,
    report: test.report,
  };
}

/** How many finished participants (type default) each cohort has. */
const cohortSizes = (participants: TestRelations['participants']) => {
  const sizeOf = (cohort: keyof typeof COHORT_SOURCE) =>
    participants.filter(
      (participant) => participant.type === 'default' && participant.source === COHORT_SOURCE[cohort],
    ).length;
  return { lab: sizeOf('lab'), remote: sizeOf('remote') };
};
