/**
 * Loads and decodes an image so it is on screen the moment the animation ends. Gives up quietly
 * after `timeoutMs` or on an error: a slow or broken image must not hold the draw back.
 */
export function loadImage(src: string | null | undefined, timeoutMs = 4000): Promise<void> {
  if (!src) return Promise.resolve();
  return new Promise((resolve) => {
    const image = new Image();
    const timer = setTimeout(resolve, timeoutMs);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    image.onerror = done;
    image.src = src;
    if (typeof image.decode === 'function') image.decode().then(done, done);
    else image.onload = done;
  });
}

/** Whether the visitor asked for less motion (animations then jump to their end). */
export function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
