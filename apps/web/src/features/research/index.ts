export { ResearchList } from './components/research-list';
