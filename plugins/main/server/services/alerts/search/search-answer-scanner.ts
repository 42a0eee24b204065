/**
 * Reads a `_search` answer as its text arrives, one hit at a time, so that no page is ever held
 * parsed: each hit of `hits.hits` is cut out of the text and parsed alone (`JSON.parse`, native and
 * strict), handed on, and dropped; `hits.total` and `pit_id` are kept; everything else (`took`,
 * `_shards`, hits past the ones asked for) is stepped over without being parsed.
 *
 * Written here rather than taken from npm: the streaming JSON parsers there (`@streamparser/json`,
 * `stream-json`) tokenise every character in JavaScript and build each value from tokens, which
 * measured 4 to 8 times the CPU of this scanner plus `JSON.parse` per hit on an export's pages, and
 * the export must keep its rows per second; what this file needs is only to find where each hit
 * begins and ends.
 *
 * The answer's shape is checked as it goes by (`hits` an object, `hits.hits` an array, each hit an
 * object with a `_source` object and a `sort` array, the total when it was asked for): anything
 * else, text that is not JSON included, is `indexer_bad_answer`.
 */
import { badAnswer } from '../indexer/errors';

interface ScannedTotal {
  value: number;
  relation: 'eq' | 'gte';
}

/** What a page told besides its hits. */
export interface ScannedPage {
  /** Hits handed on (at most the ones asked for). */
  hits: number;
  /** Sort values of the last hit handed on, where the next page starts. */
  lastSort?: unknown[];
  total?: ScannedTotal;
  pitId?: string;
}

export interface SearchAnswerScannerOptions {
  /** Hits asked for: those past it are stepped over, never parsed. */
  maxHits: number;
  /** The page asked for `track_total_hits`: an answer without `hits.total` is refused. */
  totalRequired: boolean;
  onHit(source: Record<string, unknown>, sort: unknown[]): void;
}

// Containers of the answer the scanner walks into; every other value is read or stepped over whole.
const ROOT = 0;
const HITS = 1;
const HIT_LIST = 2;
type Container = typeof ROOT | typeof HITS | typeof HIT_LIST;

// What may come next.
const VALUE = 0;
const FIRST_KEY = 1;
const KEY = 2;
const COLON = 3;
const COMMA = 4;
const FIRST_ITEM = 5;
const DONE = 6;

// What the value being read is for.
const SKIP = 0;
const HIT = 1;
const TOTAL = 2;
const PIT_ID = 3;
const KEY_NAME = 4;
type Use = typeof SKIP | typeof HIT | typeof TOTAL | typeof PIT_ID | typeof KEY_NAME;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA_CHAR = 0x2c;
const COLON_CHAR = 0x3a;

const isSpace = (code: number) => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
const isDelimiter = (code: number) =>
  code === COMMA_CHAR || code === CLOSE_OBJECT || code === CLOSE_ARRAY || isSpace(code);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

interface Frame {
  container: Container;
  /** The key whose value comes next (objects only). */
  key: string;
}

export class SearchAnswerScanner {
  /** The chunk being scanned, and where in it. */
  private text = '';
  private at = 0;
  private expect = VALUE;
  private readonly frames: Frame[] = [];
  /** A key or value being read, possibly across chunks: what it is for, where it starts in `text`, its earlier pieces. */
  private reading = false;
  private use: Use = SKIP;
  private start = 0;
  private readonly pieces: string[] = [];
  /** Its scan's state: the brackets open in it, inside a string, a backslash that ended the last chunk. */
  private readonly brackets: number[] = [];
  private inString = false;
  private inScalar = false;
  private escaped = false;
  private seenHits = false;
  private seenHitList = false;
  private readonly page: ScannedPage = { hits: 0 };

  constructor(private readonly options: SearchAnswerScannerOptions) {}

