import { useParams } from 'react-router';
import { isApiError } from '../api';
import { useCurrentUser } from '../features/account';
import {
  canAuthorResources,
  ResourceAuthoringNotAllowed,
  ResourceEditor,
  ResourceNotFound,
  useResource,
} from '../features/resources';
import { ErrorAlert, PageLoader, PageTitle } from '../ui';

function EditResource({ id }: { id: number }) {
  const article = useResource(id);
  if (article.isLoading) return <PageLoader label="Loading the article" />;
  if (article.isError && !(isApiError(article.error) && article.error.status === 404))
    return <ErrorAlert error={article.error} title="The article could not be loaded" />;
  if (!article.data) return <ResourceNotFound />;
  return <ResourceEditor resource={article.data} />;
}

/** /resources/new and /resources/{id}/edit: the editor, for the provider company only. */
export function ResourceEditorPage() {
  const { id } = useParams();
  const { user, isLoading } = useCurrentUser();
  const isNew = id === undefined;
  if (isLoading) return <PageLoader />;
  return (
    <>
      <PageTitle>{isNew ? 'New resource' : 'Edit resource'}</PageTitle>
      {!canAuthorResources(user) ? (
        <ResourceAuthoringNotAllowed />
      ) : isNew ? (
        <ResourceEditor />
      ) : (
        <EditResource key={id} id={Number(id)} />
      )}
    </>
  );
}
