import { CursorCodec, selectionHash } from './cursor';

describe('paging cursor', () => {
  const codec = new CursorCodec();
  const selection = selectionHash({ user: 'alice', query: 'rule.level:3', size: 100 });
  const state = { pitId: 'pit-1', searchAfter: [1715342400000, 42], page: 100 };

  it('gives back what it encoded, for the same selection', () => {
    expect(codec.decode(codec.encode(state, selection), selection)).toEqual(state);
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

  it('refuses an edited, forged or foreign cursor', () => {
    const cursor = codec.encode(state, selection);
    const [, signature] = cursor.split('.');
    const edited = Buffer.from(JSON.stringify({ ...state, pitId: 'pit-2', selection })).toString(
      'base64url',
    );
    expect(() => codec.decode(`${edited}.${signature}`, selection)).toThrow(
      'is not a cursor this dashboard issued',
    );
    expect(() => codec.decode('garbage', selection)).toThrow(
      'is not a cursor this dashboard issued',
    );
    expect(() => codec.decode(`${cursor}.more`, selection)).toThrow(
      'is not a cursor this dashboard issued',
    );
    expect(() => new CursorCodec().decode(cursor, selection)).toThrow(
      'is not a cursor this dashboard issued',
    );
  });
});
