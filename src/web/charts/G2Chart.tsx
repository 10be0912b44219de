import { useEffect, useRef, useState } from 'react';
import { Alert, Spin } from 'antd';
import type { G2Spec } from '@antv/g2';

type G2Module = typeof import('@antv/g2');
let g2: Promise<G2Module> | undefined;

// G2 is large: it is fetched the first time a chart mounts, never by the shell or /login.
function loadG2(): Promise<G2Module> {
  g2 ??= import('@antv/g2').catch((error: unknown) => {
    g2 = undefined;
    throw error;
  });
  return g2;
}

type G2Instance = InstanceType<G2Module['Chart']>;

/**
 * What a rendered chart drew, by mark, counting the elements whose shape has an extent (a line
 * through a single point has none, only its stroke's width): "line:3" or "point:3". The canvas
 * holds no DOM to read, so the chart's container carries it (`data-marks`) for a reader of the
 * page, such as the browser tests.
 */
function drawnMarks(chart: G2Instance): string {
  const counts = new Map<string, number>();
  const elements = chart.getContext().canvas?.document.getElementsByClassName('element') ?? [];
  for (const element of elements) {
    const [width, height] = element.getGeometryBounds()?.halfExtents ?? [0, 0];
    if (!(width > 0 || height > 0)) continue;
    const mark = String((element as { markType?: unknown }).markType ?? 'element');
    counts.set(mark, (counts.get(mark) ?? 0) + 1);
  }
  return [...counts].map(([mark, count]) => `${mark}:${count}`).join(' ');
}

interface Props {
  /** A G2 v5 spec (data included); give a memoised object, a new one redraws the chart. */
  spec: G2Spec;
  height?: number;
  /** Accessible name of the chart (canvas content is not read by screen readers). */
  label: string;
  /** Shown when G2 cannot be loaded. */
  loadFailedText: string;
  testId?: string;
}

/** One AntV G2 chart, loaded lazily and redrawn whenever `spec` changes. */
export function G2Chart({ spec, height = 300, label, loadFailedText, testId }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let disposed = false;
    let chart: G2Instance | undefined;
    loadG2().then(
      ({ Chart }) => {
        if (disposed || !container.current) return;
        // A fresh chart per spec: G2's options() merges into the previous tree, which would
        // keep marks of the previous data around.
        chart = new Chart({ container: container.current, autoFit: true, height });
        chart.options({ ...spec, height });
        const drawing = chart;
        void drawing.render().then(() => {
          if (disposed) return;
          if (container.current) container.current.dataset.marks = drawnMarks(drawing);
          setState('ready');
        });
      },
      () => {
        if (!disposed) setState('failed');
      },
    );
    return () => {
      disposed = true;
      chart?.destroy();
    };
  }, [spec, height]);

  if (state === 'failed') return <Alert type="error" showIcon title={loadFailedText} />;
  return (
    <Spin spinning={state === 'loading'}>
      <div ref={container} role="img" aria-label={label} data-testid={testId} style={{ height }} />
    </Spin>
  );
}
