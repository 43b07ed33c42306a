export { labelKeys, labelsQuery, useCreateLabel, useLabels, useTags } from './api';
export { PageTitlesManager } from './components/page-titles-manager';
export { TagsManager } from './components/tags-manager';
