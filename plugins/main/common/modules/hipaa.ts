/** HIPAA: the alerts whose rule maps to one of its requirements. */
import { complianceModule } from './compliance';

export const hipaa = complianceModule({
  id: 'hipaa',
  key: 'hipaa',
  title: 'HIPAA',
  description:
    'Alerts mapped to the safeguards of the US Health Insurance Portability and Accountability Act.',
  field: 'rule.hipaa',
  order: 403,
});
