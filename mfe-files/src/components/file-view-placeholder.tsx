import type { LucideIcon } from 'lucide-react';

interface FileViewPlaceholderProps {
  icon: LucideIcon;
  text: string;
}

/** Body of a file view whose list is not built yet (the shell already shows its title). */
export function FileViewPlaceholder({ icon: Icon, text }: FileViewPlaceholderProps) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border bg-background py-12 text-center">
      <Icon aria-hidden className="size-10 text-muted-foreground" />
      <p className="text-sm text-muted-foreground">{text}</p>
    </div>
  );
}
