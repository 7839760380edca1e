import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/ui';
import { api, errorMessage } from '@/lib/api-client';
import type { PlaylistWithSongs } from '@/lib/playlist';
import { queryKeys } from '@/lib/query-keys';
import { idsOf, moveItem } from '../reorder';
import { reloadAfterLastWrite, songWritesScope } from './song-writes';

/** PUT /api/playlist/{ref}/order: the new order, naming every song once. */
export function reorderPlaylist(ref: string, songIds: string[]): Promise<{ message: string }> {
  return api<{ message: string }>(`/api/playlist/${encodeURIComponent(ref)}/order`, {
    method: 'PUT',
    body: { songs: songIds },
  });
}

interface MoveVars {
  from: number;
  to: number;
}

/**
 * Moves a song at once on screen and saves the new order; a failure puts the
 * order back as it was and says so.
 */
export function useReorderPlaylist(ref: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const key = queryKeys.songs.playlist(ref);
  return useMutation({
    scope: songWritesScope(ref),
    mutationFn: ({ order }: MoveVars & { order: string[] }) => reorderPlaylist(ref, order),
    onMutate: async ({ from, to }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<PlaylistWithSongs>(key);
      if (before) {
        queryClient.setQueryData<PlaylistWithSongs>(key, {
          ...before,
          songs: moveItem(before.songs, from, to),
        });
      }
      return { before };
    },
    onError: (err, _vars, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      toast.error(`We could not save the new order. ${errorMessage(err)}`);
    },
    onSettled: () => reloadAfterLastWrite(queryClient, ref),
  });
}

/** The order to send for a move, from the songs shown now. */
export function orderAfterMove(
  playlist: PlaylistWithSongs | undefined,
  from: number,
  to: number,
): string[] {
  return idsOf(moveItem(playlist?.songs ?? [], from, to));
}
