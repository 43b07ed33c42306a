import type { TestFile, TestFileKind } from '@limbus/contract';

type GroupKey = 'recordings' | 'uploads' | 'exports';

const GROUPS: Array<{ key: GroupKey; title: string; description: string; kinds: TestFileKind[] }> = [
  {
    key: 'recordings',
    title: 'Recordings',
    description:
      "Participants' screen recordings and their recorded samples (emotions, gaze, mouse and touch); samples are stored compressed and download in full.",
    kinds: ['screen_recording', 'samples'],
  },
  { key: 'uploads', title: 'Uploads', description: 'What was uploaded for the test.', kinds: ['test_video'] },
  { key: 'exports', title: 'Exports', description: 'Reports made for the client.', kinds: ['report'] },
];

/** The files in the three groups of the screen (recordings, uploads, exports), empty groups left out. */
export function groupTestFiles(files: readonly TestFile[]) {
  return GROUPS.map(({ kinds, ...group }) => ({
    ...group,
    files: files.filter((file) => kinds.includes(file.kind)),
  })).filter((group) => group.files.length > 0);
}
