export { JourneyScreen } from './components/journey-screen';
