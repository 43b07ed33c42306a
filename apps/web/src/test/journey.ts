import type { Journey } from '@limbus/contract';

/**
 * A journey as GET /tests/{id}/journey answers it: three participants start on Home, two go on to
 * Basket and leave there, one leaves after Home; a third page was never visited.
 */
export function makeJourney(): Journey {
  return {
    participants: 3,
    continued: 0,
    max_steps: 8,
    pages: [
      { id: 1, name: 'Home', visitors: 3, joy: 0.5, attention: 0.5, frustration: 0.2 },
      { id: 2, name: 'Basket', visitors: 2, joy: 0.31, attention: 0.6, frustration: 0.6 },
      { id: 3, name: 'Never seen', visitors: 0, joy: null, attention: null, frustration: null },
    ],
    nodes: [
      { step: 0, page_id: 1, participants: 3 },
      { step: 1, page_id: 2, participants: 2 },
    ],
    links: [
      { step: 0, source: 1, target: 2, participants: 2 },
      { step: 0, source: 1, target: null, participants: 1 },
      { step: 1, source: 2, target: null, participants: 2 },
    ],
  };
}
