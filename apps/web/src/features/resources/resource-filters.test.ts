import { RESOURCE_TYPE_ALL } from '@limbus/contract';
import { describe, expect, it } from 'vitest';
import {
  canAuthorResources,
  filterResources,
  isImageFile,
  RESOURCE_TYPE_OPTIONS,
  resourceTypeName,
} from './resource-filters';

const resources = [
  { title: 'How to order a test', tags: ['Ordering', 'Help'], resource_type: 0 },
  { title: 'Predictions have a new home', tags: ['News'], resource_type: 3 },
  { title: 'Checkout case', tags: ['E-commerce', 'Checkout'], resource_type: 4 },
];

describe('filterResources', () => {
  it('matches the search on the title or a tag, ignoring case and spaces around it', () => {
    const titles = (search: string) =>
      filterResources(resources, { search, type: RESOURCE_TYPE_ALL }).map((resource) => resource.title);
    expect(titles('  ORDER ')).toEqual(['How to order a test']);
    expect(titles('news')).toEqual(['Predictions have a new home']);
    expect(titles('check')).toEqual(['Checkout case']);
    expect(titles('')).toHaveLength(3);
    expect(titles('nothing like it')).toEqual([]);
  });

  it('keeps one type, or every type with 99', () => {
    expect(filterResources(resources, { search: '', type: 4 })).toEqual([resources[2]]);
    expect(filterResources(resources, { search: 'order', type: 3 })).toEqual([]);
    expect(filterResources(resources, { search: '', type: 99 })).toHaveLength(3);
  });
});

describe('resource types', () => {
  it('offers all types (99) and the five types 0 to 4 by name', () => {
    expect(RESOURCE_TYPE_OPTIONS).toEqual([
      { value: '99', label: 'All types' },
      { value: '0', label: 'Help' },
      { value: '1', label: 'Blog' },
      { value: '2', label: 'Product update' },
      { value: '3', label: 'News' },
      { value: '4', label: 'Case study' },
    ]);
    expect(resourceTypeName(7)).toBe('Article');
  });
});

describe('canAuthorResources', () => {
  const company = (isProvider: boolean) => ({
    id: 9,
    name: 'Any',
    licence_analysis: false,
    licence_research: false,
    is_demo: false,
    is_provider: isProvider,
  });
  it('is true for users of a provider company and Super Admins only', () => {
    expect(canAuthorResources({ role: 'company_member', company: company(true) })).toBe(true);
    expect(canAuthorResources({ role: 'admin', company: null })).toBe(true);
    expect(canAuthorResources({ role: 'company_admin', company: company(false) })).toBe(false);
    expect(canAuthorResources({ role: 'demo', company: company(false) })).toBe(false);
    expect(canAuthorResources(null)).toBe(false);
  });
});

describe('isImageFile', () => {
  it('takes image/* only', () => {
    expect(isImageFile(new File(['x'], 'a.png', { type: 'image/png' }))).toBe(true);
    expect(isImageFile(new File(['x'], 'a.webp', { type: 'image/webp' }))).toBe(true);
    expect(isImageFile(new File(['x'], 'a.png', { type: 'text/plain' }))).toBe(false);
    expect(isImageFile(new File(['x'], 'a.pdf', { type: 'application/pdf' }))).toBe(false);
  });
});
