export { consentKeys, useConsentTerms, useParticipantConsent } from './api';
export { ConsentSection } from './components/consent-section';
export { ConsentTermsScreen } from './components/consent-terms-screen';
