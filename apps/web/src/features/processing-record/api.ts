import { processingRecordRoutes } from '@limbus/contract';
import { useQuery } from '@tanstack/react-query';
import { bindRoutes } from '../../api';

const processingRecordApi = bindRoutes(processingRecordRoutes);

/** A company's record of processing (GDPR Art. 30), read from its data when asked. */
export function useProcessingRecord(companyId: number) {
  return useQuery({
    queryKey: ['processing-record', companyId],
    queryFn: async ({ signal }) => (await processingRecordApi.get({ id: companyId, signal })).data,
  });
}
