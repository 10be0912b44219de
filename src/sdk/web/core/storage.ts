// localStorage / sessionStorage, or memory where they throw (storage disabled, sandboxed frames,
// full quota): the SDK then still works for the page view.
const memory: Record<string, string> = {};

const area = (session?: boolean) => (session ? sessionStorage : localStorage);

export function load(key: string, session?: boolean): string | null {
  try {
    return area(session).getItem(key);
  } catch {
    return memory[key] ?? null;
  }
}

/** Stores `value` under `key`, or removes the key when `value` is null. */
export function save(key: string, value: string | null, session?: boolean): void {
  try {
    if (value === null) area(session).removeItem(key);
    else area(session).setItem(key, value);
  } catch {
    if (value === null) delete memory[key];
    else memory[key] = value;
  }
}
