import Bowser from 'bowser';

export const UNKNOWN_BROWSER = 'Unknown browser';

/** What a person recognises a signed-in browser by: "Chrome on Windows", from its user agent. */
export function browserLabel(userAgent: string | null | undefined): string {
  if (!userAgent) return UNKNOWN_BROWSER;
  const { browser, os } = Bowser.parse(userAgent);
  if (!browser.name) return UNKNOWN_BROWSER;
  return os.name ? `${browser.name} on ${os.name}` : browser.name;
}
