import { userRoutes } from '@limbus/contract';
import { useQuery } from '@tanstack/react-query';
import { bindRoutes } from '../../api';
import { userKeys } from '../account';

const api = bindRoutes(userRoutes);

/** GET /users: every user with their company (staff only). */
export function useUsers() {
  return useQuery({
    queryKey: userKeys.list(),
    queryFn: ({ signal }) => api.list({ signal }),
  });
}
