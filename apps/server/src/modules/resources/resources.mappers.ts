import type { Resource, ResourceSummary } from '@limbus/contract';
import { imageUrl } from './resource-images.js';
import type { ResourceRow } from './resources.repository.js';

export function toResourceSummaryAnswer(row: ResourceRow): ResourceSummary {
  return {
    id: row.id,
    title: row.title,
    tags: row.tags,
    date: row.date,
    author: row.author,
    author_id: row.authorId,
    image: row.image ? imageUrl(row.image) : null,
    published: row.published,
    resource_type: row.resourceType,
  };
}

export const toResourceAnswer = (row: ResourceRow): Resource => ({
  ...toResourceSummaryAnswer(row),
  body: row.body,
});
