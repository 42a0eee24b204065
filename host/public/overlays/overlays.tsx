import { EuiConfirmModal, EuiModal } from '@elastic/eui';
import { lazy, Suspense } from 'react';
import { MountPointPortal, TextOrMount } from '../rendering/mount-point';
import { useStore } from '../utils/store';
import type { OpenOverlay, OverlayService } from './overlay-service';

const FlyoutOverlay = lazy(() => import('./flyout-overlay'));

/** Draws the modals, flyouts and confirmations plugins opened, newest on top. */
export function Overlays({ overlays }: { overlays: OverlayService }) {
  const open = useStore(overlays.open);
  return (
    <>
      {open.map((overlay) => (
        <OverlayView key={overlay.id} overlay={overlay} />
      ))}
    </>
  );
}

function OverlayView({ overlay }: { overlay: OpenOverlay }) {
  switch (overlay.kind) {
    case 'modal':
      return (
        <EuiModal
          onClose={() => void overlay.ref.close()}
          maxWidth={overlay.options?.maxWidth ?? true}
          data-test-subj={overlay.options?.['data-test-subj']}
        >
          <MountPointPortal mount={overlay.mount} />
        </EuiModal>
      );
    case 'flyout':
      return (
        <Suspense fallback={null}>
          <FlyoutOverlay
            mount={overlay.mount}
            size={overlay.options?.size}
            testSubj={overlay.options?.['data-test-subj']}
            onClose={overlay.ref.close}
          />
        </Suspense>
      );
    case 'confirm':
      return (
        <EuiConfirmModal
          title={overlay.options.title}
          onCancel={() => overlay.answer(false)}
          onConfirm={() => overlay.answer(true)}
          cancelButtonText={overlay.options.cancelButtonText ?? 'Cancel'}
          confirmButtonText={overlay.options.confirmButtonText ?? 'Confirm'}
          buttonColor={overlay.options.buttonColor ?? 'primary'}
          defaultFocusedButton="confirm"
          data-test-subj="confirmModal"
        >
          <TextOrMount value={overlay.message} />
        </EuiConfirmModal>
      );
  }
}
