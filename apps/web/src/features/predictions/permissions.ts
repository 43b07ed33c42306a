import { readerOfUser, type User, writesPredictions } from '@limbus/contract';

/** Whether the user may upload, generate and delete their company's predictions (not demo users). */
export function canWritePredictions(user: User | null | undefined): boolean {
  if (!user || user.company_id === null) return false;
  return writesPredictions(readerOfUser(user), { companyId: user.company_id });
}
