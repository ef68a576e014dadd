import { Link } from '@coffer/web-core/router';
import { BrandMark, cn } from '@coffer/ui';

interface CofferLogoProps {
  to?: string;
  className?: string;
  onClick?: () => void;
  /** An account's custom branding: its logo and company name in place of Coffer's. */
  brand?: { companyName: string; logoUrl: string };
  /** The mark alone (the name still names the link), where the bar is narrow. */
  markOnly?: boolean;
}

/** The product logo, or the account's: a link home (or to the dashboard inside it). A long company name is cut short, in full on hover. */
export function CofferLogo({ to = '/', className, onClick, brand, markOnly = false }: CofferLogoProps) {
  const name = brand?.companyName || 'Coffer';
  return (
    <Link
      to={to}
      onClick={onClick}
      title={brand?.companyName || undefined}
      className={cn(
        'flex w-fit max-w-full min-w-0 items-center gap-2 rounded-md text-lg font-bold tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        className,
      )}
    >
      <BrandMark logoUrl={brand?.logoUrl || undefined} />
      <span className={markOnly ? 'sr-only' : 'truncate'}>{name}</span>
    </Link>
  );
}
