import type { ComponentProps } from 'react';
import { LoaderCircle } from 'lucide-react';
import { cn } from '../lib/cn';

export type SpinnerProps = ComponentProps<'svg'> & {
  /** What is loading, for screen readers. */
  label?: string;
};

export function Spinner({ className, label = 'Loading', ...props }: SpinnerProps) {
  return <LoaderCircle role="status" aria-label={label} className={cn('size-5 animate-spin', className)} {...props} />;
}
