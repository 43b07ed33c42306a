import { CAPTURE_DEVICE_REQUIRED, CAPTURE_VIEW_REQUIRED } from '@limbus/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { CaptureForm } from './capture-form';

describe('CaptureForm', () => {
  it('asks for an http address, a device and a view, then adds one capture per view', async () => {
    const onAdd = vi.fn();
    renderWithProviders(<CaptureForm onAdd={onAdd} disabled={false} />);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Add capture' }));
    expect(screen.getByText('Give the address of the page')).toBeTruthy();
    expect(screen.getByText(CAPTURE_DEVICE_REQUIRED)).toBeTruthy();
    expect(screen.getByText(CAPTURE_VIEW_REQUIRED)).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'Web address' }), 'ftp://example.com/');
    await user.click(screen.getByRole('button', { name: 'Add capture' }));
    expect(screen.getByText('Give an http or https address')).toBeTruthy();
    expect(onAdd).not.toHaveBeenCalled();

    const address = screen.getByRole('textbox', { name: 'Web address' });
    await user.clear(address);
    await user.type(address, ' https://www.example.com/ ');
    await user.click(screen.getByRole('radio', { name: /^Desktop/ }));
    for (const checkbox of screen.getAllByRole('checkbox')) await user.click(checkbox);
    await user.click(screen.getByRole('button', { name: 'Add capture' }));
    expect(onAdd).toHaveBeenCalledTimes(1);
    const captures = onAdd.mock.calls[0]?.[0];
    expect(captures).toHaveLength(2);
    expect(captures?.[0]).toMatchObject({
      kind: 'capture',
      capture: { url: 'https://www.example.com/', device: 'desktop' },
    });
    expect(address).toHaveProperty('value', '');
  });
});
