export { PageTitlesManager } from './components/page-titles-manager';
export { QuestionnaireAnswers } from './components/questionnaire-answers';
export { ResearchList } from './components/research-list';
export { TagsManager } from './components/tags-manager';
export { TestFiles } from './components/test-files';
export { TestSetupEditor } from './components/test-setup-editor';
export { TestSetupsManager } from './components/test-setups-manager';
