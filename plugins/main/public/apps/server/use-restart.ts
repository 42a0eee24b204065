import { useCallback, useEffect, useState } from 'react';
import { READINESS_POLL_MS, type NodeReadiness } from '../../../common/server-operations';
import type { ServerOperationsClient, ServerTarget } from '../../services/server-operations-client';

export type RestartState =
  | { phase: 'idle' }
  | { phase: 'sending' }
  | {
      phase: 'waiting';
      /** Restarted nodes to wait for; none: the manager that runs alone. */
      nodes: string[];
      waitUntil: number;
      startedAt: number;
      /** When the last readiness check answered (the start before the first one). */
      checkedAt: number;
      /** What the last readiness check said of each node. */
      latest: NodeReadiness[];
    }
  | { phase: 'done'; nodes: string[] }
  | { phase: 'failed'; message: string };

/**
 * Restarts the manager, a node or the cluster, then asks every `READINESS_POLL_MS` whether the
 * restarted nodes answer again, until they do or the server's wait (`waitUntil`) is over.
 */
export function useRestart(client: ServerOperationsClient, apiHostId: string, clustered: boolean) {
  const [state, setState] = useState<RestartState>({ phase: 'idle' });

  const restart = useCallback(
    async (target: ServerTarget) => {
      setState({ phase: 'sending' });
      try {
        const outcome = await client.restart(target);
        const startedAt = Date.now();
        setState({
          phase: 'waiting',
          nodes: clustered ? outcome.nodes : [],
          waitUntil: Date.parse(outcome.waitUntil),
          startedAt,
          checkedAt: startedAt,
          latest: [],
        });
      } catch (error) {
        setState({ phase: 'failed', message: (error as Error).message });
      }
    },
    [client, clustered],
  );

  useEffect(() => {
    if (state.phase !== 'waiting') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      client.readiness(apiHostId, state.nodes, controller.signal).then(
        (readiness) => {
          if (controller.signal.aborted) return;
          if (readiness.ready) return setState({ phase: 'done', nodes: state.nodes });
          const checkedAt = Date.now();
          if (checkedAt >= state.waitUntil)
            return setState({
              phase: 'failed',
              message: `Still not answering when the wait ended: ${readiness.nodes
                .filter((node) => !node.ready)
                .map((node) => `${node.node} (${node.detail ?? 'no answer'})`)
                .join(', ')}`,
            });
          setState({ ...state, checkedAt, latest: readiness.nodes });
        },
        (error: unknown) => {
          if (!controller.signal.aborted)
            setState({ phase: 'failed', message: (error as Error).message });
        },
      );
    }, READINESS_POLL_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [client, apiHostId, state]);

  return { state, restart, reset: useCallback(() => setState({ phase: 'idle' }), []) };
}
