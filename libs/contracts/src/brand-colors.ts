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

/** The least contrast text needs to stay readable on its background (WCAG AA, normal text). */
export const READABLE_CONTRAST = 4.5;

/** Why the secondary colour cannot be the text on the primary one, or undefined when it reads well. */
export function unreadableSecondaryColor(primary: string, secondary: string): string | undefined {
  const ratio = contrast(primary, secondary);
  if (ratio >= READABLE_CONTRAST) return undefined;
  // Rounded down, so a ratio just under the bar never reads as if it met it.
  const shown = Math.floor(ratio * 10) / 10;
  return `Secondary color is hard to read on the primary color (contrast ${shown.toFixed(1)}:1, at least ${READABLE_CONTRAST}:1 is needed)`;
}
