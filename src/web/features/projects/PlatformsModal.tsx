import { useState } from 'react';
import { Alert, Form, Input, Modal, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/useSession';
import { allPlatforms, type Platform, type Project } from './projectTypes';

interface Props {
  project?: Project;
  onClose(): void;
  onSaved(): void;
}

/**
 * The project's platforms. Closing one needs the project name typed to confirm, and the
 * last open platform cannot be closed.
 */
export function PlatformsModal({ project, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { client } = useSession();
  // The page remounts this modal per project (key), so the state starts from that project.
  const [platforms, setPlatforms] = useState<Platform[]>(project?.platforms ?? []);
  const [confirmName, setConfirmName] = useState('');
  const [busy, setBusy] = useState(false);

  const closing = project ? project.platforms.filter((platform) => !platforms.includes(platform)) : [];
  const confirmed = closing.length === 0 || confirmName === project?.name;

  function toggle(platform: Platform, on: boolean) {
    setPlatforms((current) =>
      on
        ? allPlatforms.filter((p) => p === platform || current.includes(p))
        : current.filter((p) => p !== platform),
    );
  }

  async function save() {
    if (!project) return;
    setBusy(true);
    try {
      await client.put(`/api/projects/${encodeURIComponent(project.id)}/platforms`, {
        platforms,
        ...(closing.length > 0 ? { confirmName } : {}),
      });
      onSaved();
    } catch {
      // Shown by the request client.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={Boolean(project)}
      title={t('projects:platforms.title', { name: project?.name ?? '' })}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      okButtonProps={{ disabled: !confirmed || platforms.length === 0, danger: closing.length > 0 }}
      confirmLoading={busy}
      onOk={save}
      onCancel={onClose}
      destroyOnHidden
    >
      <div className="gc-platforms">
        {allPlatforms.map((platform) => {
          const on = platforms.includes(platform);
          return (
            <label className="gc-platform-row" key={platform}>
              <span>
                <strong>{t(`projects:platform.${platform}`)}</strong>
                <small>{t(`projects:platformHelp.${platform}`)}</small>
              </span>
              <Switch
                aria-label={t(`projects:platform.${platform}`)}
                checked={on}
                // At least one platform stays open.
                disabled={on && platforms.length === 1}
                onChange={(checked) => toggle(platform, checked)}
              />
            </label>
          );
        })}
      </div>
      {closing.length > 0 && (
        <>
          <Alert
            type="warning"
            showIcon
            className="gc-gap"
            title={t('projects:platforms.closeWarning', {
              platforms: closing.map((platform) => t(`projects:platform.${platform}`)).join(', '),
            })}
          />
          <Form layout="vertical">
            <Form.Item label={t('projects:platforms.confirmLabel', { name: project?.name ?? '' })}>
              <Input
                value={confirmName}
                onChange={(event) => setConfirmName(event.target.value)}
                autoComplete="off"
              />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}
