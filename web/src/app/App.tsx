import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { restoreQuerySnapshot } from '@/lib/offline/query-snapshot';
import { createQueryClient } from '@/lib/query-client';
import { seedBootData } from './boot-data';
import { Providers } from './providers';
import { createRouter } from './router';

export function App() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    // Opened offline: what this user saw last time, before any loader asks (lib/offline).
    restoreQuerySnapshot(client);
    // Online: the first answers the server put in the page (app/boot-data.ts).
    seedBootData(client);
    return client;
  });
  // The router shares the client, so its loaders can start the pages' queries.
  const [router] = useState(() => createRouter(navigator.onLine ? queryClient : undefined));
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
