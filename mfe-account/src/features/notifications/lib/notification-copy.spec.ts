import { bellLabel, unreadSummary } from './notification-copy';

describe('notification copy', () => {
  it("says how many are unread in the spec's words", () => {
    expect(unreadSummary(0)).toBe('You have no new notifications');
    expect(unreadSummary(1)).toBe('You have 1 unread notification');
    expect(unreadSummary(3)).toBe('You have 3 unread notifications');
  });

  it('names the bell with the unread count, and plainly when there is none', () => {
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(2)).toBe('Notifications, 2 unread');
  });
});
