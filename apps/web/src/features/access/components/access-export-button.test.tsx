import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../../api';
import { makeUser } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { AccessExportButton } from './access-export-button';

afterEach(() => vi.unstubAllGlobals());

describe('AccessExportButton', () => {
  it('downloads the ZIP under the server’s file name', async () => {
    storeSession('jwt', makeUser({ role: 'admin' }));
    const fetchMock = vi.fn(
      async (_input: RequestInfo | URL) =>
        new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
          status: 200,
          headers: {
            'content-type': 'application/zip',
            'content-disposition': 'attachment; filename="participant-P-1-access-export.zip"',
          },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = () => 'blob:zip';
    URL.revokeObjectURL = () => undefined;
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    renderWithProviders(<AccessExportButton testId={7} participantId={25} />);
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Access export (ZIP)' }));
    await vi.waitFor(() => expect(names).toEqual(['participant-P-1-access-export.zip']));
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/v1/tests/7/participants/25/access-export');
    click.mockRestore();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
  });

  it('says why when the server refuses', async () => {
    storeSession('jwt', makeUser({ role: 'company_member' }));
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 'forbidden', message: 'You may not do this' }), {
            status: 403,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    renderWithProviders(<AccessExportButton testId={7} participantId={25} />);
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Access export (ZIP)' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /The access export failed: You may not do this/,
    );
  });
});
