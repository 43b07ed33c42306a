import type { Resource, ResourceSummary } from '@limbus/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../../api';
import { ResourceEditorPage } from '../../../pages/resource-editor-page';
import { makeUser, useFakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { ResourceArticle } from './resource-article';
import { ResourcesList } from './resources-list';

const summary = (
  id: number,
  title: string,
  type: number,
  tags: string[],
  published = true,
): ResourceSummary => ({
  id,
  title,
  tags,
  date: '2026-03-01',
  author: 'Sanne de Vries',
  author_id: 1,
  image: null,
  published,
  resource_type: type,
});

const RESOURCES = [
  summary(1, 'How to order a test', 0, ['Ordering', 'Help']),
  summary(2, 'Predictions have a new home', 3, ['News']),
  summary(3, 'Checkout case', 4, ['Checkout']),
  summary(4, 'Open questions', 0, ['Ordering'], false),
];

const client = makeUser();
const provider = makeUser({
  company: {
    id: 2,
    name: 'Limbus',
    licence_analysis: true,
    licence_research: true,
    is_demo: false,
    is_provider: true,
  },
});

const cardTitles = () =>
  within(screen.getByRole('list', { name: 'Resources' }))
    .getAllByRole('heading')
    .map((heading) => heading.textContent);

describe('ResourcesList', () => {
  it('prefills the search with ?tag=, searches titles and tags, and filters by type', async () => {
    useFakeApi({ 'GET /resources': { body: RESOURCES } });
    renderWithProviders(<ResourcesList />, { path: '/resources?tag=Ordering' });
    const search = await screen.findByPlaceholderText('Search on title or tags');
    expect(search).toHaveProperty('value', 'Ordering');
    await screen.findByRole('link', { name: 'How to order a test' });
    expect(cardTitles()).toEqual(['How to order a test', 'Open questions']);

    await userEvent.clear(search);
    await userEvent.type(search, 'checkout');
    expect(cardTitles()).toEqual(['Checkout case']);

    await userEvent.clear(search);
    await userEvent.click(screen.getByRole('combobox', { name: 'Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'News' }));
    expect(cardTitles()).toEqual(['Predictions have a new home']);

    await userEvent.type(search, 'order');
    expect(await screen.findByText('No article matches your search')).toBeTruthy();
  });

  it('shows a draft badge on unpublished articles, and dates in the one format', async () => {
    useFakeApi({ 'GET /resources': { body: RESOURCES } });
    renderWithProviders(<ResourcesList />, { path: '/resources' });
    const draft = (await screen.findByRole('link', { name: 'Open questions' })).closest('article');
    expect(within(draft as HTMLElement).getByText('Draft')).toBeTruthy();
    const published = screen.getByRole('link', { name: 'Checkout case' }).closest('article');
    expect(within(published as HTMLElement).queryByText('Draft')).toBeNull();
    expect(within(published as HTMLElement).getByText('1 Mar 2026')).toBeTruthy();
  });
});

describe('ResourceArticle', () => {
  const article: Resource = {
    ...summary(1, 'How to order a test', 0, ['Ordering']),
    body: '<p>Open <strong>User tests</strong></p><img src="x" onerror="alert(1)">',
  };

  it('shows the body sanitized and no authoring controls to a client user', async () => {
    storeSession('jwt', client);
    useFakeApi({ 'GET /resources/1': { body: article }, 'GET /users/me': { body: client } });
    const { container } = renderWithProviders(<ResourceArticle id={1} />, { path: '/resources/1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'How to order a test' })).toBeTruthy();
    expect(screen.getByText('User tests').tagName).toBe('STRONG');
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Unpublish' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
  });

  it('offers Edit, Unpublish and Delete to a provider user', async () => {
    storeSession('jwt', provider);
    useFakeApi({ 'GET /resources/1': { body: article }, 'GET /users/me': { body: provider } });
    renderWithProviders(<ResourceArticle id={1} />, { path: '/resources/1' });
    expect(await screen.findByRole('button', { name: 'Unpublish' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/resources/1/edit');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('says the article was not found on 404', async () => {
    useFakeApi({
      'GET /resources/9': { status: 404, body: { code: 'not_found', message: 'The resource was not found' } },
    });
    renderWithProviders(<ResourceArticle id={9} />, { path: '/resources/9' });
    expect(await screen.findByText('This article was not found')).toBeTruthy();
  });
});

describe('ResourceEditorPage', () => {
  it('tells a client user that they cannot write resources', async () => {
    storeSession('jwt', client);
    useFakeApi({ 'GET /users/me': { body: client } });
    renderWithProviders(<ResourceEditorPage />, { path: '/resources/new' });
    expect(await screen.findByText('You cannot write resources')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
  });
});
