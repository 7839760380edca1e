import path from 'node:path';
import type { Plugin } from 'vite';

/** Where the map is written in dist; the Go server reads it (internal/httpapi/hints.go). */
export const ROUTE_CHUNKS_FILE = 'route-chunks.json';

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

function isChunk(v: unknown): v is ChunkLike {
  return typeof v === 'object' && v !== null && (v as { type?: unknown }).type === 'chunk';
}

/**
 * Writes route-chunks.json: for every lazily loaded module (each page and
 * layout of the router), the scripts and styles it needs, its own chunk
 * first. The server names a route's files in index.html, so a phone fetches
 * them with the entry scripts instead of one round trip after them.
 */
export function routeChunks(): Plugin {
  let root = process.cwd();
  return {
    name: 'musicify-route-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle: {
      // After Vite's own hooks, which drop the chunks that held only CSS.
      order: 'post',
      handler(_options, bundle) {
        const chunks = new Map<string, ChunkLike>();
        for (const item of Object.values(bundle))
          if (isChunk(item)) chunks.set(item.fileName, item);
        const map: Record<string, { js: string[]; css: string[] }> = {};
        for (const chunk of chunks.values()) {
          if (!chunk.isDynamicEntry || !chunk.facadeModuleId) continue;
          const js: string[] = [];
          const css = new Set<string>();
          const visit = (name: string) => {
            if (js.includes(name)) return;
            const c = chunks.get(name);
            if (!c) return;
            js.push(name);
            for (const f of c.viteMetadata?.importedCss ?? []) css.add(f);
            for (const dep of c.imports) visit(dep);
          };
          visit(chunk.fileName);
          const id = path.relative(root, chunk.facadeModuleId).split(path.sep).join('/');
          map[id] = { js, css: [...css] };
        }
        this.emitFile({
          type: 'asset',
          fileName: ROUTE_CHUNKS_FILE,
          source: JSON.stringify(map, null, 1),
        });
      },
    },
  };
}
