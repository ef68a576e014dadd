import { useId } from 'react';
import { Label, Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@coffer/ui';

interface ChoiceSelectProps<V extends string> {
  label: string;
  value: V;
  onChange: (value: V) => void;
  choices: ReadonlyArray<{ value: V; label: string }>;
  disabled?: boolean;
  className?: string;
}

/** A labelled select of a few fixed choices (a role, a language, a timezone). */
export function ChoiceSelect<V extends string>({ label, value, onChange, choices, disabled, className }: ChoiceSelectProps<V>) {
  const id = useId();
  return (
    <div className={`flex flex-col gap-2 ${className ?? ''}`}>
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={(v) => onChange(v as V)} disabled={disabled}>
        <SelectTrigger id={id} className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {choices.map((choice) => (
            <SelectItem key={choice.value} value={choice.value}>
              {choice.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** A role as the product names it: "Admin", "Moderator", "Member". */
export const roleLabel = (role: string) => role.charAt(0).toUpperCase() + role.slice(1);
