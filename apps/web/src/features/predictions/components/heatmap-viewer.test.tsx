import type { AreaOfInterest, Prediction } from '@limbus/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { HeatmapViewer } from './heatmap-viewer';

const area = (id: number, name: string, value: number | null): AreaOfInterest => ({
  id,
  name,
  top: 0,
  left: 0,
  width: 100,
  height: 50,
  value,
});

const PREDICTION: Prediction = {
  id: 7,
  project_id: null,
  title: 'Home page, desktop',
  application: 'Shop',
  width: 1920,
  height: 1080,
  image: '/media/image',
  image_thumb: '/media/thumb',
  image_mask: '/media/mask',
  image_result: '/media/result',
  peekthrough: '/media/peekthrough',
  heatmap: '/media/heatmap',
  peekthrough_attention_share: 0.18,
  generation: { state: 'done', progress: 100, message: null },
  created_at: '2026-11-25T10:00:00.000Z',
  requester: 'claire@acme.test',
  areas_of_interest: [
    area(1, 'Header', 0.129),
    area(2, 'Box 2', 0.5),
    area(3, 'Box 3', 0.999),
    area(4, 'Footer', 0.01),
  ],
};

const render = (canEdit = true, prediction = PREDICTION) =>
  renderWithProviders(<HeatmapViewer prediction={prediction} canEdit={canEdit} />, {
    path: '/predictions/heatmaps/7',
  });

const NOT_GENERATED: Prediction = {
  ...PREDICTION,
  image_mask: null,
  image_result: null,
  peekthrough: null,
  heatmap: null,
  peekthrough_attention_share: null,
};

type Drawn = { op: string; alpha: number; args: unknown[] };

/**
 * jsdom draws nothing: each canvas gets a context that records its drawing calls, images load at
 * once, and the PNG and the saved file are caught instead of made.
 */
function recordExport() {
  const canvases: Drawn[][] = [];
  const saved: string[] = [];
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => {
    const log: Drawn[] = [];
    canvases.push(log);
    const context = {
      globalAlpha: 1,
      measureText: (text: string) => ({ width: text.length * 8 }),
      createLinearGradient: () => ({ addColorStop: () => {} }),
    } as Record<string, unknown>;
    for (const op of ['fillRect', 'strokeRect', 'drawImage', 'fillText'])
      context[op] = (...args: unknown[]) => log.push({ op, alpha: context.globalAlpha as number, args });
    return context as unknown as CanvasRenderingContext2D;
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done) =>
    done(new Blob(['png'], { type: 'image/png' })),
  );
  vi.stubGlobal(
    'Image',
    class {
      onload: () => void = () => {};
      set src(url: string) {
        Object.assign(this, { url });
        setTimeout(() => this.onload());
      }
    },
  );
  Object.assign(URL, { createObjectURL: () => 'blob:view', revokeObjectURL: () => {} });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return { canvases, saved };
}

const urlOf = (drawn: Drawn | undefined) => (drawn?.args[0] as { url?: string } | undefined)?.url;
const texts = (log: Drawn[] = []) =>
  log.filter((drawn) => drawn.op === 'fillText').map((drawn) => drawn.args[0]);

