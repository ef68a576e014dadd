/** Relative luminance of a #rrggbb colour (WCAG 2). */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two #rrggbb colours. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The account's colours as the page uses them: the primary colour, and text on
 * it in the secondary colour when that stays readable (4.5:1), else black or white.
 */
export function brandColors(primary: string, secondary: string): { primary: string; onPrimary: string } {
  if (contrast(primary, secondary) >= 4.5) return { primary, onPrimary: secondary };
  return { primary, onPrimary: contrast(primary, '#ffffff') >= contrast(primary, '#000000') ? '#ffffff' : '#000000' };
}
