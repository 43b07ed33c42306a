import type { Prediction } from '@limbus/contract';
import { describe, expect, it } from 'vitest';
import { filterPredictions } from './api';

const prediction = (id: number, title: string, image = '/img'): Prediction => ({
  id,
  project_id: null,
  title,
  application: '',
  width: 1920,
  height: 1080,
  image,
  image_thumb: image,
  image_mask: null,
  image_result: null,
  peekthrough: null,
  heatmap: null,
  peekthrough_attention_share: null,
  generation: null,
  created_at: '2026-11-25T10:00:00.000Z',
  requester: null,
  areas_of_interest: [],
});

describe('filterPredictions', () => {
  const list = [
    prediction(3, 'Home page'),
    prediction(2, 'Basket'),
    prediction(1, ' '),
    prediction(4, 'Home', ''),
  ];

  it('keeps only entries with an image and a title, in the given order', () => {
    expect(filterPredictions(list, '').map((p) => p.id)).toEqual([3, 2]);
  });

  it('searches the title, whatever the case', () => {
    expect(filterPredictions(list, '  hOME ').map((p) => p.id)).toEqual([3]);
    expect(filterPredictions(list, 'checkout')).toEqual([]);
  });
});
