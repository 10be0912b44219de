import { lazy, Suspense, type Ref } from 'react';
import { Spin } from 'antd';
import type { FieldError } from '../../api/RequestError';
import type { Config, SchemaEntry } from '../../schema-form/schemaEntry';
import type { PageEditorHandle } from '../pageEditor/PageEditor';

// The page editor (dnd-kit, the participant's blocks) loads with the first step that lays out a page.
const PageEditor = lazy(() => import('../pageEditor/PageEditor'));

interface WizardPageEditorProps {
  /** The step laid out: the editor starts anew on each step. */
  stepKey: string;
  entry: SchemaEntry;
  blockEntries: SchemaEntry[];
  /** What the step started from. */
  config: Config;
  serverErrors?: readonly FieldError[];
  onChange(config: Config): void;
  editorRef: Ref<PageEditorHandle>;
}

/** A wizard step's page in the page editor, loaded on first use. */
export function WizardPageEditor(props: WizardPageEditorProps) {
  const { stepKey, entry, blockEntries, config, serverErrors, onChange, editorRef } = props;
  return (
    <Suspense fallback={<Spin />}>
      <PageEditor
        key={`page:${stepKey}`}
        ref={editorRef}
        entry={entry}
        blockEntries={blockEntries}
        config={config}
        serverErrors={serverErrors}
        onChange={onChange}
      />
    </Suspense>
  );
}
