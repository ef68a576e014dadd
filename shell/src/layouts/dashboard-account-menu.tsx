import { Link, useNavigate } from '@coffer/web-core/router';
import { LogOut, Settings, User } from 'lucide-react';
import { Button, DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger, toast } from '@coffer/ui';
import { useSession } from '@coffer/web-core';
import { AUTH_TOASTS, signOutErrorToast, useGetProfileQuery, useSignOutMutation } from '@coffer/web-core/store';
import { avatarInitials } from '@coffer/web-core/format';

/** The avatar menu of the top bar: "My Account" with Profile, Settings and Sign out. */
export function DashboardAccountMenu() {
  const { user } = useSession();
  const { data: profile } = useGetProfileQuery();
  const [signOut, { isLoading: signingOut }] = useSignOutMutation();
  const navigate = useNavigate();

  const handleSignOut = async () => {
    try {
      await signOut().unwrap();
      toast(AUTH_TOASTS.signedOut);
      navigate('/login', { replace: true });
    } catch (error) {
      toast(signOutErrorToast(error));
    }
  };

  return (
    // Not modal: a modal menu hides the page with aria-hidden while its links stay focusable (axe: aria-hidden-focus).
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="rounded-full">
          {/* Named by its content, not aria-label: the initials are decoration (axe: label-content-name-mismatch). */}
          {profile?.avatarUrl ? (
            <img aria-hidden alt="" src={profile.avatarUrl} className="size-8 rounded-full border border-border object-cover" data-testid="top-bar-avatar" />
          ) : (
            <span aria-hidden className="flex size-8 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground">
              {avatarInitials(profile?.fullName ?? user?.fullName)}
            </span>
          )}
          <span className="sr-only">My Account</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel>
          My Account
          {user && <span className="block truncate text-xs font-normal text-muted-foreground">{user.email}</span>}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/dashboard/account">
            <User aria-hidden />
            Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/dashboard/settings">
            <Settings aria-hidden />
            Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={signingOut} onSelect={() => void handleSignOut()}>
          <LogOut aria-hidden />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
