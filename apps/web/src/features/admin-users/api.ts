import type { User } from '@limbus/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api';
import { userKeys } from '../account/api';

export { useCreateUser, useDeleteUser, useUpdateUser, useUser } from '../members/api';

/** GET /users: every user with their company (staff only). */
export function useUsers() {
  return useQuery({
    queryKey: userKeys.list(),
    queryFn: ({ signal }) => api.get<User[]>('/users', { signal }),
  });
}
