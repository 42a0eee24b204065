import { describeMissing, effectivePolicies, isAllowed } from './rbac-permissions';

describe('RBAC evaluator', () => {
  const policies = effectivePolicies({
    'agent:delete': { 'agent:id:*': 'allow', 'agent:group:vip': 'deny' },
    'agent:read': { 'agent:group:web': 'allow', 'agent:id:001&node:id:x': 'allow' },
    'group:create': { '*:*:*': 'allow' },
    rbac_mode: 'white',
  });

  it('lets a later group deny win over a wildcard allow for agents in that group', () => {
    const remove = { action: 'agent:delete', resource: 'agent:id:007' };
    expect(isAllowed(policies, remove)).toBe(true);
    expect(isAllowed(policies, remove, ['agent:group:vip'])).toBe(false);
    expect(isAllowed(policies, { action: 'agent:delete', resource: 'agent:id:*' })).toBe(false);
  });

  it('reaches agents by group, ignores combined resources and grants nothing unlisted', () => {
    const read = { action: 'agent:read', resource: 'agent:id:001' };
    expect(isAllowed(policies, read)).toBe(false);
    expect(isAllowed(policies, read, ['agent:group:web'])).toBe(true);
    expect(isAllowed(policies, { action: 'group:create', resource: '*:*:*' })).toBe(true);
    expect(isAllowed(policies, { action: 'group:delete', resource: 'group:id:x' })).toBe(false);
  });

  it('names what is missing', () => {
    expect(describeMissing([{ action: 'agent:delete', resource: 'agent:id:*' }])).toBe(
      'needs agent:delete on agent:id:*',
    );
  });
});
