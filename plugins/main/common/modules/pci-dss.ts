/** PCI DSS: the alerts whose rule maps to one of its requirements. */
import { complianceModule } from './compliance';

export const pciDss = complianceModule({
  id: 'pci-dss',
  key: 'pci',
  title: 'PCI DSS',
  description:
    'Alerts mapped to the requirements of the Payment Card Industry Data Security Standard.',
  field: 'rule.pci_dss',
  order: 401,
});
