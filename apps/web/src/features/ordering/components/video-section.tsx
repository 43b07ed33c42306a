import { TEST_VIDEO_ACCEPT } from '@limbus/contract';
import { Alert, Button, FileInput, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconUpload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatPercent } from '../../../ui';
import { FormSection } from './form-section';

export type VideoSectionProps = {
  /** Signed URL of the uploaded video, or null when none was uploaded. */
  videoUrl: string | null;
  file: File | null;
  onFileChange: (file: File | null) => void;
  error?: ReactNode;
  /** Share of the upload sent, 0 to 1, while uploading. */
  progress: number | null;
  /** View mode: the test cannot be changed, but a missing video can still be uploaded. */
  isReadOnly: boolean;
  onSaveVideo: () => void;
  isSaving: boolean;
};

function UploadProgress({ share }: { share: number }) {
  const percent = Math.round(share * 100);
  return (
    <Stack gap={4}>
      <Text size="sm" aria-live="polite">
        Uploading the video… {formatPercent(share)}
      </Text>
      <Progress value={percent} aria-label="Video upload" size="lg" striped animated={percent < 100} />
    </Stack>
  );
}

/** The test's video: the uploaded one, a file to upload (MKV, MP4, MOV) and the upload's progress. */
export function VideoSection({
  videoUrl,
  file,
  onFileChange,
  error,
  progress,
  isReadOnly,
  onSaveVideo,
  isSaving,
}: VideoSectionProps) {
  const isMissing = videoUrl === null;
  if (isReadOnly && !isMissing) {
    return (
      <FormSection title="Video">
        {/* biome-ignore lint/a11y/useMediaCaption: a client's own commercial, uploaded without captions */}
        <video src={videoUrl} controls preload="metadata" style={{ width: '100%', borderRadius: 8 }} />
      </FormSection>
    );
  }
  return (
    <FormSection title="Video">
      {isReadOnly ? (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title="No video yet"
        >
          No video has been uploaded for this test. Upload the video participants will watch.
        </Alert>
      ) : null}
      {!isReadOnly && videoUrl ? (
        // biome-ignore lint/a11y/useMediaCaption: a client's own commercial, uploaded without captions
        <video src={videoUrl} controls preload="metadata" style={{ width: '100%', borderRadius: 8 }} />
      ) : null}
      <FileInput
        label={videoUrl ? 'Replace the video' : 'Video'}
        description="An MKV, MP4 or MOV file"
        placeholder="Choose a video file"
        accept={TEST_VIDEO_ACCEPT}
        leftSection={<IconUpload size={16} aria-hidden />}
        clearable
        value={file}
        onChange={onFileChange}
        error={error}
        disabled={progress !== null}
      />
      {progress !== null ? <UploadProgress share={progress} /> : null}
      {isReadOnly && file ? (
        <Button onClick={onSaveVideo} loading={isSaving} disabled={Boolean(error)} w="fit-content">
          Save Video
        </Button>
      ) : null}
    </FormSection>
  );
}
