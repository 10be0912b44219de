import { Button, Segmented, Select, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Device } from './EditorCanvas';
import type { usePageHistory } from './usePageHistory';

interface Props {
  history: Pick<ReturnType<typeof usePageHistory>, 'canUndo' | 'canRedo' | 'undo' | 'redo'>;
  device: Device;
  onDevice(device: Device): void;
  /** The language the canvas shows, among the campaign's languages. */
  lang: string;
  languages: readonly string[];
  onLang(lang: string): void;
  /** How many problems the page has (shown when any). */
  problemCount: number;
}

/** Undo and redo, the device and language the canvas shows, and the page's problem count. */
export function PageEditorToolbar(props: Props) {
  const { t } = useTranslation('wizard');
  return (
    <div className="gc-pe-toolbar">
      <Space wrap>
        <Tooltip title="Ctrl+Z">
          <Button onClick={props.history.undo} disabled={!props.history.canUndo} data-testid="undo">
            {t('pageEditor.undo')}
          </Button>
        </Tooltip>
        <Tooltip title="Ctrl+Shift+Z">
          <Button onClick={props.history.redo} disabled={!props.history.canRedo} data-testid="redo">
            {t('pageEditor.redo')}
          </Button>
        </Tooltip>
        <Segmented<Device>
          value={props.device}
          onChange={props.onDevice}
          options={[
            { value: 'phone', label: t('pageEditor.phone') },
            { value: 'pc', label: t('pageEditor.pc') },
          ]}
        />
        <Select
          value={props.lang}
          onChange={props.onLang}
          style={{ minWidth: 120 }}
          aria-label={t('pageEditor.language')}
          options={props.languages.map((code) => ({ value: code, label: code }))}
        />
        {props.problemCount > 0 ? (
          <span className="gc-pe-count" role="status" data-testid="page-problems">
            {t('pageEditor.problems', { count: props.problemCount })}
          </span>
        ) : null}
      </Space>
    </div>
  );
}
