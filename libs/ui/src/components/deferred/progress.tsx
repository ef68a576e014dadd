import type { ComponentProps } from 'react';
import { Progress as ProgressPrimitive } from 'radix-ui';
import { cn } from '../../lib/cn';

export function Progress({ className, value: exact, ...props }: ComponentProps<typeof ProgressPrimitive.Root>) {
  // Two decimals at most: a tiny share (512 B of 2 TB) would otherwise reach aria-valuenow as 2.3e-8, which is not a valid number there.
  const value = exact == null ? exact : Math.round(exact * 100) / 100;
  return (
    <ProgressPrimitive.Root
      data-slot="progress"
      value={value}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-primary/20', className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        data-slot="progress-indicator"
        className="h-full w-full flex-1 bg-primary transition-transform"
        style={{ transform: `translateX(-${100 - Math.min(100, Math.max(0, value ?? 0))}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}
