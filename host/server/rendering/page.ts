/**
 * The HTML of every dashboard page: the shell's module script, preload hints for the chunks it and
 * the plugins need, and the injected metadata as a JSON data block (no inline script runs, so the
 * server's Content-Security-Policy forbids inline scripts altogether).
 */
import {
  INJECTED_METADATA_ELEMENT_ID,
  ROOT_ELEMENT_ID,
  type InjectedMetadata,
} from '../../common/injected-metadata';

export interface PageAssets {
  /** URL of the page's entry module: the shell, or the login page's own. */
  entry: string;
  /** URLs of modules the page will need (plugin entries and shared chunks), fetched in parallel. */
  modulePreloads: string[];
  stylesheets: string[];
}

export function renderPage(metadata: InjectedMetadata, assets: PageAssets): string {
  const title = metadata.page === 'login' ? 'Log in - svc' : 'svc';
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${title}</title>`,
    '<link rel="icon" href="data:,">',
    ...assets.stylesheets.map((href) => `<link rel="stylesheet" href="${escapeAttribute(href)}">`),
    ...assets.modulePreloads.map(
      (href) => `<link rel="modulepreload" href="${escapeAttribute(href)}">`,
    ),
    `<script type="module" src="${escapeAttribute(assets.entry)}"></script>`,
    '</head>',
    '<body>',
    `<div id="${ROOT_ELEMENT_ID}"></div>`,
    `<script type="application/json" id="${INJECTED_METADATA_ELEMENT_ID}">${jsonForHtml(metadata)}</script>`,
    '</body>',
    '</html>',
  ].join('\n');
}

/** JSON that cannot end the data block early or open a comment: `<`, `>`, `&` and line separators escaped. */
function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
