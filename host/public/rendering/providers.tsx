/**
 * The EUI theme and styles, set once by the shell. Apps render into their own React roots (an app's
 * `mount` owns its element), so `core.rendering.render` wraps each of those roots in the same theme
 * without repeating the global styles.
 */
import { EuiProvider } from '@elastic/eui';
import createCache from '@emotion/cache';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type { RenderNode } from '../types';

const COLOR_MODE = 'light';

/**
 * One style cache for every root. Without one, EUI falls back to a cache that adds each style rule
 * as a text node of its own (`speedy: false`): an app's first draw added hundreds, each making the
 * browser restyle the page (a fifth of the Agents page's CPU before its first row showed). Emotion's
 * own cache adds them with `insertRule` in production builds.
 */
const styleCache = createCache({ key: 'eui' });

export function ShellProviders({ children }: { children: ReactNode }) {
  return (
    <EuiProvider colorMode={COLOR_MODE} cache={styleCache}>
      {children}
    </EuiProvider>
  );
}

function NestedProviders({ children }: { children: ReactNode }) {
  return (
    <EuiProvider
      colorMode={COLOR_MODE}
      cache={styleCache}
      globalStyles={false}
      utilityClasses={false}
    >
      {children}
    </EuiProvider>
  );
}

/** `core.rendering.render`: draws `node` into `element` with the shell's theme; returns the unmount. */
export const renderWithShellProviders: RenderNode = (node, element) => {
  const root = createRoot(element);
  root.render(<NestedProviders>{node}</NestedProviders>);
  return () => root.unmount();
};
