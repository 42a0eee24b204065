import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { bodyShapeRefusal, contentTypeRefusal, declaredLengthRefusal, guardBody } from './body';

describe('declaredLengthRefusal', () => {
  it('answers 413 to a body declared longer than the route takes, before reading it', () => {
    expect(declaredLengthRefusal({ 'content-length': '1025' }, 1024)).toEqual({
      statusCode: 413,
      message: expect.stringContaining('1024'),
    });
    expect(declaredLengthRefusal({ 'content-length': '1024' }, 1024)).toBeUndefined();
    expect(declaredLengthRefusal({}, 1024)).toBeUndefined();
  });
});

describe('contentTypeRefusal', () => {
  const accepts = ['application/json', 'text/*'];

  it('accepts the named media types, wildcards and parameters included', () => {
    expect(contentTypeRefusal(accepts, { 'content-type': 'application/json' })).toBeUndefined();
    expect(
      contentTypeRefusal(accepts, { 'content-type': 'Text/Plain; charset=utf-8' }),
    ).toBeUndefined();
    expect(contentTypeRefusal(accepts, {})).toBeUndefined();
    expect(contentTypeRefusal(undefined, { 'content-type': 'image/png' })).toBeUndefined();
  });

  it('answers 415 to another media type', () => {
    expect(contentTypeRefusal(accepts, { 'content-type': 'application/xml' })).toEqual({
      statusCode: 415,
    });
  });
});

describe('guardBody', () => {
  it('passes a body within the limit', async () => {
    expect(await text(guardBody(Readable.from([Buffer.from('{"a":1}')]), 64, undefined))).toBe(
      '{"a":1}',
    );
  });

  it('fails a body past the limit while it is read', async () => {
    const guarded = guardBody(Readable.from([Buffer.alloc(40), Buffer.alloc(40)]), 64, undefined);
    await expect(text(guarded)).rejects.toMatchObject({ statusCode: 413 });
  });
});

describe('bodyShapeRefusal', () => {
  const limits = { maxDepth: 2, maxValues: 10 };

  it('answers 400 naming the limit a parsed body passes', () => {
    expect(bodyShapeRefusal({ a: { b: { c: 1 } } }, limits)).toEqual({
      statusCode: 400,
      message: 'Request body nests objects or arrays deeper than 2 levels',
    });
  });

  it('lets through a body within its limits', () => {
    expect(bodyShapeRefusal({ a: { b: 1 } }, limits)).toBeUndefined();
  });
});
