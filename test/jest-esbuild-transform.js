/**
 * Jest's TypeScript/JSX transform, on esbuild (the compiler `npm run build` already uses). Hand-written
 * because the published esbuild transformers for Jest are unmaintained, and swc's per-platform packages
 * are not all on the registry this project installs from, which breaks `npm ci`.
 */
const path = require('node:path');
const { transformSync, version } = require('esbuild');

const LOADERS = { '.ts': 'ts', '.tsx': 'tsx', '.jsx': 'jsx' };

module.exports = {
  process(source, filename) {
    const { code, map } = transformSync(source, {
      loader: LOADERS[path.extname(filename)] ?? 'js',
      format: 'cjs',
      target: 'node20',
      jsx: 'automatic',
      sourcefile: filename,
      sourcemap: 'external',
      // `import()` becomes a lazy `require()`, as in the server build: Jest runs CommonJS.
      supported: { 'dynamic-import': false },
    });
    return { code, map };
  },
  getCacheKey(source, filename) {
    return require('node:crypto')
      .createHash('sha256')
      .update(`${version}\0${filename}\0${source}`)
      .digest('hex');
  },
};
