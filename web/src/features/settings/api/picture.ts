import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/artist/cover: multipart `cover`, an image checked by content, kept as their picture. */
async function setPicture(file: File): Promise<void> {
  const form = new FormData();
  form.append('cover', file, file.name);
  await api('/api/artist/cover', { method: 'POST', body: form });
}

/** DELETE /api/artist/cover: their initial is drawn again. */
async function removePicture(): Promise<void> {
  await api('/api/artist/cover', { method: 'DELETE' });
}

/**
 * The picture shows in the shell, on the profile, the artist page and in
 * everyone's people lists, so everything is fetched again.
 */
function useRefreshAll() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries();
}

export function useSetPicture() {
  const onSuccess = useRefreshAll();
  return useMutation({ mutationFn: setPicture, onSuccess });
}

export function useRemovePicture() {
  const onSuccess = useRefreshAll();
  return useMutation({ mutationFn: removePicture, onSuccess });
}
