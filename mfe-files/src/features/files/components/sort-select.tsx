import { RotateCcw } from 'lucide-react';
import { Button, Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@coffer/ui';
import { SORT_ORDERS, type SortOrder } from '@coffer/contracts';

export const SORT_LABELS: Record<SortOrder, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  'name-asc': 'Name (A-Z)',
  'name-desc': 'Name (Z-A)',
  'size-asc': 'Size (smallest first)',
  'size-desc': 'Size (largest first)',
};

export const isSortOrder = (value: string | null): value is SortOrder => SORT_ORDERS.includes(value as SortOrder);

/** The six sort orders, and Reset when the order is not the default (newest). */
export function SortSelect({ value, onChange }: { value: SortOrder; onChange: (sort: SortOrder) => void }) {
  return (
    <div className="flex items-center gap-2">
      <Select value={value} onValueChange={(next) => isSortOrder(next) && onChange(next)}>
        <SelectTrigger aria-label="Sort by" size="sm" className="w-48">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {SORT_ORDERS.map((order) => (
            <SelectItem key={order} value={order}>
              {SORT_LABELS[order]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {value !== 'newest' && (
        <Button variant="ghost" size="sm" onClick={() => onChange('newest')}>
          <RotateCcw aria-hidden />
          Reset
        </Button>
      )}
    </div>
  );
}
