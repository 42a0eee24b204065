/** The original's weekly index names: `<prefix>-<ISO week-numbering year>.<ISO week>w`, week unpadded. */

const DAY_MS = 86_400_000;

/** The ISO 8601 week of `at` (UTC): weeks start on Monday, week 1 holds the year's first Thursday. */
export function isoWeek(at: Date): { year: number; week: number } {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  // The Thursday of the same week decides the year the week belongs to.
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  return {
    year: day.getUTCFullYear(),
    week: Math.ceil(((day.getTime() - yearStart) / DAY_MS + 1) / 7),
  };
}

export function weeklyIndexName(prefix: string, at: Date): string {
  const { year, week } = isoWeek(at);
  return `${prefix}-${year}.${week}w`;
}
