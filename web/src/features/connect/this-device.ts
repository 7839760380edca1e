import { createStore, useStore } from '@/lib/store';

/** This browser's device id, once the server gave it one. */
const thisDevice = createStore<string | null>(null);

export const setThisDevice = (id: string | null) => thisDevice.set(id);
export const getThisDevice = thisDevice.get;
export const useThisDevice = () => useStore(thisDevice);
