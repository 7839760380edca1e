/**
 * Cache Storage in memory, for tests: jsdom has none. Keys are the request
 * URL's path and query, as a same-origin cache sees them.
 */
function keyOf(request: RequestInfo | URL): string {
  const url = new URL(
    typeof request === 'string' || request instanceof URL ? request : request.url,
    'http://localhost',
  );
  return url.pathname + url.search;
}

class FakeCache {
  readonly entries = new Map<string, { body: Blob; init: ResponseInit }>();

  async match(request: RequestInfo | URL): Promise<Response | undefined> {
    const hit = this.entries.get(keyOf(request));
    if (!hit) return undefined;
    return new Response(hit.body, hit.init);
  }

  async put(request: RequestInfo | URL, response: Response): Promise<void> {
    const headers: Record<string, string> = {};
    response.headers.forEach((v, k) => {
      headers[k] = v;
    });
    this.entries.set(keyOf(request), {
      body: await response.blob(),
      init: { status: response.status, headers },
    });
  }

  async delete(request: RequestInfo | URL): Promise<boolean> {
    return this.entries.delete(keyOf(request));
  }

  async keys(): Promise<Request[]> {
    return [...this.entries.keys()].map((k) => new Request(`http://localhost${k}`));
  }
}

export class FakeCacheStorage {
  readonly caches = new Map<string, FakeCache>();

  async open(name: string): Promise<FakeCache> {
    let cache = this.caches.get(name);
    if (!cache) {
      cache = new FakeCache();
      this.caches.set(name, cache);
    }
    return cache;
  }

  async has(name: string): Promise<boolean> {
    return this.caches.has(name);
  }

  async delete(name: string): Promise<boolean> {
    return this.caches.delete(name);
  }

  async keys(): Promise<string[]> {
    return [...this.caches.keys()];
  }

  asCacheStorage(): CacheStorage {
    return this as unknown as CacheStorage;
  }
}
