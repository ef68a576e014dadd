import { LayoutGrid, List } from 'lucide-react';
import { Button, cn } from '@coffer/ui';
import type { FileViewLayout } from '@coffer/contracts';
import { useViewPreference } from '../hooks/use-view-preference';

const CHOICES: Array<{ layout: FileViewLayout; label: string; icon: typeof List }> = [
  { layout: 'grid', label: 'Grid view', icon: LayoutGrid },
  { layout: 'list', label: 'List view', icon: List },
];

/** Grid or list, beside the sort: the choice is the user's, kept on the server. */
export function ViewToggle() {
  const { layout, setLayout } = useViewPreference();
  return (
    <div role="group" aria-label="View" className="flex items-center rounded-md border border-border p-0.5">
      {CHOICES.map(({ layout: choice, label, icon: Icon }) => (
        <Button
          key={choice}
          type="button"
          variant="ghost"
          size="icon"
          aria-label={label}
          aria-pressed={layout === choice}
          title={label}
          className={cn('size-8', layout === choice && 'bg-secondary text-secondary-foreground')}
          onClick={() => setLayout(choice)}
        >
          <Icon aria-hidden />
        </Button>
      ))}
    </div>
  );
}
