export { TestSetupEditor } from './components/test-setup-editor';
