import { useState } from 'react';
import { App, Button, Image, Input, Space, Typography, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/useSession';
import { useCommitOnBlur } from '../useCommitOnBlur';
import { acceptedExtensions, UPLOAD_LIMITS, uploadFile, type UploadKind } from './uploadFile';

/**
 * Upload of an image, video or audio file: checked here for type and size (images jpg/png, gif
 * where the field allows, at most 2 MB), sent to `POST /api/uploads`, and the returned address
 * stored in the field, with a preview. The address can also be typed.
 */
export function UploadWidget({ kind, ...props }: WidgetProps & { kind: UploadKind }) {
  const { id, value, disabled, readonly, onChange, onBlur, options } = props;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { client } = useSession();
  const [busy, setBusy] = useState(false);
  const url = typeof value === 'string' ? value : '';
  const address = useCommitOnBlur(url, (next) => onChange(next === '' ? undefined : next.trim()));
  const extensions = acceptedExtensions(kind, options.allowGif === true);
  const locked = disabled || readonly || busy;

  async function pick(file: File) {
    const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!extensions.includes(ext)) {
      void message.error(t('wizard:upload.badType', { types: extensions.join('/') }));
      return;
    }
    if (file.size > UPLOAD_LIMITS[kind].bytes) {
      void message.error(t('wizard:upload.tooLarge', { max: UPLOAD_LIMITS[kind].label }));
      return;
    }
    setBusy(true);
    try {
      const uploaded = await uploadFile(client, file, kind, options.allowGif === true);
      onChange(uploaded.url);
      onBlur(id, uploaded.url);
    } catch (error) {
      void message.error(error instanceof Error && error.message ? error.message : t('wizard:upload.failed'));
    } finally {
      setBusy(false);
    }
  }

  const hint =
    kind === 'image'
      ? t('wizard:upload.imageHint', {
          types: extensions.filter((e) => e !== 'jpeg').join('/'),
          max: UPLOAD_LIMITS.image.label,
        })
      : t('wizard:upload.mediaHint', { types: extensions.join('/'), max: UPLOAD_LIMITS[kind].label });

  return (
    <div className="gc-sf-upload" id={id}>
      <Space align="start" wrap>
        {url && kind === 'image' && (
          <Image src={url} width={88} height={88} className="gc-sf-upload-preview" />
        )}
        {url && kind === 'video' && <video src={url} controls className="gc-sf-upload-video" />}
        {url && kind === 'audio' && <audio src={url} controls />}
        <Space direction="vertical" size={4}>
          <Space>
            <Upload
              accept={extensions.map((e) => `.${e}`).join(',')}
              showUploadList={false}
              disabled={locked}
              beforeUpload={(file) => {
                void pick(file);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} loading={busy} disabled={locked}>
                {t(url ? 'wizard:upload.replace' : 'wizard:upload.choose')}
              </Button>
            </Upload>
            {url && !locked && (
              <Button
                icon={<DeleteOutlined />}
                aria-label={t('wizard:upload.remove')}
                onClick={() => onChange(undefined)}
              />
            )}
          </Space>
          <Typography.Text type="secondary" className="gc-sf-upload-hint">
            {hint}
            {typeof options.recommendedSize === 'string' &&
              ` ${t('wizard:upload.recommended', { size: options.recommendedSize })}`}
          </Typography.Text>
          <Input
            size="small"
            aria-label={t('wizard:upload.address')}
            placeholder={t('wizard:upload.address')}
            value={address.draft}
            disabled={locked}
            onChange={(event) => address.change(event.target.value)}
            onPressEnter={address.flush}
            onBlur={address.flush}
          />
        </Space>
      </Space>
    </div>
  );
}
