export { SuccessMessage } from './components/success-message';
export { TestKindChooser } from './components/test-kind-chooser';
