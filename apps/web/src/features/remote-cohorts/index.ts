export { RemoteCohortsSection } from './components/remote-cohorts-section';
