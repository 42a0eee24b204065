// Date math and parsing as OpenSearch reads them in range queries and histograms.
import { documentDate, floorToUnit, nextUnit, resolveDateMath, zoneOffsetMs } from './dates';
import { OpenSearchErrorAnswer } from './errors';

const NOW = Date.parse('2026-03-15T13:45:30.250Z');
const at = (text: string) => Date.parse(text);

describe('resolveDateMath', () => {
  test('now with offsets, rounded down or up by the bound it serves', () => {
    expect(resolveDateMath('now-24h', { now: NOW, roundUp: false })).toBe(NOW - 86_400_000);
    expect(resolveDateMath('now/d', { now: NOW, roundUp: false })).toBe(at('2026-03-15T00:00:00Z'));
    expect(resolveDateMath('now/d', { now: NOW, roundUp: true })).toBe(
      at('2026-03-16T00:00:00Z') - 1,
    );
    expect(resolveDateMath('now-1M/M', { now: NOW, roundUp: false })).toBe(
      at('2026-02-01T00:00:00Z'),
    );
    expect(resolveDateMath('now+1y-2w', { now: NOW, roundUp: false })).toBe(
      at('2027-03-15T13:45:30.250Z') - 14 * 86_400_000,
    );
  });

  test('an anchored date with math, and a date-only bound rounded up to its day', () => {
    expect(resolveDateMath('2026-01-31||+1M/d', { now: NOW, roundUp: false })).toBe(
      at('2026-02-28T00:00:00Z'),
    );
    expect(resolveDateMath('2026-01-31', { now: NOW, roundUp: true })).toBe(
      at('2026-02-01T00:00:00Z') - 1,
    );
    expect(resolveDateMath('2026-01-31T10:00:00Z', { now: NOW, roundUp: true })).toBe(
      at('2026-01-31T10:00:00Z'),
    );
  });

  test('formats and time zones', () => {
    expect(
      resolveDateMath('1767225600000', { now: NOW, roundUp: false, format: 'epoch_millis' }),
    ).toBe(1767225600000);
    expect(resolveDateMath('15/03/2026', { now: NOW, roundUp: false, format: 'dd/MM/yyyy' })).toBe(
      at('2026-03-15T00:00:00Z'),
    );
    expect(
      resolveDateMath('2026-03-15T00:00:00', { now: NOW, roundUp: false, zone: '+02:00' }),
    ).toBe(at('2026-03-14T22:00:00Z'));
    expect(resolveDateMath('now/d', { now: NOW, roundUp: false, zone: 'Europe/Paris' })).toBe(
      at('2026-03-14T23:00:00Z'),
    );
  });

  test('a date it cannot read is a parsing_exception', () => {
    expect(() => resolveDateMath('yesterday', { now: NOW, roundUp: false })).toThrow(
      OpenSearchErrorAnswer,
    );
    expect(() => resolveDateMath('now-3x', { now: NOW, roundUp: false })).toThrow(
      /not supported for date math/,
    );
  });
});

test('calendar periods: weeks start on Monday, months have their own lengths', () => {
  expect(floorToUnit(NOW, 'w')).toBe(at('2026-03-09T00:00:00Z'));
  expect(nextUnit(at('2026-02-01T00:00:00Z'), 'M')).toBe(at('2026-03-01T00:00:00Z'));
  expect(nextUnit(at('2026-01-01T00:00:00Z'), 'q')).toBe(at('2026-04-01T00:00:00Z'));
  expect(zoneOffsetMs('America/New_York', NOW)).toBe(-4 * 3_600_000);
});

test('document dates: ISO with or without a colon in the offset, epoch millis', () => {
  expect(documentDate('2026-03-15T13:45:30.250+0000')).toBe(NOW);
  expect(documentDate('2026-03-15T15:45:30.250+02:00')).toBe(NOW);
  expect(documentDate(NOW)).toBe(NOW);
  expect(documentDate('not a date')).toBeNaN();
});
