/**
 * Dates as OpenSearch reads them in documents and queries: `strict_date_optional_time||epoch_millis`
 * by default, a few `format`s, time zones, and date math (`now-24h`, `now/d`, `2024-01-01||+1M/d`).
 * Hand-written: @elastic/datemath knows only `now` anchors and moment's formats, not OpenSearch's.
 */
import { badRequest, parsingError } from './errors';

const ISO =
  /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:[T ](\d{2})(?::?(\d{2})(?::?(\d{2})(?:[.,](\d{1,9}))?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?)?)?$/;

/** Milliseconds of a zone's offset from UTC at an instant; `UTC`, `Z`, `+01:00` or an IANA name. */
export function zoneOffsetMs(zone: string | undefined, at: number): number {
  if (!zone || zone === 'UTC' || zone === 'Z' || zone === 'Etc/UTC') return 0;
  const fixed = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
  if (fixed)
    return (fixed[1] === '-' ? -1 : 1) * (Number(fixed[2]) * 60 + Number(fixed[3] ?? 0)) * 60_000;
  const parts = zoneFormatter(zone).formatToParts(new Date(at));
  const field = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const local = Date.UTC(
    field('year'),
    field('month') - 1,
    field('day'),
    field('hour') % 24,
    field('minute'),
    field('second'),
  );
  return local - Math.floor(at / 1000) * 1000;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function zoneFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      throw badRequest(`The datetime zone id '${zone}' is not recognised`);
    }
    formatters.set(zone, formatter);
  }
  return formatter;
}

interface ParsedDate {
  ms: number;
  /** The text named only a day (or less): rounding up fills the rest of that period. */
  precision: 'year' | 'month' | 'day' | 'time';
}

function parseIso(text: string, zone: string | undefined): ParsedDate | undefined {
  const match = ISO.exec(text);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s, frac, offset] = match;
  const local = Date.UTC(
    Number(y),
    Number(mo ?? 1) - 1,
    Number(d ?? 1),
    Number(h ?? 0),
    Number(mi ?? 0),
    Number(s ?? 0),
    frac ? Number(frac.slice(0, 3).padEnd(3, '0')) : 0,
  );
  const shift = offset
    ? zoneOffsetMs(offset === 'Z' ? 'UTC' : offset, local)
    : zoneOffsetMs(zone, local);
  const precision =
    h !== undefined ? 'time' : d !== undefined ? 'day' : mo !== undefined ? 'month' : 'year';
  return { ms: local - shift, precision };
}

const PATTERN_TOKENS: Record<string, string> = {
  yyyy: '(?<y>\\d{4})',
  uuuu: '(?<y>\\d{4})',
  MM: '(?<M>\\d{2})',
  dd: '(?<d>\\d{2})',
  HH: '(?<H>\\d{2})',
  mm: '(?<m>\\d{2})',
  ss: '(?<s>\\d{2})',
  SSS: '(?<S>\\d{3})',
};

function parseWithPattern(
  text: string,
  pattern: string,
  zone: string | undefined,
): ParsedDate | undefined {
  const source = pattern
    .replace(/'([^']*)'/g, (_, literal: string) => literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .replace(/yyyy|uuuu|MM|dd|HH|mm|ss|SSS/g, (token) => PATTERN_TOKENS[token]);
  const groups = new RegExp(`^${source}$`).exec(text)?.groups;
  if (!groups) return undefined;
  const local = Date.UTC(
    Number(groups.y ?? 1970),
    Number(groups.M ?? 1) - 1,
    Number(groups.d ?? 1),
    Number(groups.H ?? 0),
    Number(groups.m ?? 0),
    Number(groups.s ?? 0),
    Number(groups.S ?? 0),
  );
  return {
    ms: local - zoneOffsetMs(zone, local),
    precision: groups.H ? 'time' : groups.d ? 'day' : groups.M ? 'month' : 'year',
  };
}

/** Parses one date with a `format` (`a||b` tries each), as a range query or a document value. */
function parseDate(
  text: string | number,
  format: string | undefined,
  zone?: string,
): ParsedDate | undefined {
  const formats = (format ?? 'strict_date_optional_time||epoch_millis').split('||');
  for (const name of formats) {
    if (name === 'epoch_millis' || name === 'epoch_second') {
      const value =
        typeof text === 'number' ? text : /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
      if (!Number.isNaN(value))
        return { ms: name === 'epoch_second' ? value * 1000 : value, precision: 'time' };
    } else if (typeof text === 'string') {
      const parsed =
        /date|time/.test(name) && !/[yMdHms]{2}/.test(name)
          ? parseIso(text, zone)
          : parseWithPattern(text, name, zone);
      if (parsed) return parsed;
    }
  }
  return undefined;
}

/** A document's date value in epoch ms, or NaN when it is not a date. */
export function documentDate(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return NaN;
  const fast = Date.parse(value);
  if (!Number.isNaN(fast) && /^\d{4}-/.test(value)) return fast;
  return parseIso(value, undefined)?.ms ?? NaN;
}

const UNIT_MS: Record<string, number> = {
  w: 604_800_000,
  d: 86_400_000,
  h: 3_600_000,
  H: 3_600_000,
  m: 60_000,
  s: 1000,
};

