import { useCurrentUser } from '../features/account';
import { canEditSuggestions, SuggestionList } from '../features/suggestions';
import { useLoadedTest } from '../features/test-results';

/** /test/{id}/suggestions */
export function SuggestionsPage() {
  const test = useLoadedTest();
  const { user } = useCurrentUser();
  return <SuggestionList testId={test.id} canEdit={canEditSuggestions(user, test)} />;
}
