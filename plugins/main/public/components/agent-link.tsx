/**
 * A link to one agent's own view (`/app/svc-agents/<id>?host=<host>`), from any app: a plain link the
 * browser can open in a new tab or copy, and an in-page navigation on a plain click.
 */
import { EuiLink } from '@elastic/eui';
import type { MouseEvent, ReactNode } from 'react';
import { HOST_URL_PARAM } from './selected-host';
import { useSvcServices } from './services-context';

const AGENTS_APP_ID = 'svc-agents';

/** Path of an agent's view inside the Agents app. */
function agentViewPath(agentId: string, apiHostId: string): string {
  return `/${encodeURIComponent(agentId)}?${HOST_URL_PARAM}=${encodeURIComponent(apiHostId)}`;
}

function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

export function AgentLink({
  agentId,
  apiHostId,
  children,
}: {
  agentId: string;
  apiHostId: string;
  children: ReactNode;
}) {
  const { core } = useSvcServices();
  const path = agentViewPath(agentId, apiHostId);
  return (
    <EuiLink
      href={core.application.getUrlForApp(AGENTS_APP_ID, { path })}
      onClick={(event: MouseEvent) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        void core.application.navigateToApp(AGENTS_APP_ID, { path });
      }}
      data-test-subj="agentLink"
      data-agent-id={agentId}
    >
      {children}
    </EuiLink>
  );
}
