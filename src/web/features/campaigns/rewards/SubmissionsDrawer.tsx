import { useState } from 'react';
import { Button, DatePicker, Drawer, Space, Table, Tabs } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { buildQuery } from '../../../api/createRequestClient';
import { downloadCsv } from '../../../api/downloadCsv';
import { useSession } from '../../../session/useSession';
import type { Page } from '../campaignTypes';
import { freshQuery } from '../freshQuery';
import type { RewardFormRow, Submission, SubmissionState } from './entityTypes';

interface Props {
  form: RewardFormRow | null;
  onClose(): void;
}

interface FormItem {
  label: string;
}

const time = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '-');

/** The CSV export of a form's pending or submitted entries, within an optional range of days. */
function useSubmissionsExport(base: string | null) {
  const { client } = useSession();
  const [exporting, setExporting] = useState(false);
  async function exportCsv(state: SubmissionState, range: [Dayjs | null, Dayjs | null] | null) {
    if (!base) return;
    setExporting(true);
    try {
      await downloadCsv(client, `${base}/export`, {
        state,
        start_time: range?.[0]?.format('YYYY-MM-DD') ?? null,
        end_time: range?.[1]?.format('YYYY-MM-DD') ?? null,
      });
    } catch {
      // The request client has shown why.
    } finally {
      setExporting(false);
    }
  }
  return { exporting, exportCsv };
}

/** The submissions' columns: participant, campaign, one per form item (a dash if empty), created and submitted. */
function submissionColumns({ t, items }: { t: TFunction; items: FormItem[] }): ColumnsType<Submission> {
  return [
    { title: t('rewards:form.participant'), dataIndex: 'participant' },
    { title: t('rewards:form.campaign'), dataIndex: 'campaignId', render: (value) => value ?? '-' },
    ...items.map((item) => ({
      title: item.label,
      key: `item-${item.label}`,
      render: (_value: unknown, row: Submission) => {
        const answer = row.values?.[item.label];
        return answer === undefined || answer === null || answer === '' ? '-' : String(answer);
      },
    })),
    { title: t('rewards:form.createdAt'), dataIndex: 'createdAt', render: time },
    { title: t('rewards:form.submittedAt'), dataIndex: 'submittedAt', render: time },
  ];
}

/** A reward form's submissions, pending and submitted, with CSV export of either. */
export function SubmissionsDrawer({ form, onClose }: Props) {
  const { t } = useTranslation();
  const [state, setState] = useState<SubmissionState>('pending');
  const [page, setPage] = useState(1);
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const base = form ? `/api/reward-forms/${encodeURIComponent(form.id)}/submissions` : null;
  const { data, isLoading, error } = useSWR<Page<Submission>>(
    base ? `${base}${buildQuery({ state, page, pageSize: 20 })}` : null,
    freshQuery,
  );
  const items = Array.isArray(form?.config?.items) ? (form.config.items as FormItem[]) : [];
  const { exporting, exportCsv } = useSubmissionsExport(base);

  return (
    <Drawer
      open={!!form}
      title={t('rewards:form.submissionsOf', { title: form?.title ?? '' })}
      size="large"
      onClose={onClose}
      destroyOnHidden
    >
      <Tabs
        activeKey={state}
        onChange={(key) => {
          setState(key as SubmissionState);
          setPage(1);
        }}
        items={(['pending', 'submitted'] as const).map((key) => ({
          key,
          label: `${t(`rewards:form.state.${key}`)} (${form?.[key] ?? 0})`,
        }))}
        tabBarExtraContent={
          <Space>
            <DatePicker.RangePicker
              value={range}
              onChange={(value) => setRange(value)}
              allowEmpty={[true, true]}
              aria-label={t('rewards:form.exportRange')}
            />
            <Button
              icon={<DownloadOutlined />}
              loading={exporting}
              onClick={() => void exportCsv(state, range)}
            >
              {t('rewards:form.export')}
            </Button>
          </Space>
        }
      />
      <Table<Submission>
        rowKey="id"
        size="small"
        loading={isLoading}
        dataSource={data?.items ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: error ? t('rewards:common.loadFailed') : t('rewards:form.noSubmissions') }}
        pagination={{
          current: page,
          pageSize: 20,
          total: data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
        columns={submissionColumns({ t, items })}
      />
    </Drawer>
  );
}
