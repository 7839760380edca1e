import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createStore, useStore } from './store';

describe('createStore', () => {
  it('gives the value, takes a new one or an update, and tells listeners of changes only', () => {
    const store = createStore({ n: 1 });
    const listener = vi.fn();
    const stop = store.subscribe(listener);
    store.set({ n: 2 });
    store.set((s) => ({ n: s.n + 1 }));
    expect(store.get()).toEqual({ n: 3 });
    expect(listener).toHaveBeenCalledTimes(2);
    store.set(store.get());
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    store.set({ n: 4 });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('computes a lazy initial value on first read, and again after reset', () => {
    const init = vi.fn(() => 'saved');
    const store = createStore(init);
    expect(init).not.toHaveBeenCalled();
    expect(store.get()).toBe('saved');
    store.set('changed');
    const listener = vi.fn();
    store.subscribe(listener);
    store.reset();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.get()).toBe('saved');
    expect(init).toHaveBeenCalledTimes(2);
  });
});

describe('useStore', () => {
  it('re-renders on a change of the selected slice only', () => {
    const store = createStore({ a: 1, b: 1 });
    let renders = 0;
    const { result } = renderHook(() => {
      renders++;
      return useStore(store, (s) => s.a);
    });
    expect(result.current).toBe(1);
    act(() => store.set((s) => ({ ...s, b: 2 })));
    expect(renders).toBe(1);
    act(() => store.set((s) => ({ ...s, a: 5 })));
    expect(result.current).toBe(5);
    expect(renders).toBe(2);
  });

  it('reads the whole value without a selector', () => {
    const store = createStore(false);
    const { result } = renderHook(() => useStore(store));
    act(() => store.set(true));
    expect(result.current).toBe(true);
  });
});
