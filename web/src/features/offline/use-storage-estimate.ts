import { useQuery } from '@tanstack/react-query';

export interface StorageEstimate {
  /** Bytes this site uses (downloads, the app shell, everything). */
  usage: number;
  /** Bytes the browser lets this site use. */
  quota: number;
  /** Whether the browser promised to keep the data when space runs low. */
  persisted: boolean;
}

/** Asks the browser how much it keeps for this site, and how much it allows. */
async function estimate(): Promise<StorageEstimate | null> {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  if (!storage?.estimate) return null;
  const [{ usage = 0, quota = 0 }, persisted] = await Promise.all([
    storage.estimate(),
    storage.persisted ? storage.persisted() : Promise.resolve(false),
  ]);
  return { usage, quota, persisted };
}

/** The browser's storage figures, asked again whenever `version` changes (a download ended). */
export function useStorageEstimate(version: number) {
  return useQuery({
    queryKey: ['offline', 'storage-estimate', version],
    queryFn: estimate,
    // The browser answers even without a network.
    networkMode: 'always',
    staleTime: 0,
  });
}
