import { cn } from '@coffer/ui';

interface SelectCheckboxProps {
  name: string;
  checked: boolean;
  /** Something is selected: every card shows its checkbox, not only on hover or focus. */
  selecting: boolean;
  /** `range`: a shift-click, which selects from the last item clicked to this one. */
  onToggle: (range: boolean) => void;
}

/**
 * A card's checkbox, above the card's link so a click on it selects and never opens. Shown on hover and focus, and
 * always while something is selected, on touch screens and on narrow ones (where there is no hover).
 */
export function SelectCheckbox({ name, checked, selecting, onToggle }: SelectCheckboxProps) {
  return (
    <input
      type="checkbox"
      aria-label={`Select ${name}`}
      checked={checked}
      onChange={(event) => onToggle((event.nativeEvent as MouseEvent).shiftKey === true)}
      className={cn(
        'absolute top-1.5 left-1.5 z-20 size-4 cursor-pointer accent-primary transition-opacity',
        'opacity-0 group-hover:opacity-100 focus-visible:opacity-100 max-sm:opacity-100 [@media(hover:none)]:opacity-100',
        (selecting || checked) && 'opacity-100',
      )}
    />
  );
}
