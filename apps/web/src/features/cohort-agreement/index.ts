export { CohortAgreementPanel } from './components/cohort-agreement-panel';
