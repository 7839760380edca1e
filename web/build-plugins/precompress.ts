import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text formats worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Below this the encoding's overhead eats the gain. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/**
 * Writes a .br (brotli at its best quality) and a .gz (gzip level 9) beside
 * every text file of the build, so the Go server sends them as they are
 * instead of compressing on each request. It runs last, after every other
 * plugin has written its files (the service worker included).
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'musicify-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = (await filesUnder(outDir)).filter((f) => COMPRESSIBLE.test(f));
        let written = 0;
        await Promise.all(
          files.map(async (file) => {
            const data = await readFile(file);
            if (data.length < MIN_BYTES) return;
            const [br, gzipped] = await Promise.all([
              brotli(data, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
                },
              }),
              gz(data, { level: 9 }),
            ]);
            // An encoding that saves next to nothing is not worth a second file.
            if (br.length < data.length * 0.9) {
              await writeFile(`${file}.br`, br);
              written++;
            }
            if (gzipped.length < data.length * 0.9) {
              await writeFile(`${file}.gz`, gzipped);
              written++;
            }
          }),
        );
        this.info?.(`precompressed ${written} files (.br, .gz)`);
      },
    },
  };
}
