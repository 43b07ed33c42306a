export { journeyQuery } from './api';
export { JourneyScreen } from './components/journey-screen';
