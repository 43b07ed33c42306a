import { TEST_TYPES } from '@limbus/contract';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgEnum, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { companies } from './accounts.js';
import { createdAt } from './columns.js';

export const testTypeEnum = pgEnum('test_type', TEST_TYPES);

export const contracts = pgTable(
  'contracts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    comments: text('comments').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [
    index('contracts_company_idx').on(table.companyId),
    check('contracts_dates_check', sql`${table.startDate} < ${table.endDate}`),
  ],
);

export const bundles = pgTable(
  'bundles',
  {
    id: serial('id').primaryKey(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    testType: testTypeEnum('test_type').notNull(),
    tests: integer('tests').notNull(),
    /** Tests of this bundle consumed by requested tests; never above `tests`. */
    requested: integer('requested').notNull().default(0),
    comments: text('comments').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [
    index('bundles_contract_idx').on(table.contractId),
    check('bundles_requested_check', sql`${table.requested} >= 0 AND ${table.requested} <= ${table.tests}`),
  ],
);
