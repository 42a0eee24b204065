/**
 * `core.overlays`: modals, flyouts and confirmations that plugins open; the shell draws them
 * (`overlays.tsx`). Every overlay is closed through its ref, which settles `onClose` once.
 */
import type { MountPoint, OverlayRef, OverlayStart } from '../types';
import { createStore } from '../utils/store';

type ModalOptions = Parameters<OverlayStart['openModal']>[1];
type FlyoutOptions = Parameters<OverlayStart['openFlyout']>[1];
type ConfirmOptions = NonNullable<Parameters<OverlayStart['openConfirm']>[1]>;

export type OpenOverlay =
  | { id: number; kind: 'modal'; mount: MountPoint; options: ModalOptions; ref: OverlayRef }
  | { id: number; kind: 'flyout'; mount: MountPoint; options: FlyoutOptions; ref: OverlayRef }
  | {
      id: number;
      kind: 'confirm';
      message: string | MountPoint;
      options: ConfirmOptions;
      answer(confirmed: boolean): void;
    };

export class OverlayService implements OverlayStart {
  readonly open = createStore<OpenOverlay[]>([]);
  private nextId = 0;

  openModal(mount: MountPoint, options?: ModalOptions): OverlayRef {
    const id = this.nextId++;
    const ref = this.createRef(id);
    this.open.update((list) => [...list, { id, kind: 'modal', mount, options, ref }]);
    return ref;
  }

  openFlyout(mount: MountPoint, options?: FlyoutOptions): OverlayRef {
    const id = this.nextId++;
    const ref = this.createRef(id);
    this.open.update((list) => [...list, { id, kind: 'flyout', mount, options, ref }]);
    return ref;
  }

  openConfirm(message: string | MountPoint, options: ConfirmOptions = {}): Promise<boolean> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      const answer = (confirmed: boolean) => {
        this.remove(id);
        resolve(confirmed);
      };
      this.open.update((list) => [...list, { id, kind: 'confirm', message, options, answer }]);
    });
  }

  private createRef(id: number): OverlayRef {
    let closed!: () => void;
    const onClose = new Promise<void>((resolve) => {
      closed = resolve;
    });
    return {
      onClose,
      close: async () => {
        this.remove(id);
        closed();
      },
    };
  }

  private remove(id: number): void {
    this.open.update((list) => list.filter((overlay) => overlay.id !== id));
  }
}
