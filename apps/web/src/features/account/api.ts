import { type BodyInputOf, type User, userRoutes } from '@limbus/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bindRoutes, getSession, storeUser, useSession } from '../../api';
import { companyKeys } from '../organisation';

/** Query keys of users (the account, members and the admin user screens share them). */
export const userKeys = {
  all: ['users'] as const,
  me: () => [...userKeys.all, 'me'] as const,
  list: () => [...userKeys.all, 'list'] as const,
  detail: (id: number) => [...userKeys.all, 'detail', id] as const,
};

const api = bindRoutes(userRoutes);

/**
 * The signed-in user: the stored one at once, refreshed from GET /users/me so that changed
 * licences or names reach the shell; the fresh copy is stored again.
 */
export function useCurrentUser(): { user: User | null; isLoading: boolean } {
  const { token, user } = useSession();
  const me = useQuery({ ...currentUserQuery(), enabled: token !== null });
  return { user: user ?? me.data ?? null, isLoading: user === null && me.isLoading };
}

export function currentUserQuery() {
  return queryOptions({
    queryKey: userKeys.me(),
    queryFn: async ({ signal }) => {
      const fresh = await api.me({ signal });
      if (getSession().token) storeUser(fresh);
      return fresh;
    },
    staleTime: 60_000,
  });
}

/** The profile form's names and reader's language (the route's profile also takes the newsletter choice). */
export type ProfileChange = Required<
  Pick<NonNullable<BodyInputOf<typeof userRoutes.update>['profile']>, 'first_name' | 'last_name' | 'language'>
>;

/** Saves one's own names and keeps the stored user in step. */
export function useUpdateOwnProfile(user: User) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: ProfileChange) => api.update({ id: user.id, body: { profile } }),
    onSuccess: (updated) => {
      storeUser(updated);
      queryClient.setQueryData(userKeys.me(), updated);
      void queryClient.invalidateQueries({ queryKey: userKeys.detail(user.id) });
      if (user.company_id !== null) {
        void queryClient.invalidateQueries({ queryKey: companyKeys.members(user.company_id) });
      }
    },
  });
}
