import { Button, Form, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { FieldProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { errorsBelow } from '../fieldIssues';
import { CommitInput } from './CommitInput';

interface Pair {
  key?: string;
  value?: string;
}

/** Key-value list editor (link data, virtual prize keys): unique keys, English letters, symbols, digits (SPEC 5). */
export function KeyValueField({
  formData,
  onChange,
  fieldPathId,
  errorSchema,
  schema,
  disabled,
  readonly,
}: FieldProps) {
  const { t } = useTranslation();
  const pairs: Pair[] = Array.isArray(formData) ? (formData as Pair[]) : [];
  const max = typeof schema.maxItems === 'number' ? schema.maxItems : undefined;
  const locked = disabled || readonly;
  const write = (next: Pair[]) => onChange(next, fieldPathId.path);
  const errorsOf = (index: number, part: 'key' | 'value') =>
    errorsBelow((errorSchema as Record<string, Record<string, unknown>> | undefined)?.[index]?.[part]);

  return (
    <div className="gc-sf-kv" id={fieldPathId.$id}>
      {pairs.map((pair, index) => {
        const keyErrors = errorsOf(index, 'key');
        const valueErrors = errorsOf(index, 'value');
        return (
          <Space key={index} align="start" className="gc-sf-kv-row">
            <Form.Item
              validateStatus={keyErrors.length ? 'error' : undefined}
              help={keyErrors.join(' ') || undefined}
              noStyle={false}
            >
              <CommitInput
                aria-label={t('wizard:kv.key')}
                placeholder={t('wizard:kv.key')}
                value={pair.key}
                disabled={locked}
                onCommit={(key) => write(pairs.map((p, i) => (i === index ? { ...p, key } : p)))}
              />
            </Form.Item>
            <Form.Item
              validateStatus={valueErrors.length ? 'error' : undefined}
              help={valueErrors.join(' ') || undefined}
            >
              <CommitInput
                aria-label={t('wizard:kv.value')}
                placeholder={t('wizard:kv.value')}
                value={pair.value}
                disabled={locked}
                onCommit={(value) => write(pairs.map((p, i) => (i === index ? { ...p, value } : p)))}
              />
            </Form.Item>
            <Button
              icon={<DeleteOutlined />}
              aria-label={t('wizard:kv.remove')}
              disabled={locked}
              onClick={() => write(pairs.filter((_, i) => i !== index))}
            />
          </Space>
        );
      })}
      <Space>
        <Button
          icon={<PlusOutlined />}
          disabled={locked || (max !== undefined && pairs.length >= max)}
          onClick={() => write([...pairs, { key: '', value: '' }])}
        >
          {t('wizard:kv.add')}
        </Button>
        {max !== undefined && (
          <Typography.Text type="secondary">
            {t('wizard:semicolon.countOf', { count: pairs.length, max })}
          </Typography.Text>
        )}
      </Space>
    </div>
  );
}
