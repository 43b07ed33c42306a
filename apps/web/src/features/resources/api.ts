import {
  type NewResource,
  type Resource,
  type ResourceChanges,
  type ResourceImage,
  resourceRoutes,
} from '@limbus/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bindRoutes } from '../../api';

export const resourceKeys = {
  all: ['resources'] as const,
  list: () => [...resourceKeys.all, 'list'] as const,
  detail: (id: number) => [...resourceKeys.all, 'detail', id] as const,
  tags: () => [...resourceKeys.all, 'tags'] as const,
};

const api = bindRoutes(resourceRoutes);

/** The library: published articles, and drafts for their authors; newest first. */
export function useResources() {
  return useQuery({
    queryKey: resourceKeys.list(),
    queryFn: ({ signal }) => api.list({ signal }),
  });
}

export function useResource(id: number) {
  return useQuery({
    queryKey: resourceKeys.detail(id),
    queryFn: ({ signal }) => api.get({ id, signal }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

export function useResourceTags() {
  return useQuery({
    queryKey: resourceKeys.tags(),
    queryFn: ({ signal }) => api.tags({ signal }),
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
  useResourceMutation((resource: NewResource) => api.create({ body: { resource } }));

export const useUpdateResource = (id: number) =>
  useResourceMutation((resource: ResourceChanges) => api.update({ id, body: { resource } }));

export function useDeleteResource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete({ id }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: resourceKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: resourceKeys.list() });
      void queryClient.invalidateQueries({ queryKey: resourceKeys.tags() });
    },
  });
}

/** Uploads an image for a cover or a body (multipart field `file`). */
export function uploadResourceImage(file: File): Promise<ResourceImage> {
  const form = new FormData();
  form.append('file', file);
  return api.upload({ form });
}
