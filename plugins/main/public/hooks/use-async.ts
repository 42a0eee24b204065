import { useCallback, useEffect, useState } from 'react';
import { useSvcServices } from '../components/services-context';
import type { ErrorReportOptions } from '../services/error-orchestrator';
import type { SvcError } from '../services/svc-error';

export type AsyncState<T> =
  | { status: 'loading'; data?: T; error?: undefined }
  | { status: 'success'; data: T; error?: undefined }
  | { status: 'error'; data?: T; error: SvcError };

export interface AsyncResult<T> {
  state: AsyncState<T>;
  reload(): void;
  /** Changes the data held until the next run lands, e.g. drops what the user just deleted. */
  update(change: (data: T) => T): void;
}

type Settled<T> = { load: unknown; generation: number } & (
  { status: 'success'; data: T } | { status: 'error'; data?: T; error: SvcError }
);

/**
 * Runs `load` (memoise it with useCallback: a new function means new data) and again on `reload`,
 * aborting the previous run, and reports failures through the error orchestrator (toast + UI log)
 * under `context` (`report` as the orchestrator takes it, e.g. no toast for a view that shows the
 * error itself). While a new run is pending the previous data stays, so tables do not flash empty.
 */
export function useAsync<T>(
  load: (signal: AbortSignal) => Promise<T>,
  context: string,
  action?: string,
  report?: Pick<ErrorReportOptions, 'shownInPlace'>,
): AsyncResult<T> {
  const shownInPlace = report?.shownInPlace;
  const { errors } = useSvcServices();
  const [generation, setGeneration] = useState(0);
  const [settled, setSettled] = useState<Settled<T>>();

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setSettled({ load, generation, status: 'success', data });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const reported = errors.report(error, context, { action, shownInPlace });
        if (reported)
          setSettled((previous) => ({
            load,
            generation,
            status: 'error',
            data: previous?.data,
            error: reported,
          }));
      },
    );
    return () => controller.abort();
  }, [load, generation, errors, context, action, shownInPlace]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  const update = useCallback(
    (change: (data: T) => T) =>
      setSettled((previous) =>
        previous?.data === undefined ? previous : { ...previous, data: change(previous.data) },
      ),
    [],
  );
  const current = settled && settled.load === load && settled.generation === generation;
  const state: AsyncState<T> = current ? settled : { status: 'loading', data: settled?.data };
  return { state, reload, update };
}
