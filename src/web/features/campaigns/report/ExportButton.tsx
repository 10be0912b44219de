import { useState } from 'react';
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { downloadCsv } from '../../../api/downloadCsv';
import { useSession } from '../../../session/useSession';

/** Downloads one CSV export of the server (formula cells escaped there). */
export function ExportButton({ url, testId }: { url: string; testId?: string }) {
  const { t } = useTranslation();
  const { client } = useSession();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="small"
      icon={<DownloadOutlined />}
      loading={busy}
      data-testid={testId}
      onClick={() => {
        setBusy(true);
        void downloadCsv(client, url)
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
    >
      {t('campaigns:report.export')}
    </Button>
  );
}
