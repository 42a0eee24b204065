// Generation slots: the global cap, each user's share, a bounded queue that hands a freed slot to the
// longest-waiting user under their share, and refusals (429 with a time to retry) past the queue.
import { GenerationSlots, type ReleaseSlot } from './generation-slots';

const limits = { maxConcurrent: 2, maxPerUser: 1, maxQueued: 3, retryAfterSeconds: 10 };

/** Whether a reservation was granted by the time the microtasks run out. */
async function isGranted(granted: Promise<ReleaseSlot>): Promise<boolean> {
  const marker = Symbol('waiting');
  return (await Promise.race([granted, Promise.resolve(marker)])) !== marker;
}

describe('generation slots', () => {
  it("keeps one user to their share, so another user's report starts at once", async () => {
    const slots = new GenerationSlots(limits);
    expect(slots.reserve('flood').startsNow).toBe(true);
    const second = slots.reserve('flood');
    expect(second).toMatchObject({ startsNow: false, waitingAhead: 0 });
    expect(await isGranted(second.granted)).toBe(false);
    const other = slots.reserve('bob');
    expect(await isGranted(other.granted)).toBe(true);
  });

  it('refuses a user past their share of the queue, while others still queue', async () => {
    const slots = new GenerationSlots(limits);
    slots.reserve('flood');
    slots.reserve('flood');
    expect(() => slots.reserve('flood')).toThrow(
      expect.objectContaining({ statusCode: 429, code: 'report_user_busy', retryAfterSeconds: 10 }),
    );
    slots.reserve('bob');
    expect(slots.reserve('bob')).toMatchObject({ startsNow: false, waitingAhead: 1 });
  });

  it('refuses past the queue, and hands a freed slot to the longest-waiting user under their share', async () => {
    const slots = new GenerationSlots(limits);
    const a = await slots.reserve('a').granted;
    const b = await slots.reserve('b').granted;
    const waitingA = slots.reserve('a');
    const waitingC = slots.reserve('c');
    const waitingD = slots.reserve('d');
    expect(() => slots.reserve('e')).toThrow(
      expect.objectContaining({ statusCode: 429, code: 'report_generations_busy' }),
    );
    // b's slot frees: a is first in the queue but at its share, so c takes it.
    b();
    b();
    expect(await isGranted(waitingC.granted)).toBe(true);
    expect(await isGranted(waitingA.granted)).toBe(false);
    a();
    expect(await isGranted(waitingA.granted)).toBe(true);
    expect(await isGranted(waitingD.granted)).toBe(false);
    (await waitingC.granted)();
    expect(await isGranted(waitingD.granted)).toBe(true);
  });
});
