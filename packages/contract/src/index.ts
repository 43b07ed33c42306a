export * from './accounts.js';
export * from './companies.js';
export * from './constants.js';
export * from './contracts.js';
export * from './errors.js';
export * from './fields.js';
export * from './tests.js';
export * from './users.js';
