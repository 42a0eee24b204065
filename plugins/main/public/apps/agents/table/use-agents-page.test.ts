import { agentsCsvFilters } from './use-agents-page';

describe('agentsCsvFilters', () => {
  it("exports every page of the table's filter, statuses and sort", () => {
    expect(
      agentsCsvFilters({ q: 'id!=000;os.platform=ubuntu', search: 'web' }, 'active', '+name'),
    ).toEqual([
      { name: 'q', value: 'id!=000;os.platform=ubuntu' },
      { name: 'search', value: 'web' },
      { name: 'status', value: 'active' },
      { name: 'sort', value: '+name' },
    ]);
    expect(agentsCsvFilters(undefined, '', '+id')).toEqual([{ name: 'sort', value: '+id' }]);
  });
});
