/**
 * The time picker's range resolved to two instants, once per request, with @elastic/datemath:
 * `now-24h`, `now/d`, `2024-05-01T00:00:00Z`, `2024-05-01||+1M/d`. Anything else is refused rather
 * than guessed (moment's fallback parser reads almost any text as some date).
 */
import datemath from '@elastic/datemath';
import moment from 'moment';
import type { AlertsTimeRange } from '@main/common/alerts/api';
import { RequestFieldError } from '../../request-field-error';

export interface ResolvedTimeRange {
  /** ISO 8601, UTC. */
  from: string;
  to: string;
  fromMs: number;
  toMs: number;
}

function isIsoDate(text: string): boolean {
  return moment(text, moment.ISO_8601, true).isValid();
}

/** The instant `text` names, or undefined when it is not date math nor an ISO date. */
export function resolveDateMath(
  text: string,
  now: Date,
  roundUp = false,
): moment.Moment | undefined {
  const trimmed = text.trim();
  const anchor = trimmed.startsWith('now') ? 'now' : trimmed.split('||')[0];
  if (anchor !== 'now' && !isIsoDate(anchor)) return undefined;
  if (anchor !== 'now' && anchor !== trimmed && !trimmed.includes('||')) return undefined;
  const parsed = datemath.parse(trimmed, { roundUp, forceNow: now });
  return parsed?.isValid() ? parsed.utc() : undefined;
}

/** The instants OpenSearch's `strict_date_optional_time` can write: years 0000 to 9999. */
const EARLIEST_MS = Date.parse('0000-01-01T00:00:00.000Z');
const LATEST_MS = Date.parse('9999-12-31T23:59:59.999Z');

function outsideIndexerYears(instant: moment.Moment): boolean {
  return instant.valueOf() < EARLIEST_MS || instant.valueOf() > LATEST_MS;
}

/** Both ends of `range` (at `field`, e.g. `timeRange`), `to` rounded up as the time picker does. */
export function resolveTimeRange(
  range: AlertsTimeRange,
  now: Date,
  field = 'timeRange',
): ResolvedTimeRange {
  const from = resolveDateMath(range.from, now);
  if (!from)
    throw new RequestFieldError(
      `${field}.from`,
      `[${range.from}] is not a date: use date math (now-24h, now/d) or an ISO 8601 date`,
    );
  const to = resolveDateMath(range.to, now, true);
  if (!to)
    throw new RequestFieldError(
      `${field}.to`,
      `[${range.to}] is not a date: use date math (now, now/d) or an ISO 8601 date`,
    );
  for (const [end, instant] of [
    ['from', from],
    ['to', to],
  ] as const)
    if (outsideIndexerYears(instant))
      throw new RequestFieldError(
        `${field}.${end}`,
        `[${range[end]}] is outside the years 0000 to 9999 the indexer's dates can hold`,
      );
  if (to.valueOf() < from.valueOf())
    throw new RequestFieldError(`${field}.to`, `must not be before timeRange.from`);
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    fromMs: from.valueOf(),
    toMs: to.valueOf(),
  };
}
