import type { ProcessingRecord } from '@limbus/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { ProcessingRecordDocument } from './processing-record-document';

const record: ProcessingRecord = {
  generated_at: Date.UTC(2026, 10, 29, 10, 0) / 1000,
  controller: {
    company_id: 7,
    name: 'Acme Running',
    address: 'Keizersgracht 1, 1015 CJ Amsterdam, Netherlands',
    contact: { name: 'Ada Admin', email: 'ada@acme.test' },
  },
  processor: { name: 'Limbus Research', address: 'Herengracht 2, 1016 BK Amsterdam' },
  purposes: [
    { purpose: 'report', name: "This study's report for the client", granted: 12 },
    { purpose: 'norms', name: 'Anonymised norms and benchmarks across tests', granted: 10 },
    { purpose: 'ai', name: "AI processing (text generated from the participant's comments)", granted: 7 },
  ],
  data_subjects: { tests: 2, participants: 12, with_consent: 12 },
  data_categories: [
    { stream: 'emotions', name: 'EEG and emotions', special_category: true, granted: 12 },
    { stream: 'screen', name: 'Screen recording', special_category: false, granted: 11 },
  ],
  recipients: ["Acme Running's own users of Limbus (3 users), who read the results of its tests"],
  locations: {
    database: "The embedded database on the provider's server (its data directory)",
    files: "The local disk of the provider's server (its data directory)",
    ai: 'On the Limbus server itself: no data leaves the installation for AI text',
  },
  retention: {
    company_id: 7,
    recordings_days: 90,
    streams_days: 730,
    derived_days: null,
    is_default: true,
    updated_at: null,
    updated_by: null,
  },
  security_measures: ['Access by role and company'],
  tests: [
    {
      id: 4,
      name: 'Checkout study',
      participants: 12,
      terms_version: 2,
      streams: ['emotions', 'screen'],
      purposes: ['report', 'ai'],
    },
    { id: 5, name: 'Draft study', participants: 0, terms_version: null, streams: [], purposes: [] },
  ],
};

describe('ProcessingRecordDocument', () => {
  it("reads the company's record in the article's numbered sections, with counts out of its participants", async () => {
    useFakeApi({ 'GET /companies/7/record-of-processing': () => ({ body: { data: record } }) });
    renderWithProviders(<ProcessingRecordDocument companyId={7} />);

    const purposes = await screen.findByRole('table', { name: 'Purposes' });
    expect(within(purposes).getByText('7 of 12 participants')).toBeTruthy();
    expect(screen.getByRole('region', { name: '1. Controller and processor' })).toBeTruthy();
    expect(screen.getByText('Ada Admin (ada@acme.test)')).toBeTruthy();
    const categories = screen.getByRole('table', { name: 'Categories of personal data' });
    expect(within(categories).getAllByText('Special category (Art. 9)')).toHaveLength(1);
    expect(screen.getByText('90 days after the test is done')).toBeTruthy();
    const tests = screen.getByRole('table', { name: 'Tests covered' });
    expect(within(tests).getByText('Version 2')).toBeTruthy();
    expect(within(tests).getByText('No consent terms')).toBeTruthy();
    expect(within(tests).getByText('EEG and emotions, Screen recording')).toBeTruthy();
  });

  it('prints the page from its button', async () => {
    useFakeApi({ 'GET /companies/7/record-of-processing': () => ({ body: { data: record } }) });
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    renderWithProviders(<ProcessingRecordDocument companyId={7} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Print or save as PDF' }));
    expect(print).toHaveBeenCalledOnce();
    print.mockRestore();
  });

  it('says so when the record cannot be read', async () => {
    useFakeApi({
      'GET /companies/7/record-of-processing': () => ({
        status: 403,
        body: { error: { code: 'forbidden', message: 'You do not have access to this company' } },
      }),
    });
    renderWithProviders(<ProcessingRecordDocument companyId={7} />);
    expect(await screen.findByText('The record of processing could not be loaded')).toBeTruthy();
  });
});
