import { type AuditQuery, auditRoutes } from '@limbus/contract';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { API_BASE, ApiError, bindRoutes, fetchApiFile } from '../../api';

const auditApi = bindRoutes(auditRoutes);

/** The filters of the list and the export (`before` is the list's paging). */
export type AuditFilters = Omit<AuditQuery, 'before'>;

export const auditKeys = {
  all: ['audit'] as const,
  list: (filters: AuditFilters) => [...auditKeys.all, 'list', filters] as const,
  verification: () => [...auditKeys.all, 'verification'] as const,
};

/** The trail, newest first, a page at a time ('Load more' asks for the entries before the last). */
export function useAuditEntries(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: auditKeys.list(filters),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) =>
      auditApi.list({ query: pageParam === undefined ? filters : { ...filters, before: pageParam }, signal }),
    getNextPageParam: (page) => page.next_before ?? undefined,
  });
}

/** The check of the whole hash chain (staff). */
export function useAuditVerification(enabled: boolean) {
  return useQuery({
    queryKey: auditKeys.verification(),
    queryFn: async ({ signal }) => (await auditApi.verification({ signal })).data,
    enabled,
  });
}

/** The address of the CSV export of the entries the filters select. */
export function auditExportUrl(filters: AuditFilters): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  const search = query.toString();
  return `${API_BASE}/audit/export${search ? `?${search}` : ''}`;
}

/** Downloads the CSV export of the entries the filters select. */
export function useAuditExport() {
  return useMutation({
    mutationFn: async (filters: AuditFilters) => {
      const response = await fetchApiFile(auditExportUrl(filters));
      if (!response.ok) throw new ApiError(response.status, await response.json().catch(() => ({})));
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = 'limbus-audit-trail.csv';
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 0);
    },
  });
}
