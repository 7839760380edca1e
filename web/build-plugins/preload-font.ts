import type { Plugin } from 'vite';

/**
 * Adds a preload of the Latin Inter font to index.html. The font is named
 * only in CSS, so the browser would find it after the CSS and the app's
 * first render; preloaded, it arrives with the scripts and the first text
 * is painted once, in the right face.
 */
export function preloadFont(file: RegExp = /inter-latin-wght-normal-[\w-]+\.woff2$/): Plugin {
  return {
    name: 'musicify-preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const font = Object.keys(ctx.bundle ?? {}).find((name) => file.test(name));
        if (!font) return [];
        return [
          {
            tag: 'link',
            attrs: {
              rel: 'preload',
              as: 'font',
              type: 'font/woff2',
              href: `/${font}`,
              crossorigin: '',
            },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
