// What a report says, worked out from the definitions: filters and RBAC in words, table rows, and
// one aggregate request per report whose chart ids never collide.
import { MODULES } from '../../../common/modules';
import { agentSecurityEvents } from '../../../common/modules/security-events';
import { describeFilter, describeScope, reportCharts, tableRows } from './report-content';

describe('report content', () => {
  it('asks every chart of a report in one request with unique ids', () => {
    for (const view of [...MODULES, agentSecurityEvents])
      for (const pinned of [false, true]) {
        const ids = reportCharts(view, pinned).map((chart) => chart.id);
        expect({
          view: view.id,
          pinned,
          duplicates: ids.filter((id, i) => ids.indexOf(id) !== i),
        }).toEqual({
          view: view.id,
          pinned,
          duplicates: [],
        });
      }
  });

  it('describes each kind of filter', () => {
    expect(describeFilter({ type: 'is', field: 'rule.groups', value: 'sca' })).toBe(
      'rule.groups is sca',
    );
    expect(
      describeFilter({ type: 'is_one_of', field: 'rule.groups', values: ['a', 'b'], negate: true }),
    ).toBe('NOT rule.groups is one of a, b');
    expect(describeFilter({ type: 'exists', field: 'rule.mitre.id' })).toBe('rule.mitre.id exists');
    expect(describeFilter({ type: 'between', field: 'rule.level', gte: 7, lte: 11 })).toBe(
      'rule.level is between 7 and 11',
    );
    expect(describeFilter({ type: 'between', field: 'rule.level', gte: 12 })).toBe(
      'rule.level is at least 12',
    );
    expect(describeFilter({ type: 'between', field: 'rule.level', lte: 6 })).toBe(
      'rule.level is at most 6',
    );
  });

  it('says what RBAC left out, or that it left out nothing', () => {
    expect(describeScope({})).toBe(
      'RBAC left nothing out: the reporting user may see every agent of this API host.',
    );
    expect(describeScope({ agentIds: ['001'], hideManagerAlerts: true })).toBe(
      "Only the alerts of the 1 agent the reporting user may see on this API host are included; other agents' alerts were left out by RBAC; the manager's own alerts (agent 000) are hidden.",
    );
  });

  it('turns terms answers into rows, with their splits', () => {
    expect(
      tableRows({
        type: 'terms',
        buckets: [
          {
            key: 'web',
            label: 'web',
            count: 5,
            split: [{ key: 'added', label: 'added', count: 3 }],
          },
          { key: 'db', label: '', count: 2, split: [] },
        ],
      }),
    ).toEqual([['web', 'added', '3']]);
    expect(tableRows({ type: 'terms', buckets: [{ key: 7, label: '7', count: 2 }] })).toEqual([
      ['7', '2'],
    ]);
    expect(tableRows({ type: 'count', count: 3 })).toEqual([]);
  });
});