  /** Reads the next piece of the answer's text; throws an `IndexerError` as soon as it is wrong. */
  write(chunk: string): void {
    this.text = chunk;
    this.at = 0;
    this.start = 0;
    this.scan();
    // What is stepped over is not kept: a hit past those asked for costs no memory.
    if (this.reading && this.use !== SKIP) this.pieces.push(chunk.slice(this.start));
  }

  /** The answer is over: what it told, or an `IndexerError` when it stopped short or lacked a part. */
  end(): ScannedPage {
    if (this.expect !== DONE) throw badAnswer('an answer cut short');
    if (!this.seenHits) throw badAnswer('a search answer without hits');
    if (!this.seenHitList) throw badAnswer('a search answer without hits.hits');
    if (this.options.totalRequired && !this.page.total)
      throw badAnswer('a search answer without hits.total');
    return this.page;
  }

  private scan(): void {
    const { text } = this;
    for (;;) {
      if (this.reading) {
        const end = this.tokenEnd();
        if (end < 0) return;
        this.read(end);
        continue;
      }
      while (this.at < text.length && isSpace(text.charCodeAt(this.at))) this.at += 1;
      if (this.at >= text.length) return;
      const code = text.charCodeAt(this.at);
      switch (this.expect) {
        case VALUE:
          this.startValue(code);
          break;
        case FIRST_KEY:
          if (code === CLOSE_OBJECT) this.close(code);
          else this.startKey(code);
          break;
        case KEY:
          this.startKey(code);
          break;
        case COLON:
          if (code !== COLON_CHAR) throw badAnswer('a key without a value');
          this.at += 1;
          this.expect = VALUE;
          break;
        case FIRST_ITEM:
          if (code === CLOSE_ARRAY) this.close(code);
          else this.startValue(code);
          break;
        case COMMA:
          if (code !== COMMA_CHAR) this.close(code);
          else {
            this.at += 1;
            this.expect = this.top().container === HIT_LIST ? VALUE : KEY;
          }
          break;
        default:
          throw badAnswer('text after the answer');
      }
    }
  }

  private top(): Frame {
    return this.frames[this.frames.length - 1];
  }

  private startKey(code: number): void {
    if (code !== QUOTE) throw badAnswer('an object key that is not a string');
    this.startReading(KEY_NAME);
  }

  /** A value starts at `at`: walk into it when it is one of the answer's containers, else read it whole. */
  private startValue(code: number): void {
    const frame = this.frames.length > 0 ? this.top() : undefined;
    if (!frame) {
      if (code !== OPEN_OBJECT) throw badAnswer('an answer that is not a JSON object');
      this.open(ROOT, FIRST_KEY);
    } else if (frame.container === ROOT && frame.key === 'hits') {
      if (code !== OPEN_OBJECT || this.seenHits) throw badAnswer('hits that are not one object');
      this.seenHits = true;
      this.open(HITS, FIRST_KEY);
    } else if (frame.container === HITS && frame.key === 'hits') {
      if (code !== OPEN_ARRAY || this.seenHitList)
        throw badAnswer('hits.hits that are not one array');
      this.seenHitList = true;
      this.open(HIT_LIST, FIRST_ITEM);
    } else this.startReading(this.useOf(frame));
  }

  private useOf(frame: Frame): Use {
    if (frame.container === HIT_LIST) return this.page.hits < this.options.maxHits ? HIT : SKIP;
    if (frame.container === HITS && frame.key === 'total') return TOTAL;
    if (frame.container === ROOT && frame.key === 'pit_id') return PIT_ID;
    return SKIP;
  }

  private open(container: Container, expect: number): void {
    this.frames.push({ container, key: '' });
    this.at += 1;
    this.expect = expect;
  }

  private close(code: number): void {
    const frame = this.frames.pop();
    if (!frame || code !== (frame.container === HIT_LIST ? CLOSE_ARRAY : CLOSE_OBJECT))
      throw badAnswer('a bracket that does not close what is open');
    this.at += 1;
    this.expect = this.frames.length === 0 ? DONE : COMMA;
  }

