export { labelKeys, labelsQuery, useCreateLabel, useLabels } from './api';
export { PageTitlesManager } from './components/page-titles-manager';
export { TagsManager } from './components/tags-manager';
export { useTags } from './tags-api';
