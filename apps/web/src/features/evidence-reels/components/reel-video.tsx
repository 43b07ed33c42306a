import { Anchor, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { fileSlug } from '../../../ui';

/** A reel's MP4 to download, named after the insight (its number when the title has no letters). */
export function ReelDownload({ video, title, number }: { video: string; title: string; number: number }) {
  return (
    <Anchor href={video} download={`evidence-reel-${fileSlug(title) || number}.mp4`} size="sm">
      <Group gap={4}>
        <IconDownload size={16} aria-hidden />
        Download MP4
      </Group>
    </Anchor>
  );
}

/** A reel's 16:9 player, no autoplay: the client's insight detail and a reel link's visitor show it alike. */
export function ReelVideo({ video, title }: { video: string; title: string }) {
  return (
    // biome-ignore lint/a11y/useMediaCaption: the captions are drawn into the video itself
    <video
      src={video}
      controls
      preload="metadata"
      aria-label={`Evidence reel: ${title}`}
      style={{ width: '100%', maxWidth: 960, aspectRatio: '16 / 9', background: 'black', borderRadius: 4 }}
    />
  );
}
