import { statusFilter } from './status-filter';

describe('statusFilter', () => {
  it("keeps the URL's known statuses, in order", () => {
    expect(statusFilter('active,pending')).toBe('active,pending');
    expect(statusFilter('active,bogus,,disconnected')).toBe('active,disconnected');
    expect(statusFilter(null)).toBe('');
  });
});
