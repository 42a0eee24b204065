import { EuiButton, EuiEmptyPrompt, EuiText } from '@elastic/eui';

/** Shown instead of the dashboard when it cannot start (a plugin failed to load, set up or start). */
export function FatalError({ error }: { error: Error }) {
  return (
    <EuiEmptyPrompt
      iconType="error"
      color="danger"
      title={<h2>The dashboard could not start</h2>}
      body={
        <EuiText size="s">
          <pre data-test-subj="fatalErrorMessage">{error.message}</pre>
        </EuiText>
      }
      actions={<EuiButton onClick={() => window.location.reload()}>Reload the page</EuiButton>}
      data-test-subj="fatalError"
    />
  );
}
