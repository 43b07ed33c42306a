import {
  accessOfUser,
  authorsResources,
  RESOURCE_TYPE_ALL,
  RESOURCE_TYPE_NAMES,
  RESOURCE_TYPES,
  type ResourceSummary,
  type User,
} from '@limbus/contract';

export type ResourceFilters = {
  search: string;
  /** A resource type, or RESOURCE_TYPE_ALL (99). */
  type: number;
};

/** The type filter: every type (99) first, then 0 to 4. */
export const RESOURCE_TYPE_OPTIONS = [
  { value: String(RESOURCE_TYPE_ALL), label: 'All types' },
  ...RESOURCE_TYPES.map((type) => ({ value: String(type), label: RESOURCE_TYPE_NAMES[type] })),
];

export const resourceTypeName = (type: number) =>
  RESOURCE_TYPE_NAMES[type as keyof typeof RESOURCE_TYPE_NAMES] ?? 'Article';

/** The articles whose title or one of whose tags contains the search, of the chosen type. */
export function filterResources<T extends Pick<ResourceSummary, 'title' | 'tags' | 'resource_type'>>(
  resources: readonly T[],
  { search, type }: ResourceFilters,
): T[] {
  const needle = search.trim().toLowerCase();
  return resources.filter(
    (resource) =>
      (type === RESOURCE_TYPE_ALL || resource.resource_type === type) &&
      (resource.title.toLowerCase().includes(needle) ||
        resource.tags.some((tag) => tag.toLowerCase().includes(needle))),
  );
}

/** Users of the provider company (flag is_provider) and Super Admins write the library; the server checks too. */
export const canAuthorResources = (user: Pick<User, 'role' | 'company'> | null | undefined) =>
  user ? authorsResources(accessOfUser(user)) : false;

/** Only images: the browser's type must be image/* (the server checks the bytes). */
export const isImageFile = (file: File) => file.type.startsWith('image/');
