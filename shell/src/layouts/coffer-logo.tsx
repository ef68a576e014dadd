import { Link } from '@coffer/web-core/router';
import { ShieldCheck } from 'lucide-react';
import { cn } from '@coffer/ui';

interface CofferLogoProps {
  to?: string;
  className?: string;
  onClick?: () => void;
  /** An account's custom branding: its logo and company name in place of Coffer's. */
  brand?: { companyName: string; logoUrl: string };
}

/** The product logo: a link home (or to the dashboard inside it). */
export function CofferLogo({ to = '/', className, onClick, brand }: CofferLogoProps) {
  const name = brand?.companyName || 'Coffer';
  return (
    <Link
      to={to}
      onClick={onClick}
      className={cn(
        'flex w-fit items-center gap-2 rounded-md text-lg font-bold tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        className,
      )}
    >
      {brand?.logoUrl ? (
        <img src={brand.logoUrl} alt="" referrerPolicy="no-referrer" className="size-8 shrink-0 rounded-lg object-contain" />
      ) : (
        <span aria-hidden className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
          <ShieldCheck className="size-5" />
        </span>
      )}
      <span className="truncate">{name}</span>
    </Link>
  );
}
