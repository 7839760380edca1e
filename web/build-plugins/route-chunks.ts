import path from 'node:path';
import type { Plugin } from 'vite';

/** Where the map is written in dist; the Go server reads it (internal/httpapi/hints.go). */
export const ROUTE_CHUNKS_FILE = 'route-chunks.json';

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  moduleIds: string[];
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
          // The modules of this chunk that the router loads lazily: a
          // page's own chunk, or the shared one that holds a layout.
          const lazy = chunk.moduleIds.filter(
            (id) => (this.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0,
          );
          if (lazy.length === 0) continue;
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
          for (const id of lazy) {
            map[path.relative(root, id).split(path.sep).join('/')] = { js, css: [...css] };
          }
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
