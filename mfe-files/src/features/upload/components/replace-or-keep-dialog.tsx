import { useId, useState } from 'react';
import { Button, Checkbox, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, Label } from '@coffer/ui';
import type { OnExisting } from '@coffer/contracts';

const CHOICES: { value: OnExisting; label: string }[] = [
  { value: 'replace', label: 'Replace' },
  { value: 'keep-both', label: 'Keep both' },
];

/** Replace or Keep both, as two buttons of which one is pressed. */
function Choice({ label, value, onChange }: { label: string; value: OnExisting | undefined; onChange: (value: OnExisting) => void }) {
  return (
    <div role="group" aria-label={label} className="flex shrink-0 gap-1">
      {CHOICES.map((c) => (
        <Button
          key={c.value}
          type="button"
          size="sm"
          variant={value === c.value ? 'default' : 'outline'}
          aria-pressed={value === c.value}
          onClick={() => onChange(c.value)}
        >
          {c.label}
        </Button>
      ))}
    </div>
  );
}

/**
 * Asks, for each chosen file whose name the folder already has, whether to replace that file (its bytes become a
 * version) or keep both ("Name (1).ext"); "Apply to all" asks once. Open while `names` holds any.
 */
export function ReplaceOrKeepDialog({ names, onAnswer }: { names: string[]; onAnswer: (choices: Map<string, OnExisting> | null) => void }) {
  const [choices, setChoices] = useState(new Map<string, OnExisting>());
  const [all, setAll] = useState<OnExisting | undefined>();
  const [applyToAll, setApplyToAll] = useState(false);
  const allId = useId();
  const open = names.length > 0;
  const many = names.length > 1;
  const choiceOf = (name: string) => (applyToAll ? all : choices.get(name.toLowerCase()));
  const complete = names.every((n) => choiceOf(n) !== undefined);

  const finish = (answer: Map<string, OnExisting> | null) => {
    setChoices(new Map());
    setAll(undefined);
    setApplyToAll(false);
    onAnswer(answer);
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && finish(null)}>
      <DialogContent className="max-h-[90svh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{many ? `${names.length} files already exist` : 'This file already exists'}</DialogTitle>
          <DialogDescription>
            Replace keeps the file (its shares and links too) and saves its current version in Versions. Keep both adds the new file as &quot;Name (1)&quot;.
          </DialogDescription>
        </DialogHeader>
        {many && (
          <div className="flex items-center gap-2">
            <Checkbox id={allId} checked={applyToAll} onCheckedChange={(checked) => setApplyToAll(checked === true)} />
            <Label htmlFor={allId}>Apply to all</Label>
          </div>
        )}
        {applyToAll ? (
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-2">
            <span className="text-sm">All {names.length} files</span>
            <Choice label="All files" value={all} onChange={setAll} />
          </div>
        ) : (
          <ul aria-label="Files that already exist" className="flex flex-col gap-2">
            {names.map((name) => (
              <li key={name} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-2">
                <span className="min-w-0 flex-1 truncate text-sm" title={name}>
                  {name}
                </span>
                <Choice label={name} value={choiceOf(name)} onChange={(value) => setChoices((current) => new Map(current).set(name.toLowerCase(), value))} />
              </li>
            ))}
          </ul>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => finish(null)}>
            Back
          </Button>
          <Button type="button" disabled={!complete} onClick={() => finish(new Map(names.map((n) => [n.toLowerCase(), choiceOf(n)!])))}>
            Continue
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
