/**
 * The report generation slots of one dashboard instance: at most `maxConcurrent` reports are made at
 * once, at most `maxPerUser` of them one user's, so one user's flood never takes every slot. A
 * generation that cannot start at once waits its turn in a bounded queue (a slot frees within one
 * report's time); a user waits with at most `maxPerUser` generations, and the queue holds at most
 * `maxQueued`; past either the generation is refused (429 with Retry-After). A freed slot goes to the
 * longest-waiting generation whose user is under their share.
 */
import { LimitReachedError } from '../service-errors';

export interface GenerationSlotLimits {
  maxConcurrent: number;
  maxPerUser: number;
  maxQueued: number;
  /** Seconds a refused generation is told to wait. */
  retryAfterSeconds: number;
}

/** Gives the slot back; calling it again does nothing. */
export type ReleaseSlot = () => void;

export interface SlotReservation {
  /** Whether it holds a slot at once. */
  startsNow: boolean;
  /** Generations waiting ahead of this one in the queue. */
  waitingAhead: number;
  /** Resolves once this generation holds a slot. */
  granted: Promise<ReleaseSlot>;
}

interface Waiting {
  owner: string;
  grant: (release: ReleaseSlot) => void;
}

export class GenerationSlots {
  private running = 0;
  private readonly runningByOwner = new Map<string, number>();
  private readonly waiting: Waiting[] = [];

  constructor(private readonly limits: GenerationSlotLimits) {}

  /** A slot now, a place in the queue, or a `LimitReachedError` when neither may be had. */
  reserve(owner: string): SlotReservation {
    if (this.canRun(owner))
      return { startsNow: true, waitingAhead: 0, granted: Promise.resolve(this.take(owner)) };
    const own = this.waiting.filter((entry) => entry.owner === owner).length;
    if (own >= this.limits.maxPerUser)
      throw new LimitReachedError(
        `You have ${this.runningOf(owner)} reports being made and ${own} waiting, your share (svc.reports.maxConcurrentPerUser); try again when one is done.`,
        'report_user_busy',
        this.limits.retryAfterSeconds,
      );
    if (this.waiting.length >= this.limits.maxQueued)
      throw new LimitReachedError(
        `${this.running} reports are being made and ${this.waiting.length} are waiting, the most this dashboard queues (svc.reports.maxQueuedGenerations); try again shortly.`,
        'report_generations_busy',
        this.limits.retryAfterSeconds,
      );
    const waitingAhead = this.waiting.length;
    const granted = new Promise<ReleaseSlot>((grant) => this.waiting.push({ owner, grant }));
    return { startsNow: false, waitingAhead, granted };
  }

  private runningOf(owner: string): number {
    return this.runningByOwner.get(owner) ?? 0;
  }

  private canRun(owner: string): boolean {
    return (
      this.running < this.limits.maxConcurrent && this.runningOf(owner) < this.limits.maxPerUser
    );
  }

  private take(owner: string): ReleaseSlot {
    this.running++;
    this.runningByOwner.set(owner, this.runningOf(owner) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      const left = this.runningOf(owner) - 1;
      if (left > 0) this.runningByOwner.set(owner, left);
      else this.runningByOwner.delete(owner);
      this.grantWaiting();
    };
  }

  private grantWaiting(): void {
    for (let index = 0; index < this.waiting.length && this.running < this.limits.maxConcurrent;) {
      const entry = this.waiting[index];
      if (!this.canRun(entry.owner)) {
        index++;
        continue;
      }
      this.waiting.splice(index, 1);
      entry.grant(this.take(entry.owner));
    }
  }
}
