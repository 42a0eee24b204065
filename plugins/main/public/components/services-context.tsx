import { createContext, useContext, type ReactNode } from 'react';
import type { SvcServices } from '../services/svc-services';

const SvcServicesContext = createContext<SvcServices | undefined>(undefined);

export function SvcServicesProvider({
  services,
  children,
}: {
  services: SvcServices;
  children: ReactNode;
}) {
  return <SvcServicesContext.Provider value={services}>{children}</SvcServicesContext.Provider>;
}

export function useSvcServices(): SvcServices {
  const services = useContext(SvcServicesContext);
  if (!services) throw new Error('useSvcServices needs an SvcServicesProvider above it');
  return services;
}
