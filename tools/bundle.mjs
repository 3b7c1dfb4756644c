// The page's script as one file: `./build.sh build` bundles www/js/app.js and
// the modules it imports into www/pkg/app.js (esbuild, minified), so a visit
// fetches one script instead of a three-level chain of ES modules. engine.js
// stays its own module (preloaded from the page's head): it is the one door to
// the engine, which tests and the widget open too, and it loads the
// wasm-bindgen glue (pkg/gpuplan.js) that the npm package ships unchanged.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const www = (path) => fileURLToPath(new URL(`../www/${path}`, import.meta.url));

export async function bundlePage() {
  const result = await build({
    entryPoints: [www('js/app.js')],
    outfile: www('pkg/app.js'),
    bundle: true,
    format: 'esm',
    minify: true,
    target: 'es2022',
    charset: 'utf8',
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
    plugins: [{
      name: 'engine-door',
      setup(b) {
        // Every page module's `./engine.js`, seen from the bundle in pkg/.
        b.onResolve({ filter: /^\.\/engine\.js$/ }, () => ({ path: '../js/engine.js', external: true }));
        // Generated beside the bundle at build time, preloaded from the page's head.
        b.onResolve({ filter: /\/first-answers\.js$/ }, () => ({ path: './first-answers.js', external: true }));
      },
    }],
  });
  return Object.values(result.metafile.outputs)[0].bytes;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const bytes = await bundlePage();
  console.error(`pkg/app.js: ${(bytes / 1000).toFixed(1)} kB`);
}
