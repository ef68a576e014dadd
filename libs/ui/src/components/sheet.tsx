import { deferredModule } from '../lib/deferred';

export type { SheetContentProps } from './deferred/sheet';

// A sheet is a Radix Dialog: its code loads when a sheet first renders.
const sheet = deferredModule(() => import('./deferred/sheet'));

export const Sheet = sheet.part('Sheet');
export const SheetTrigger = sheet.part('SheetTrigger');
export const SheetClose = sheet.part('SheetClose');
export const SheetContent = sheet.part('SheetContent');
export const SheetHeader = sheet.part('SheetHeader');
export const SheetFooter = sheet.part('SheetFooter');
export const SheetTitle = sheet.part('SheetTitle');
export const SheetDescription = sheet.part('SheetDescription');
export const preloadSheet = sheet.preload;
