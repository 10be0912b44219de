import { createElement, lazy, useState, type ComponentType } from 'react';
import type { RendererProps } from './rendererTypes';

type Renderer = ComponentType<RendererProps>;

/** A renderer loaded when a page shows it; `load()` fetches its chunk ahead of the first render. */
export type OnDemandRenderer = Renderer & { load(): Promise<void> };

/**
 * A renderer loaded when a page shows it (its own chunk, CSS included), so the pages of the
 * other renderers do not carry its code. The chunk is fetched once; a failed fetch is tried again
 * on the next `load()`. A view mounted after the chunk has arrived is the renderer itself, drawn
 * in the same render; one mounted before waits in the nearest Suspense (React.lazy) and keeps
 * that component for its life, so a renderer is never mounted twice.
 */
export function onDemand(load: () => Promise<Renderer>): OnDemandRenderer {
  let loaded: Renderer | undefined;
  let loading: Promise<Renderer> | undefined;
  const fetchOnce = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: await fetchOnce() }));
  function OnDemand(props: RendererProps) {
    const [view] = useState<Renderer>(() => loaded ?? Lazy);
    return createElement(view, props);
  }
  return Object.assign(OnDemand, {
    load: async () => {
      await fetchOnce();
    },
  });
}
