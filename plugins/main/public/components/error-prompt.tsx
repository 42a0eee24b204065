import { EuiButton, EuiCallOut, EuiCode, EuiEmptyPrompt, EuiText } from '@elastic/eui';
import { permissionSentence } from '../services/error-orchestrator';
import type { SvcError } from '../services/svc-error';

/**
 * A failed view in place: a 4000 says which permission is missing, anything else shows the title,
 * detail and code the managed API or the dashboard gave.
 */
export function ErrorPrompt({ error, onRetry }: { error: SvcError; onRetry?: () => void }) {
  const retry = onRetry && (
    <EuiButton size="s" iconType="refresh" onClick={onRetry} data-test-subj="svcRetry">
      Try again
    </EuiButton>
  );
  if (error.isPermissionDenied) {
    return (
      <EuiEmptyPrompt
        iconType="lock"
        color="warning"
        data-test-subj="svcPermissionDenied"
        title={<h2>Permission denied</h2>}
        body={
          <EuiText size="s">
            <p>{permissionSentence(error)}</p>
            <p>
              The managed API said: <EuiCode>{error.detail}</EuiCode>
            </p>
            <p>Ask an administrator of the managed API to grant it to the API user of this host.</p>
          </EuiText>
        }
        actions={retry}
      />
    );
  }
  return (
    <EuiCallOut title={error.title} color="danger" iconType="error" data-test-subj="svcErrorPrompt">
      <p>
        {error.detail}
        {error.code !== undefined && <> (error {error.code})</>}
        {error.status !== undefined && error.status !== 200 && <> — HTTP {error.status}</>}
      </p>
      {error.remediation && <p>{error.remediation}</p>}
      {retry}
    </EuiCallOut>
  );
}
