export { CompanySummary } from './components/company-summary';
export { Articles, Promos } from './components/reading';
export { RecentTests } from './components/recent-tests';
