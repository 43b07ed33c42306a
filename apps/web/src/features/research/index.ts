export { ResearchList } from './components/research-list';
export { TestSetupEditor } from './components/test-setup-editor';
export { TestSetupsManager } from './components/test-setups-manager';
