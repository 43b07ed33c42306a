import type { Role, User } from '@limbus/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { userKeys } from '../account/api';
import { companyKeys } from '../organisation/api';

/** User calls shared by the members screens and the admin user screens. */

export function useUser(id: number) {
  return useQuery({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => api.get<User>(`/users/${id}`, { signal }),
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

export type NewUser = { email: string; role: Role; company_id: number };

/** POST /users: invites the user (an e-mail goes out with the /verify link). */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewUser) => api.post<User>('/users', body),
    onSuccess: (_answer, body) => invalidateUsers(queryClient, [body.company_id]),
  });
}

export type UserChange = {
  role?: Role;
  company_id?: number;
  profile?: { first_name: string; last_name: string };
};

export function useUpdateUser(user: Pick<User, 'id' | 'company_id'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: UserChange) => api.patch<User>(`/users/${user.id}`, change),
    onSuccess: (_answer, change) => {
      void queryClient.invalidateQueries({ queryKey: userKeys.detail(user.id) });
      invalidateUsers(queryClient, [user.company_id, change.company_id]);
    },
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: Pick<User, 'id' | 'company_id'>) => api.delete(`/users/${user.id}`),
    onSuccess: (_answer, user) => {
      queryClient.removeQueries({ queryKey: userKeys.detail(user.id) });
      invalidateUsers(queryClient, [user.company_id]);
    },
  });
}
