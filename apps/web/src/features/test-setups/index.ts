export { SetupPanel } from './components/setup-panel';
export { TestSetupsManager } from './components/test-setups-manager';
