export { participantKeys, useParticipants } from './api';
export { ParticipantDetailView } from './components/participant-detail';
export { ParticipantsList } from './components/participants-list';
