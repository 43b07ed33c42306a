import { REEL_MESSAGES } from '@limbus/contract';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { removeFilesAfterCommit } from '../../files/remove-files-after-commit.js';
import {
  deleteReelRow,
  listReelFileKeys,
  lockReelsOfParticipant,
  type StoredReel,
  updateReelRow,
} from './evidence-reels.repository.js';

/**
 * What happens to reels when a participant's data goes (docs/data-rights.md): the MP4 of every
 * reel that shows them is deleted, and the reel is a draft to render again without them.
 */

/** Why the participant's data goes: erased (their points go too), or a kind removed by retention. */
export type ReelWithdrawalReason = 'erased' | 'recording removed' | 'streams removed';

export type ReelsWithdrawn = {
  /** Reels that lost their file or the participant's clips, left as drafts to render again. */
  changed: number;
  /** Reels deleted: every clip was the erased participant's. */
  deleted: number;
  /** The files those reels named: the caller deletes them from the store. */
  fileKeys: string[];
};

const MESSAGES: Record<ReelWithdrawalReason, string> = {
  erased: REEL_MESSAGES.participantErased,
  'recording removed': REEL_MESSAGES.recordingRemoved,
  'streams removed': REEL_MESSAGES.streamsRemoved,
};

/**
 * In the caller's transaction, before the participant's rows change: each reel whose file shows
 * one of their points loses the file (named in `fileKeys`, for the caller to delete before it
 * commits or to note as pending) and becomes a draft with a message; `published` stays, so that
 * clients see the reel again once it is rendered without them. An erasure drops their clips too,
 * and deletes a reel left without any. Retention keeps the clips: the points stay, and the render
 * leaves out a clip without a recording.
 */
export async function withdrawParticipantFromReels(
  tx: Executor,
  participantId: number,
  reason: ReelWithdrawalReason,
): Promise<ReelsWithdrawn> {
  const { pointIds, reels } = await lockReelsOfParticipant(tx, participantId);
  const theirs = new Set(pointIds);
  const withdrawn: ReelsWithdrawn = { changed: 0, deleted: 0, fileKeys: [] };
  for (const reel of reels) {
    const showsThem = reel.fileKey !== null && reel.renderedPointIds.some((id) => theirs.has(id));
    const clips = reason === 'erased' ? reel.clips.filter((clip) => !theirs.has(clip.point_id)) : reel.clips;
    if (!showsThem && clips.length === reel.clips.length) continue;
    if (clips.length === 0) {
      if (reel.fileKey) withdrawn.fileKeys.push(reel.fileKey);
      await deleteReelRow(tx, reel.id);
      withdrawn.deleted += 1;
      continue;
    }
    if (showsThem && reel.fileKey) withdrawn.fileKeys.push(reel.fileKey);
    await updateReelRow(tx, reel.id, withoutFile(clips, showsThem, MESSAGES[reason]));
    withdrawn.changed += 1;
  }
  return withdrawn;
}

function withoutFile(clips: StoredReel['clips'], showsThem: boolean, message: string) {
  return {
    clips,
    // Also a render in hand, which then deletes the file it made instead of storing it.
    state: 'draft' as const,
    ...(showsThem ? { fileKey: null, renderedPointIds: [], progress: 0 } : {}),
    message,
  };
}

/**
 * The reels' files of an insight, a test or a company about to be deleted: listed in the
 * deletion's transaction, deleted by `removeReelFiles` once it committed.
 */
export const listReelFilesOf = listReelFileKeys;

/** Deletes the files of reels whose rows are gone (committed), as the files of removed participants go. */
export const removeReelFiles = (deps: Pick<Deps, 'files' | 'log'>, keys: string[]) =>
  removeFilesAfterCommit(deps, keys, 'the file of a deleted evidence reel remains');
