/**
 * A module loaded on first use, once however many callers ask at the same time; a load that failed
 * is tried again by the next caller rather than kept, so one failure does not last until restart.
 */
export function loadedOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
