import { deflateSync } from 'node:zlib';
import { RequestFieldError } from '../request-field-error';
import { checkLogo } from './logo-image';

const MAX = 64 * 1024;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  // The CRC is not checked here; its place is.
  return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
}

/** A 1×1 PNG. */
function png(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header[8] = 8;
  header[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 0, 0, 0, 0]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const svg = (inner: string, attributes = '') =>
  Buffer.from(
    `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"${attributes}>${inner}</svg>`,
  );

function refusal(bytes: Buffer): string {
  try {
    checkLogo(bytes, MAX);
  } catch (error) {
    expect(error).toBeInstanceOf(RequestFieldError);
    expect((error as RequestFieldError).field).toBe('logo');
    return (error as RequestFieldError).reason;
  }
  throw new Error('The logo was accepted.');
}

describe('checkLogo', () => {
  it('accepts a whole PNG and a plain SVG, telling them apart by their bytes', () => {
    expect(checkLogo(png(), MAX).contentType).toBe('image/png');
    expect(
      checkLogo(
        svg(
          '<defs><linearGradient id="g"/></defs><rect width="10" height="10" fill="url(#g)"/><use href="#g"/><style>rect{fill:red}</style>',
        ),
        MAX,
      ).contentType,
    ).toBe('image/svg+xml');
  });

  it.each([
    ['a script', svg('<script>alert(1)</script>'), 'must not contain <script>'],
    ['an event handler', svg('<rect onload="alert(1)"/>'), 'must not carry event handlers'],
    ['a handler on the root', svg('', ' onclick="x()"'), 'must not carry event handlers'],
    [
      'a foreignObject',
      svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>'),
      'must not contain <foreignObject>',
    ],
    [
      'an external link',
      svg('<use xlink:href="https://evil.test/a.svg#x"/>'),
      'must not link outside',
    ],
    [
      'a javascript: link',
      svg('<a href="javascript:alert(1)"><rect/></a>'),
      'must not link outside',
    ],
    ['an external image', svg('<image href="#x"/>'), 'must not contain <image>'],
    [
      'a CSS import',
      svg('<style>@import url(https://evil.test/x.css);</style>'),
      'style must not load',
    ],
    ['a CSS url', svg('<rect style="fill:url(https://evil.test/p)"/>'), 'must not load anything'],
    [
      'an animated href',
      svg('<a><set attributeName="href" to="javascript:x"/></a>'),
      'must not animate',
    ],
    [
      'a DOCTYPE',
      Buffer.from(
        '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>',
      ),
      'must not have a DOCTYPE',
    ],
    [
      'a stylesheet instruction',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg"><?xml-stylesheet href="https://evil.test"?></svg>',
      ),
      'processing instructions',
    ],
    ['another markup', Buffer.from('<svg><rect/></svg>'), 'root must be an <svg> element'],
    ['broken XML', svg('<rect>'), 'not a well-formed SVG'],
    ['another file type', Buffer.from('GIF89a...'), 'must be a PNG or an SVG image'],
    ['a cut PNG', png().subarray(0, 30), 'not a whole PNG'],
    ['an empty file', Buffer.alloc(0), 'the file is empty'],
  ])('refuses %s, saying why', (_name, bytes, reason) => {
    expect(refusal(bytes)).toContain(reason);
  });

  it('refuses a file over the size limit, naming the config key', () => {
    expect(refusal(Buffer.concat([png(), Buffer.alloc(MAX)]))).toContain(
      'svc.appSettings.maxLogoBytes',
    );
  });
});
