import { useEffect, useRef } from 'react';
import type { MountPoint } from '../types';

/**
 * Renders a plugin's mount point (a function that draws into an element) inside the shell's React
 * tree. The unmount runs on the next tick: a plugin usually unmounts its own React root there, which
 * React refuses to do synchronously while the shell's tree is committing.
 */
export function MountPointPortal({
  mount,
  className,
  'data-test-subj': testSubj,
}: {
  mount: MountPoint;
  className?: string;
  'data-test-subj'?: string;
}) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!element.current) return undefined;
    const unmount = mount(element.current);
    return () => {
      setTimeout(unmount, 0);
    };
  }, [mount]);
  return <div ref={element} className={className} data-test-subj={testSubj} />;
}

/** A toast's or modal's content: plain text, or a plugin's mount point. */
export function TextOrMount({ value }: { value?: string | MountPoint }) {
  if (value === undefined) return null;
  return typeof value === 'string' ? <>{value}</> : <MountPointPortal mount={value} />;
}
