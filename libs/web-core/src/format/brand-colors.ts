import { contrast, READABLE_CONTRAST } from '@coffer/contracts';

/**
 * The account's colours as the page uses them: the primary colour, and text on
 * it in the secondary colour when that stays readable (4.5:1), else black or white
 * (branding saved before unreadable pairs were refused).
 */
export function brandColors(primary: string, secondary: string): { primary: string; onPrimary: string } {
  if (contrast(primary, secondary) >= READABLE_CONTRAST) return { primary, onPrimary: secondary };
  return { primary, onPrimary: contrast(primary, '#ffffff') >= contrast(primary, '#000000') ? '#ffffff' : '#000000' };
}
