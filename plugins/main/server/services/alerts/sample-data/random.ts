/**
 * A seeded pseudo-random sequence, so the same seed gives the same sample alerts (tests compare
 * them, and a demo looks the same after a restart). Hand-written: mulberry32 is a few lines and
 * no library is needed for it.
 */
export class SampleRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A number in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** A hex string of `length` digits (hashes, ids). */
  hex(length: number): string {
    let text = '';
    while (text.length < length) text += this.int(0, 0xffff).toString(16).padStart(4, '0');
    return text.slice(0, length);
  }

  ip(): string {
    return `${this.int(11, 223)}.${this.int(0, 255)}.${this.int(0, 255)}.${this.int(1, 254)}`;
  }
}
