import { useState } from 'react';
import { App, Button, Card, Empty, Input, Modal, Progress, Space, Table, Typography } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import useSWR, { type KeyedMutator } from 'swr';
import { RequestError } from '../../api/RequestError';
import { useCanEdit } from '../../app/useCanEdit';
import { useSession } from '../../session/useSession';
import type { CampaignDetail } from './campaignTypes';
import { pickText } from './rewards/pickText';

interface Pool {
  prizeId: string;
  total: number;
  issued: number;
}

/** Codes pasted one per line (or separated by commas), blank ones dropped. */
export function parseCodes(text: string): string[] {
  return text
    .split(/[\r\n,]+/)
    .map((code) => code.trim())
    .filter(Boolean);
}

/** At most this many codes go in one import. */
const MAX_CODES = 5000;

/** The import of codes into a prize's pool: which prize's dialog is open, the pasted text, and the save. */
function useCodeImport(url: string, mutate: KeyedMutator<Pool[]>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { client } = useSession();
  const [importing, setImporting] = useState<string>();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const codes = parseCodes(text);

  async function submit() {
    if (!importing) return;
    setBusy(true);
    setError(undefined);
    try {
      const answer = await client.post<{ added: number; duplicates: number; pools: Pool[] }>(
        url,
        { prizeId: importing, codes },
        { silent: true },
      );
      void message.success(
        t('campaigns:coupons.imported', { added: answer.added, duplicates: answer.duplicates }),
      );
      void mutate(answer.pools, { revalidate: false });
      setImporting(undefined);
      setText('');
    } catch (cause) {
      if (!(cause instanceof RequestError)) throw cause;
      setError(cause.errors.length ? cause.errors.map((e) => e.message).join(' ') : cause.message);
    } finally {
      setBusy(false);
    }
  }

  function open(prizeId: string) {
    setImporting(prizeId);
    setError(undefined);
  }

  return { importing, open, close: () => setImporting(undefined), text, setText, error, busy, codes, submit };
}

type CodeImport = ReturnType<typeof useCodeImport>;

/** The import dialog: codes pasted one per line, counted on its OK button, at most 5000. */
function ImportCodesModal({ codeImport }: { codeImport: CodeImport }) {
  const { t } = useTranslation();
  const { importing, codes, busy, text, setText, error } = codeImport;
  return (
    <Modal
      open={importing !== undefined}
      title={t('campaigns:coupons.importTitle')}
      okText={t('campaigns:coupons.importOk', { count: codes.length })}
      okButtonProps={{ disabled: codes.length === 0 || codes.length > MAX_CODES }}
      cancelText={t('common:cancel')}
      confirmLoading={busy}
      onOk={() => void codeImport.submit()}
      onCancel={codeImport.close}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('campaigns:coupons.importHelp')}</Typography.Paragraph>
      <Input.TextArea
        rows={8}
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-label={t('campaigns:coupons.codes')}
        status={error || codes.length > MAX_CODES ? 'error' : undefined}
      />
      {(error || codes.length > MAX_CODES) && (
        <Typography.Text type="danger">{error ?? t('campaigns:coupons.tooMany')}</Typography.Text>
      )}
    </Modal>
  );
}

/** A prize's pool: codes issued of those imported, with a bar; "no codes" when none were imported. */
function PoolCodes({ pool }: { pool: Pool | undefined }) {
  const { t } = useTranslation();
  if (!pool) return <Typography.Text type="secondary">{t('campaigns:coupons.none')}</Typography.Text>;
  return (
    <Space orientation="vertical" size={0} style={{ width: '100%' }}>
      <span>{t('campaigns:coupons.issuedOf', { issued: pool.issued, total: pool.total })}</span>
      <Progress percent={Math.round((pool.issued / pool.total) * 100)} size="small" showInfo={false} />
    </Space>
  );
}

/**
 * Coupon code pools of a campaign's system-issued prizes: how many codes were imported and issued,
 * and an import dialog. Each win of a prize with a pool takes one code (shown to the winner); when
 * the codes are gone the prize is out of stock.
 */
export function CouponPoolsCard({ campaign }: { campaign: CampaignDetail }) {
  const { t, i18n } = useTranslation();
  const canEdit = useCanEdit();
  const url = `/api/campaigns/${encodeURIComponent(campaign.id)}/coupons`;
  const { data: pools, mutate } = useSWR<Pool[]>(url);
  const codeImport = useCodeImport(url, mutate);
  const prizes = (Array.isArray(campaign.config.prizes) ? campaign.config.prizes : []) as Record<
    string,
    unknown
  >[];
  const systemPrizes = prizes.filter((p) => p.isThank !== true && (p.deliveryType ?? 'system') === 'system');
  if (systemPrizes.length === 0) return null;

  return (
    <Card title={t('campaigns:coupons.title')} data-testid="coupon-pools">
      <Typography.Paragraph type="secondary">{t('campaigns:coupons.help')}</Typography.Paragraph>
      <Table<Record<string, unknown>>
        size="small"
        rowKey={(p) => String(p.id)}
        pagination={false}
        dataSource={systemPrizes}
        locale={{ emptyText: <Empty /> }}
        columns={[
          {
            title: t('campaigns:coupons.prize'),
            render: (_, p) => pickText(p.name, i18n.language) || String(p.id),
          },
          {
            title: t('campaigns:coupons.codes'),
            render: (_, p) => <PoolCodes pool={pools?.find((x) => x.prizeId === p.id)} />,
          },
          {
            title: '',
            width: 120,
            render: (_, p) => (
              <Button
                size="small"
                icon={<UploadOutlined />}
                disabled={!canEdit}
                onClick={() => codeImport.open(String(p.id))}
              >
                {t('campaigns:coupons.import')}
              </Button>
            ),
          },
        ]}
      />
      <ImportCodesModal codeImport={codeImport} />
    </Card>
  );
}
