import Fastify from 'fastify';
import { sendRefusal } from './refusal';

describe('sendRefusal', () => {
  const app = Fastify();
  app.get('/limited', (_request, reply) => {
    sendRefusal(reply, {
      statusCode: 429,
      message: 'Too many requests; try again in 3 seconds.',
      attributes: { code: 'rate_limited' },
      retryAfterSeconds: 3,
    });
  });
  app.get('/refused', (_request, reply) => {
    sendRefusal(reply, { statusCode: 415 });
  });
  afterAll(() => app.close());

  it('sends the error body, with Retry-After when waiting helps', async () => {
    const response = await app.inject({ url: '/limited' });
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('3');
    expect(response.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Too many requests; try again in 3 seconds.',
      attributes: { code: 'rate_limited' },
    });
  });

  it("uses the status's reason phrase when the refusal has no message", async () => {
    const response = await app.inject({ url: '/refused' });
    expect(response.headers['retry-after']).toBeUndefined();
    expect(response.json()).toEqual({
      statusCode: 415,
      error: 'Unsupported Media Type',
      message: 'Unsupported Media Type',
    });
  });
});
