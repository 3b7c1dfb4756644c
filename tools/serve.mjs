// A static file server for www/ on the loopback interface, for `./build.sh serve`
// and the end-to-end tests. Serves .wasm as application/wasm so browsers can
// compile it while it streams. With `gzip`, bodies go out compressed as a
// static host sends them (the benchmark compares pages over the wire), and
// with `record`, `server.sent` lists every response with the bytes that went out.
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ts': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/**
 * What the <gpu-plan> widget loads from another origin (docs/EMBED.md,
 * "Hosting"): its module, the modules it imports and the engine. Module
 * scripts and the .wasm fetch are CORS requests, so these need
 * `Access-Control-Allow-Origin`; `Cross-Origin-Resource-Policy` lets a host
 * page that is cross-origin isolated (COEP) load them too.
 */
export const CROSS_ORIGIN = {
  'access-control-allow-origin': '*',
  'cross-origin-resource-policy': 'cross-origin',
};
const embeddable = (path) => path === '/widget.js' || path.startsWith('/js/') || path.startsWith('/pkg/');

/** Starts serving `root`; resolves to the listening server. Port 0 picks a free one. */
export function serve(root, { host = '127.0.0.1', port = 0, gzip = false, record = false } = {}) {
  const base = resolve(root);
  // Compressed once per file and content: gzip -9 costs tens of ms for the module.
  const compressed = new Map();
  const gzipped = (file, body) => {
    const hit = compressed.get(file);
    if (hit?.body.equals(body)) return hit.zipped;
    const zipped = gzipSync(body, { level: 9 });
    compressed.set(file, { body, zipped });
    return zipped;
  };
  const server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      let file = normalize(join(base, path));
      if (file !== base && !file.startsWith(base + sep)) {
        res.writeHead(403).end('forbidden');
        return;
      }
      if ((await stat(file).catch(() => null))?.isDirectory()) file = join(file, 'index.html');
      let body = await readFile(file);
      const headers = {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-cache',
        ...(embeddable(path) ? CROSS_ORIGIN : {}),
      };
      if (gzip && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
        body = gzipped(file, body);
        headers['content-encoding'] = 'gzip';
        headers.vary = 'accept-encoding';
      }
      res.writeHead(200, headers);
      res.end(body);
      if (record) server.sent.push({ path, bytes: body.length });
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  server.sent = [];
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => ok(server));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [root = 'www', port = '8080'] = process.argv.slice(2);
  const server = await serve(root, { port: Number(port) });
  const { address, port: actual } = server.address();
  console.log(`gpuplan is served at http://${address}:${actual}/  (Ctrl+C stops it)`);
}
