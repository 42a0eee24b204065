/**
 * The EUI theme and styles, set once by the shell. Apps render into their own React roots (an app's
 * `mount` owns its element), so `core.rendering.render` wraps each of those roots in the same theme
 * without repeating the global styles.
 */
import { EuiProvider } from '@elastic/eui';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type { RenderNode } from '../types';

const COLOR_MODE = 'light';

export function ShellProviders({ children }: { children: ReactNode }) {
  return <EuiProvider colorMode={COLOR_MODE}>{children}</EuiProvider>;
}

function NestedProviders({ children }: { children: ReactNode }) {
  return (
    <EuiProvider colorMode={COLOR_MODE} globalStyles={false} utilityClasses={false}>
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
