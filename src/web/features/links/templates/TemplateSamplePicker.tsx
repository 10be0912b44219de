import { Card, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { localizeTemplate } from '../../../../engine/registry/localizeTemplate';
import { entryText, type SchemaEntry } from '../../../schema-form/schemaEntry';
import type { EntityConfig } from '../linkTypes';

/** A sample a new template starts from: its name and its config in the console language. */
export interface TemplateStart {
  name: string;
  config: EntityConfig;
}

interface TemplateSamplePickerProps {
  entry: SchemaEntry;
  value: TemplateStart | undefined;
  /** A sample picked, or undefined for a blank template. */
  onChange(start: TemplateStart | undefined): void;
}

/** Above a new link template's form: "start from" one of the entry's samples, or blank. */
export function TemplateSamplePicker({ entry, value, onChange }: TemplateSamplePickerProps) {
  const { t, i18n } = useTranslation();
  return (
    <Card size="small">
      <Space wrap>
        <Typography.Text>{t('links:templates.startFrom')}</Typography.Text>
        <Select
          allowClear
          style={{ minWidth: 240 }}
          placeholder={t('links:templates.blank')}
          aria-label={t('links:templates.startFrom')}
          value={value?.name}
          onChange={(name?: string) => {
            const sample = entry.templates.find((item) => item.name === name);
            onChange(
              sample && {
                name: sample.name,
                // The sample in the console language (its name from the entry's strings).
                config: localizeTemplate(
                  sample.name,
                  sample.config as EntityConfig,
                  entry.locales,
                  i18n.language,
                ),
              },
            );
          }}
          options={entry.templates.map((item) => ({
            value: item.name,
            label: entryText(entry, item.title, i18n.language),
          }))}
        />
      </Space>
    </Card>
  );
}
