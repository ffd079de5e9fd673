// Writes .br and .gz next to the built text files, so the server sends them without compressing per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.xml', '.txt', '.webmanifest']);

/** Writes .br and .gz next to every text file under `dir`, each only when it is smaller than the file (small chunks gain too). */
export function precompress(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) precompress(path);
    else if (TEXT.has(extname(name))) {
      const data = readFileSync(path);
      const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
      const gz = gzipSync(data, { level: 9 });
      if (br.length < data.length) writeFileSync(`${path}.br`, br);
      if (gz.length < data.length) writeFileSync(`${path}.gz`, gz);
    }
  }
}
