import { useEffect, useState } from 'react';
import { Button, Card, List, Popconfirm, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/useSession';
import { deleteDraft, listDrafts, type Draft } from './draftApi';

interface DraftListProps {
  area: string;
  kind: string;
  /** Display name of a draft's gameplay. */
  nameOf(mark: string): string;
  onResume(draft: Draft): void;
}

/** Unsaved wizard progress of this area: resume or discard each (resumed from the create action). */
export function DraftList({ area, kind, nameOf, onResume }: DraftListProps) {
  const { t } = useTranslation();
  const { client } = useSession();
  const [drafts, setDrafts] = useState<Draft[]>([]);

  useEffect(() => {
    let cancelled = false;
    listDrafts(client, { area, kind })
      .then((list) => {
        if (!cancelled) setDrafts(Array.isArray(list) ? list : []);
      })
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [client, area, kind]);

  if (drafts.length === 0) return null;
  return (
    <Card className="gc-wizard-drafts" title={t('wizard:draft.listTitle')} size="small">
      <List
        dataSource={drafts}
        renderItem={(draft) => (
          <List.Item
            data-testid="draft-item"
            actions={[
              <Button key="resume" type="link" onClick={() => onResume(draft)}>
                {t('wizard:draft.resume')}
              </Button>,
              <Popconfirm
                key="discard"
                title={t('wizard:draft.discardConfirm')}
                okText={t('wizard:draft.discard')}
                cancelText={t('common:cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={async () => {
                  await deleteDraft(client, draft.id).catch(() => {});
                  setDrafts((list) => list.filter((d) => d.id !== draft.id));
                }}
              >
                <Button type="link" danger>
                  {t('wizard:draft.discard')}
                </Button>
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta
              title={
                typeof draft.config?.title === 'string' && draft.config.title
                  ? `${draft.config.title} · ${nameOf(draft.mark)}`
                  : nameOf(draft.mark)
              }
              description={
                <Typography.Text type="secondary">
                  {t(draft.campaignId ? 'wizard:draft.editing' : 'wizard:draft.new')}
                  {draft.updatedAt ? ` · ${dayjs(draft.updatedAt).format('YYYY-MM-DD HH:mm')}` : ''}
                </Typography.Text>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
