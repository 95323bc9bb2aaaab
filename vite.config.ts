import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption, type PreviewServer, type ViteDevServer } from 'vite';

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000';
/** `API_MOCK=1`: the API is the Prism mock of the contract (`npm run dev:mock`, tests/e2e/prism-mock.test.ts). */
const againstMock = process.env.API_MOCK === '1';

/**
 * Against the Prism mock there is no server to hand over `/app-config.js` (the contract does not
 * describe it, so the mock answers 404 and the browser logs an error): the app gets the settings
 * it has without the script, everything off.
 */
function mockAppConfig(): PluginOption {
  const serve = (server: ViteDevServer | PreviewServer) => {
    server.middlewares.use('/app-config.js', (_req, res) => {
      res.setHeader('Content-Type', 'application/javascript; charset=utf-8');
      res.setHeader('Cache-Control', 'no-cache');
      res.end('window.__FIELDBOOK_CONFIG__ = {};\n');
    });
  };
  return { name: 'fieldbook-mock-app-config', configureServer: serve, configurePreviewServer: serve };
}

/** What the dev server and `vite preview` hand to the API (the server, or the mock). */
function apiProxy() {
  return {
    '/api': { target: apiTarget, changeOrigin: true },
    '/health': { target: apiTarget, changeOrigin: true },
    ...(againstMock ? {} : { '/app-config.js': { target: apiTarget, changeOrigin: true } }),
    // A regular expression, so that the app's own /development route is not proxied.
    '^/dev/': { target: apiTarget, changeOrigin: true },
  };
}

/**
 * React with the Lingui macro compiled by Babel, plus the Lingui plugin that compiles `.po`
 * catalogs on import. Shared with the component test project (tests/component/vitest.project.ts).
 */
export function reactPlugins(): PluginOption[] {
  return [
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
  ];
}

/**
 * Brotli and gzip copies of every text asset next to it, made once at build time: the server sends
 * them as they are (`preCompressed` of @fastify/static) instead of compressing per request.
 */
function precompress(): PluginOption {
  let outDir = 'dist';
  return {
    name: 'fieldbook-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
          const file = path.join(dir, entry.name);
          return entry.isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|webmanifest|txt)$/.test(file)) continue;
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * The service worker (src/service-worker/worker.js, decision 0036) as dist/sw.js, with the release's
 * files to cache in front of it: every file of the bundle except source maps and the public folder's
 * icons, favicons and manifests. Its version is a hash of those names and the worker's source, so a
 * release with any changed file is a new worker, which the app announces (src/lib/service-worker.tsx).
 */
function serviceWorker(): PluginOption {
  let root = process.cwd();
  return {
    name: 'fieldbook-service-worker',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const source = fs.readFileSync(path.join(root, 'src', 'service-worker', 'worker.js'), 'utf8');
      const publicDir = path.join(root, 'public');
      const publicFiles = (fs.readdirSync(publicDir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
        .filter((entry) => entry.isFile())
        .map((entry) => '/' + path.relative(publicDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
      const bundled = Object.keys(bundle)
        .filter((file) => !file.endsWith('.map') && file !== 'index.html' && file !== '.vite/manifest.json' && !file.startsWith('.vite/'))
        .map((file) => `/${file}`);
      const precache = [...new Set([...bundled, ...publicFiles])].sort();
      const version = crypto.createHash('sha256').update(JSON.stringify(precache)).update(source).digest('hex').slice(0, 16);
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: `const VERSION = ${JSON.stringify(version)};\nconst PRECACHE = ${JSON.stringify(precache)};\n${source}`,
      });
    },
  };
}

/**
 * @lingui/core imports the message compiler for development only (it compiles catalogs that are
 * not precompiled; in a build every catalog is). Under rolldown's strict execution order the
 * import still ran the compiler's module, its lexer and parser: 7 KiB gzip in the entry of every
 * page. In a build, @lingui/core gets a stand-in that refuses to compile; the firm's own texts
 * (src/lib/text-overrides.ts) import the real compiler themselves and load it with their screens.
 */
function linguiWithoutRuntimeCompiler(): PluginOption {
  const stub = '\0fieldbook-lingui-compile-stub';
  return {
    name: 'fieldbook-lingui-without-runtime-compiler',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '@lingui/message-utils/compileMessage' && importer && /[\\/]@lingui[\\/]core[\\/]/.test(importer)) return stub;
      return null;
    },
    load(id) {
      if (id !== stub) return null;
      return 'export function compileMessage() { throw new Error("Lingui catalogs are precompiled in a build"); }';
    },
  };
}

export default defineConfig({
  plugins: [
    // Must come before react(): it generates src/routeTree.gen.ts and splits route components.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
    }),
    ...reactPlugins(),
    linguiWithoutRuntimeCompiler(),
    serviceWorker(),
    precompress(),
    ...(againstMock ? [mockAppConfig()] : []),
  ],
  server: { proxy: apiProxy() },
  preview: { proxy: apiProxy() },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each route loads (scripts/check-bundle-size.mjs).
    manifest: true,
    sourcemap: true,
    rolldownOptions: {
      // Chunks may be merged and inlined freely; the app exports nothing to anyone.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          // Everything the entry imports statically is one file: it is all needed before the first
          // screen, and each extra file costs a round trip (six at a time over HTTP/1.1).
          groups: [{ name: 'app', tags: ['$initial'] }],
          // Chunks shared by some routes, below 32 KiB of source (about 8 KiB gzip), are copied into
          // each of them instead of loaded as files of their own: a route loads 7-14 files instead
          // of 19-26 (35-65 before any copying), which the first paint needs more than fewer bytes
          // over a session (docs/benchmarks.md, first paint; decision 0019).
          experimentalInlineCommonChunks: { maxSize: 32 * 1024 },
        },
      },
    },
  },
});
