import type { LinkPage } from '@coffer/contracts';

/** Text put in HTML (an element's text or a quoted attribute): names are people's input. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A link's page as a link-preview bot (Slack, Teams, WhatsApp… unfurlers) gets it: meta tags saying who shared
 * what, in the sharer's company name. The file or folder is named only when the link has no password; a link the
 * sharing service refused (`page` undefined: expired, outside its allow-list, turned off, no such link) gets a
 * card that says nothing of it. The one place these tags are made: the production shell's nginx and the local
 * front server both hand a bot's /l/<token> to GET /api/public-links/{token}/preview.
 */
export function linkPreviewHtml(page: LinkPage | undefined, token: string): string {
  const company = page?.branding.custom ? page.branding.companyName : '';
  const shared = page?.file?.name ?? page?.folder?.path[0]?.name;
  const title = page
    ? shared
      ? `${page.sharedByName} shared “${shared}” with you`
      : `${page.sharedByName} shared a file with you`
    : 'A file shared with Coffer';
  const description = company ? `From ${company}, shared securely with Coffer` : 'Shared securely with Coffer';
  const pageUrl = `/l/${token}`;
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>${escapeHtml(title)}</title>`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${escapeHtml(company || 'Coffer')}">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:url" content="${pageUrl}">`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    `<meta name="twitter:card" content="summary">`,
    `<meta name="robots" content="noindex">`,
    `</head><body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(description)}</p><p><a href="${pageUrl}">Open</a></p></body></html>`,
  ].join('\n');
}
