// The page editor benchmark page (npm run bench:editor): a lucky wheel's page of 40 blocks with 20
// hotzones in the console's page editor (?mode=ours), or the anchor (?mode=plain): 40 plain
// blocks in a dnd-kit sortable list with the same sensors, and a plain text input. bench/editor.mjs
// drags a block and types into the selected block's settings, reading window.__frames and
// window.__bench (keystroke-to-paint, bench/wizard/probe.ts).
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from 'antd';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { restrictToVerticalAxis } from '@dnd-kit/modifiers';
import { CSS } from '@dnd-kit/utilities';
import { SWRConfig } from 'swr';
import { AppProviders } from '../../src/web/app/AppProviders';
import PageEditor from '../../src/web/features/pageEditor/PageEditor';
import { initI18n } from '../../src/web/i18n/initI18n';
import { loadFormLocales } from '../../src/web/schema-form/formLocales';
import { entriesFromFiles } from '../../src/web/schema-form/registryEntries';
import { SessionProvider } from '../../src/web/session/SessionProvider';
import { installProbe } from '../wizard/probe';
import { benchPage } from './benchPage';

const mode = new URLSearchParams(window.location.search).get('mode') === 'plain' ? 'plain' : 'ours';
const files = import.meta.glob('../../schemas/**/*.json', { eager: true, import: 'default' }) as Record<
  string,
  unknown
>;
const entries = entriesFromFiles(
  Object.fromEntries(Object.entries(files).map(([path, json]) => [path.replace('../../schemas/', ''), json])),
);
const entry = entries.find((e) => e.name === 'gameplay/lucky-wheel')!;
const blocks = entries.filter((e) => e.kind === 'block');
const config = benchPage(entry);

/** rAF deltas while recording (window.__frames.start() / stop()); no frames are asked for otherwise. */
function installFrames() {
  let deltas: number[] = [];
  let last = 0;
  let on = false;
  const tick = (now: number) => {
    if (!on) return;
    if (last) deltas.push(now - last);
    last = now;
    requestAnimationFrame(tick);
  };
  (window as unknown as { __frames: unknown }).__frames = {
    start() {
      deltas = [];
      last = 0;
      on = true;
      requestAnimationFrame(tick);
    },
    stop() {
      on = false;
      return deltas;
    },
  };
}

function PlainItem({ id }: { id: string }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition } = useSortable({
    id,
  });
  return (
    <section
      ref={setNodeRef}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        padding: 12,
        margin: 4,
        border: '1px solid #ddd',
        background: '#fff',
      }}
      data-block-id={id}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        data-testid="block-handle"
      >
        ⠿ {id}
      </button>
      <p>Block {id}</p>
    </section>
  );
}

/** The anchor: the same drag library, sensors and strategy over 40 plain blocks; a plain input. */
function Plain() {
  const [ids, setIds] = useState(() => Array.from({ length: 40 }, (_, i) => `b${i}`));
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id)
      setIds((list) => arrayMove(list, list.indexOf(String(active.id)), list.indexOf(String(over.id))));
  };
  return (
    <div style={{ display: 'flex', gap: 24 }}>
      <div style={{ width: 375, height: 760, overflow: 'auto' }} data-testid="page-canvas">
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          modifiers={[restrictToVerticalAxis]}
          onDragEnd={onDragEnd}
        >
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            {ids.map((id) => (
              <PlainItem key={id} id={id} />
            ))}
          </SortableContext>
        </DndContext>
      </div>
      <input data-testid="plain-input" defaultValue="Spring" />
    </div>
  );
}

async function start() {
  await initI18n('zhCN');
  await loadFormLocales();
  installProbe();
  installFrames();
  createRoot(document.getElementById('root')!).render(
    <SessionProvider>
      <AppProviders>
        <App>
          <SWRConfig
            value={{ fetcher: () => Promise.reject(new Error('offline')), shouldRetryOnError: false }}
          >
            <div style={{ padding: 24, background: '#fff' }}>
              {mode === 'ours' ? (
                <PageEditor entry={entry} blockEntries={blocks} config={config} onChange={() => {}} />
              ) : (
                <Plain />
              )}
            </div>
          </SWRConfig>
        </App>
      </AppProviders>
    </SessionProvider>,
  );
}

void start();
