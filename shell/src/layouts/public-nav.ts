/** The public site's two page links, in the header, its mobile menu and the footer. */
export const PUBLIC_NAV_LINKS = [
  { to: '/why-coffer', label: 'Why Coffer?' },
  { to: '/pricing', label: 'Pricing' },
] as const;
