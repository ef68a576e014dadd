/** Spec "Notifications page": the header line. */
export const unreadSummary = (unread: number) =>
  unread === 0 ? 'You have no new notifications' : `You have ${unread} unread notification${unread === 1 ? '' : 's'}`;

/** The top bar bell's accessible name: how many notifications are unread. */
export const bellLabel = (unread: number) => (unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`);
