import { useDispatch, useSelector, useStore } from 'react-redux';
import type { AppDispatch, CofferStore, RootState } from './create-store';

/** `useDispatch` typed for Coffer's store (thunks included). */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
/** `useSelector` typed with Coffer's root state. */
export const useAppSelector = useSelector.withTypes<RootState>();
/** `useStore` typed with Coffer's store. */
export const useAppStore = useStore.withTypes<CofferStore>();
