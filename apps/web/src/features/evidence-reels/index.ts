export { useReel } from './api';
export { PublishedReel } from './components/published-reel';
export { ReelPanel } from './components/reel-panel';
export { ReelDownload, ReelVideo } from './components/reel-video';
