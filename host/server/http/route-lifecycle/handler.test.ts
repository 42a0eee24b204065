import Fastify, { type FastifyInstance } from 'fastify';
import { createRecordingLogger, type LogRecord } from '../../saved-objects/testing';
import type { RequestHandlerContext } from '../../types';
import { ContextContainer } from '../context-container';
import type { CoreContextFactory } from '../core-context';
import { OsdRequestImpl } from '../osd-request';
import type { RouteDefinition } from '../router';
import { createHandlerStep } from './handler';

const owner = Symbol('plugin');
const core = { marker: 'core' } as unknown as RequestHandlerContext['core'];

/** A server whose one route runs `handler` through the handler step. */
function serve(handler: RouteDefinition['handler'], contexts = new ContextContainer(() => [])) {
  const records: LogRecord[] = [];
  const runHandler = createHandlerStep({
    routeName: 'GET /api/probe',
    owner,
    handler,
    logger: createRecordingLogger(records),
    contexts,
    coreContext: () => (() => core) as unknown as CoreContextFactory,
  });
  const app: FastifyInstance = Fastify();
  app.get('/api/probe', (request, reply) => {
    const routeInfo = { path: '/api/probe', method: 'get' as const, options: {} as never };
    runHandler(reply, new OsdRequestImpl(request, routeInfo, {}, {}, {}, null, '', reply.raw));
  });
  return { app, records };
}

describe('the handler step', () => {
  it("sends the handler's response, at once or once it resolves", async () => {
    const { app } = serve((_context, _request, response) => response.ok({ body: { at: 'once' } }));
    expect((await app.inject({ url: '/api/probe' })).json()).toEqual({ at: 'once' });
    const later = serve(async (_context, _request, response) => response.ok({ body: 'later' }));
    expect((await later.app.inject({ url: '/api/probe' })).body).toBe('later');
  });

  it('gives the handler the core context and the contexts registered for it', async () => {
    const contexts = new ContextContainer(() => []);
    contexts.register(owner, 'probe', () => 'registered');
    const { app } = serve(
      (context, _request, response) =>
        response.ok({ body: { core: context.core === core, probe: context.probe } }),
      contexts,
    );
    expect((await app.inject({ url: '/api/probe' })).json()).toEqual({
      core: true,
      probe: 'registered',
    });
  });

  it.each([
    [
      'throws',
      () => {
        throw new Error('handler broke');
      },
      'handler broke',
    ],
    ['rejects', () => Promise.reject(new Error('handler broke later')), 'handler broke later'],
    [
      'returns no response',
      () => ({ body: 'not a response' }),
      'Unexpected result from Route Handler. Expected OsdResponse, but given: object.',
    ],
  ])('answers 500 and logs the error when the handler %s', async (_name, handler, logged) => {
    const { app, records } = serve(handler as unknown as RouteDefinition['handler']);
    const response = await app.inject({ url: '/api/probe' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'An internal server error occurred.',
    });
    expect(records).toEqual([
      expect.objectContaining({
        level: 'error',
        message: logged,
        meta: expect.objectContaining({ route: 'GET /api/probe' }),
      }),
    ]);
  });

  it('answers 500 when a context provider fails', async () => {
    const contexts = new ContextContainer(() => []);
    contexts.register(owner, 'broken', () => Promise.reject(new Error('provider broke')));
    const { app, records } = serve((_c, _r, response) => response.ok(), contexts);
    expect((await app.inject({ url: '/api/probe' })).statusCode).toBe(500);
    expect(records.map((record) => record.message)).toEqual(['provider broke']);
  });
});
