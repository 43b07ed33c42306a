export { recordingParticipantQuery, sectionClipsQuery } from './api';
export { PlainRecording } from './components/plain-recording';
export { RecordingScreen } from './components/recording-screen';
export { SectionVideoScreen } from './components/section-video-screen';
export { pointRecordingHref } from './links';
