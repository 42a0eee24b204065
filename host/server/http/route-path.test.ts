import { translateRoutePath } from './route-path';

describe('translateRoutePath', () => {
  it('maps plain, optional and rest parameters', () => {
    expect(translateRoutePath('/api/agents/{id}').fastifyPaths).toEqual(['/api/agents/:id']);
    expect(translateRoutePath('/api/agents/{id?}').fastifyPaths).toEqual(['/api/agents/:id?']);
    expect(translateRoutePath('/assets/{path*}').fastifyPaths).toEqual(['/assets/*', '/assets']);
    expect(translateRoutePath('/{path*}').fastifyPaths).toEqual(['/*', '/']);
  });

  it('gives the rest parameter back under its declared name', () => {
    const { mapParams } = translateRoutePath('/assets/{path*}');
    expect(mapParams({ '*': 'a/b.js' })).toEqual({ path: 'a/b.js' });
    expect(mapParams({ '*': '' })).toEqual({});
  });

  it('joins a fixed-count multi-segment parameter', () => {
    const { fastifyPaths, mapParams } = translateRoutePath('/x/{pair*2}/y');
    expect(fastifyPaths).toEqual(['/x/:pair__0/:pair__1/y']);
    expect(mapParams({ pair__0: 'a', pair__1: 'b' })).toEqual({ pair: 'a/b' });
  });

  it('escapes literal colons and rejects misplaced modifiers', () => {
    expect(translateRoutePath('/api/a:b/{id}').fastifyPaths).toEqual(['/api/a::b/:id']);
    expect(() => translateRoutePath('/api/{id?}/x')).toThrow(
      'optional parameter {id?} must be the last segment',
    );
    expect(() => translateRoutePath('/api/{rest*}/x')).toThrow(
      '{rest*} must be the whole last segment',
    );
    expect(() => translateRoutePath('api')).toThrow('must start with "/"');
  });
});
