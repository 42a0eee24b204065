import { createRecordingLogger } from '../../../../../host/server/saved-objects/testing';
import { DelayedRequestQueue } from './delayed-requests';

describe('DelayedRequestQueue', () => {
  it('sends what is due, in order, once', async () => {
    const logger = createRecordingLogger();
    const queue = new DelayedRequestQueue(logger);
    const sent: string[] = [];
    const request = (name: string, dueAt: number, status = 200) => ({
      description: name,
      dueAt,
      send: async () => (sent.push(name), { status }),
    });
    queue.enqueue(request('late', 300));
    queue.enqueue(request('early', 100));
    queue.enqueue(request('refused', 200, 403));
    expect(await queue.runDue(50)).toBe(0);
    expect(await queue.runDue(250)).toBe(2);
    expect(sent).toEqual(['early', 'refused']);
    expect(queue.size).toBe(1);
    expect(await queue.runDue(250)).toBe(0);
    expect(
      logger.records.some(
        (record) => record.level === 'warn' && record.message.includes('refused answered 403'),
      ),
    ).toBe(true);
  });

  it('logs failures without stopping the others, and drops what is left on clear', async () => {
    const logger = createRecordingLogger();
    const queue = new DelayedRequestQueue(logger);
    queue.enqueue({
      description: 'broken',
      dueAt: 0,
      send: async () => Promise.reject(new Error('host down')),
    });
    queue.enqueue({ description: 'fine', dueAt: 0, send: async () => ({ status: 200 }) });
    queue.enqueue({ description: 'later', dueAt: 10_000, send: async () => ({ status: 200 }) });
    expect(await queue.runDue(1)).toBe(2);
    expect(logger.records.find((record) => record.level === 'warn')?.message).toBe(
      'Delayed request broken failed: host down',
    );
    expect(queue.clear()).toBe(1);
    expect(queue.size).toBe(0);
  });
});
