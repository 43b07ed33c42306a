import { type TestDetail, testRoutes } from '@limbus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bindRoutes, type UploadOptions } from '../../api';
import { companyKeys } from '../organisation';
import { testKeys } from '../user-tests';
import type { TestWriteInput } from './test-body';
import { toMultipart } from './test-body';

const api = bindRoutes(testRoutes);

export type SaveTestInput = {
  /** The test being edited; none creates a test. */
  id?: number;
  write: TestWriteInput;
  /** A chosen video goes with the fields as multipart `test[video]`; without one the body is JSON. */
  video?: File | null;
} & Pick<UploadOptions, 'onProgress'>;

export function saveTest({ id, write, video, onProgress }: SaveTestInput): Promise<TestDetail> {
  const sent = video ? { form: toMultipart(write, video), onProgress } : { body: { test: write } };
  return id === undefined ? api.create(sent) : api.update({ id, ...sent });
}

/**
 * After a save or delete the whole test list is fetched again (spec 2 §7), and the company's
 * credits with it; a deleted test's own query is dropped rather than fetched again.
 */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  // not awaited: the form moves on (to /success/, /tests/) without waiting for the refetches
  return (test: Pick<TestDetail, 'id' | 'company_id'>, { deleted }: { deleted: boolean }) => {
    if (deleted) queryClient.removeQueries({ queryKey: testKeys.detail(String(test.id)) });
    void queryClient.invalidateQueries({ queryKey: deleted ? testKeys.list() : testKeys.all });
    if (deleted) void queryClient.invalidateQueries({ queryKey: testKeys.recent() });
    void queryClient.invalidateQueries({ queryKey: companyKeys.detail(test.company_id) });
  };
}

/** Create or update a test (JSON, or multipart with its video). */
export function useSaveTest() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: saveTest,
    onSuccess: (test) => refresh(test, { deleted: false }),
  });
}

export function useDeleteTest() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (test: Pick<TestDetail, 'id' | 'company_id'>) => api.delete({ id: test.id }),
    onSuccess: (_answer, test) => refresh(test, { deleted: true }),
  });
}
