import { Link } from 'react-router-dom';
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
    <Link to={to} onClick={onClick} className={cn('flex items-center gap-2 text-lg font-bold tracking-tight', className)}>
      <span aria-hidden className="flex size-8 items-center justify-center rounded-md bg-primary text-primary-foreground">
        <ShieldCheck className="size-5" />
      </span>
      Coffer
    </Link>
  );
}
