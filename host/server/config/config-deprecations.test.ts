/** The rename table's mechanics on plain trees; load-config.test.ts covers the host's own renames. */
import { applyConfigRenames } from './config-deprecations';

describe('applyConfigRenames', () => {
  const rename = { from: ['old', 'key'], to: ['new', 'deep', 'key'] };

  it("moves a nested old key, keeping falsy values and the new key's siblings", () => {
    const tree = { old: { key: 0, other: 'kept' }, new: { deep: { sibling: 1 } } };
    const { tree: renamed, warnings } = applyConfigRenames(tree, [rename]);
    expect(renamed).toEqual({ old: { other: 'kept' }, new: { deep: { sibling: 1, key: 0 } } });
    expect(warnings).toEqual(['Config key [old.key] is deprecated: use [new.deep.key]']);
    expect(tree).toEqual({ old: { key: 0, other: 'kept' }, new: { deep: { sibling: 1 } } });
  });

  it('drops the parents the old key leaves empty', () => {
    expect(applyConfigRenames({ old: { key: 'x' } }, [rename]).tree).toEqual({
      new: { deep: { key: 'x' } },
    });
  });

  it('leaves a tree without the old key as it is, with no warning', () => {
    const tree = { new: { deep: { key: 'x' } } };
    expect(applyConfigRenames(tree, [rename])).toEqual({ tree, warnings: [] });
  });
});
