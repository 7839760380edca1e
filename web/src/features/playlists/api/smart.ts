import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Song } from '@/lib/song';
import type { FieldCatalog, MaybeSmart, SmartRules } from '../smart/rules';

/** GET /api/playlist/smart/fields: what rules can say; it changes only with the server. */
export function useSmartFields() {
  return useQuery({
    queryKey: [...queryKeys.playlists.all, 'smart-fields'],
    queryFn: ({ signal }) => api<FieldCatalog>('/api/playlist/smart/fields', { signal }),
    staleTime: Infinity,
  });
}

export interface Preview {
  count: number;
  songs: Song[];
}

/**
 * POST /api/playlist/smart/preview for rules as they stand: the editor's live count (`id`, the
 * playlist being edited, shuffles as it will play). The last answer stays on screen while the
 * next one comes, so the count does not flicker.
 */
export function usePreview(rules: SmartRules | null, id?: string) {
  return useQuery({
    queryKey: [...queryKeys.playlists.all, 'smart-preview', id ?? '', JSON.stringify(rules)],
    queryFn: ({ signal }) =>
      api<Preview>('/api/playlist/smart/preview', {
        method: 'POST',
        body: { id, rules },
        signal,
      }),
    enabled: rules !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

interface PlaylistAnswer {
  message: string;
  playlist: MaybeSmart;
}

/** Saves rules: a new smart playlist (no id) or new rules for one (its id). */
export function useSaveSmart(id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, rules }: { name: string; rules: SmartRules }) =>
      id
        ? api<PlaylistAnswer>(`/api/playlist/${encodeURIComponent(id)}/rules`, {
            method: 'PUT',
            body: { rules },
          })
        : api<PlaylistAnswer>('/api/playlist/smart', { method: 'POST', body: { name, rules } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.playlists.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.songs.playlists() });
    },
  });
}
