/** Avatar initials: the first letters of the first and last names, or the first two letters of a single name; "U" without a name. */
export function avatarInitials(fullName: string | null | undefined): string {
  const names = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (names.length === 0) return 'U';
  const initials = names.length === 1 ? [...names[0]].slice(0, 2).join('') : [...names[0]][0] + [...names[names.length - 1]][0];
  return initials.toUpperCase();
}
