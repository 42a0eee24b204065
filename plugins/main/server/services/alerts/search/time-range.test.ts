import { RequestFieldError } from '../../request-field-error';
import { resolveTimeRange } from './time-range';

const now = new Date('2024-05-10T12:34:56Z');

describe('time range', () => {
  it('resolves date math and ISO dates once, rounding the end up', () => {
    expect(resolveTimeRange({ from: 'now-7d/d', to: 'now/d' }, now)).toEqual({
      from: '2024-05-03T00:00:00.000Z',
      to: '2024-05-10T23:59:59.999Z',
      fromMs: Date.parse('2024-05-03T00:00:00.000Z'),
      toMs: Date.parse('2024-05-10T23:59:59.999Z'),
    });
    expect(
      resolveTimeRange({ from: '2024-05-01T00:00:00Z', to: '2024-05-01||+1d' }, now),
    ).toMatchObject({
      from: '2024-05-01T00:00:00.000Z',
      to: '2024-05-02T00:00:00.000Z',
    });
  });

  it.each([
    [{ from: 'yesterday', to: 'now' }, 'timeRange.from'],
    [{ from: 'now-1x', to: 'now' }, 'timeRange.from'],
    [{ from: 'now-1h', to: 'tomorrow' }, 'timeRange.to'],
    [{ from: 'now', to: 'now-1h' }, 'timeRange.to'],
  ])('refuses %j at %s', (range, field) => {
    expect(() => resolveTimeRange(range, now)).toThrow(RequestFieldError);
    try {
      resolveTimeRange(range, now);
    } catch (error) {
      expect((error as RequestFieldError).field).toBe(field);
    }
  });

  it.each([
    ['from', { from: '+275760-09-13T00:00:00Z', to: 'now' }],
    ['from', { from: '-000001-01-01T00:00:00Z', to: 'now' }],
    ['to', { from: 'now-1d', to: 'now+8000y' }],
    ['to', { from: 'now-1d', to: '9999-12-31T23:59:59Z||+1d' }],
  ] as const)('refuses a %s past the years the indexer can hold', (end, range) => {
    expect(() => resolveTimeRange(range, new Date('2024-05-10T12:00:00Z'))).toThrow(
      expect.objectContaining({ field: `timeRange.${end}` }),
    );
  });

  it('takes the first and the last instant the indexer can hold', () => {
    const range = { from: '0000-01-01T00:00:00Z', to: '9999-12-31T23:59:59.999Z' };
    expect(resolveTimeRange(range, new Date())).toMatchObject({
      from: '0000-01-01T00:00:00.000Z',
      to: '9999-12-31T23:59:59.999Z',
    });
  });
});
