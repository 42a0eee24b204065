/**
 * The opaque cursor that pages past the indexer's 10,000-hit window: where the last page ended
 * (its sort values), the point in time it was read in, and a hash of what was asked, signed with
 * HMAC-SHA256 under a key every instance derives from the shared encryption key. A cursor cannot be
 * forged, nor replayed with another selection, sort, page size or user; it survives a restart and
 * crosses instances behind a load balancer. A cursor signed under an earlier key is refused, saying so.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { RequestFieldError } from '../../request-field-error';

export interface CursorState {
  /** Point-in-time id the next page is read in (none yet when the pages so far used from/size). */
  pitId?: string;
  /** Sort values of the last hit of the previous page. */
  searchAfter: unknown[];
  /** 0-based number of the page this cursor leads to. */
  page: number;
}

interface SignedPayload extends CursorState {
  /** Hash of the request the cursor belongs to. */
  selection: string;
}

/** Bytes of the key's public fingerprint a cursor carries, to tell a rotated key from a forgery. */
const KEY_ID_BYTES = 6;

/** The same hash for the same JSON value whatever the order of its object keys. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

export function selectionHash(parts: unknown): string {
  return createHash('sha256').update(canonical(parts)).digest('base64url');
}

export class CursorCodec {
  private readonly keyId: string;

  /** `key`: the cursor signing key (`cursorSigningKey` of the encryption key). */
  constructor(private readonly key: Buffer) {
    this.keyId = createHmac('sha256', key)
      .update('cursor key id')
      .digest()
      .subarray(0, KEY_ID_BYTES)
      .toString('base64url');
  }

  private sign(body: string): Buffer {
    return createHmac('sha256', this.key).update(`${this.keyId}.${body}`).digest();
  }

  encode(state: CursorState, selection: string): string {
    const payload: SignedPayload = { ...state, selection };
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${this.keyId}.${body}.${this.sign(body).toString('base64url')}`;
  }

  /** The state of `cursor` if this dashboard signed it for this `selection`; else a 400 at `field`. */
  decode(cursor: string, selection: string, field = 'cursor'): CursorState {
    const [keyId, body, signature, extra] = cursor.split('.');
    if (extra === undefined && body && signature && keyId !== this.keyId)
      throw new RequestFieldError(
        field,
        'was signed under another encryption key (SVC_ENCRYPTION_KEY changed since it was issued): ask for the first page again',
      );
    const given = Buffer.from(signature ?? '', 'base64url');
    const expected = body ? this.sign(body) : Buffer.alloc(0);
    if (
      extra !== undefined ||
      !body ||
      given.length !== expected.length ||
      !timingSafeEqual(given, expected)
    )
      throw new RequestFieldError(
        field,
        'is not a cursor this dashboard issued: ask for the first page again',
      );
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as SignedPayload;
    if (payload.selection !== selection)
      throw new RequestFieldError(
        field,
        'belongs to another selection, sort or page size: ask for the first page again',
      );
    return { pitId: payload.pitId, searchAfter: payload.searchAfter, page: payload.page };
  }
}
