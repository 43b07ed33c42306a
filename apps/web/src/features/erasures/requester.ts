import { useCurrentUser } from '../account';
import { usesResearchArea } from '../auth';

/**
 * Whether the signed-in user requests erasures (a company admin of a client company; the server
 * keeps them to their own company's tests). Researchers erase instead, from the research area.
 */
export function useRequestsErasures(): boolean {
  const { user } = useCurrentUser();
  if (!user) return false;
  return user.role === 'company_admin' && !usesResearchArea(user) && user.company?.is_demo !== true;
}
