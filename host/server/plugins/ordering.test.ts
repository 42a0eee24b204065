import { sortTopologically } from './ordering';

const plugin = (id: string, requiredPlugins: string[] = [], optionalPlugins: string[] = []) => ({
  id,
  requiredPlugins,
  optionalPlugins,
});

describe('sortTopologically', () => {
  it('puts dependencies first and keeps discovery order otherwise', () => {
    expect(
      sortTopologically([plugin('c', ['b']), plugin('a'), plugin('b', ['a']), plugin('d')]),
    ).toEqual(['a', 'd', 'b', 'c']);
  });

  it('orders by optional dependencies that exist and ignores the others', () => {
    expect(sortTopologically([plugin('a', [], ['b', 'notInstalled']), plugin('b')])).toEqual([
      'b',
      'a',
    ]);
  });

  it('names the plugins caught in a cycle', () => {
    expect(() => sortTopologically([plugin('a', ['b']), plugin('b', ['a']), plugin('c')])).toThrow(
      'Topological ordering of plugins did not complete, these plugins have cyclic or missing dependencies: ["a","b"]',
    );
  });

  it('names a plugin whose required dependency does not exist', () => {
    expect(() => sortTopologically([plugin('a', ['ghost'])])).toThrow(
      'cyclic or missing dependencies: ["a"]',
    );
  });
});
