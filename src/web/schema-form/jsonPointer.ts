/** A JSON pointer (`/prizes/2/odds`) as path segments; digits become numbers (array indexes). */
export function pointerToPath(pointer: string): Array<string | number> {
  return pointer
    .split('/')
    .slice(1)
    .filter((part, i, all) => part !== '' || i < all.length - 1)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part.replace(/~1/g, '/').replace(/~0/g, '~')));
}

/** Path segments as a JSON pointer. */
export function pathToPointer(path: ReadonlyArray<string | number>): string {
  return path.map((part) => `/${String(part).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** The value at a path, or undefined. */
export function getAt(value: unknown, path: ReadonlyArray<string | number>): unknown {
  let node = value;
  for (const part of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[part];
  }
  return node;
}
