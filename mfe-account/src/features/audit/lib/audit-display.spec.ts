import { auditBadgeVariant, auditDetails } from './audit-display';

describe('audit log display', () => {
  it('styles the badge by the action as the spec says', () => {
    expect(auditBadgeVariant('file.delete')).toBe('destructive');
    expect(auditBadgeVariant('file.delete_forever')).toBe('destructive');
    expect(auditBadgeVariant('folder.create')).toBe('default');
    expect(auditBadgeVariant('file.upload')).toBe('default');
    expect(auditBadgeVariant('file.share')).toBe('secondary');
    expect(auditBadgeVariant('share.revoke')).toBe('secondary');
    expect(auditBadgeVariant('user.sign_in')).toBe('outline');
  });

  it('shows the details as text', () => {
    expect(auditDetails({ details: { name: 'Report.pdf', size: '100' } })).toBe('name: Report.pdf, size: 100');
    expect(auditDetails({ details: {} })).toBe('');
    expect(auditDetails({ details: { summary: 'moved 2 items to Projects', items: '2', ids: 'a b' } })).toBe('summary: moved 2 items to Projects, items: 2');
    // As the database gives them back: keys by length, then alphabetically.
    expect(auditDetails({ details: { ids: 'a b', items: '2', names: 'A, B', summary: 'moved 2 items to Projects' } })).toBe(
      'summary: moved 2 items to Projects, items: 2, names: A, B',
    );
  });
});
