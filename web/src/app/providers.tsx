import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ToastProvider } from '@/components/ui';
import { restoreQuerySnapshot } from '@/lib/offline/query-snapshot';
import { createQueryClient } from '@/lib/query-client';

interface ProvidersProps {
  children: ReactNode;
  /** Tests pass their own client. */
  queryClient?: QueryClient;
}

export function Providers({ children, queryClient }: ProvidersProps) {
  const [client] = useState(() => {
    if (queryClient) return queryClient;
    const created = createQueryClient();
    // Opened offline: show what this user saw last time (lib/offline).
    restoreQuerySnapshot(created);
    return created;
  });
  return (
    <QueryClientProvider client={client}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
}
