import { authContextOf, formFromRule, ruleFromForm, ruleHolds } from './security-mapping';

describe('roles mapping form', () => {
  it('writes one condition as FIND and several under AND or OR, and reads them back', () => {
    const one = {
      combine: 'all' as const,
      conditions: [{ field: 'user_name' as const, value: 'ana' }],
    };
    expect(ruleFromForm(one)).toEqual({ FIND: { user_name: 'ana' } });
    const any = {
      combine: 'any' as const,
      conditions: [
        { field: 'user_name' as const, value: 'ana' },
        { field: 'roles' as const, value: 'analysts' },
      ],
    };
    expect(ruleFromForm(any)).toEqual({
      OR: [{ FIND: { user_name: 'ana' } }, { FIND: { roles: 'analysts' } }],
    });
    expect(formFromRule(ruleFromForm(any))).toEqual(any);
    expect(formFromRule({ NOT: { FIND: { user_name: 'x' } } })).toBeUndefined();
  });

  it('previews like the API: a role in the context list, all of, any of, not', () => {
    const context = authContextOf('ana', ['user', 'analysts']);
    expect(ruleHolds({ FIND: { roles: 'analysts' } }, context)).toBe(true);
    expect(ruleHolds({ MATCH: { user_name: 'bob' } }, context)).toBe(false);
    expect(
      ruleHolds({ AND: [{ FIND: { user_name: 'ana' } }, { FIND: { roles: 'admin' } }] }, context),
    ).toBe(false);
    expect(ruleHolds({ NOT: { FIND: { roles: 'admin' } } }, context)).toBe(true);
  });
});
