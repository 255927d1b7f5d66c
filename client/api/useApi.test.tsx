import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useApi } from './useApi.js';

/** A load the test settles by hand, keeping every signal it was given. */
function controlledLoad() {
  const calls: { signal: AbortSignal; resolve: (value: string) => void; reject: (error: unknown) => void }[] = [];
  const load = vi.fn(
    (signal: AbortSignal) =>
      new Promise<string>((resolve, reject) => {
        calls.push({ signal, resolve, reject });
      }),
  );
  return { load, calls };
}

const settle = (run: () => void) =>
  act(async () => {
    run();
  });

describe('useApi', () => {
  it('loads once per key, and reads as loading until the answer comes', async () => {
    const { load, calls } = controlledLoad();
    const { result, rerender } = renderHook(() => useApi(['thing', 1], load));
    expect(result.current).toMatchObject({ loading: true, data: undefined, error: undefined, retries: 0 });
    rerender();
    expect(load).toHaveBeenCalledTimes(1);
    await settle(() => calls[0].resolve('one'));
    expect(result.current).toMatchObject({ loading: false, data: 'one', error: undefined });
  });

  it('aborts the call in flight when the key changes, and never shows its late answer', async () => {
    const { load, calls } = controlledLoad();
    const { result, rerender } = renderHook(({ id }) => useApi(['thing', id], load), { initialProps: { id: 1 } });
    rerender({ id: 2 });
    expect(calls[0].signal.aborted).toBe(true);
    expect(calls[1].signal.aborted).toBe(false);
    await settle(() => calls[0].resolve('stale'));
    expect(result.current).toMatchObject({ loading: true, data: undefined });
    await settle(() => calls[1].resolve('two'));
    expect(result.current.data).toBe('two');
    // An answer belongs to its key: back to the first key, it is loading again, not "two".
    rerender({ id: 1 });
    expect(result.current).toMatchObject({ loading: true, data: undefined });
  });

  it('aborts the call in flight when the screen goes away', () => {
    const { load, calls } = controlledLoad();
    const { unmount } = renderHook(() => useApi(['thing'], load));
    unmount();
    expect(calls[0].signal.aborted).toBe(true);
  });

  it('reports a failure, and retry loads again, counting the retries', async () => {
    const { load, calls } = controlledLoad();
    const { result } = renderHook(() => useApi(['thing'], load));
    const failure = new Error('The server is busy.');
    await settle(() => calls[0].reject(failure));
    expect(result.current).toMatchObject({ loading: false, data: undefined, error: failure, retries: 0 });

    act(() => result.current.retry());
    expect(load).toHaveBeenCalledTimes(2);
    expect(result.current).toMatchObject({ loading: true, error: undefined, retries: 1 });
    await settle(() => calls[1].reject('not an Error'));
    expect(result.current.error?.message).toBe('not an Error');

    act(() => result.current.retry());
    await settle(() => calls[2].resolve('at last'));
    expect(result.current).toMatchObject({ loading: false, data: 'at last', error: undefined, retries: 2 });
  });

  it('asks nothing until enabled', async () => {
    const { load, calls } = controlledLoad();
    const { result, rerender } = renderHook(({ enabled }) => useApi(['thing'], load, { enabled }), {
      initialProps: { enabled: false },
    });
    expect(load).not.toHaveBeenCalled();
    expect(result.current).toMatchObject({ loading: false, data: undefined, error: undefined });
    rerender({ enabled: true });
    expect(load).toHaveBeenCalledTimes(1);
    await settle(() => calls[0].resolve('now'));
    expect(result.current.data).toBe('now');
  });
});
