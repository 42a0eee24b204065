import { BulkBatches } from './bulk-batches';

describe('BulkBatches', () => {
  it('sends a request before a document would make it larger than the limit, and counts the outcomes', async () => {
    const bodies: string[] = [];
    const batches = new BulkBatches(async (body) => {
      bodies.push(body);
      return { written: (body.split('\n').length - 1) / 2 - 1, failed: 1, firstError: 'mapping' };
    }, 200);
    for (let n = 0; n < 5; n++) await batches.add('idx', { n, pad: 'x'.repeat(40) });
    await batches.flush();
    await batches.flush();
    expect(bodies.every((body) => Buffer.byteLength(body) <= 200)).toBe(true);
    expect(bodies.join('').match(/"n":/g)).toHaveLength(5);
    expect(bodies[0].split('\n')[0]).toBe('{"index":{"_index":"idx"}}');
    expect(batches.outcome).toEqual({
      requests: bodies.length,
      written: 5 - bodies.length,
      failed: bodies.length,
      firstError: 'mapping',
    });
    expect(bodies.length).toBeGreaterThan(1);
  });
});
