import { deferredModule } from '../lib/deferred';

// Radix Select brings a positioning engine; its code loads when a select first renders.
const select = deferredModule(() => import('./deferred/select'));

export const Select = select.part('Select');
export const SelectGroup = select.part('SelectGroup');
export const SelectValue = select.part('SelectValue');
export const SelectTrigger = select.part('SelectTrigger');
export const SelectContent = select.part('SelectContent');
export const SelectLabel = select.part('SelectLabel');
export const SelectItem = select.part('SelectItem');
export const SelectSeparator = select.part('SelectSeparator');
export const SelectScrollUpButton = select.part('SelectScrollUpButton');
export const SelectScrollDownButton = select.part('SelectScrollDownButton');
export const preloadSelect = select.preload;
