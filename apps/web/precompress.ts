import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json)$/;

/** Writes .br and .gz beside each text asset after the build, so the server sends them compressed at no cost per request. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'seva-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const entry of fs.readdirSync(outDir, { recursive: true })) {
        const file = path.join(outDir, String(entry));
        if (COMPRESSIBLE.test(file) && fs.statSync(file).isFile()) compressFile(file);
      }
    },
  };
}

/** Writes `file`.br and `file`.gz beside it. */
export function compressFile(file: string): void {
  const data = fs.readFileSync(file);
  fs.writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
}
