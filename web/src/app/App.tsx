import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { createQueryClient } from '@/lib/query-client';
import { Providers } from './providers';
import { createRouter } from './router';

export function App() {
  const [queryClient] = useState(createQueryClient);
  // The router shares the client, so its loaders can start the pages' queries.
  const [router] = useState(() => createRouter(queryClient));
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
