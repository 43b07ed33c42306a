export { QuestionnaireAnswers } from './components/questionnaire-answers';
