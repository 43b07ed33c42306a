export { TestFiles } from './components/test-files';
