import { Label, Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@coffer/ui';
import type { FolderChoice } from '../hooks/use-folder-choices';

interface FolderSelectProps {
  /** The trigger's id, so the "Folder" label names it. */
  id: string;
  value: string;
  onChange: (folderId: string) => void;
  /** From useFolderChoices, called by the dialog so the folders load before it opens. */
  choices: FolderChoice[];
  placeholder?: string;
  disabled?: boolean;
}

/** The "Folder" field of Upload Files and Move to…: one option per folder, by its path. */
export function FolderSelect({ id, value, onChange, choices, placeholder, disabled }: FolderSelectProps) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Folder</Label>
      <Select value={value} onValueChange={onChange} disabled={disabled}>
        {/* A long path ends in "…" in the field; the list wraps it whole. */}
        <SelectTrigger id={id} className="w-full *:data-[slot=select-value]:block *:data-[slot=select-value]:truncate">
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent>
          {choices.map((choice) => (
            <SelectItem key={choice.id} value={choice.id}>
              {choice.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
