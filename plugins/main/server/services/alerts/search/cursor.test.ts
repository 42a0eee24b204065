import { randomBytes } from 'node:crypto';
import { cursorSigningKey } from '../../api-hosts/encryption-key';
import { CursorCodec, selectionHash } from './cursor';

describe('paging cursor', () => {
  const encryptionKey = randomBytes(32);
  const codec = new CursorCodec(cursorSigningKey(encryptionKey));
  const selection = selectionHash({ user: 'alice', query: 'rule.level:3', size: 100 });
  const state = { pitId: 'pit-1', searchAfter: [1715342400000, 42], page: 100 };

  it('gives back what it encoded, for the same selection', () => {
    expect(codec.decode(codec.encode(state, selection), selection)).toEqual(state);
  });

  it('is read by every codec derived from the same encryption key (another instance, a restart)', () => {
    const otherInstance = new CursorCodec(cursorSigningKey(Buffer.from(encryptionKey)));
    expect(otherInstance.decode(codec.encode(state, selection), selection)).toEqual(state);
  });

  it('is not signed with the encryption key itself', () => {
    expect(cursorSigningKey(encryptionKey).equals(encryptionKey)).toBe(false);
  });

  it('hashes a selection the same whatever the order of its keys', () => {
    expect(selectionHash({ a: 1, b: { c: 2, d: 3 } })).toBe(
      selectionHash({ b: { d: 3, c: 2 }, a: 1 }),
    );
    expect(selectionHash({ a: 1 })).not.toBe(selectionHash({ a: 2 }));
  });

  it('refuses a cursor of another selection or user', () => {
    const other = selectionHash({ user: 'bob', query: 'rule.level:3', size: 100 });
    expect(() => codec.decode(codec.encode(state, selection), other)).toThrow(
      'belongs to another selection',
    );
  });

  it('refuses a cursor signed under a rotated encryption key, saying so', () => {
    const rotated = new CursorCodec(cursorSigningKey(randomBytes(32)));
    expect(() => rotated.decode(codec.encode(state, selection), selection)).toThrow(
      'was signed under another encryption key',
    );
  });

  it('refuses an edited, forged or foreign cursor', () => {
    const cursor = codec.encode(state, selection);
    const [keyId, , signature] = cursor.split('.');
    const edited = Buffer.from(JSON.stringify({ ...state, pitId: 'pit-2', selection })).toString(
      'base64url',
    );
    for (const forged of [
      `${keyId}.${edited}.${signature}`,
      'garbage',
      `${keyId}.garbage`,
      `${cursor}.more`,
      `${keyId}..${signature}`,
      `${keyId}.${edited}.`,
    ])
      expect(() => codec.decode(forged, selection)).toThrow(
        'is not a cursor this dashboard issued',
      );
  });
});
