import { EuiFlyout } from '@elastic/eui';
import { MountPointPortal } from '../rendering/mount-point';
import type { MountPoint, OverlayRef } from '../types';

/** A plugin's flyout; its own chunk, since EUI's flyout is large and pages open one rarely. */
export default function FlyoutOverlay({
  mount,
  size,
  testSubj,
  onClose,
}: {
  mount: MountPoint;
  size?: 's' | 'm' | 'l';
  testSubj?: string;
  onClose: OverlayRef['close'];
}) {
  return (
    <EuiFlyout onClose={() => void onClose()} size={size ?? 'm'} data-test-subj={testSubj}>
      <MountPointPortal mount={mount} />
    </EuiFlyout>
  );
}
