import { useMutation } from '@tanstack/react-query';
import { API_BASE, ApiError, fetchApiFile } from '../../api';

export const accessExportUrl = (testId: number, participantId: number) =>
  `${API_BASE}/tests/${testId}/participants/${participantId}/access-export`;

/** The file name the server gives (Content-Disposition), else one of the participant. */
function fileNameOf(response: Response, participantId: number): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? `participant-${participantId}-access-export.zip`;
}

/** Downloads the participant's access export (a ZIP the server writes while it sends it). */
export function useAccessExport(testId: number, participantId: number) {
  return useMutation({
    mutationFn: async () => {
      const response = await fetchApiFile(accessExportUrl(testId, participantId));
      if (!response.ok) throw new ApiError(response.status, await response.json().catch(() => ({})));
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileNameOf(response, participantId);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 0);
    },
  });
}
