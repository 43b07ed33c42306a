import type {
  NewResource,
  Resource,
  ResourceChanges,
  ResourceImage,
  ResourceSummary,
  ResourceTag,
} from '@limbus/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { sendMultipart } from '../ordering/upload';

export const resourceKeys = {
  all: ['resources'] as const,
  list: () => [...resourceKeys.all, 'list'] as const,
  detail: (id: number) => [...resourceKeys.all, 'detail', id] as const,
  tags: () => [...resourceKeys.all, 'tags'] as const,
};

/** The library: published articles, and drafts for their authors; newest first. */
export function useResources() {
  return useQuery({
    queryKey: resourceKeys.list(),
    queryFn: ({ signal }) => api.get<ResourceSummary[]>('/resources', { signal }),
  });
}

export function useResource(id: number) {
  return useQuery({
    queryKey: resourceKeys.detail(id),
    queryFn: ({ signal }) => api.get<Resource>(`/resources/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

export function useResourceTags() {
  return useQuery({
    queryKey: resourceKeys.tags(),
    queryFn: ({ signal }) => api.get<ResourceTag[]>('/resource_tags', { signal }),
  });
}

/** After any change the list and the tags are fetched again; the article is replaced by the answer. */
function useResourceMutation<V>(call: (variables: V) => Promise<Resource>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (resource) => {
      queryClient.setQueryData(resourceKeys.detail(resource.id), resource);
      void queryClient.invalidateQueries({ queryKey: resourceKeys.list() });
      void queryClient.invalidateQueries({ queryKey: resourceKeys.tags() });
    },
  });
}

export const useCreateResource = () =>
  useResourceMutation((resource: NewResource) => api.post<Resource>('/resources', { resource }));

export const useUpdateResource = (id: number) =>
  useResourceMutation((resource: ResourceChanges) => api.patch<Resource>(`/resources/${id}`, { resource }));

export function useDeleteResource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/resources/${id}`),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: resourceKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: resourceKeys.list() });
      void queryClient.invalidateQueries({ queryKey: resourceKeys.tags() });
    },
  });
}

/** Uploads an image for a cover or a body (multipart field `file`). */
export function uploadResourceImage(file: File): Promise<ResourceImage> {
  const body = new FormData();
  body.append('file', file);
  return sendMultipart<ResourceImage>('POST', '/resource_images', body);
}
