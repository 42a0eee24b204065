import { schedulePeriodMs } from './cron';

describe('schedulePeriodMs', () => {
  it('tells the time between two ticks of a schedule', () => {
    expect(schedulePeriodMs('0 */5 * * * *')).toBe(5 * 60_000);
    expect(schedulePeriodMs('*/2 * * * * *')).toBe(2_000);
  });
});
