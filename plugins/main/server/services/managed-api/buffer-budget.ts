/** Bytes of answers being read whole, all hosts together: bounds the memory a burst of them may take. */
export class BufferBudget {
  private used = 0;

  constructor(private readonly maxBytes: number) {}

  /** Reserves the bytes, or refuses them all when they would pass the budget. */
  take(bytes: number): boolean {
    if (this.used + bytes > this.maxBytes) return false;
    this.used += bytes;
    return true;
  }

  give(bytes: number): void {
    this.used -= bytes;
  }
}
