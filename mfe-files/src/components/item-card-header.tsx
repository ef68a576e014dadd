import type { ComponentType, ReactNode } from 'react';
import { MoreVertical } from 'lucide-react';
import { Button, CardDescription, CardHeader, CardTitle, DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '@coffer/ui';

/** A card's title as a link or button whose box covers the card (a click anywhere but the menu opens the item), with the focus ring around the card. */
export const COVERING_TITLE =
  'block truncate outline-none after:absolute after:inset-0 after:rounded-xl focus-visible:after:ring-2 focus-visible:after:ring-ring';

interface ItemCardHeaderProps {
  icon: ComponentType<{ className?: string }>;
  name: string;
  /** The title as shown, when it is more than the name (a link). */
  title?: ReactNode;
  subtitle: ReactNode;
  /** What shows in the icon's place, given the icon to fall back to (a file's thumbnail). */
  media?: (icon: ReactNode) => ReactNode;
  /** The entries of the card's menu (none: no menu, as for a folder its viewer can only open). */
  children: ReactNode;
}

/** The row every file card shows: type icon, name, subtitle and the actions menu. */
export function ItemCardHeader({ icon: Icon, name, title, subtitle, media, children }: ItemCardHeaderProps) {
  const icon = (
    <span aria-hidden className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-muted">
      <Icon className="size-5" />
    </span>
  );
  return (
    <CardHeader className="flex-row items-center gap-3">
      {media ? media(icon) : icon}
      <div className="min-w-0 flex-1">
        <CardTitle className="truncate text-base" title={name}>
          {title ?? name}
        </CardTitle>
        <CardDescription className="break-words">{subtitle}</CardDescription>
      </div>
      {children && (
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" className="relative z-10 shrink-0" aria-label={`Actions for ${name}`}>
              <MoreVertical aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end" className="w-44">
            {children}
          </DropdownMenuContent>
        </DropdownMenu>
      )}
    </CardHeader>
  );
}
