import { type BodyInputOf, type User, userRoutes } from '@limbus/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bindRoutes } from '../../api';
import { userKeys } from '../account';
import { companyKeys } from '../organisation';

/** User calls shared by the members screens and the admin user screens. */

const api = bindRoutes(userRoutes);

export function useUser(id: number) {
  return useQuery({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => api.get({ id, signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

function invalidateUsers(queryClient: QueryClient, companyIds: ReadonlyArray<number | null | undefined>) {
  void queryClient.invalidateQueries({ queryKey: userKeys.list() });
  for (const companyId of new Set(companyIds)) {
    if (typeof companyId === 'number') {
      void queryClient.invalidateQueries({ queryKey: companyKeys.members(companyId) });
    }
  }
}

/** POST /users: invites the user (an e-mail goes out with the /verify link). */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof userRoutes.create>) => api.create({ body }),
    onSuccess: (_answer, body) => invalidateUsers(queryClient, [body.company_id]),
  });
}

export function useUpdateUser(user: Pick<User, 'id' | 'company_id'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: BodyInputOf<typeof userRoutes.update>) => api.update({ id: user.id, body: change }),
    onSuccess: (_answer, change) => {
      void queryClient.invalidateQueries({ queryKey: userKeys.detail(user.id) });
      invalidateUsers(queryClient, [user.company_id, change.company_id]);
    },
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: Pick<User, 'id' | 'company_id'>) => api.delete({ id: user.id }),
    onSuccess: (_answer, user) => {
      queryClient.removeQueries({ queryKey: userKeys.detail(user.id) });
      invalidateUsers(queryClient, [user.company_id]);
    },
  });
}
