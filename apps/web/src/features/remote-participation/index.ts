export { ParticipantStudy } from './components/participant-study';
