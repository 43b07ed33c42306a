import type { User } from '@limbus/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, getSession, storeUser, useSession } from '../../api';
import { companyKeys } from '../organisation/api';

/** Query keys of users (the account, members and the admin user screens share them). */
export const userKeys = {
  all: ['users'] as const,
  me: () => [...userKeys.all, 'me'] as const,
  list: () => [...userKeys.all, 'list'] as const,
  detail: (id: number) => [...userKeys.all, 'detail', id] as const,
};

/**
 * The signed-in user: the stored one at once, refreshed from GET /users/me so that changed
 * licences or names reach the shell; the fresh copy is stored again.
 */
export function useCurrentUser(): { user: User | null; isLoading: boolean } {
  const { token, user } = useSession();
  const me = useQuery({
    queryKey: userKeys.me(),
    queryFn: async ({ signal }) => {
      const fresh = await api.get<User>('/users/me', { signal });
      if (getSession().token) storeUser(fresh);
      return fresh;
    },
    enabled: token !== null,
    staleTime: 60_000,
  });
  return { user: user ?? me.data ?? null, isLoading: user === null && me.isLoading };
}

export type ProfileChange = { first_name: string; last_name: string };

/** Saves one's own names and keeps the stored user in step. */
export function useUpdateOwnProfile(user: User) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: ProfileChange) => api.patch<User | undefined>(`/users/${user.id}`, { profile }),
    onSuccess: (answer, profile) => {
      const updated: User =
        answer && typeof answer === 'object' && 'id' in answer
          ? answer
          : { ...user, profile: { ...user.profile, ...profile } };
      storeUser(updated);
      queryClient.setQueryData(userKeys.me(), updated);
      void queryClient.invalidateQueries({ queryKey: userKeys.detail(user.id) });
      if (user.company_id !== null) {
        void queryClient.invalidateQueries({ queryKey: companyKeys.members(user.company_id) });
      }
    },
  });
}
