import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { radioKeys } from './keys';
import type { Station } from './types';

export interface CreateStationInput {
  name: string;
  /** ISO 8601 with the creator's offset for that day. */
  date: string;
  audio: File;
}

/** POST /api/radio/create as multipart; fails with the server's message naming the field. */
export async function createStation({ name, date, audio }: CreateStationInput): Promise<Station> {
  const form = new FormData();
  form.append('name', name.trim());
  form.append('date', date);
  form.append('audio', audio, audio.name);
  const { station } = await api<{ message: string; station: Station }>('/api/radio/create', {
    method: 'POST',
    body: form,
  });
  return station;
}

/** Creates a station; it joins the list at once, in start order, and the list refreshes. */
export function useCreateStation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStation,
    onSuccess: (station) => {
      queryClient.setQueryData<Station[]>(radioKeys.list(), (list) =>
        list
          ? [...list.filter((s) => s._id !== station._id), station].sort(
              (a, b) => Date.parse(a.start) - Date.parse(b.start),
            )
          : [station],
      );
      void queryClient.invalidateQueries({ queryKey: radioKeys.all });
    },
  });
}
