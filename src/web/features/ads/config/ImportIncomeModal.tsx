import { useState } from 'react';
import { Alert, App, Button, Input, Modal, Space, Table, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../../api/RequestError';
import { useSession } from '../../../session/useSession';
import { useInvalidate } from '../../links/useInvalidate';
import type { AdAccountRow, ImportResult } from '../adsTypes';
import { importLineErrors, type ImportLineError } from './importLineErrors';

/** The server's limit on one import (2 MB). */
const MAX_BYTES = 2 * 1024 * 1024;
const HEADER = 'date,txid,amount,currency,click_id,domain,offer_id,user_id,status';

interface Props {
  account: AdAccountRow | null;
  onClose(): void;
}

/**
 * Importing the text: too large a text is refused at once; a refused import keeps the server's
 * message and its bad lines, and editing the text clears them.
 */
function useIncomeImport(account: AdAccountRow | null, onClose: () => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { client } = useSession();
  const invalidate = useInvalidate();
  const [csv, setCsv] = useState('');
  const [busy, setBusy] = useState(false);
  const [lineErrors, setLineErrors] = useState<ImportLineError[]>([]);
  const [failure, setFailure] = useState<string | null>(null);

  function reset(text: string) {
    setCsv(text);
    setLineErrors([]);
    setFailure(null);
  }

  async function submit() {
    if (!account) return;
    if (new Blob([csv]).size > MAX_BYTES) {
      setFailure(t('ads:import.tooLarge'));
      return;
    }
    setBusy(true);
    try {
      const result = await client.post<ImportResult>(
        `/api/ads/accounts/${encodeURIComponent(account.id)}/import`,
        { csv },
        { silent: true },
      );
      void message.success(t('ads:import.done', { ...result }));
      await invalidate('/api/ads/report', '/api/ads/offerwall', '/api/ads/cash');
      reset('');
      onClose();
    } catch (error) {
      setLineErrors(importLineErrors(error));
      // The server's message counts every bad line (the list may stop short of all of them).
      setFailure(error instanceof RequestError ? error.message : t('ads:import.failed'));
    } finally {
      setBusy(false);
    }
  }

  return { csv, busy, lineErrors, failure, setFailure, reset, submit };
}

/** The bad lines of a refused import: line, column and reason. */
function ImportErrorsTable({ lineErrors }: { lineErrors: ImportLineError[] }) {
  const { t } = useTranslation();
  return (
    <Table<ImportLineError & { key: number }>
      size="small"
      data-testid="ads-import-errors"
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      dataSource={lineErrors.map((error, key) => ({ ...error, key }))}
      columns={[
        {
          title: t('ads:import.line'),
          dataIndex: 'line',
          width: 80,
          render: (line: number | null) => line ?? '-',
        },
        {
          title: t('ads:import.field'),
          dataIndex: 'field',
          width: 120,
          render: (field: string) => (field ? <Typography.Text code>{field}</Typography.Text> : '-'),
        },
        { title: t('ads:import.reason'), dataIndex: 'message' },
      ]}
    />
  );
}

/**
 * Income of an ad account from a CSV file or pasted text. The server checks every line before it
 * stores any: a refused file lists each bad line with its column and reason, and nothing is kept.
 */
export function ImportIncomeModal({ account, onClose }: Props) {
  const { t } = useTranslation();
  const { csv, busy, lineErrors, failure, setFailure, reset, submit } = useIncomeImport(account, onClose);

  return (
    <Modal
      open={Boolean(account)}
      title={t('ads:import.title', { name: account?.name ?? '' })}
      okText={t('ads:import.submit')}
      okButtonProps={{ disabled: csv.trim() === '' }}
      cancelText={t('common:cancel')}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      width={760}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('ads:import.help')}</Typography.Text>
        <Typography.Text code>{HEADER}</Typography.Text>
        <Upload
          accept=".csv,text/csv"
          showUploadList={false}
          beforeUpload={(file) => {
            if (file.size > MAX_BYTES) setFailure(t('ads:import.tooLarge'));
            else void file.text().then(reset);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} data-testid="ads-import-file">
            {t('ads:import.chooseFile')}
          </Button>
        </Upload>
        <Input.TextArea
          rows={8}
          value={csv}
          onChange={(event) => reset(event.target.value)}
          placeholder={t('ads:import.placeholder')}
          aria-label={t('ads:import.text')}
          data-testid="ads-import-text"
          style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }}
        />
        {failure && <Alert type="error" showIcon title={failure} data-testid="ads-import-failure" />}
        {lineErrors.length > 0 && <ImportErrorsTable lineErrors={lineErrors} />}
      </Space>
    </Modal>
  );
}
