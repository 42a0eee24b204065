/**
 * The logo an administrator uploads: a PNG or an SVG, checked before it is stored. An SVG is shown
 * in every user's header and drawn into reports, so anything that could run, load something from
 * elsewhere or embed other markup refuses the file (naming why) rather than being cut out of it: a
 * rewritten image may not be what the administrator meant, and a missed trick is worse than a refusal.
 */
import { SaxesParser, type SaxesTagNS } from 'saxes';
import type { AppLogoInfo } from '../../../common/app-settings';
import { RequestFieldError } from '../request-field-error';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
const XLINK_NAMESPACE = 'http://www.w3.org/1999/xlink';

/** Elements that run code, embed other documents or markup, or load from elsewhere. */
const REFUSED_ELEMENTS = new Set([
  'script',
  'foreignobject',
  'iframe',
  'embed',
  'object',
  'audio',
  'video',
  'image',
  'feimage',
  'handler',
  'listener',
]);

/** An attribute that animations could point at to make a link or a handler. */
const ANIMATED_ATTRIBUTE = /^(on|href$|xlink:href$)/i;

function refuse(reason: string): never {
  throw new RequestFieldError('logo', reason);
}

/** `url(...)` that does not point inside the document itself. */
function hasExternalUrl(text: string): boolean {
  for (const match of text.matchAll(/url\(\s*['"]?\s*([^'")\s]*)/gi))
    if (!match[1].startsWith('#')) return true;
  return false;
}

function checkAttribute(element: string, name: string, uri: string, value: string): void {
  const local = name.includes(':') ? name.slice(name.indexOf(':') + 1) : name;
  if (/^on/i.test(local)) refuse(`an SVG must not carry event handlers (${element} ${name})`);
  if (local.toLowerCase() === 'href' && (uri === '' || uri === XLINK_NAMESPACE)) {
    if (!value.trim().startsWith('#'))
      refuse(`an SVG must not link outside itself (${element} ${name}="${value.slice(0, 80)}")`);
  }
  if (/javascript:/i.test(value)) refuse(`an SVG must not hold javascript: (${element} ${name})`);
  if (hasExternalUrl(value))
    refuse(`an SVG must not load anything from outside itself (${element} ${name})`);
  if (local === 'attributeName' && ANIMATED_ATTRIBUTE.test(value))
    refuse(`an SVG must not animate ${value} (${element})`);
}

/** Throws a `RequestFieldError` on `logo` naming the first thing that refuses the SVG. */
function checkSvg(text: string): void {
  const parser = new SaxesParser({ xmlns: true });
  let root = true;
  const open: string[] = [];
  parser.on('error', (error) => refuse(`not a well-formed SVG: ${error.message}`));
  parser.on('doctype', () => refuse('an SVG must not have a DOCTYPE (entities can load files)'));
  parser.on('processinginstruction', (instruction) =>
    refuse(`an SVG must not have processing instructions (<?${instruction.target}?>)`),
  );
  parser.on('opentag', (tag: SaxesTagNS) => {
    if (root && (tag.local !== 'svg' || tag.uri !== SVG_NAMESPACE))
      refuse('the file is not an SVG image (its root must be an <svg> element)');
    root = false;
    if (tag.uri !== SVG_NAMESPACE)
      refuse(`an SVG must hold SVG elements only (<${tag.name}> is another kind of markup)`);
    if (REFUSED_ELEMENTS.has(tag.local.toLowerCase()))
      refuse(`an SVG must not contain <${tag.local}>`);
    for (const attribute of Object.values(tag.attributes))
      checkAttribute(tag.local, attribute.name, attribute.uri, attribute.value);
    open.push(tag.local);
  });
  parser.on('closetag', () => open.pop());
  parser.on('text', (value) => {
    if (open.at(-1) !== 'style') return;
    if (/@import/i.test(value) || hasExternalUrl(value) || /javascript:/i.test(value))
      refuse('an SVG style must not load anything from outside itself');
  });
  parser.on('cdata', (value) => {
    if (open.at(-1) === 'style' && (/@import/i.test(value) || hasExternalUrl(value)))
      refuse('an SVG style must not load anything from outside itself');
  });
  parser.write(text).close();
  if (root) refuse('the file is not an SVG image (no <svg> element)');
}

/** The PNG's chunks are walked to its IEND: a file cut short or with bytes after it is refused. */
function checkPng(bytes: Buffer): void {
  let offset = PNG_SIGNATURE.length;
  let first = true;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (first && type !== 'IHDR') break;
    first = false;
    offset += 12 + length;
    if (type === 'IEND') {
      if (offset === bytes.length) return;
      break;
    }
  }
  refuse('not a whole PNG image (its chunks do not end with IEND at the end of the file)');
}

export interface CheckedLogo {
  contentType: AppLogoInfo['contentType'];
  bytes: Buffer;
}

/** Tells a PNG from an SVG by its bytes (never by a name or a claimed type) and checks it. */
export function checkLogo(bytes: Buffer, maxBytes: number): CheckedLogo {
  if (bytes.length === 0) refuse('the file is empty');
  if (bytes.length > maxBytes)
    refuse(
      `the file is ${bytes.length} bytes, more than ${maxBytes} (svc.appSettings.maxLogoBytes)`,
    );
  if (bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) {
    checkPng(bytes);
    return { contentType: 'image/png', bytes };
  }
  const text = bytes.toString('utf8');
  if (!/^\s*</.test(text) || !/<svg[\s>]/i.test(text.slice(0, 4096)))
    refuse('must be a PNG or an SVG image');
  checkSvg(text.replace(/^\s*<\?xml[^>]*\?>/, ''));
  return { contentType: 'image/svg+xml', bytes };
}