function addUnits(ms: number, amount: number, unit: string, zone: string | undefined): number {
  if (unit === 'y' || unit === 'M') {
    const offset = zoneOffsetMs(zone, ms);
    const local = new Date(ms + offset);
    const months = local.getUTCMonth() + amount * (unit === 'y' ? 12 : 1);
    // As Java's plusMonths: the 31st plus a month is the last day of a shorter month, not a day after it.
    const lastDay = new Date(Date.UTC(local.getUTCFullYear(), months + 1, 0)).getUTCDate();
    local.setUTCFullYear(local.getUTCFullYear(), months, Math.min(local.getUTCDate(), lastDay));
    return local.getTime() - offset;
  }
  return ms + amount * UNIT_MS[unit];
}

/** Start of the calendar period holding `ms` (in the zone), for `/d` and calendar intervals. */
export function floorToUnit(ms: number, unit: string, zone?: string): number {
  const offset = zoneOffsetMs(zone, ms);
  const local = new Date(ms + offset);
  switch (unit) {
    case 'y':
      local.setUTCMonth(0, 1);
      local.setUTCHours(0, 0, 0, 0);
      break;
    case 'q':
      local.setUTCMonth(Math.floor(local.getUTCMonth() / 3) * 3, 1);
      local.setUTCHours(0, 0, 0, 0);
      break;
    case 'M':
      local.setUTCDate(1);
      local.setUTCHours(0, 0, 0, 0);
      break;
    case 'w':
      local.setUTCDate(local.getUTCDate() - ((local.getUTCDay() + 6) % 7));
      local.setUTCHours(0, 0, 0, 0);
      break;
    case 'd':
      local.setUTCHours(0, 0, 0, 0);
      break;
    case 'h':
    case 'H':
      local.setUTCMinutes(0, 0, 0);
      break;
    case 'm':
      local.setUTCSeconds(0, 0);
      break;
    case 's':
      local.setUTCMilliseconds(0);
      break;
    default:
      throw badRequest(`unit [${unit}] not supported for date math`);
  }
  const start = local.getTime();
  return start - zoneOffsetMs(zone, start - offset);
}

/** First instant of the calendar period after the one starting at `start`. */
export function nextUnit(start: number, unit: string, zone?: string): number {
  if (unit === 'h' || unit === 'H' || unit === 'm' || unit === 's') return start + UNIT_MS[unit];
  const offset = zoneOffsetMs(zone, start);
  const local = new Date(start + offset);
  if (unit === 'y') local.setUTCFullYear(local.getUTCFullYear() + 1);
  else if (unit === 'q') local.setUTCMonth(local.getUTCMonth() + 3);
  else if (unit === 'M') local.setUTCMonth(local.getUTCMonth() + 1);
  else local.setUTCDate(local.getUTCDate() + (unit === 'w' ? 7 : 1));
  const next = local.getTime();
  return next - zoneOffsetMs(zone, next - offset);
}

export interface DateMathOptions {
  now: number;
  format?: string;
  zone?: string;
  /** `gt` and `lte` round up to the end of a rounded or partial period, `gte` and `lt` down. */
  roundUp: boolean;
}

/** Resolves a date-math expression or a plain date to epoch ms, or throws OpenSearch's parse error. */
export function resolveDateMath(value: string | number, options: DateMathOptions): number {
  if (typeof value === 'number') return parseDateOrThrow(value, options).ms;
  let anchor: number;
  let math: string;
  let precision: ParsedDate['precision'] = 'time';
  if (value.startsWith('now')) {
    anchor = options.now;
    math = value.slice(3);
  } else {
    const split = value.indexOf('||');
    const parsed = parseDateOrThrow(split < 0 ? value : value.slice(0, split), options);
    anchor = parsed.ms;
    precision = parsed.precision;
    math = split < 0 ? '' : value.slice(split + 2);
  }
  if (!math) {
    if (!options.roundUp || precision === 'time') return anchor;
    const unit = precision === 'day' ? 'd' : precision === 'month' ? 'M' : 'y';
    return nextUnit(floorToUnit(anchor, unit, options.zone), unit, options.zone) - 1;
  }
  let at = 0;
  let result = anchor;
  while (at < math.length) {
    const op = math[at++];
    if (op === '/') {
      const unit = math[at++];
      const start = floorToUnit(result, unit, options.zone);
      result = options.roundUp ? nextUnit(start, unit, options.zone) - 1 : start;
      continue;
    }
    if (op !== '+' && op !== '-')
      throw mathError(value, `operator not supported for date math [${op}]`);
    let digits = '';
    while (at < math.length && math[at] >= '0' && math[at] <= '9') digits += math[at++];
    const unit = math[at++];
    if (!unit || !(unit in UNIT_MS || unit === 'y' || unit === 'M'))
      throw mathError(value, `unit [${unit}] not supported for date math [${math}]`);
    result = addUnits(result, (op === '-' ? -1 : 1) * Number(digits || '1'), unit, options.zone);
  }
  return result;
}

function parseDateOrThrow(value: string | number, options: DateMathOptions): ParsedDate {
  const parsed = parseDate(value, options.format, options.zone);
  if (!parsed) {
    throw parsingError(
      `failed to parse date field [${value}] with format [${options.format ?? 'strict_date_optional_time||epoch_millis'}]`,
    );
  }
  return parsed;
}

function mathError(value: string, reason: string) {
  return parsingError(`failed to parse date field [${value}]: ${reason}`);
}

/** `2024-01-01T00:00:00.000Z`: how OpenSearch writes a date's `key_as_string` and `value_as_string`. */
export function formatDate(ms: number): string {
  return new Date(ms).toISOString();
}
