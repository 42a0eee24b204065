import { ContextContainer, CORE_OWNER } from './context-container';
import { responseFactory } from './response-factory';
import type { OsdRequest, RequestHandlerContext } from '../types';

const core = { marker: 'core' } as unknown as RequestHandlerContext['core'];
const request = {} as OsdRequest;

describe('ContextContainer', () => {
  const [a, b, c] = [Symbol('a'), Symbol('b'), Symbol('c')];
  // c depends on b, b depends on a: visibility is direct only.
  const dependencies = new Map<symbol, symbol[]>([
    [b, [a]],
    [c, [b]],
  ]);

  function build() {
    const container = new ContextContainer((owner) => dependencies.get(owner) ?? []);
    const calls: string[] = [];
    container.register(CORE_OWNER, 'hostCtx', (context) => {
      calls.push(`hostCtx sees ${Object.keys(context).sort().join(',')}`);
      return 'host';
    });
    container.register(a, 'aCtx', (context) => {
      calls.push(`aCtx sees ${Object.keys(context).sort().join(',')}`);
      return 'a';
    });
    container.register(b, 'bCtx', async (context) => {
      calls.push(`bCtx sees ${Object.keys(context).sort().join(',')}`);
      return `b+${String(context.aCtx)}`;
    });
    container.register(c, 'cCtx', (context) => {
      calls.push(`cCtx sees ${Object.keys(context).sort().join(',')}`);
      return 'c';
    });
    return { container, calls };
  }

  it('shows a plugin core, host contexts, its own and its direct dependencies’ contexts', async () => {
    const { container, calls } = build();
    const context = await container.createContext(c, core, request, responseFactory);
    expect(Object.keys(context).sort()).toEqual(['bCtx', 'cCtx', 'core', 'hostCtx']);
    expect(context.bCtx).toBe('b+undefined');
    expect(calls).toEqual([
      'hostCtx sees core',
      'bCtx sees core,hostCtx',
      'cCtx sees bCtx,core,hostCtx',
    ]);
  });

  it('runs providers in registration order for every request', async () => {
    const { container, calls } = build();
    const first = await container.createContext(b, core, request, responseFactory);
    expect(first).toMatchObject({ core, hostCtx: 'host', aCtx: 'a', bCtx: 'b+a' });
    await container.createContext(b, core, request, responseFactory);
    expect(calls).toEqual([
      'hostCtx sees core',
      'aCtx sees core,hostCtx',
      'bCtx sees aCtx,core,hostCtx',
      'hostCtx sees core',
      'aCtx sees core,hostCtx',
      'bCtx sees aCtx,core,hostCtx',
    ]);
  });

  it('refuses a second provider with the same name, and the reserved name core', () => {
    const { container } = build();
    expect(() => container.register(c, 'aCtx', () => 1)).toThrow(
      'Context provider for aCtx has already been registered.',
    );
    expect(() => container.register(c, 'core', () => 1)).toThrow(
      'Context provider for core has already been registered.',
    );
  });
});
