import { useEffect } from 'react';

/**
 * Calls `poll` every `intervalMs` while `enabled` and the page is shown; a hidden tab
 * (`document.visibilityState`) stops the timer, and showing it again polls at once and restarts it.
 */
export function useVisiblePolling(enabled: boolean, intervalMs: number, poll: () => void): void {
  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    const stop = () => {
      clearInterval(timer);
      timer = undefined;
    };
    const start = () => {
      if (timer === undefined) timer = setInterval(poll, intervalMs);
    };
    const onVisibilityChange = () => {
      if (document.visibilityState !== 'visible') return stop();
      poll();
      start();
    };
    if (document.visibilityState === 'visible') start();
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [enabled, intervalMs, poll]);
}
