/** Events published by the auth service. */
export const AuthEvent = {
  UserRegistered: 'events.auth.user.registered',
} as const;

export interface UserRegistered {
  userId: string;
  accountId: string;
  email: string;
  fullName: string;
}
