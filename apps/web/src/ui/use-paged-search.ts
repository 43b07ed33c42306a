import { ADMIN_PAGE_SIZE } from '@limbus/contract';
import { useMemo, useState } from 'react';

/** Client-side search and pagination of the admin lists (ADMIN_PAGE_SIZE rows a page). */
export function usePagedSearch<T>(
  items: readonly T[],
  haystack: (item: T) => string,
  pageSize = ADMIN_PAGE_SIZE,
) {
  const [search, setSearchValue] = useState('');
  const [page, setPage] = useState(1);
  const filtered = useMemo(() => {
    const needle = search.trim().toLowerCase();
    if (!needle) return items;
    return items.filter((item) => haystack(item).toLowerCase().includes(needle));
  }, [items, haystack, search]);
  const pages = Math.max(1, Math.ceil(filtered.length / pageSize));
  const current = Math.min(page, pages);
  return {
    search,
    setSearch: (value: string) => {
      setSearchValue(value);
      setPage(1);
    },
    page: current,
    pages,
    setPage,
    total: filtered.length,
    rows: filtered.slice((current - 1) * pageSize, current * pageSize),
  };
}
