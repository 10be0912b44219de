import { lazy, Suspense, useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { Alert, App, Button, Card, Modal, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBlocker, useNavigate, useParams, type Blocker } from 'react-router-dom';
import { RequestError, type FieldError } from '../../api/RequestError';
import { useSession } from '../../session/useSession';
import { useSchemaEntries as useRegistry } from '../../schema-form/useSchemaEntries';
import type { Config } from '../../schema-form/schemaEntry';
import type { PageEditorHandle } from '../pageEditor/PageEditor';
import { routePath } from './campaignPaths';
import { useCampaign } from './useCampaign';
import { useCanEdit } from '../../app/useCanEdit';

const PageEditor = lazy(() => import('../pageEditor/PageEditor'));

/** While there are unsaved changes, leaving the page (in the console or closing the tab) asks first. */
function useLeaveGuard(dirty: boolean): Blocker {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return blocker;
}

/** The question a blocked navigation asks: leave and lose the changes, or stay. */
function LeaveModal({ blocker }: { blocker: Blocker }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={blocker.state === 'blocked'}
      title={t('campaigns:pageEditor.leaveTitle')}
      okText={t('campaigns:pageEditor.leave')}
      cancelText={t('campaigns:pageEditor.stay')}
      okButtonProps={{ danger: true }}
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      {t('campaigns:pageEditor.leaveContent')}
    </Modal>
  );
}

/**
 * Saves the edited page as the campaign's config, after the editor's own checks; the server's
 * field errors come back to show in the editor.
 */
function usePageSave(
  campaignId: string,
  editorRef: RefObject<PageEditorHandle | null>,
  edited: Config | null,
  onSaved: () => Promise<unknown>,
) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { client } = useSession();
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const save = async () => {
    const config = edited ?? editorRef.current?.getConfig();
    if (!config) return;
    const problems = editorRef.current?.validate() ?? [];
    if (problems.length > 0) {
      void message.warning(t('wizard:pageEditor.problems', { count: problems.length }));
      return;
    }
    setSaving(true);
    try {
      await client.put(`/api/campaigns/${encodeURIComponent(campaignId)}`, { config }, { silent: true });
      setServerErrors([]);
      await onSaved();
      void message.success(t('campaigns:pageEditor.pageSaved'));
    } catch (failure) {
      if (failure instanceof RequestError && failure.errors.length > 0) setServerErrors(failure.errors);
      void message.error(
        failure instanceof Error && failure.message ? failure.message : t('common:request.failed'),
      );
    } finally {
      setSaving(false);
    }
  };
  return { save, saving, serverErrors };
}

/**
 * The campaign page editor: a saved campaign's page in the page editor, saved with the same checks as
 * any save of its config (PUT /api/campaigns/:id). Leaving with unsaved changes asks first (in
 * the console and when the tab closes).
 */
export function CampaignPageEditorPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { projectId } = useSession();
  const navigate = useNavigate();
  const canEdit = useCanEdit();
  const { data: campaign, error, mutate } = useCampaign(id);
  const { entries: gameplays } = useRegistry('gameplay');
  const { entries: blocks } = useRegistry('block');
  const editorRef = useRef<PageEditorHandle>(null);
  const [edited, setEdited] = useState<Config | null>(null);
  const dirty = edited !== null;
  const { save, saving, serverErrors } = usePageSave(id, editorRef, edited, () => {
    setEdited(null);
    return mutate();
  });
  const blocker = useLeaveGuard(dirty);
  const onChange = useCallback((config: Config) => setEdited(config), []);

  if (error)
    return (
      <Result
        status="404"
        title={t('campaigns:detail.notFound')}
        extra={
          <Button onClick={() => navigate(routePath('campaigns', projectId))}>
            {t('campaigns:detail.back')}
          </Button>
        }
      />
    );
  const entry = gameplays?.find((e) => e.mark === campaign?.mark);
  if (!campaign || !gameplays || !blocks || !entry)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  const editable = canEdit && campaign.actions.includes('edit');

  return (
    <div className="gc-page">
      <div className="gc-page-head">
        <Typography.Title level={3}>
          {t('menu:page.campaignPageEditor')}: {campaign.title}
        </Typography.Title>
        <Space>
          {dirty ? <Tag color="orange">{t('campaigns:pageEditor.unsaved')}</Tag> : null}
          <Button onClick={() => navigate(routePath('campaignDetail', projectId, { id: campaign.id }))}>
            {t('campaigns:pageEditor.back')}
          </Button>
          <Button
            type="primary"
            loading={saving}
            disabled={!editable || !dirty}
            onClick={() => void save()}
            data-testid="save-page"
          >
            {t('campaigns:pageEditor.savePage')}
          </Button>
        </Space>
      </div>
      {!editable ? (
        <Alert
          type="info"
          showIcon
          title={t('campaigns:pageEditor.notEditable')}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Card>
        <Suspense fallback={<Skeleton active />}>
          <PageEditor
            ref={editorRef}
            entry={entry}
            blockEntries={blocks}
            config={campaign.config}
            serverErrors={serverErrors}
            onChange={onChange}
          />
        </Suspense>
      </Card>
      <LeaveModal blocker={blocker} />
    </div>
  );
}
