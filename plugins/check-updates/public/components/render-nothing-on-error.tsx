import { Component, type ReactNode } from 'react';

/** Hides its children if they throw while rendering: an update notice must never take the page down with it. */
export class RenderNothingOnError extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
