/**
 * Web storage that never throws: private browsing, disabled storage or a full quota fall back to
 * memory for the rest of the visit instead of breaking the game.
 */
interface SafeStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

function safeStorage(pick: () => Storage): SafeStorage {
  const memory = new Map<string, string>();
  return {
    get(key) {
      try {
        return pick().getItem(key) ?? memory.get(key) ?? null;
      } catch {
        return memory.get(key) ?? null;
      }
    },
    set(key, value) {
      try {
        pick().setItem(key, value);
        memory.delete(key);
      } catch {
        memory.set(key, value);
      }
    },
    remove(key) {
      memory.delete(key);
      try {
        pick().removeItem(key);
      } catch {
        // Nothing stored there to remove.
      }
    },
  };
}

export const local = safeStorage(() => window.localStorage);
export const session = safeStorage(() => window.sessionStorage);

export function readJson(storage: SafeStorage, key: string): unknown {
  const raw = storage.get(key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}
