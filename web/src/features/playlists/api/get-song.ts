import { useQuery } from '@tanstack/react-query';
// GET /api/songs/{id} itself lives with the shared song components: the info panel reads it too.
import { songQuery } from '@/components/songs/get-song';

/** How often a transcript being written is looked at again. */
export const TRANSCRIPT_POLL_MS = 4000;

/**
 * The song's transcript while it is being written: asks again every few
 * seconds until it is done (or failed). Off when `enabled` is false.
 */
export function useTranscriptProgress(id: string, enabled: boolean) {
  return useQuery({
    ...songQuery(id),
    enabled: enabled && id !== '',
    refetchInterval: (query) => {
      const { data, status } = query.state;
      if (status === 'error' || (data && data.transcript !== 'pending')) return false;
      return TRANSCRIPT_POLL_MS;
    },
  });
}
