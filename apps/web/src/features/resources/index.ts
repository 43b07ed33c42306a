export {
  resourceKeys,
  uploadResourceImage,
  useCreateResource,
  useDeleteResource,
  useResource,
  useResources,
  useResourceTags,
  useUpdateResource,
} from './api';
export { ResourceAuthoringNotAllowed, ResourceNotFound } from './components/not-allowed';
export { ResourceArticle } from './components/resource-article';
export { ResourceCard } from './components/resource-card';
export { ResourceEditor } from './components/resource-editor';
export { ResourcesList } from './components/resources-list';
export {
  canAuthorResources,
  filterResources,
  RESOURCE_TYPE_OPTIONS,
  resourceTypeName,
} from './resource-filters';