describe('HeatmapViewer', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows the heatmap at opacity 30, and the peekthrough on the toggle', async () => {
    useFakeApi({});
    render();
    expect(screen.getByText('Opacity: 30')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Predicted attention heatmap' }).style.opacity).toBe('0.3');
    await userEvent.setup().click(screen.getByText('Peekthrough'));
    expect(screen.getByRole('img', { name: 'Peekthrough: areas unlikely to be seen' })).toBeTruthy();
    expect(screen.getByText(/18 % of the predicted attention/)).toBeTruthy();
  });

  it('downloads the view as shown: the chosen layer at the chosen opacity, the boxes and the legend', async () => {
    useFakeApi({});
    const { canvases, saved } = recordExport();
    render();
    const user = userEvent.setup();
    await user.click(screen.getByText('Peekthrough'));
    screen.getByRole('slider').focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByText('Opacity: 32')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Download PNG' }));
    await waitFor(() => expect(saved).toEqual(['peekthrough-home-page-desktop.png']));
    const [page, overlay] = canvases;
    const images = page?.filter((drawn) => drawn.op === 'drawImage') ?? [];
    expect(urlOf(images[0])).toBe('/media/image');
    expect(images[1]?.alpha).toBeCloseTo(0.32);
    expect(urlOf(overlay?.find((drawn) => drawn.op === 'drawImage'))).toBe('/media/peekthrough');
    expect(texts(page)).toEqual([
      // a 100 px box holds 88 px of label: the name gives way to the share (issue 26)
      'Head…: 12 %',
      'Box 2: 50 %',
      'Box 3: 99 %',
      'Footer: 1 %',
      'Grey: unlikely to be seen in the first 3 to 5 seconds (18 % of the predicted attention)',
    ]);
  });

  it('downloads the heatmap layer at the default opacity with its heat scale', async () => {
    useFakeApi({});
    const { canvases, saved } = recordExport();
    render();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download PNG' }));
    await waitFor(() => expect(saved).toEqual(['heatmap-home-page-desktop.png']));
    const [page, overlay] = canvases;
    expect(page?.filter((drawn) => drawn.op === 'drawImage')[1]?.alpha).toBeCloseTo(0.3);
    expect(urlOf(overlay?.find((drawn) => drawn.op === 'drawImage'))).toBe('/media/heatmap');
    expect(texts(page).at(-1)).toBe('Fewer → most  ·  Predicted attention on Home page, desktop');
  });

  it('lists three boxes before More, with their share as a whole percent rounded down', async () => {
    useFakeApi({});
    render();
    const panel = screen.getByRole('region', { name: 'Areas of interest' });
    expect(within(panel).getByLabelText('Share of attention in Header').textContent).toBe('12 %');
    // issue 26: the shares say what they are a share of
    expect(panel.textContent).toContain(
      "Each box's share of all the attention the model predicts on the page",
    );
    expect(within(panel).getByLabelText('Share of attention in Box 3').textContent).toBe('99 %');
    expect(within(panel).queryByLabelText('Share of attention in Footer')).toBeNull();
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'More (1)' }));
    expect(within(panel).getByLabelText('Share of attention in Footer').textContent).toBe('1 %');
  });

  it('deletes after "Are you sure?!" and goes back to the heatmaps', async () => {
    const fake = useFakeApi({ 'DELETE /predictions/7': { status: 204 } });
    render();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure?!')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Elsewhere')).toBeTruthy();
    expect(fake.calls.some((call) => call.method === 'DELETE' && call.path === '/predictions/7')).toBe(true);
  });

  it('offers neither Delete nor drawing to readers', () => {
    useFakeApi({});
    render(false);
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove Header' })).toBeNull();
  });

  it('shows why a generation failed, and Try again queues it anew', async () => {
    const failed = { state: 'failed', progress: 10, message: 'The screenshot is missing' } as const;
    const queued = { ...NOT_GENERATED, generation: { state: 'queued', progress: 0, message: null } };
    const fake = useFakeApi({ 'GET /predictions/7/generate': { body: queued } });
    render(true, { ...NOT_GENERATED, generation: failed });
    expect(screen.getByText('The prediction could not be made')).toBeTruthy();
    expect(screen.getByText('The screenshot is missing')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(fake.calls.some((call) => call.path === '/predictions/7/generate')).toBe(true);
  });

  it('shows a queued or running generation with its progress and no Generate button', () => {
    useFakeApi({});
    render(true, { ...NOT_GENERATED, generation: { state: 'running', progress: 40, message: null } });
    expect(screen.getByText('Generating')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Progress of the prediction' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Generate' })).toBeNull();
  });
});
