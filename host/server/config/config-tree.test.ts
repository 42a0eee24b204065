import { hasPath, mergeTrees, normalizeFileTree, setAtPath } from './config-tree';

describe('config tree helpers', () => {
  it('setAtPath creates parents and replaces non-object parents', () => {
    const tree: Record<string, unknown> = { a: 1 };
    setAtPath(tree, ['a', 'b'], 2);
    setAtPath(tree, ['c', 'd', 'e'], 3);
    expect(tree).toEqual({ a: { b: 2 }, c: { d: { e: 3 } } });
  });

  it('hasPath finds set keys only', () => {
    const tree = { a: { b: undefined, c: [1] } };
    expect(hasPath(tree, ['a', 'b'])).toBe(true);
    expect(hasPath(tree, ['a', 'c', '0'])).toBe(false);
    expect(hasPath(tree, ['x'])).toBe(false);
  });

  it('mergeTrees merges objects deeply, replaces arrays and leaves its inputs alone', () => {
    const base = { a: { b: 1, c: [1, 2] }, d: 1 };
    const merged = mergeTrees(base, { a: { c: [3] }, e: 2 });
    expect(merged).toEqual({ a: { b: 1, c: [3] }, d: 1, e: 2 });
    expect(base).toEqual({ a: { b: 1, c: [1, 2] }, d: 1 });
  });

  it('normalizeFileTree expands dotted keys, drops keys without a value and leaves arrays alone', () => {
    expect(
      normalizeFileTree({ 'a.b': 1, a: { c: 2, 'd.e': 3 }, f: null, g: [{ 'h.i': 4 }, null] }),
    ).toEqual({ a: { b: 1, c: 2, d: { e: 3 } }, g: [{ 'h.i': 4 }, null] });
  });
});
