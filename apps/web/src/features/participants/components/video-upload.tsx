import { Button, FileButton, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../../api';
import { formatPercent } from '../../../ui';
import { useUploadParticipantVideo } from '../api';

const VIDEO_TYPES = 'video/mp4,video/quicktime,video/x-matroska,.mp4,.mov,.mkv';

/** 'Upload video' (or 'Upload new video'): MKV, MP4 or MOV with a progress bar. */
export function VideoUpload({
  testId,
  participantId,
  hasVideo,
}: {
  testId: number;
  participantId: number;
  hasVideo: boolean;
}) {
  const upload = useUploadParticipantVideo(testId, participantId);
  const [share, setShare] = useState(0);
  const handleFile = (file: File | null) => {
    if (!file) return;
    setShare(0);
    upload.mutate(
      { file, onProgress: setShare },
      {
        onSuccess: () => notifications.show({ color: 'green', message: 'The video was uploaded' }),
        onError: (error) =>
          notifications.show({
            color: 'red',
            message: isApiError(error) ? error.message : 'The video could not be uploaded',
          }),
      },
    );
  };
  return (
    <Stack gap={4}>
      <FileButton onChange={handleFile} accept={VIDEO_TYPES}>
        {(props) => (
          <Button
            {...props}
            variant="light"
            leftSection={<IconUpload size={16} aria-hidden />}
            loading={upload.isPending}
          >
            {hasVideo ? 'Upload new video' : 'Upload video'}
          </Button>
        )}
      </FileButton>
      {upload.isPending ? (
        <>
          <Progress value={share * 100} aria-label="Upload progress" />
          <Text size="xs" c="dimmed">
            Uploading… {formatPercent(share)}
          </Text>
        </>
      ) : null}
    </Stack>
  );
}
