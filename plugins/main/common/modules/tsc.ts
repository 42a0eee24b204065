/** TSC: the alerts whose rule maps to one of its requirements. */
import { complianceModule } from './compliance';

export const tsc = complianceModule({
  id: 'tsc',
  key: 'tsc',
  title: 'TSC',
  description:
    'Alerts mapped to the Trust Services Criteria (SOC 2) for security, availability and privacy.',
  field: 'rule.tsc',
  order: 405,
});
