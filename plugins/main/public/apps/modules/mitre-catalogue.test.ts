import { frameworkTactics } from './mitre-catalogue';

const tactics = [
  { id: 'ta-1', external_id: 'TA0006', name: 'Credential Access' },
  { id: 'ta-2', external_id: 'TA0040', name: 'Impact' },
];
const techniques = [
  { id: 't-1', external_id: 'T1110', name: 'Brute Force', tactics: ['ta-1'] },
  { id: 't-2', external_id: 'T1003', name: 'OS Credential Dumping', tactics: ['ta-1'] },
  { id: 't-3', external_id: 'T1565', name: 'Data Manipulation', tactics: ['ta-2'] },
];
const bucket = (key: string, count: number) => ({ key, label: key, count });

describe('the MITRE Framework tab', () => {
  it('joins the catalogue with the alert counts, sub-techniques counting for their technique', () => {
    const result = frameworkTactics(
      tactics,
      techniques,
      { type: 'terms', buckets: [bucket('Credential Access', 7), bucket('Impact', 2)] },
      {
        type: 'terms',
        buckets: [bucket('T1110', 5), bucket('T1565.001', 2), bucket('T11100', 9)],
      },
    );
    expect(result.map((entry) => [entry.tactic.name, entry.count])).toEqual([
      ['Credential Access', 7],
      ['Impact', 2],
    ]);
    expect(result[0].techniques.map((entry) => [entry.technique.external_id, entry.count])).toEqual(
      [
        ['T1110', 5],
        ['T1003', 0],
      ],
    );
    expect(result[1].techniques[0].count).toBe(2);
  });

  it('shows zero everywhere before the counts arrive', () => {
    const result = frameworkTactics(tactics, techniques, undefined, undefined);
    expect(result.every((entry) => entry.count === 0)).toBe(true);
  });
});