  private startReading(use: Use): void {
    this.reading = true;
    this.use = use;
    this.start = this.at;
  }

  /**
   * Where the key or value being read ends (the index after it), scanning on from `at`; -1 when
   * the chunk ends first. Brackets are matched by kind and strings stepped over whole (`indexOf`).
   */
  private tokenEnd(): number {
    const { text, brackets } = this;
    let at = this.at;
    for (;;) {
      if (this.inString) {
        if (this.escaped) {
          if (at >= text.length) break;
          at += 1;
          this.escaped = false;
        }
        const quote = stringEnd(text, at);
        if (quote < 0) {
          this.escaped = backslashesBefore(text, text.length, at) % 2 === 1;
          at = text.length;
          break;
        }
        this.inString = false;
        at = quote + 1;
        if (brackets.length === 0) return at;
      } else if (this.inScalar) {
        while (at < text.length && !isDelimiter(text.charCodeAt(at))) at += 1;
        if (at >= text.length) break;
        this.inScalar = false;
        return at;
      } else {
        if (at >= text.length) break;
        const code = text.charCodeAt(at);
        if (code === QUOTE) this.inString = true;
        else if (code === OPEN_OBJECT) brackets.push(CLOSE_OBJECT);
        else if (code === OPEN_ARRAY) brackets.push(CLOSE_ARRAY);
        else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
          if (brackets.pop() !== code)
            throw badAnswer('a bracket that does not close what is open');
          if (brackets.length === 0) return at + 1;
        } else if (brackets.length === 0) {
          this.inScalar = true;
          continue;
        }
        at += 1;
      }
    }
    this.at = at;
    return -1;
  }

  /** The key or value being read ended at `end`: hand on a hit, keep the total, the point in time or the key. */
  private read(end: number): void {
    const { use } = this;
    this.reading = false;
    this.at = end;
    this.expect = use === KEY_NAME ? COLON : COMMA;
    if (use === SKIP) return;
    const last = this.text.slice(this.start, end);
    const text = this.pieces.length === 0 ? last : this.pieces.join('') + last;
    this.pieces.length = 0;
    const value = parseJson(text);
    if (use === HIT) this.hit(value);
    else if (use === KEY_NAME) this.top().key = value as string;
    else if (use === TOTAL) {
      if (!isTotal(value)) throw badAnswer('hits.total that is not a count');
      this.page.total = { value: value.value, relation: value.relation };
    } else {
      if (typeof value !== 'string') throw badAnswer('a pit_id that is not a string');
      this.page.pitId = value;
    }
  }

  private hit(value: unknown): void {
    if (!isObject(value)) throw badAnswer('a hit that is not an object');
    const { _source: source, sort } = value;
    if (!isObject(source)) throw badAnswer('a hit without _source');
    if (!Array.isArray(sort) || sort.length === 0) throw badAnswer('a hit without sort values');
    this.page.hits += 1;
    this.page.lastSort = sort;
    this.options.onHit(source, sort);
  }
}

/** Index of the first quote at or after `from` that no backslash escapes; -1 when there is none. */
function stringEnd(text: string, from: number): number {
  for (let at = from; ;) {
    const quote = text.indexOf('"', at);
    if (quote < 0) return -1;
    if (backslashesBefore(text, quote, from) % 2 === 0) return quote;
    at = quote + 1;
  }
}

/** How many backslashes come right before `end`, counting back no further than `from`. */
function backslashesBefore(text: string, end: number, from: number): number {
  let at = end;
  while (at > from && text.charCodeAt(at - 1) === BACKSLASH) at -= 1;
  return end - at;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw badAnswer('a value that is not JSON');
  }
}

function isTotal(value: unknown): value is ScannedTotal {
  return (
    isObject(value) &&
    Number.isSafeInteger(value.value) &&
    (value.value as number) >= 0 &&
    (value.relation === 'eq' || value.relation === 'gte')
  );
}
