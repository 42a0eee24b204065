import {
  EuiButton,
  EuiFlexGroup,
  EuiFlexItem,
  EuiGlobalToastList,
  EuiModalBody,
  EuiModalFooter,
  EuiModalHeader,
  EuiModalHeaderTitle,
  EuiSpacer,
  EuiText,
} from '@elastic/eui';
import type { OverlayService } from '../overlays/overlay-service';
import { TextOrMount } from '../rendering/mount-point';
import { renderWithShellProviders } from '../rendering/providers';
import { useStore } from '../utils/store';
import type { ShownToast, ToastsApi } from './toasts-api';

/** The toasts plugins added, in EUI's global toast list; errors get a button that opens their details. */
export function GlobalToasts({
  toasts,
  overlays,
}: {
  toasts: ToastsApi;
  overlays: OverlayService;
}) {
  const list = useStore(toasts.toasts);
  return (
    <EuiGlobalToastList
      data-test-subj="globalToastList"
      toastLifeTimeMs={toasts.lifetime('info')}
      dismissToast={(toast) => toasts.remove(toast.id)}
      toasts={list.map((toast) => ({
        id: toast.id,
        title: <TextOrMount value={toast.title} />,
        text: <ToastText toast={toast} overlays={overlays} />,
        color: toast.color,
        iconType: toast.iconType,
        toastLifeTimeMs: toast.toastLifeTimeMs,
        'data-test-subj': toast['data-test-subj'],
      }))}
    />
  );
}

function ToastText({ toast, overlays }: { toast: ShownToast; overlays: OverlayService }) {
  const { error, errorTitle } = toast;
  if (!error) return <TextOrMount value={toast.text} />;
  return (
    <>
      <p>
        <TextOrMount value={toast.text} />
      </p>
      <EuiFlexGroup justifyContent="flexEnd" gutterSize="s">
        <EuiFlexItem grow={false}>
          <EuiButton
            size="s"
            color="danger"
            data-test-subj="errorToastDetails"
            onClick={() => openErrorDetails(overlays, error, errorTitle ?? error.name)}
          >
            See the full error
          </EuiButton>
        </EuiFlexItem>
      </EuiFlexGroup>
    </>
  );
}

function openErrorDetails(overlays: OverlayService, error: Error, title: string): void {
  const ref = overlays.openModal(
    (element) =>
      renderWithShellProviders(
        <ErrorDetails error={error} title={title} onClose={() => void ref.close()} />,
        element,
      ),
    {
      'data-test-subj': 'errorDetailsModal',
    },
  );
}

function ErrorDetails({ error, title, onClose }: { error: Error; title: string; onClose(): void }) {
  const body = (error as { body?: unknown }).body;
  return (
    <>
      <EuiModalHeader>
        <EuiModalHeaderTitle>{title}</EuiModalHeaderTitle>
      </EuiModalHeader>
      <EuiModalBody>
        <EuiText size="s">
          <p>{error.message}</p>
        </EuiText>
        {body !== undefined && (
          <>
            <EuiSpacer size="s" />
            <EuiText size="xs">
              <pre data-test-subj="errorDetailsBody">{JSON.stringify(body, null, 2)}</pre>
            </EuiText>
          </>
        )}
        {error.stack && (
          <>
            <EuiSpacer size="s" />
            <EuiText size="xs">
              <pre>{error.stack}</pre>
            </EuiText>
          </>
        )}
      </EuiModalBody>
      <EuiModalFooter>
        <EuiButton onClick={onClose} fill>
          Close
        </EuiButton>
      </EuiModalFooter>
    </>
  );
}
