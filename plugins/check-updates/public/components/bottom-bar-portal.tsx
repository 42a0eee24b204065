import { useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { getCoreServices } from '../services/core-services';

/** Renders its children in the host's bottom-bar slot, keeping them in this React tree (state, theme). */
export function BottomBarPortal({ children }: { children: ReactNode }) {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useEffect(
    () =>
      getCoreServices().chrome.setBottomBar((element) => {
        setSlot(element);
        return () => setSlot(null);
      }),
    [],
  );
  return slot ? createPortal(children, slot) : null;
}
