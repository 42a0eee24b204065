import { isoWeek, weeklyIndexName } from './weekly-index';

describe('weekly index names', () => {
  it.each([
    ['2026-01-01T00:00:00Z', 2026, 1],
    ['2027-01-01T12:00:00Z', 2026, 53],
    ['2024-12-30T00:00:00Z', 2025, 1],
    ['2026-11-28T23:59:59Z', 2026, 48],
    ['2026-11-30T00:00:00Z', 2026, 49],
  ])('%s is in week %i.%i', (at, year, week) => {
    expect(isoWeek(new Date(at))).toEqual({ year, week });
  });

  it('writes the week without padding, as the original does', () => {
    expect(weeklyIndexName('wazuh-statistics', new Date('2026-03-02T10:00:00Z'))).toBe(
      'wazuh-statistics-2026.10w',
    );
  });
});
