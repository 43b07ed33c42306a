import {
  drawOverlay,
  frameMapping,
  type OverlaySamples,
  overlayScene,
  type PageVisit,
  pageVisits,
  sampleFrame,
} from '@limbus/analytics';
import { Box } from '@mantine/core';
import { type RefObject, useEffect, useMemo, useRef } from 'react';
import { evidenceVideoStyle } from '../../../ui';
import { gazeHeatmap, visitAt } from '../gaze-heatmap';
import { videoRatio } from '../video-box';

type VideoWithFrames = HTMLVideoElement & {
  requestVideoFrameCallback?: (callback: () => void) => number;
  cancelVideoFrameCallback?: (handle: number) => void;
};

type HeatmapCache = { key: string; canvas: HTMLCanvasElement | null };

/** How often the heatmap of the visit so far is computed again while playing. */
const HEATMAP_REFRESH_MS = 500;

/** The heatmap of the current page visit up to `nowMs`, kept while the key stays the same. */
function heatmapCanvas(
  cache: HeatmapCache,
  samples: OverlaySamples,
  visits: readonly PageVisit[],
  nowMs: number,
  frame: ReturnType<typeof sampleFrame>,
): HTMLCanvasElement | null {
  if (!samples.eyes) return null;
  const visit = visitAt(visits, nowMs);
  const fromMs = visit?.start ?? nowMs - 10_000;
  const key = `${fromMs}|${Math.floor(nowMs / HEATMAP_REFRESH_MS)}|${frame.width}x${frame.height}`;
  if (cache.key === key) return cache.canvas;
  const heat = gazeHeatmap(samples.eyes, fromMs, nowMs, frame);
  let canvas: HTMLCanvasElement | null = null;
  if (heat) {
    canvas = document.createElement('canvas');
    canvas.width = heat.width;
    canvas.height = heat.height;
    canvas
      .getContext('2d')
      ?.putImageData(new ImageData(new Uint8ClampedArray(heat.rgba), heat.width, heat.height), 0, 0);
  }
  cache.key = key;
  cache.canvas = canvas;
  return canvas;
}

/**
 * The screen recording with its overlay: a canvas over the video, redrawn for every frame the
 * video presents (requestVideoFrameCallback; animation frames where it is missing) and on every
 * seek: the gaze trail of the last second, the pointer, the clicks, and with `showHeatmap` the
 * heatmap of the page visit so far under them.
 */
export function RecordingPlayer({
  video,
  src,
  platform,
  startMs,
  samples,
  showHeatmap,
  belowPx,
}: {
  video: RefObject<HTMLVideoElement | null>;
  src: string;
  platform: string;
  /** Epoch ms of the recording's first frame. */
  startMs: number;
  samples: OverlaySamples;
  showHeatmap: boolean;
  /** The room kept under the video's top for its chart: the video is at most the window less it high. */
  belowPx: number;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const visits = useMemo(() => (samples.mice ? pageVisits(samples.mice) : []), [samples.mice]);
  const heatmapCache = useRef<HeatmapCache>({ key: '', canvas: null });

  useEffect(() => {
    const element = video.current as VideoWithFrames | null;
    const target = canvas.current;
    const context = target?.getContext('2d');
    if (!element || !target || !context) return;
    let handle = 0;
    let isFollowing = false;
    // the video's size as the resize observer last saw it: reading clientWidth here forced a
    // layout on every draw, several while the screen was still being built
    let width = 0;
    let height = 0;
    const draw = () => {
      if (width === 0 || height === 0) return;
      const ratio = window.devicePixelRatio || 1;
      if (target.width !== Math.round(width * ratio) || target.height !== Math.round(height * ratio)) {
        target.width = Math.round(width * ratio);
        target.height = Math.round(height * ratio);
      }
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      const picture =
        element.videoWidth > 0 ? { width: element.videoWidth, height: element.videoHeight } : null;
      const frame = sampleFrame(platform, picture);
      const mapping = frameMapping(frame, { width, height }, picture);
      const nowMs = startMs + element.currentTime * 1000;
      drawOverlay(context, overlayScene(samples, nowMs, frame, mapping), width, height);
      if (!showHeatmap) return;
      const heat = heatmapCanvas(heatmapCache.current, samples, visits, nowMs, frame);
      if (!heat) return;
      context.save();
      context.globalAlpha = 0.6;
      context.globalCompositeOperation = 'destination-over';
      context.drawImage(
        heat,
        mapping.left,
        mapping.top,
        frame.width * mapping.scaleX,
        frame.height * mapping.scaleY,
      );
      context.restore();
    };
    const follow = () => {
      draw();
      if (element.paused || element.ended) {
        isFollowing = false;
        return;
      }
      handle = element.requestVideoFrameCallback
        ? element.requestVideoFrameCallback(follow)
        : requestAnimationFrame(follow);
    };
    const start = () => {
      if (isFollowing) return;
      isFollowing = true;
      follow();
    };
    const cancel = () => {
      if (element.cancelVideoFrameCallback) element.cancelVideoFrameCallback(handle);
      else cancelAnimationFrame(handle);
    };
    // it also reports the first size, which draws the first overlay
    const resize = new ResizeObserver(([entry]) => {
      if (!entry) return;
      width = entry.contentRect.width;
      height = entry.contentRect.height;
      draw();
    });
    resize.observe(element);
    element.addEventListener('play', start);
    element.addEventListener('seeked', draw);
    element.addEventListener('loadeddata', draw);
    element.addEventListener('pause', draw);
    if (!element.paused) start();
    return () => {
      cancel();
      resize.disconnect();
      element.removeEventListener('play', start);
      element.removeEventListener('seeked', draw);
      element.removeEventListener('loadeddata', draw);
      element.removeEventListener('pause', draw);
    };
  }, [video, platform, startMs, samples, showHeatmap, visits]);

  return (
    // the box has the platform's screen's shape before the video loads (no layout shift); a
    // recording of another shape is letterboxed inside it, and the overlay follows the picture
    <Box
      pos="relative"
      bg="#000"
      style={{ lineHeight: 0, ...evidenceVideoStyle({ belowPx, ratio: videoRatio(platform) }) }}
    >
      {/* biome-ignore lint/a11y/useMediaCaption: a screen recording has no speech to caption */}
      <video
        ref={video}
        src={src}
        controls
        preload="auto"
        style={{ width: '100%', height: '100%', display: 'block' }}
      >
        Your browser does not support the video tag.
      </video>
      <canvas
        ref={canvas}
        aria-hidden
        data-testid="recording-overlay"
        style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' }}
      />
    </Box>
  );
}
