import type { Executor } from './client.js';
import { ISO_COUNTRIES } from './countries.js';
import { categories, countries, flows } from './schema.js';

/** Branches a tested product belongs to (a test's category_id). */
export const TEST_CATEGORIES = [
  'Automotive',
  'B2B services',
  'E-commerce',
  'Education',
  'Energy & utilities',
  'Fashion & retail',
  'Finance & insurance',
  'Food & beverage',
  'Government & non-profit',
  'Healthcare',
  'Media & publishing',
  'Real estate',
  'Telecom',
  'Travel & leisure',
  'Other',
];

/** The user journey a test follows (a test's flow_id). */
export const TEST_FLOWS = [
  'Account management',
  'Booking',
  'Checkout',
  'Comparison',
  'Contact & customer service',
  'Content reading',
  'Homepage',
  'Navigation',
  'Product page',
  'Search',
  'Sign-up & onboarding',
  'Video commercial',
  'Other',
];

/** Data every installation needs, demo or not: ISO countries, test categories and flows. Safe to run at every start. */
export async function seedReferenceData(db: Executor): Promise<void> {
  await db
    .insert(countries)
    .values(ISO_COUNTRIES.map(([code, name]) => ({ code, name })))
    .onConflictDoNothing();
  await db
    .insert(categories)
    .values(TEST_CATEGORIES.map((name) => ({ name })))
    .onConflictDoNothing();
  await db
    .insert(flows)
    .values(TEST_FLOWS.map((name) => ({ name })))
    .onConflictDoNothing();
}
