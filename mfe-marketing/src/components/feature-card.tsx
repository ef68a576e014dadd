import type { LucideIcon } from 'lucide-react';
import { Card, CardDescription, CardHeader, CardTitle, cn } from '@coffer/ui';

interface FeatureCardProps {
  icon: LucideIcon;
  title: string;
  text: string;
  /** The icon tile's colours: the landing page's selling points are filled, the Why page's reasons muted. */
  iconClassName?: string;
}

/** One selling point or reason: an icon, a title and a sentence. */
export function FeatureCard({ icon: Icon, title, text, iconClassName = 'bg-muted' }: FeatureCardProps) {
  return (
    <Card className="h-full">
      <CardHeader className="gap-3">
        <span aria-hidden className={cn('flex size-10 items-center justify-center rounded-lg', iconClassName)}>
          <Icon className="size-5" />
        </span>
        <CardTitle className="text-lg">{title}</CardTitle>
        <CardDescription className="text-base">{text}</CardDescription>
      </CardHeader>
    </Card>
  );
}
