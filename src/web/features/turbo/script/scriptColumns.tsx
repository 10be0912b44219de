import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { TurboScriptRow } from '../turboTypes';

interface ScriptColumnsInput {
  t: TFunction;
  /** The project's link templates' names by id. */
  templateNames: ReadonlyMap<string, string>;
}

/**
 * The script list's own column: the link template whose links the script rewrites (its id when the
 * template is not among the project's), or every link.
 */
export function scriptColumns({ t, templateNames }: ScriptColumnsInput): ColumnsType<TurboScriptRow> {
  return [
    {
      title: t('turbo:script.template'),
      dataIndex: 'templateId',
      width: 240,
      render: (templateId: string | null) =>
        templateId ? (
          (templateNames.get(templateId) ?? <Typography.Text code>{templateId}</Typography.Text>)
        ) : (
          <Typography.Text type="secondary">{t('turbo:script.everyLink')}</Typography.Text>
        ),
    },
  ];
}
