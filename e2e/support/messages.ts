/** The product's user-facing texts, from the shared contract package (spec 1 §5, §8). */
export { MESSAGES } from '../../packages/contract/src/constants.js';
