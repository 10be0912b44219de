import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../links/formatTime';
import type { EventLogRow } from '../integrationTypes';
import { prettyJson } from '../prettyJson';

const text = (value: string | null | undefined) => value || '-';

/** An event log row expanded: ids, what the SDK said about the device, and the full event data. */
export function EventLogDetail({ row }: { row: EventLogRow }) {
  const { t } = useTranslation();
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, md: 2 }}
      style={{ maxWidth: 960 }}
      items={[
        {
          key: 'eventId',
          label: t('integration:eventLogs.detail.eventId'),
          children: <code>{row.eventId}</code>,
        },
        {
          key: 'receivedAt',
          label: t('integration:eventLogs.detail.receivedAt'),
          children: formatTime(row.receivedAt),
        },
        {
          key: 'sdkVersion',
          label: t('integration:eventLogs.detail.sdkVersion'),
          children: text(row.sdkVersion),
        },
        {
          key: 'appVersion',
          label: t('integration:eventLogs.detail.appVersion'),
          children: text(row.appVersion),
        },
        {
          key: 'os',
          label: t('integration:eventLogs.detail.os'),
          children: text([row.os, row.osVersion].filter(Boolean).join(' ')),
        },
        { key: 'country', label: t('integration:eventLogs.detail.country'), children: text(row.country) },
        {
          key: 'data',
          label: t('integration:eventLogs.column.data'),
          span: 'filled',
          children: <pre className="gc-integration-pre">{prettyJson(row.data) || '-'}</pre>,
        },
      ]}
    />
  );
}
