import { Link } from '@coffer/web-core/router';
import { ShieldCheck } from 'lucide-react';
import { cn } from '@coffer/ui';

interface CofferLogoProps {
  to?: string;
  className?: string;
  onClick?: () => void;
}

/** The product logo: a link home (or to the dashboard inside it). */
export function CofferLogo({ to = '/', className, onClick }: CofferLogoProps) {
  return (
    <Link
      to={to}
      onClick={onClick}
      className={cn(
        'flex w-fit items-center gap-2 rounded-md text-lg font-bold tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        className,
      )}
    >
      <span aria-hidden className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <ShieldCheck className="size-5" />
      </span>
      Coffer
    </Link>
  );
}
