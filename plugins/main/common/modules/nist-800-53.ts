/** NIST 800-53: the alerts whose rule maps to one of its requirements. */
import { complianceModule } from './compliance';

export const nist80053 = complianceModule({
  id: 'nist-800-53',
  key: 'nist',
  title: 'NIST 800-53',
  description:
    'Alerts mapped to the security and privacy controls of NIST Special Publication 800-53.',
  field: 'rule.nist_800_53',
  order: 404,
});
