import { describe, expect, it } from 'vitest';
import { canEditSuggestions } from './permissions';

const company = (licences: { analysis?: boolean; research?: boolean } = {}) => ({
  id: 3,
  name: 'Co',
  licence_analysis: licences.analysis ?? false,
  licence_research: licences.research ?? false,
  is_demo: false,
  is_provider: false,
});
const test = { company_id: 3 };

describe('canEditSuggestions', () => {
  it('lets the test company’s admins and members edit, not its demo users', () => {
    expect(canEditSuggestions({ role: 'company_admin', company_id: 3, company: company() }, test)).toBe(true);
    expect(canEditSuggestions({ role: 'company_member', company_id: 3, company: company() }, test)).toBe(
      true,
    );
    expect(canEditSuggestions({ role: 'demo', company_id: 3, company: company() }, test)).toBe(false);
  });

  it('lets staff edit any company’s, and nobody else', () => {
    const staff = {
      role: 'company_member' as const,
      company_id: 2,
      company: { ...company({ research: true }), id: 2 },
    };
    expect(canEditSuggestions(staff, test)).toBe(true);
    expect(canEditSuggestions({ role: 'admin', company_id: null, company: null }, test)).toBe(true);
    expect(
      canEditSuggestions({ role: 'company_admin', company_id: 4, company: { ...company(), id: 4 } }, test),
    ).toBe(false);
    expect(canEditSuggestions(null, test)).toBe(false);
  });
});
