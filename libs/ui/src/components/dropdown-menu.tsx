import { deferredModule } from '../lib/deferred';

export type { DropdownMenuItemProps } from './deferred/dropdown-menu';

// Radix Menu brings a positioning engine; its code loads when a menu first renders.
const menu = deferredModule(() => import('./deferred/dropdown-menu'));

export const DropdownMenu = menu.part('DropdownMenu');
export const DropdownMenuPortal = menu.part('DropdownMenuPortal');
export const DropdownMenuTrigger = menu.part('DropdownMenuTrigger');
export const DropdownMenuContent = menu.part('DropdownMenuContent');
export const DropdownMenuGroup = menu.part('DropdownMenuGroup');
export const DropdownMenuItem = menu.part('DropdownMenuItem');
export const DropdownMenuCheckboxItem = menu.part('DropdownMenuCheckboxItem');
export const DropdownMenuRadioGroup = menu.part('DropdownMenuRadioGroup');
export const DropdownMenuRadioItem = menu.part('DropdownMenuRadioItem');
export const DropdownMenuLabel = menu.part('DropdownMenuLabel');
export const DropdownMenuSeparator = menu.part('DropdownMenuSeparator');
export const DropdownMenuShortcut = menu.part('DropdownMenuShortcut');
export const DropdownMenuSub = menu.part('DropdownMenuSub');
export const DropdownMenuSubTrigger = menu.part('DropdownMenuSubTrigger');
export const DropdownMenuSubContent = menu.part('DropdownMenuSubContent');
export const preloadDropdownMenu = menu.preload;
