import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn, Input, Label } from '@coffer/ui';
import { ROOT_FOLDER } from '@coffer/contracts';
import { useGetFolderQuery, useListFoldersQuery } from '../api/folders-api';

/** Folders one search shows; `total` tells how many more there are to narrow down. */
const SHOWN = 100;
const ROOT_LABEL = 'Root';

interface FolderPickerProps {
  /** The button's id, so the "Folder" label names it. */
  id: string;
  value: string;
  onChange: (folderId: string) => void;
  placeholder?: string;
  disabled?: boolean;
  /** A folder not offered (the one a file is in already). */
  excludeId?: string;
  /** A folder not offered, nor any folder inside it (the folder being moved): the server leaves them out. */
  excludeTree?: string;
}

interface Choice {
  id: string;
  label: string;
}

/** The text typed, once typing pauses. */
function useSettled(value: string, ms = 200) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The chosen folder's path ("Projects / 2026"), as the server knows it. */
function useFolderLabel(folderId: string, known: Choice | undefined): string | undefined {
  const lookup = useGetFolderQuery(folderId, { skip: !folderId || folderId === ROOT_FOLDER || known?.id === folderId });
  if (folderId === ROOT_FOLDER) return ROOT_LABEL;
  if (known?.id === folderId) return known.label;
  return lookup.data?.path.map((p) => p.name).join(' / ');
}

/**
 * A dialog that holds a FolderPicker keeps itself open on Escape pressed inside
 * the picker (which closes the picker's list instead): pass as `onEscapeKeyDown`.
 */
export function keepOpenOnPickerEscape(event: KeyboardEvent | globalThis.KeyboardEvent) {
  if ((event.target as HTMLElement | null)?.closest?.('[data-folder-picker]')) event.preventDefault();
}

/**
 * The "Folder" field of Upload Files and Move to…: a button that opens a search
 * over the user's folders on the server, by name, each shown by its path. A
 * user with thousands of folders finds any of them by typing; the list says
 * how many match beyond the ones shown, never hiding them silently.
 */
export function FolderPicker({ id, value, onChange, placeholder = 'Choose a folder', disabled, excludeId, excludeTree }: FolderPickerProps) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const [known, setKnown] = useState<Choice>();
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const q = useSettled(text.trim());
  const { data, isFetching } = useListFoldersQuery({ q: q || undefined, limit: SHOWN, excluding: excludeTree }, { skip: !open });
  const label = useFolderLabel(value, known);

  const rootMatches = !q || ROOT_LABEL.toLowerCase().includes(q.toLowerCase());
  const choices: Choice[] = [
    ...(rootMatches && excludeId !== ROOT_FOLDER ? [{ id: ROOT_FOLDER, label: ROOT_LABEL }] : []),
    ...(data?.items ?? []).filter((f) => f.id !== excludeId).map((f) => ({ id: f.id, label: f.path })),
  ];
  const more = (data?.total ?? 0) - (data?.items.length ?? 0);

  // Each search starts at its first choice.
  const [activeFor, setActiveFor] = useState(q);
  if (q !== activeFor) {
    setActiveFor(q);
    setActive(0);
  }

  const close = () => {
    setOpen(false);
    setText('');
    button.current?.focus();
  };
  const choose = (choice: Choice) => {
    setKnown(choice);
    onChange(choice.id);
    close();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => Math.min(Math.max(0, i + step), Math.max(0, choices.length - 1)));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (choices[active]) choose(choices[active]);
    }
  };

  return (
    <div className="flex min-w-0 flex-col gap-2" data-folder-picker>
      <Label htmlFor={id}>Folder</Label>
      <button
        ref={button}
        id={id}
        type="button"
        role="combobox"
        aria-expanded={open}
        aria-haspopup="listbox"
        aria-controls={open ? listId : undefined}
        disabled={disabled}
        onClick={() => (open ? close() : setOpen(true))}
        className="flex h-9 w-full min-w-0 cursor-pointer items-center justify-between gap-2 rounded-md border border-input bg-background px-3 py-2 text-left text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50"
      >
        <span className={cn('min-w-0 truncate', !label && 'text-muted-foreground')}>{label ?? placeholder}</span>
        <ChevronDown aria-hidden className="size-4 shrink-0 opacity-50" />
      </button>
      {open && (
        <div className="flex flex-col gap-2 rounded-md border border-border bg-popover p-2 shadow-sm">
          <Input
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the combobox's search field takes the focus as its list opens (WAI-ARIA combobox pattern)
            autoFocus
            onKeyDown={onKeyDown}
            aria-label="Search folders"
            placeholder="Search folders"
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-controls={listId}
            aria-activedescendant={choices[active] ? `${listId}-${choices[active].id}` : undefined}
          />
          <ul id={listId} role="listbox" aria-label="Folders" className="max-h-56 overflow-y-auto">
            {choices.map((choice, i) => (
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the focus stays in the search field, whose keys move through the options (aria-activedescendant)
              <li
                key={choice.id}
                id={`${listId}-${choice.id}`}
                role="option"
                aria-selected={choice.id === value}
                onClick={() => choose(choice)}
                onMouseEnter={() => setActive(i)}
                className={cn(
                  'cursor-pointer rounded-sm px-2 py-1.5 text-sm break-words',
                  i === active && 'bg-accent text-accent-foreground',
                  choice.id === value && 'font-medium',
                )}
              >
                {choice.label}
              </li>
            ))}
          </ul>
          <p aria-live="polite" className="px-2 text-xs text-muted-foreground">
            {isFetching && !data
              ? 'Loading folders…'
              : choices.length === 0
                ? `No folder matches “${q}”.`
                : more > 0
                  ? `${more.toLocaleString('en-US')} more folder${more === 1 ? '' : 's'} match: type to narrow them down.`
                  : null}
          </p>
        </div>
      )}
    </div>
  );
}
