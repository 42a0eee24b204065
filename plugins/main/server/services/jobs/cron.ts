/** Cron expressions of the background jobs, checked with node-cron's own parser. */
import cron from 'node-cron';

export function isValidCronExpression(expression: string): boolean {
  return cron.validate(expression);
}
