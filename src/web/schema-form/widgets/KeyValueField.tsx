import { useState } from 'react';
import { Button, Form, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { FieldProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { isEmptyPair, withoutEmptyPairs, type Pair } from '../../../engine/validation/emptyPairs';
import { errorsBelow, errorText } from '../fieldIssues';
import { sameJson } from '../sameJson';
import { formContextOf } from '../schemaFormContext';
import { CommitInput } from './CommitInput';

/**
 * Key-value list editor (link data, virtual prize keys): unique keys, English letters, symbols,
 * digits. A row whose key and value are both empty (one just added, or one cleared) stays
 * on screen but is left out of the data, so it is dropped on save rather than refused.
 */
export function KeyValueField({
  formData,
  onChange,
  fieldPathId,
  errorSchema,
  schema,
  disabled,
  readonly,
  registry,
}: FieldProps) {
  const { t } = useTranslation();
  const { lang } = formContextOf(registry);
  const pairs: Pair[] = Array.isArray(formData) ? (formData as Pair[]) : [];
  const [rows, setRows] = useState<Pair[]>(pairs);
  const [seen, setSeen] = useState<unknown>(formData);
  // Data changed from outside (another step's reset, a template): show it as it is.
  if (formData !== seen) {
    setSeen(formData);
    if (!sameJson(withoutEmptyPairs(rows), pairs)) setRows(pairs);
  }
  const max = typeof schema.maxItems === 'number' ? schema.maxItems : undefined;
  const locked = disabled || readonly;
  const write = (next: Pair[]) => {
    setRows(next);
    const kept = withoutEmptyPairs(next);
    if (kept.length === 0 && formData === undefined) return;
    onChange(kept, fieldPathId.path);
  };
  // Errors address the data, which skips empty rows: the n-th filled row is data item n.
  const dataIndex: number[] = [];
  let filled = 0;
  for (const row of rows) dataIndex.push(isEmptyPair(row) ? -1 : filled++);
  const errorsOf = (index: number, part: 'key' | 'value') =>
    dataIndex[index] < 0
      ? []
      : errorsBelow(
          (errorSchema as Record<string, Record<string, unknown>> | undefined)?.[dataIndex[index]]?.[part],
        );

  return (
    <div className="gc-sf-kv" id={fieldPathId.$id}>
      {rows.map((pair, index) => {
        const keyErrors = errorsOf(index, 'key');
        const valueErrors = errorsOf(index, 'value');
        return (
          <Space key={index} align="start" className="gc-sf-kv-row">
            <Form.Item
              validateStatus={keyErrors.length ? 'error' : undefined}
              help={errorText(keyErrors, lang)}
              noStyle={false}
            >
              <CommitInput
                aria-label={t('wizard:kv.key')}
                placeholder={t('wizard:kv.key')}
                value={pair.key}
                disabled={locked}
                onCommit={(key) => write(rows.map((p, i) => (i === index ? { ...p, key } : p)))}
              />
            </Form.Item>
            <Form.Item
              validateStatus={valueErrors.length ? 'error' : undefined}
              help={errorText(valueErrors, lang)}
            >
              <CommitInput
                aria-label={t('wizard:kv.value')}
                placeholder={t('wizard:kv.value')}
                value={pair.value}
                disabled={locked}
                onCommit={(value) => write(rows.map((p, i) => (i === index ? { ...p, value } : p)))}
              />
            </Form.Item>
            <Button
              icon={<DeleteOutlined />}
              aria-label={t('wizard:kv.remove')}
              disabled={locked}
              onClick={() => write(rows.filter((_, i) => i !== index))}
            />
          </Space>
        );
      })}
      <Space>
        <Button
          icon={<PlusOutlined />}
          disabled={locked || (max !== undefined && rows.length >= max)}
          onClick={() => write([...rows, { key: '', value: '' }])}
        >
          {t('wizard:kv.add')}
        </Button>
        {max !== undefined && (
          <Typography.Text type="secondary">
            {t('wizard:semicolon.countOf', { count: rows.length, max })}
          </Typography.Text>
        )}
      </Space>
    </div>
  );
}
