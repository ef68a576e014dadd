import { useState } from 'react';
import { ShieldCheck } from 'lucide-react';
import { cn } from '../lib/cn';

interface BrandMarkProps {
  /** An account's logo (an https address); Coffer's shield when there is none or it cannot be loaded. */
  logoUrl?: string;
  className?: string;
}

/** The square mark beside the product's (or the account's company) name. Decoration: the name beside it says what it is. */
export function BrandMark({ logoUrl, className }: BrandMarkProps) {
  const [failed, setFailed] = useState<string | null>(null);
  if (logoUrl && failed !== logoUrl) {
    return (
      <img
        src={logoUrl}
        alt=""
        referrerPolicy="no-referrer"
        onError={() => setFailed(logoUrl)}
        className={cn('size-8 shrink-0 rounded-lg object-contain', className)}
      />
    );
  }
  return (
    <span aria-hidden className={cn('flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground', className)}>
      <ShieldCheck className="size-5" />
    </span>
  );
}
