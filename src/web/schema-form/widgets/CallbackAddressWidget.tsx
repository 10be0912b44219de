import { AutoComplete } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { useCommitOnBlur } from '../useCommitOnBlur';
import { useListOptions } from './useListOptions';

/**
 * A callback address: pick one saved on the Callback addresses page (`GET /api/callback-addresses`)
 * or type one. The saved address's url is stored.
 */
export function CallbackAddressWidget({ id, value, disabled, readonly, onChange, onBlur }: WidgetProps) {
  const { t } = useTranslation();
  const { options } = useListOptions(
    '/api/callback-addresses',
    (row) => String(row.url ?? ''),
    (row) => `${String(row.name ?? '')} — ${String(row.url ?? '')}`,
  );
  const { draft, change, flush } = useCommitOnBlur(typeof value === 'string' ? value : '', (text) =>
    onChange(text.trim() === '' ? undefined : text.trim()),
  );
  return (
    <AutoComplete
      id={id}
      className="gc-sf-picker"
      value={draft}
      options={options}
      disabled={disabled || readonly}
      placeholder={t('wizard:picker.callback')}
      filterOption={(input, option) =>
        String(option?.label ?? '')
          .toLowerCase()
          .includes(input.toLowerCase())
      }
      onChange={(next: string) => change(next ?? '')}
      onSelect={(next: string) => {
        change(next);
        onChange(next);
      }}
      onBlur={() => {
        flush();
        onBlur(id, draft);
      }}
    />
  );
}
