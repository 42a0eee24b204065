/**
 * Reads `manifest.json` written by `scripts/build-browser.js`: which file starts the shell and each
 * UI plugin, and which chunks they import (preloaded by the page so they download in parallel).
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { MissingBundlesError } from '../errors';

const BUNDLE_MANIFEST_FILE = 'manifest.json';

interface ManifestChunk {
  imports: string[];
  dynamicImports: string[];
  css: string[];
}

export interface BundleManifest {
  entries: Record<string, string>;
  chunks: Record<string, ManifestChunk>;
}

export const SHELL_ENTRY = 'shell';
export const LOGIN_ENTRY = 'login';

export function pluginEntryName(pluginId: string): string {
  return `plugin-${pluginId}`;
}

/** Re-reads the manifest only when the file changed, so a rebuild is picked up without a restart. */
export function createManifestReader(publicDir: string): () => BundleManifest {
  const file = join(publicDir, BUNDLE_MANIFEST_FILE);
  let cached: { mtimeMs: number; manifest: BundleManifest } | undefined;
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      throw new MissingBundlesError(
        `The browser bundles are missing (${file}). Build them with \`npm run build\`.`,
      );
    }
    if (cached?.mtimeMs !== mtimeMs)
      cached = { mtimeMs, manifest: JSON.parse(readFileSync(file, 'utf8')) as BundleManifest };
    return cached.manifest;
  };
}

export function entryFile(manifest: BundleManifest, name: string): string {
  const file = manifest.entries[name];
  if (!file)
    throw new MissingBundlesError(
      `The browser bundles have no entry "${name}". Rebuild them with \`npm run build\`.`,
    );
  return file;
}

/** Every chunk `files` import statically, transitively (what the browser will fetch before running them). */
export function staticImportsOf(manifest: BundleManifest, files: string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    for (const imported of manifest.chunks[file]?.imports ?? []) {
      if (seen.has(imported)) continue;
      seen.add(imported);
      visit(imported);
    }
  };
  files.forEach(visit);
  return [...seen].filter((file) => !files.includes(file));
}

/** Stylesheets of the given chunks and their static imports. */
export function cssOf(manifest: BundleManifest, files: string[]): string[] {
  return [
    ...new Set(
      [...files, ...staticImportsOf(manifest, files)].flatMap(
        (file) => manifest.chunks[file]?.css ?? [],
      ),
    ),
  ];
}
