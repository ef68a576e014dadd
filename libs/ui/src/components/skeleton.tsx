import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';

/** A grey placeholder in the shape of content that is still loading. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="skeleton" aria-hidden className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />;
}
