import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Puts an area of the app in one chunk named `name` instead of twenty: the
 * signed-in shell (the layout, the player, what Home shows), or the sign-in
 * pages. Over HTTP/1.1, which a browser speaks to a server without TLS,
 * each file costs a round trip on one of six connections: on a phone twenty
 * small files cost more than their bytes.
 *
 * `roots` are the modules whose static imports make the area; whatever the
 * entry or `keepOut` modules (the sign-in pages) import stays where it was,
 * so signing in never downloads the shell, nor the shell the sign-in pages.
 * Group chunks do not take their members' imports along
 * (includeDependenciesRecursively), or React and the UI kit would leave the
 * entry for the first group that imports them.
 */
export function shellChunk(options: { name: string; roots: string[]; keepOut: string[] }) {
  const members = new Set<string>();
  let root = process.cwd();
  const plugin: Plugin = {
    name: `musicify-${options.name}-chunk`,
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    buildEnd() {
      const full = (rel: string) => path.resolve(root, rel);
      const graph = (starts: string[]) => {
        const seen = new Set<string>();
        const stack = [...starts];
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          for (const dep of this.getModuleInfo(id)?.importedIds ?? []) stack.push(dep);
        }
        return seen;
      };
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const outside = graph([...entries, ...options.keepOut.map(full)]);
      for (const id of graph(options.roots.map(full))) {
        if (!outside.has(id) && !id.includes('node_modules')) members.add(id);
      }
    },
  };
  const group = {
    name: (id: string) => (members.has(id) ? options.name : null),
    // Only the shell's own modules: its imports that the entry shares
    // (React, the UI kit) stay with the entry.
    includeDependenciesRecursively: false,
  };
  return { plugin, group };
}
