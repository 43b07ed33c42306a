export { ParticipantWelcome } from './components/participant-welcome';
