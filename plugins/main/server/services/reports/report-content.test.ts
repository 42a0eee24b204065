// What a report says, worked out from the definitions: filters and RBAC in words, table rows, one
// aggregate request per report whose chart ids never collide, and filter and query text cut to the
// printed length with an ellipsis, saying so.
import type { AlertsAggregateResponse } from '../../../common/alerts/api';
import { MODULES, moduleById } from '../../../common/modules';
import { agentSecurityEvents } from '../../../common/modules/security-events';
import {
  buildReportContent,
  cutText,
  describeFilter,
  describeScope,
  reportCharts,
  tableRows,
} from './report-content';

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

  it('cuts text to a number of characters, the last an ellipsis, counting what it left out', () => {
    expect(cutText('abcdef', 6)).toEqual({ text: 'abcdef', left: 0 });
    expect(cutText('abcdefg', 6)).toEqual({ text: 'abcde…', left: 2 });
    // Characters, not UTF-16 units: a surrogate pair is never split.
    expect(cutText('😀😀😀😀', 3)).toEqual({ text: '😀😀…', left: 2 });
  });

  it('prints filters whole while they fit, cuts the one that crosses, leaves out the rest', () => {
    const answer: AlertsAggregateResponse = {
      total: { value: 0, relation: 'eq' },
      charts: {},
      includesSampleData: false,
    };
    const content = (maxPrintedChars: number, query = 'a: b') =>
      buildReportContent({
        view: moduleById('docker')!,
        selection: {
          apiHostId: 'demo',
          timeRange: { from: 'now-1d', to: 'now' },
          query: { language: 'kuery', query },
          filters: [
            { type: 'is', field: 'agent.name', value: 'a'.repeat(40) },
            { type: 'is', field: 'agent.name', value: 'b'.repeat(40) },
            { type: 'exists', field: 'data.srcip' },
          ],
        },
        answer,
        scope: {},
        user: 'alice',
        generatedAt: new Date(),
        maxPrintedChars,
      });
    const whole = content(10_000);
    expect(whole.cuts).toEqual([]);
    expect(whole.filters).toHaveLength(4);
    const cut = content(80, 'q'.repeat(100));
    // docker's fixed filter (21 characters), the next (54) whole, then 5 of the third: 4 and '…'.
    expect(cut.filters).toEqual([
      'rule.groups is docker',
      `agent.name is ${'a'.repeat(40)}`,
      'agen…',
    ]);
    // `q…q (DQL)`: 106 characters, 79 printed.
    expect(cut.query).toBe(`${'q'.repeat(79)}…`);
    const left = `agent.name is ${'b'.repeat(40)}`.length - 4 + 'data.srcip exists'.length;
    expect(cut.cuts).toEqual([
      `The filters are cut at 80 characters (${left} more not printed); the report's figures use them whole.`,
      "The query is cut at 80 characters (27 more not printed); the report's figures use it whole.",
    ]);
  });
});
