import { Navigate, useParams } from 'react-router';
import { useCurrentUser } from '../features/account';
import { canEditSuggestions, SuggestionScreen } from '../features/suggestions';
import { useLoadedTest } from '../features/test-results';

/** /test/{id}/suggestions/{suggestionId} and /test/{id}/suggestions/new */
export function SuggestionPage() {
  const test = useLoadedTest();
  const { user } = useCurrentUser();
  const { suggestionId = '' } = useParams();
  const id =
    suggestionId === 'new' ? 'new' : /^[1-9]\d{0,9}$/.test(suggestionId) ? Number(suggestionId) : null;
  if (id === null) return <Navigate to={`/test/${test.id}/suggestions`} replace />;
  return (
    <SuggestionScreen
      testId={test.id}
      companyId={test.company_id}
      suggestionId={id}
      canEdit={canEditSuggestions(user, test)}
    />
  );
}
