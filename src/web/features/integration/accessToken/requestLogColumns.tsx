import { Descriptions, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../charts/formatNumber';
import { formatTime } from '../../links/formatTime';
import { callProblemText } from '../callProblemText';
import type { RequestLog } from '../integrationTypes';
import { oneLine, prettyJson } from '../prettyJson';

function statusColour(status: number): string {
  if (status >= 500) return 'red';
  if (status >= 400) return 'orange';
  return 'green';
}

function Block({ value }: { value: unknown }) {
  const text = prettyJson(value);
  return text ? (
    <pre className="gc-integration-pre">{text}</pre>
  ) : (
    <Typography.Text type="secondary">-</Typography.Text>
  );
}

/** A request log row's columns: time, method and path, request, status and response, problem, headers. */
export function requestLogColumns(t: TFunction): ColumnsType<RequestLog> {
  return [
    { title: t('integration:requestLogs.time'), dataIndex: 'time', width: 160, render: formatTime },
    {
      title: t('integration:requestLogs.address'),
      key: 'address',
      width: 280,
      ellipsis: true,
      render: (_value, row) => (
        <span>
          <Tag>{row.method}</Tag>
          <code>{row.path}</code>
        </span>
      ),
    },
    {
      title: t('integration:requestLogs.content'),
      dataIndex: 'request',
      ellipsis: true,
      render: (value: unknown) => oneLine(value),
    },
    {
      title: t('integration:requestLogs.response'),
      key: 'response',
      ellipsis: true,
      render: (_value, row) => (
        <span>
          <Tag color={statusColour(row.status)}>{row.status}</Tag>
          {oneLine(row.response)}
        </span>
      ),
    },
    {
      title: t('integration:requestLogs.error'),
      key: 'error',
      ellipsis: true,
      width: 160,
      // Refused events of a stored batch are a warning; a refused call an error.
      render: (_value, row) => {
        const text = callProblemText(t, row.problem, row.error);
        return text ? (
          <Typography.Text type={row.problem?.level === 'warning' ? 'warning' : 'danger'}>
            {text}
          </Typography.Text>
        ) : (
          '-'
        );
      },
    },
    {
      title: t('integration:requestLogs.headers'),
      dataIndex: 'headers',
      ellipsis: true,
      width: 200,
      render: (value: unknown) => oneLine(value),
    },
  ];
}

/** A request log row expanded: the caller's address, the time taken, and every part in full. */
export function RequestLogDetails({ row }: { row: RequestLog }) {
  const { t } = useTranslation();
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      items={[
        { key: 'ip', label: t('integration:requestLogs.ip'), children: row.ip || '-' },
        {
          key: 'duration',
          label: t('integration:requestLogs.duration'),
          children: t('integration:requestLogs.ms', { ms: formatNumber(row.durationMs) }),
        },
        {
          key: 'request',
          label: t('integration:requestLogs.content'),
          children: <Block value={row.request} />,
        },
        {
          key: 'response',
          label: t('integration:requestLogs.response'),
          children: <Block value={row.response} />,
        },
        {
          key: 'error',
          label: t('integration:requestLogs.error'),
          children: <Block value={callProblemText(t, row.problem, row.error) || null} />,
        },
        {
          key: 'headers',
          label: t('integration:requestLogs.headers'),
          children: <Block value={row.headers} />,
        },
      ]}
    />
  );
}
