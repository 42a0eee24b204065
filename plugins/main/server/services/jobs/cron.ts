/** Cron expressions of the background jobs, checked with node-cron's own parser. */
import cron from 'node-cron';

export function isValidCronExpression(expression: string): boolean {
  return cron.validate(expression);
}

/** Time between the next two ticks of a schedule (irregular schedules: those two only). */
export function schedulePeriodMs(expression: string): number {
  const probe = cron.createTask(expression, () => undefined);
  try {
    const [next, after] = probe.getNextRuns(2);
    return after.getTime() - next.getTime();
  } finally {
    void probe.destroy();
  }
}
