/** GDPR: the alerts whose rule maps to one of its requirements. */
import { complianceModule } from './compliance';

export const gdpr = complianceModule({
  id: 'gdpr',
  key: 'gdpr',
  title: 'GDPR',
  description: 'Alerts mapped to the articles of the EU General Data Protection Regulation.',
  field: 'rule.gdpr',
  order: 402,
});
