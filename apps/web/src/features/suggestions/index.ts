export { suggestionKeys, useSuggestions } from './api';
export { LinkedSuggestions } from './components/linked-suggestions';
export { SuggestionList } from './components/suggestion-list';
export { SuggestionScreen } from './components/suggestion-screen';
export { canEditSuggestions } from './permissions';
