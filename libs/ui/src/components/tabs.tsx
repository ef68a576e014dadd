import { deferredModule } from '../lib/deferred';

// Radix Tabs (with its roving focus) loads when tabs first render: only signed-in screens use them.
const tabs = deferredModule(() => import('./deferred/tabs'));

export const Tabs = tabs.part('Tabs');
export const TabsList = tabs.part('TabsList');
export const TabsTrigger = tabs.part('TabsTrigger');
export const TabsContent = tabs.part('TabsContent');
export const preloadTabs = tabs.preload;
